// The supervisor's own behaviour when the connection misbehaves in ways a real API server will
// not do on request: silence, 429 with Retry-After, a malformed line. A tiny loopback server plays
// those faults; nothing here claims to show what Kubernetes does (the integration tests do that).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionWatches } from '../../src-main/core/watch/session-watches'
import { ManualClock } from '../manual-clock'
import { transportTo } from './transport-to'

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, watchCount: number) => void
const closers: (() => void)[] = []
/** The supervisors' clock (backoff waits, the watchdog): `until` moves it on while it polls. */
let clock = new ManualClock()
afterEach(() => closers.splice(0).forEach((c) => c()))

async function faultyServer(onWatch: Handler): Promise<SessionWatches> {
  let watches = 0
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.searchParams.get('watch') !== '1') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(
        JSON.stringify({ kind: 'ConfigMapList', metadata: { resourceVersion: '10' }, items: [] }),
      )
      return
    }
    onWatch(req, res, ++watches)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const transport = transportTo(url)
  clock = new ManualClock()
  const sw = new SessionWatches('x', transport, () => undefined, {
    clock,
    timeoutSeconds: () => 1,
    stallGraceMs: 500,
    backoff: { initialMs: 100, maxMs: 400, resetAfterMs: 60_000, jitter: 0 },
  })
  closers.push(() => {
    sw.close()
    transport.close()
    server.closeAllConnections()
    server.close()
  })
  return sw
}

const until = async <T>(probe: () => T | undefined | false, ms = 10_000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const v = probe()
    if (v) return v
    if (Date.now() > end) throw new Error('timed out')
    // The loopback server answers in real time; the supervisors' waits pass 250 ms a poll.
    clock.advance(250)
    await new Promise((r) => setTimeout(r, 25))
  }
}

// The loopback server answers lists and plain watches: these watches start by listing.
const target = {
  group: '',
  version: 'v1',
  resource: 'configmaps',
  namespace: 'lab',
  mode: 'list-watch',
} as const

