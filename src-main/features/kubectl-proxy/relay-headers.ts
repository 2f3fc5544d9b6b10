// Which headers cross the proxy, both ways: everything a client and the API server say to each
// other (Accept with its Table parameters, Content-Type of a patch, Accept-Encoding, Warning,
// Audit-Id, the X-Kubernetes-PF-* of API Priority and Fairness, Impersonate-*), less the hop-by-hop
// ones of RFC 9110 section 7.6.1 that describe one connection, and less the client's Authorization:
// the proxy's own credential never reaches the API server, where the user's real one goes instead.
import type http from 'node:http'

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
])

/** Pairs as sent (rawHeaders keeps names' case and repeated headers such as Warning). */
export function headerPairs(raw: readonly string[]): [string, string][] {
  const pairs: [string, string][] = []
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i] ?? '', raw[i + 1] ?? ''])
  return pairs
}

function connectionTokens(pairs: [string, string][]): Set<string> {
  const named = new Set<string>()
  for (const [k, v] of pairs)
    if (k.toLowerCase() === 'connection')
      for (const t of v.split(',')) named.add(t.trim().toLowerCase())
  return named
}

function relayed(pairs: [string, string][], drop: (lower: string) => boolean) {
  const named = connectionTokens(pairs)
  const out: http.OutgoingHttpHeaders = {}
  for (const [k, v] of pairs) {
    const lower = k.toLowerCase()
    if (HOP_BY_HOP.has(lower) || named.has(lower) || drop(lower)) continue
    const had = out[k]
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [String(had), v]
  }
  return out
}

/** What goes to the API server: the client's headers, without its credential for the proxy. */
export function requestHeadersToRelay(raw: readonly string[]): http.OutgoingHttpHeaders {
  return relayed(headerPairs(raw), (h) => h === 'authorization')
}

/** What goes back to the client: the API server's headers as they came. */
export function responseHeadersToRelay(raw: readonly string[]): http.OutgoingHttpHeaders {
  return relayed(headerPairs(raw), () => false)
}

/** The request headers as the detail shows them: the proxy credential masked, like kubectl -v=8. */
export function shownRequestHeaders(raw: readonly string[]): [string, string][] {
  return headerPairs(raw).map(([k, v]) =>
    k.toLowerCase() === 'authorization' ? [k, 'Bearer <masked>'] : [k, v],
  )
}

/** "kubectl/v1.37.2" from "kubectl/v1.37.2 (linux/amd64) kubernetes/abc1234". */
export function clientOf(userAgent: string): string {
  return /^\S+/.exec(userAgent.trim())?.[0] ?? 'unknown client'
}
