// Pure pieces of the scenario runner: filling `{{ns}}` and `{{var}}` templates, reading a value
// out of a response (JSON Pointer, regex on text, one line of a watch stream) and comparing what a
// step observed with what its scenario expected. Every comparison is reported, passed or not.
import type { FieldCheck, ValueSource } from '@features/walkthroughs/common/scenario-format'
import type { KubeRelease } from '@common/kubectl-releases'
import type { CheckResult } from '@features/walkthroughs/messages'
import { said, type Said } from '@i18n/translate'

export type Vars = Readonly<Record<string, string>>

/** Replaces `{{name}}` with vars[name]; an unknown name is left as is, so the preview shows it. */
export function fillTemplate(text: string, vars: Vars): string {
  return text.replace(/\{\{([a-zA-Z0-9_]+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] as string) : whole,
  )
}

/** Fills every string inside a JSON value (a request body). */
export function fillDeep(value: unknown, vars: Vars): unknown {
  if (typeof value === 'string') return fillTemplate(value, vars)
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, vars))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, vars)]))
  }
  return value
}

/** RFC 6901 JSON Pointer. */
export function readPointer(value: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return value
  let current = value
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(current)) current = current[Number(key)]
    else if (current && typeof current === 'object')
      current = (current as Record<string, unknown>)[key]
    else return undefined
  }
  return current
}

/** What a request observed: the status, the parsed body (or text) and, for a watch, its lines. */
export interface Observed {
  status: number
  body: unknown
  text: string
  lines?: unknown[]
}

export function readValue(observed: Observed, from: ValueSource): unknown {
  if (from.regex !== undefined) {
    const match = new RegExp(from.regex, 'm').exec(observed.text)
    return match ? (match[1] ?? match[0]) : from.default
  }
  const base = from.line !== undefined ? observed.lines?.[from.line] : observed.body
  const value = from.pointer !== undefined ? readPointer(base, from.pointer) : base
  return value === undefined ? from.default : value
}

/** A value as the check table shows it, cut at 160 characters; Apiscope's word for none. */
function show(value: unknown): Said | string {
  if (value === undefined) return said('check.absentValue')
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 160 ? `${text.slice(0, 157)}…` : text
}

/** What a check reads: the scenario's label, or a field path (the API's) in Apiscope's words. */
function where(check: FieldCheck): Said | string {
  if (check.label) return check.label.en
  if (check.regex !== undefined) return said('check.matching', { regex: check.regex })
  const at = check.pointer ?? said('check.body')
  return check.line !== undefined ? said('check.eventAt', { n: check.line + 1, at }) : at
}

const textOf = (s: Said | string) => (typeof s === 'string' ? s : s.text)

/** Whether the server is of a release known to answer otherwise (an unknown server may be). */
export function answersOtherwise(
  server: KubeRelease | null,
  releases: readonly string[] | undefined,
) {
  if (!releases?.length) return false
  return !server || releases.includes(`${server.major}.${server.minor}`)
}

const compare = (server: KubeRelease, text: string): number => {
  const [major = 0, minor = 0] = text.split('.').map(Number)
  return server.major !== major ? server.major - major : server.minor - minor
}

/**
 * Whether a request or check is for this server (sinceRelease, beforeRelease). A server of
 * unknown release counts as a recent one: `sinceRelease` items are kept, `beforeRelease` ones left.
 */
export function forRelease(
  item: { sinceRelease?: string | undefined; beforeRelease?: string | undefined },
  server: KubeRelease | null,
): boolean {
  if (item.sinceRelease && server && compare(server, item.sinceRelease) < 0) return false
  if (item.beforeRelease && (!server || compare(server, item.beforeRelease) >= 0)) return false
  return true
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Compares one field with what the scenario expects; `expected` and `observed` are display text. */
export function evaluateCheck(
  check: FieldCheck,
  observed: Observed,
  vars: Vars,
  /** The server's release; unknown, a check soft on some release stays soft. */
  server: KubeRelease | null = null,
): CheckResult {
  const value = readValue(observed, check)
  const label = where(check)
  const seen = show(value)
  const soft = check.soft === true || answersOtherwise(server, check.softOn)
  // Each text with its key when Apiscope's words say it (a value shown as it is has none).
  const result = (ok: boolean, expected: Said | string): CheckResult => ({
    label: textOf(label),
    ...(typeof label === 'string' ? {} : { labelSaid: label.as }),
    ...(check.label ? { labelText: check.label } : {}),
    expected: textOf(expected),
    ...(typeof expected === 'string' ? {} : { expectedSaid: expected.as }),
    observed: textOf(seen),
    ...(typeof seen === 'string' ? {} : { observedSaid: seen.as }),
    ok,
    soft,
  })
  if (check.exists !== undefined)
    return result(
      (value !== undefined) === check.exists,
      said(check.exists ? 'check.present' : 'check.absent'),
    )
  if (check.equals !== undefined) {
    const want = fillDeep(check.equals, vars)
    return result(equal(value, want) || String(value) === String(want), show(want))
  }
  if (check.notEquals !== undefined) {
    const want = fillDeep(check.notEquals, vars)
    return result(
      !equal(value, want) && String(value) !== String(want),
      said('check.not', { value: show(want) }),
    )
  }
  if (check.contains !== undefined) {
    const want = fillTemplate(check.contains, vars)
    const haystack = typeof value === 'string' ? value : JSON.stringify(value ?? '')
    return result(haystack.includes(want), said('check.contains', { value: want }))
  }
  if (check.greaterThan !== undefined) {
    const bound = Number(fillTemplate(String(check.greaterThan), vars))
    return result(Number(value) > bound, said('check.moreThan', { bound }))
  }
  if (check.minItems !== undefined) {
    return result(
      Array.isArray(value) && value.length >= check.minItems,
      said('check.atLeastItems', { count: check.minItems }),
    )
  }
  return result(value !== undefined, said('check.present'))
}

export function statusMatches(expected: number | number[], status: number): boolean {
  return Array.isArray(expected) ? expected.includes(status) : expected === status
}
