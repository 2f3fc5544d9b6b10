// What the renderer may see of an answer or a body sent, for the request lab and the walkthroughs
// alike: the core's one redaction (common/redaction.ts), told what the request addressed (a list of
// Secrets carries no kind on its items), then every token an identity sends or a step saved
// replaced wherever it still appears. Each view then lays the value out its own way.
import { redact, REDACTED, type About } from '@common/redaction'

/** `text` with each of `hidden` replaced by REDACTED. */
export function hideValues(text: string, hidden: readonly string[]): string {
  let out = text
  for (const value of hidden) if (value) out = out.split(value).join(REDACTED)
  return out
}

function hideDeep(value: unknown, hidden: readonly string[]): unknown {
  if (typeof value === 'string') return hideValues(value, hidden)
  if (Array.isArray(value)) return value.map((v) => hideDeep(v, hidden))
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hideDeep(v, hidden)]))
  return value
}

/**
 * `body` (parsed JSON, or text read as the body's JSON or YAML) as it may be shown, and the JSON
 * Pointers of what the redaction replaced. `about` is what the request addressed, `{}` when it
 * names no resource; `hidden` are values never shown (tokens).
 */
export function shownAnswer<T>(
  body: T,
  about: About,
  hidden: readonly string[] = [],
): { value: T; redacted: string[] } {
  const { value, redacted } = redact(body, about)
  return { value: (hidden.length ? hideDeep(value, hidden) : value) as T, redacted }
}
