// Pure helpers of the live-traffic view: the filter, the per-path rolling counts (what the view
// shows instead of single requests when the rate is high), and the clients drawn on the left.
import type { ClientKind, TrafficRequest } from '@features/traffic/messages'
import type { MessageKey } from '@i18n/translate'

export interface TrafficFilter {
  verb: string
  resource: string
  user: string
  /** '', '2xx', '4xx', '5xx', or one code such as '409'. */
  code: string
}

export const NO_FILTER: TrafficFilter = { verb: '', resource: '', user: '', code: '' }

type Filterable = Pick<TrafficRequest, 'verb' | 'resource' | 'user' | 'code'>

export function matches(r: Filterable, f: TrafficFilter): boolean {
  if (f.verb && r.verb !== f.verb) return false
  if (f.resource && r.resource !== f.resource) return false
  if (f.user && r.user !== f.user) return false
  if (f.code) {
    if (r.code === null) return false
    if (/^\dxx$/.test(f.code)) return Math.floor(r.code / 100) === Number(f.code[0])
    return String(r.code) === f.code
  }
  return true
}

/** The rows on the left: the five the seed names, then "other" clients by user-agent product. */
export interface ClientRow {
  id: string
  kind: ClientKind
  /** The client's name (a program's name is the same in both languages)... */
  label: string
  /** ...or, for the rows named in words, the catalogue key the view says instead. */
  said?: Extract<MessageKey, `traffic.client.${string}`>
}

export const FIXED_CLIENTS: ClientRow[] = [
  { id: 'kubectl', kind: 'kubectl', label: 'kubectl' },
  { id: 'kube-controller-manager', kind: 'kube-controller-manager', label: 'controller-manager' },
  { id: 'kube-scheduler', kind: 'kube-scheduler', label: 'scheduler' },
  { id: 'kubelet', kind: 'kubelet', label: 'kubelets', said: 'traffic.client.kubelets' },
  { id: 'apiscope', kind: 'apiscope', label: 'Apiscope' },
]

/** Which row a request is drawn from; the top `others` other products get a row, the rest "other". */
export function clientRowId(
  r: Pick<TrafficRequest, 'client' | 'clientLabel'>,
  others: readonly string[],
): string {
  if (r.client !== 'other') return r.client
  return others.includes(r.clientLabel) ? `other:${r.clientLabel}` : 'other'
}

export function clientRows(others: readonly string[]): ClientRow[] {
  return [
    ...FIXED_CLIENTS,
    ...others.map((label) => ({ id: `other:${label}`, kind: 'other' as const, label })),
    others.length > 0
      ? { id: 'other', kind: 'other', label: 'others', said: 'traffic.client.others' }
      : { id: 'other', kind: 'other', label: 'other clients', said: 'traffic.client.otherClients' },
  ]
}

/** The most frequent other products among these requests, at most `max`. */
export function topOthers(requests: readonly TrafficRequest[], max: number): string[] {
  const counts = new Map<string, number>()
  for (const r of requests) {
    if (r.client === 'other') counts.set(r.clientLabel, (counts.get(r.clientLabel) ?? 0) + 1)
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([label]) => label)
    .sort()
}

/**
 * Arrivals over a sliding window, per key, for counts and rates per path. Each arrival is marked
 * at its own time and the window ends where the caller says "now": a replay's position in recorded
 * time, so a paused replay keeps its numbers and a seek counts only the 10 s before the moment
 * sought, however many recorded requests came in at once.
 */
export class RollingCounts {
  private marks: { at: number; key: string; n: number }[] = []
  /** The latest time marked: with `now`, how far back nothing can be counted any more. */
  private newest = -Infinity

  constructor(readonly windowMs = 10_000) {}

  add(key: string, n: number, at: number): void {
    this.marks.push({ at, key, n })
    if (at > this.newest) this.newest = at
  }

  /** Count per key within the window ending at `now`: marked after now - windowMs, up to now. */
  counts(now: number): Map<string, number> {
    // A "now" told late (a replay's position arriving after the requests of a seek back) may be
    // ahead of the marks: what goes is only what is too old for both.
    const horizon = Math.min(now, this.newest) - this.windowMs
    if (this.marks.some((m) => m.at <= horizon))
      this.marks = this.marks.filter((m) => m.at > horizon)
    const out = new Map<string, number>()
    for (const m of this.marks) {
      if (m.at <= now - this.windowMs || m.at > now) continue
      out.set(m.key, (out.get(m.key) ?? 0) + m.n)
    }
    return out
  }

  clear(): void {
    this.marks = []
    this.newest = -Infinity
  }
}

/** The key of a path on the drawing: the client row and where the request stopped. */
export function pathKey(
  row: string,
  stoppedAt: TrafficRequest['stoppedAt'],
  read: boolean,
): string {
  return `${row}|${stoppedAt === 'done' ? (read ? 'done-read' : 'done-write') : stoppedAt}`
}

export const READ_VERBS = new Set(['get', 'list', 'watch'])

export function isRead(r: Pick<TrafficRequest, 'verb'>): boolean {
  return READ_VERBS.has(r.verb)
}

/** A short outcome class for colour: ok, refused (4xx but 409/429), conflict (409/429), error. */
/** The request detail's element id: the selected row's button says it controls it. */
export const DETAIL_ID = 'traffic-request-detail'

export function tone(code: number | null): 'ok' | 'bad' | 'warn' | 'info' {
  if (code === null) return 'info'
  if (code < 400) return 'ok'
  if (code === 409 || code === 429) return 'warn'
  return 'bad'
}