describe('watch supervisor under faults', () => {
  it('a watch gone silent past its timeout is restarted by the watchdog, from the last resourceVersion', async () => {
    const seen: string[] = []
    const sw = await faultyServer((req, res, n) => {
      seen.push(new URL(req.url ?? '', 'http://x').searchParams.get('resourceVersion') ?? '')
      res.writeHead(200, { 'Content-Type': 'application/json' })
      if (n === 1)
        res.write(
          `${JSON.stringify({ type: 'ADDED', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', namespace: 'lab', uid: 'u1', resourceVersion: '11' } } })}\n`,
        )
      // ...and then nothing, never ending the response.
    })
    const { id } = sw.start(target)
    const status = await until(() => sw.statuses().find((s) => s.id === id && s.reconnects >= 1))
    expect(status.reconnects).toBeGreaterThanOrEqual(1)
    expect(
      sw.store.events().some((e) => e.type === 'ERROR' && /no data for \d+ s/.test(e.note ?? '')),
    ).toBe(true)
    await until(() => seen.length >= 2)
    expect(seen.slice(0, 2)).toEqual(['10', '11'])
  })

  it('a 429 is retried after the Retry-After the server asked for', async () => {
    const times: number[] = []
    const sw = await faultyServer((_req, res, n) => {
      times.push(clock.now())
      if (n === 1) {
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1' })
        res.end(
          JSON.stringify({
            kind: 'Status',
            code: 429,
            reason: 'TooManyRequests',
            message: 'too many requests',
          }),
        )
        return
      }
      res.writeHead(200, { 'Content-Type': 'application/json' })
    })
    const { id } = sw.start(target)
    const backoff = await until(() =>
      sw.statuses().find((s) => s.id === id && s.state === 'backoff'),
    )
    expect(backoff.reason).toMatch(/429: too many requests; retrying in 1\.0 s/)
    await until(() => times.length >= 2)
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(950)
  })

  it('a malformed line is reported with its text, and the watch resumes from the last good resourceVersion', async () => {
    const seen: string[] = []
    const sw = await faultyServer((req, res, n) => {
      seen.push(new URL(req.url ?? '', 'http://x').searchParams.get('resourceVersion') ?? '')
      res.writeHead(200, { 'Content-Type': 'application/json' })
      if (n === 1) {
        res.write(
          `${JSON.stringify({ type: 'ADDED', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', namespace: 'lab', uid: 'u1', resourceVersion: '12' } } })}\n`,
        )
        res.write('this is not json\n')
      }
    })
    const { id } = sw.start(target)
    await until(() => seen.length >= 2)
    const error = sw.store.events().find((e) => e.type === 'ERROR')
    expect(error?.note).toMatch(/malformed line in the watch stream: .*this is not json/)
    expect(seen.slice(0, 2)).toEqual(['10', '12'])
    expect(sw.statuses().find((s) => s.id === id)?.reconnects).toBeGreaterThanOrEqual(1)
  })

  it('what a watch says of a bad line or an ERROR passes the one redaction: a Secret’s line whole, a token in a message', async () => {
    const canary = 'Y2FuYXJ5LXZhbHVl'
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJjYW5hcnkifQ.c2lnbmF0dXJlLWNhbmFyeQ'
    const sw = await faultyServer((_req, res, n) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      if (n === 1) {
        // A Secret's event cut inside its data, then a line that is not JSON.
        res.write(`{"type":"ADDED","object":{"kind":"Secret","data":{"password":"${canary}"\n`)
      } else if (n === 2) {
        res.end(
          `${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', code: 500, message: `internal error, Authorization: Bearer ${jwt}` } })}\n`,
        )
      }
    })
    sw.start({ ...target, resource: 'secrets' })
    const errors = await until(() => {
      const e = sw.store.events().filter((x) => x.type === 'ERROR')
      return e.length >= 2 && e
    })
    const said = JSON.stringify([errors, sw.statuses()])
    expect(said).not.toContain(canary)
    expect(said).not.toContain(jwt)
    expect(errors[0]?.note).toMatch(/^malformed line in the watch stream: .*<redacted>/)
    expect(errors[1]?.note).toMatch(/^internal error, Authorization: Bearer <redacted>/)
  })

  it('a streaming list cut before its initial-events-end bookmark streams again from scratch, and resumes only after one', async () => {
    const seen: string[] = []
    const added = (name: string, rv: string) =>
      `${JSON.stringify({ type: 'ADDED', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name, namespace: 'lab', uid: `u-${name}`, resourceVersion: rv } } })}\n`
    const sw = await faultyServer((req, res, n) => {
      const q = new URL(req.url ?? '', 'http://x').searchParams
      seen.push(
        q.get('sendInitialEvents') === 'true' ? 'stream' : `watch@${q.get('resourceVersion')}`,
      )
      res.writeHead(200, { 'Content-Type': 'application/json' })
      // The initial events come in no order of resourceVersion.
      res.write(added('b', '15') + added('a', '11'))
      if (n === 1) {
        res.destroy() // cut before the bookmark
        return
      }
      if (n === 2) {
        res.end(
          `${JSON.stringify({ type: 'BOOKMARK', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: '20', annotations: { 'k8s.io/initial-events-end': 'true' } } } })}\n`,
        )
      }
    })
    const { id } = sw.start({ ...target, mode: 'auto' })
    await until(() => seen.length >= 3)
    expect(seen.slice(0, 3)).toEqual(['stream', 'stream', 'watch@20'])
    const status = sw.statuses().find((s) => s.id === id)
    expect(status?.startedBy).toBe('stream')
    expect(status?.listRv).toBe('20')
    const streamed = sw.store.lists.filter((l) => l.watch === id)
    expect(streamed).toHaveLength(1)
    expect(streamed[0]).toMatchObject({ way: 'stream', rv: '20', items: 2, pages: [] })
    // The snapshot points at its bookmark; the two ADDED events before it are its objects.
    expect(sw.store.event(streamed[0]?.firstEvent as number).type).toBe('BOOKMARK')
  })
})
