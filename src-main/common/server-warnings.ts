// The API server's Warning response headers (RFC 7234 §5.5, as k8s.io/apiserver writes them:
// `299 - "unknown field \"spec.foo\""`), read into code, agent and text, and made safe to show.
// Field validation (fieldValidation=Warn, the default since 1.25), deprecated APIs and admission
// policies with a Warn action all answer this way. Parsed as client-go's ParseWarningHeaders does
// (k8s.io/apimachinery/pkg/util/net/http.go). Pure: no Node, no DOM.
import { addressesCredentials, redact, REDACTED, type About } from './redaction'

export interface ServerWarning {
  /** 299 ("miscellaneous persistent warning") is the only code the API server sends. */
  code: number
  /** Who added it: `-` when the API server does not name itself. */
  agent: string
  text: string
}

/** A quoted-string from `at` (at the opening quote): its unescaped text and where it ends. */
function quoted(s: string, at: number): { text: string; end: number } | null {
  if (s[at] !== '"') return null
  let text = ''
  for (let i = at + 1; i < s.length; i++) {
    const c = s[i]
    if (c === '\\' && i + 1 < s.length) text += s[++i]
    else if (c === '"') return { text, end: i + 1 }
    else text += c
  }
  return null
}

/**
 * Every warning in the header. Node joins repeated headers with ", ", and a text may hold commas
 * itself: values are read one by one from their quotes. Whatever does not read as a warning is
 * kept whole as one with code 0, so nothing the server said is dropped.
 */
export function parseWarningHeader(header: string | string[] | undefined): ServerWarning[] {
  if (header === undefined) return []
  const values = Array.isArray(header) ? header : [header]
  const out: ServerWarning[] = []
  for (const value of values) {
    let i = 0
    while (i < value.length) {
      while (value[i] === ' ' || value[i] === ',') i++
      if (i >= value.length) break
      const head = /^(\d{3}) (\S+) /.exec(value.slice(i))
      const text = head ? quoted(value, i + head[0].length) : null
      if (!head || !text) {
        out.push({ code: 0, agent: '-', text: value.slice(i).trim() })
        break
      }
      out.push({ code: Number(head[1]), agent: head[2] ?? '-', text: text.text })
      i = text.end
      // An optional warn-date: ` "Tue, 01 Dec 2026 18:00:00 GMT"`.
      const date = /^ +"[^"]*"/.exec(value.slice(i))
      if (date) i += date[0].length
    }
  }
  return out
}

/** One warning as the header carried it. */
export function formatWarning(w: ServerWarning): string {
  if (w.code === 0) return w.text
  return `${w.code} ${w.agent} "${w.text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
}

/** Field validation's own warnings name a field, never a value. */
const FIELD_VALIDATION =
  /^(unknown field|duplicate field) "[^"]*"$|^line \d+: key "[^"]*" already set in map$/

/**
 * The warnings as the renderer may see them: tokens and keys scrubbed from every text (redact),
 * and, for a request about Secrets or tokens, every text but field validation's replaced whole:
 * a policy's warning message may quote the object's values.
 */
export function shownWarnings(warnings: ServerWarning[], about: About): ServerWarning[] {
  const scrubbed = redact(warnings).value
  if (!addressesCredentials(about)) return scrubbed
  return scrubbed.map((w) => (FIELD_VALIDATION.test(w.text) ? w : { ...w, text: REDACTED }))
}

/** Whether a warning is field validation's own (an unknown or a repeated field). */
export const isFieldValidationWarning = (w: ServerWarning): boolean => FIELD_VALIDATION.test(w.text)
