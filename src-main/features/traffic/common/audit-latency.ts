// kube-apiserver's latency annotations: for a request slower than 500 ms it adds
// `apiserver.latency.k8s.io/<part>` annotations to the audit event, each a Go duration
// ("83.134µs", "822.730448ms"), saying how long the request spent in that part. Only parts with a
// time tracked are written; `total` is the whole request.
// Source (1.37): k8s.io/apiserver/pkg/endpoints/filters/audit.go (writeLatencyToAnnotation, the
// 500 ms threshold) and pkg/endpoints/request/webhook_duration.go (AuditAnnotationsFromLatencyTrackers).

export const LATENCY_PREFIX = 'apiserver.latency.k8s.io/'

export interface LatencyPart {
  /** The part after the prefix: "mutating-webhook", "etcd", "total"... */
  part: string
  label: string
  ms: number
  /** The value as the server wrote it. */
  raw: string
}

export interface AuditLatency {
  parts: LatencyPart[]
  totalMs?: number
}

// In the order a request meets them; parts not listed come after, by name.
const LABELS: [string, string][] = [
  ['authentication', 'Authentication'],
  ['impersonation', 'Impersonation'],
  ['apf-queue-wait', 'Priority and Fairness: waiting in a queue'],
  ['authorization', 'Authorization'],
  ['mutating-webhook', 'Mutating admission webhooks'],
  ['validating-webhook', 'Validating admission webhooks'],
  ['etcd', 'etcd'],
  ['decode-response-object', 'Decoding what storage returned'],
  ['transform-response-object', 'Transforming the response'],
  ['serialize-response-object', 'Serializing the response'],
  ['response-write', 'Writing the response'],
]
const ORDER = LABELS.map(([p]) => p)

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

/** A Go time.Duration string in milliseconds ("1m2.5s", "381ns", "0s"); null if it is not one. */
export function parseGoDuration(text: string): number | null {
  const s = text.trim()
  if (s === '0') return 0
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/gy
  let ms = 0
  let matched = 0
  for (let m = re.exec(s); m; m = re.exec(s)) {
    ms += Number(m[1]) * (UNIT_MS[m[2] ?? ''] ?? NaN)
    matched = re.lastIndex
  }
  return matched === s.length && matched > 0 && Number.isFinite(ms) ? ms : null
}

/** The latency annotations of one audit event's annotations; null when it carries none. */
export function auditLatency(annotations: Record<string, string> | undefined): AuditLatency | null {
  const parts: LatencyPart[] = []
  let totalMs: number | undefined
  for (const [key, raw] of Object.entries(annotations ?? {})) {
    if (!key.startsWith(LATENCY_PREFIX)) continue
    const part = key.slice(LATENCY_PREFIX.length)
    const ms = parseGoDuration(raw)
    if (ms === null) continue
    if (part === 'total') {
      totalMs = ms
      continue
    }
    const label = LABELS.find(([p]) => p === part)?.[1] ?? part
    parts.push({ part, label, ms, raw })
  }
  if (parts.length === 0 && totalMs === undefined) return null
  const rank = (p: string) => (ORDER.includes(p) ? ORDER.indexOf(p) : ORDER.length)
  parts.sort((a, b) => rank(a.part) - rank(b.part) || a.part.localeCompare(b.part))
  return { parts, ...(totalMs !== undefined ? { totalMs } : {}) }
}

/** The latency of the last of a request's audit events that carries it (the later stage wins). */
export function latencyOfEvents(events: readonly unknown[]): AuditLatency | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]
    if (typeof event !== 'object' || event === null) continue
    const annotations = (event as { annotations?: unknown }).annotations
    if (typeof annotations !== 'object' || annotations === null) continue
    const latency = auditLatency(annotations as Record<string, string>)
    if (latency) return latency
  }
  return null
}
