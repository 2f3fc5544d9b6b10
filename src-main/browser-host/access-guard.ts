// Who may talk to the browser-mode server: only a page from this loopback origin that holds the
// per-launch token. Guards against other local users' processes (no token), other web sites open in
// the same browser (foreign Origin) and DNS rebinding (foreign Host).
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { said, type Said } from '@i18n/translate'

export const TOKEN_COOKIE = 'apiscope_token'

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`])
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function tokenFromRequest(req: IncomingMessage): string | null {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const fromQuery = url.searchParams.get('token')
  if (fromQuery) return fromQuery
  const header = req.headers['x-apiscope-token']
  if (typeof header === 'string') return header
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, v] = part.trim().split('=')
    if (k === TOKEN_COOKIE && v) return decodeURIComponent(v)
  }
  return null
}

/** Refused: the status, and why in words (its key too: the page says it in the browser's language). */
export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: Said }

export function checkRequest(req: IncomingMessage, port: number, token: string): GuardVerdict {
  const host = req.headers.host ?? ''
  if (!allowedHosts(port).has(host))
    return { ok: false, status: 403, reason: said('host.foreignHost', { host }) }
  const origin = req.headers.origin
  if (origin !== undefined && !allowedHosts(port).has(origin.replace(/^http:\/\//, ''))) {
    return { ok: false, status: 403, reason: said('host.foreignOrigin', { origin }) }
  }
  if (origin !== undefined && !origin.startsWith('http://')) {
    return { ok: false, status: 403, reason: said('host.foreignOrigin', { origin }) }
  }
  const presented = tokenFromRequest(req)
  if (!presented || !sameToken(presented, token))
    return { ok: false, status: 401, reason: said('host.noToken') }
  return { ok: true }
}
