// Real faults between Apiscope and the real kube-apiserver: the fault proxy (test/cluster/
// fault-proxy.ts) cuts, stalls and throttles the TCP connections; API Priority and Fairness
// refuses with real 429s. Only the proxy or flow control stands in front of the server, so these
// run against the shared control plane; each test works in its own namespace. After every fault:
// the stored history agrees with a fresh list, no event is doubled or missing, resourceVersions
// only grow (history-checks.ts).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TrafficBatch, TrafficRequest } from '@features/traffic/messages'
import type { WatchStatus, WatchTarget } from '@common/watch-types'
import { noSeatsFor } from '../cluster/apf-no-seats'
import { FaultProxy, kubeconfigVia, tlsOfCluster } from '../cluster/fault-proxy'
import { expectHistoryAgrees, expectListedOnceAndAgrees, type FreshItem } from './history-checks'
import {
  type AdminSession,
  cluster,
  createNamespace,
  untilWatching,
  useFaultProxy,
  kubectl,
  onOldest,
  waitUntil,
} from './helpers'

const faults = useFaultProxy('faults')
const { tmp, connect } = faults

function statusOf(session: AdminSession, id: number): WatchStatus {
  return session.watches.statuses().find((s) => s.id === id) as WatchStatus
}

async function watchOpen(session: AdminSession, target: WatchTarget): Promise<number> {
  const id = session.watches.start(target).id
  await untilWatching(session, id, 'the watch to be open', 20_000)
  return id
}

function fresh(ns: string): FreshItem[] {
  return (
    JSON.parse(kubectl('get', 'configmaps', '-n', ns, '-o', 'json')) as { items: FreshItem[] }
  ).items
}

let direct: AdminSession | null = null
/** Writes straight to the server (not through the proxy), without blocking the event loop. */
async function send(method: 'POST' | 'PUT', path: string, body: unknown): Promise<string> {
  direct ??= (await connect(cluster().kubeconfig)).session
  const res = await direct.transport.request({ method, path, body })
  expect(res.status, res.body.slice(0, 200)).toBeLessThan(300)
  return (JSON.parse(res.body) as { metadata: { resourceVersion: string } }).metadata
    .resourceVersion
}

/** Creates a ConfigMap; its resourceVersion. */
function create(ns: string, name: string, data = 'x'): Promise<string> {
  return send('POST', `/api/v1/namespaces/${ns}/configmaps`, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name },
    data: { v: data },
  })
}

/** `count` ConfigMaps in `ns` in one `kubectl create` (c-000, c-001…), each with `data(i)`. */
function createConfigMaps(ns: string, count: number, data: (i: number) => Record<string, string>) {
  const items = Array.from({ length: count }, (_, i) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `c-${String(i).padStart(3, '0')}`, namespace: ns },
    data: data(i),
  }))
  const file = path.join(tmp, `${ns}.json`)
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items }))
  kubectl('create', '-f', file)
}

async function arrived(session: AdminSession, id: number, rvs: string[]): Promise<void> {
  await waitUntil(`all ${rvs.length} writes to arrive`, 30_000, () => {
    const seen = new Set(
      session.watches.store
        .events()
        .filter((e) => e.watch === id)
        .map((e) => e.rv),
    )
    return rvs.every((rv) => seen.has(rv))
  })
}

const cm = (ns: string) => ({ group: '', version: 'v1', resource: 'configmaps', namespace: ns })

describe('a connection cut in the middle of a watch', () => {
  it('resumes from the last resourceVersion: each of 12 writes arrives once across two cuts', async () => {
    // Broke: every TCP connection reset twice while ConfigMaps were being written.
    // Checked: reconnects counted, each write delivered exactly once, history agrees with a list.
    const { session } = await connect(faults.kubeconfig)
    const ns = createNamespace('cut-watch')
    const id = await watchOpen(session, cm(ns))
    const written: string[] = []
    for (let i = 0; i < 12; i++) {
      written.push(await create(ns, `c-${i}`))
      if (i === 3 || i === 7) {
        const before = faults.proxy.accepted
        expect(faults.proxy.cutAll()).toBeGreaterThan(0)
        await waitUntil('the watch open again', 15_000, () => {
          const s = statusOf(session, id)
          return (
            s.reconnects >= (i === 3 ? 1 : 2) &&
            s.state === 'watching' &&
            faults.proxy.accepted > before
          )
        })
      }
    }
    await arrived(session, id, written)
    const status = statusOf(session, id)
    expect(status.reconnects).toBeGreaterThanOrEqual(2)
    expect(status.relists).toBe(0)
    expectHistoryAgrees(session.watches.store, id, fresh(ns), written)
    kubectl('delete', 'namespace', ns, '--wait=false')
  })
})

describe('a connection cut in the middle of a paged list', () => {
  it('goes on after the last item received, or asks again for a page that brought none, and nothing is lost', async () => {
    // Broke: the list's connections reset after its second page (the proxy throttled to 40 KB/s
    // so that the list takes seconds). Checked: a page cut after some items goes on after the
    // last one (a page of the record says so), a page asked ahead and cut before its answer is
    // asked again with the same token; one list snapshot holds every object once, history agrees
    // with a list.
    const ns = createNamespace('cut-list')
    createConfigMaps(ns, 160, () => ({ pad: 'p'.repeat(1500) }))
    const { core, session } = await connect(faults.kubeconfig, { pageSize: 20 })
    faults.proxy.throttle(40_000)
    const id = session.watches.start({ ...cm(ns), mode: 'list-watch' }).id
    const pages = () =>
      core.requestLog
        .snapshot()
        .filter((e) => e.url.includes(`/namespaces/${ns}/configmaps?`) && !e.url.includes('watch='))
    // Two pages recorded (their requests are answered earlier: the next page is asked for while
    // one is read).
    await waitUntil(
      'two pages',
      20_000,
      () => (session.watches.store.lists.find((l) => l.watch === id)?.pages.length ?? 0) >= 2,
    )
    expect(faults.proxy.cutAll()).toBeGreaterThan(0)
    faults.proxy.throttle(null)
    await untilWatching(session, id, 'the watch after the list', 30_000)
    // A page's body is read as it arrives, and the next page is asked for while it does: the cut
    // takes a page in the middle of its body (logged 200 when its headers came: the list goes on
    // after its last item, the page says it was cut) or before its answer (logged without a
    // status: the same token is asked again).
    const asked = pages().map((e) => new URL(e.url).searchParams.get('continue') ?? '')
    const again = [...new Set(asked)].filter((t) => asked.filter((a) => a === t).length > 1)
    expect(again).not.toContain('')
    const lists = session.watches.store.lists.filter((l) => l.watch === id)
    expect(lists).toHaveLength(1)
    const cut = lists[0]?.pages.filter((p) => p.cut) ?? []
    expect(cut.length + again.length).toBeGreaterThanOrEqual(1)
    expect(lists[0]?.items).toBe(fresh(ns).length)
    expectListedOnceAndAgrees(session.watches.store, id, fresh(ns))
    kubectl('delete', 'namespace', ns, '--wait=false')
  })
})

describe('a next page answered 503 by what stands in front of the server', () => {
  it('is asked again with the same token after its Retry-After, and nothing is lost', async () => {
    // Broke: a second proxy ends TLS (the API server's own certificate, tlsOfCluster) and answers
    // the request for the list's second page itself, once, 503 with a Status as kube-apiserver
    // words one and a Retry-After of 1 s (FaultProxy.answerOnce), as a load balancer in front of
    // the server would.
    // Checked: the proxy answered that request and only it; the core's request log has that
    // token answered 503, then asked again and answered 200; the list's first page says so (the
    // server's words and Retry-After, asked again after at least that); one list holds every
    // object once, history agrees with a fresh list.
    const ns = createNamespace('page-503')
    createConfigMaps(ns, 50, (i) => ({ v: String(i) }))
    const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-page-503-'))
    const proxy = await FaultProxy.start(cluster().server, tlsOfCluster(cluster().dir))
    try {
      const { core, session } = await connect(kubeconfigVia(cluster().kubeconfig, proxy.url, dir), {
        pageSize: 20,
      })
      const message = 'the server is currently unable to handle the request'
      const list = `GET /api/v1/namespaces/${ns}/configmaps?`
      const refused = proxy.answerOnce(
        (line) => line.startsWith(list) && line.includes('continue='),
        { code: 503, reason: 'ServiceUnavailable', message, retryAfterSeconds: 1 },
      )
      const id = session.watches.start({ ...cm(ns), mode: 'list-watch' }).id
      const line = await refused
      await untilWatching(session, id, 'the watch after the list', 30_000)
      const token = new URL(`https://x${line.split(' ')[1]}`).searchParams.get('continue')
      expect(token, line).toBeTruthy()
      const askedWithToken = core.requestLog
        .snapshot()
        .filter((e) => e.url.includes(`/namespaces/${ns}/configmaps?`))
        .filter((e) => new URL(e.url).searchParams.get('continue') === token)
        .sort((a, b) => a.seq - b.seq)
      expect(askedWithToken.map((e) => e.status)).toEqual([503, 200])
      const lists = session.watches.store.lists.filter((l) => l.watch === id)
      expect(lists).toHaveLength(1)
      const answered = lists[0]?.pages.flatMap((p) => p.answers ?? []) ?? []
      expect(answered).toEqual([
        expect.objectContaining({
          code: 503,
          message,
          retryAfterSeconds: 1,
          then: 'askedAgain',
          times: 1,
        }),
      ])
      // The answer's Retry-After sets the wait's floor (the test's backoff starts at 0.2 s).
      expect(answered[0]?.waitMs).toBeGreaterThanOrEqual(1000)
      expect(lists[0]?.items).toBe(fresh(ns).length)
      expectListedOnceAndAgrees(session.watches.store, id, fresh(ns))
    } finally {
      await proxy.close()
      rmSync(dir, { recursive: true, force: true })
      kubectl('delete', 'namespace', ns, '--wait=false')
    }
  })
})

describe('a connection that goes silent', () => {
  it('is caught by the stall watchdog past the watch timeout, and the watch recovers', async () => {
    // Broke: the proxy stopped forwarding both ways with every socket held open, for longer than
    // the watch's timeoutSeconds (2 s) and the grace (1.5 s). Checked: the watchdog records the
    // silence and reconnects; after the proxy forwards again, new writes arrive; history agrees.
    const { session } = await connect(faults.kubeconfig, {
      timeoutSeconds: () => 2,
      stallGraceMs: 1500,
    })
    const ns = createNamespace('stall')
    const id = await watchOpen(session, cm(ns))
    const written = [await create(ns, 'avant')]
    await arrived(session, id, written)
    faults.proxy.stall()
    const started = Date.now()
    const silence = await waitUntil('the watchdog', 20_000, () =>
      session.watches.store
        .events()
        .find((e) => e.watch === id && e.type === 'ERROR' && /no data for/.test(e.note ?? '')),
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000)
    expect(silence.note).toMatch(/restarting the watch/)
    written.push(await create(ns, 'pendant'))
    faults.proxy.resume()
    written.push(await create(ns, 'apres'))
    await arrived(session, id, written)
    expect(statusOf(session, id).reconnects).toBeGreaterThanOrEqual(1)
    expectHistoryAgrees(session.watches.store, id, fresh(ns), written)
    kubectl('delete', 'namespace', ns, '--wait=false')
  })
})

describe('a client too slow for its watch', () => {
  // On 1.20.2 the same 22 MB at 16 KB/s did not make kube-apiserver close the watcher within 45 s
  // (no "Forcing watcher close" in its log, checked once on 2026-12-01); why was not found, so
  // the test runs on 1.37 only.
  it.skipIf(onOldest())(
    'is closed by the API server (cacher: unresponsive watcher) and recovers',
    async () => {
      // Broke: the proxy let 16 KB/s through to Apiscope while one ConfigMap of 150 KB of random
      // text was replaced 150 times (about 22 MB of events): more events than the socket buffers
      // (about 4 MB here) and the watch cache's per-watcher channels (10 and 10 events for
      // ConfigMaps, which have no index) hold. Checked: kube-apiserver logs that it forced the
      // watcher closed; once the proxy forwards at full speed again the watch ends, is resumed (or
      // relisted after 410), reaches the last version, and history agrees with a fresh list.
      const log = path.join(cluster().dir, 'logs', 'kube-apiserver.log')
      const logFrom = statSync(log).size
      const { session } = await connect(faults.kubeconfig)
      const ns = createNamespace('slow')
      await create(ns, 'big')
      const id = await watchOpen(session, cm(ns))
      faults.proxy.throttle(16_000)
      let last = ''
      for (let i = 0; i < 150; i++) {
        last = await send('PUT', `/api/v1/namespaces/${ns}/configmaps/big`, {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'big' },
          data: { blob: randomBytes(112_000).toString('base64') },
        })
      }
      const forced = await waitUntil('kube-apiserver to close the slow watcher', 45_000, () => {
        const text = readFileSync(log, 'utf8').slice(logFrom)
        return text
          .split('\n')
          .find((l) => l.includes('watcher close due to unresponsiveness') && l.includes(ns))
      })
      expect(forced).toMatch(/configmaps/)
      faults.proxy.throttle(null)
      await waitUntil('the last version', 45_000, () => {
        const h = [...session.watches.store.liveObjectsOfWatch(id).values()].find(
          (x) => x.name === 'big',
        )
        return h?.latestRv === last
      })
      const status = statusOf(session, id)
      expect(status.resumes + status.reconnects).toBeGreaterThanOrEqual(1)
      expectHistoryAgrees(session.watches.store, id, fresh(ns), [], {
        relisted: status.relists > 0,
      })
      kubectl('delete', 'namespace', ns, '--wait=false')
    },
    120_000,
  )
})

describe('API Priority and Fairness refusing the watch with real 429s', () => {
  it.skipIf(onOldest())(
    'waits at least the Retry-After, backs off, names the FlowSchema, and recovers once there is room',
    async () => {
      // Broke: a PriorityLevelConfiguration with no seats of its own and none to borrow
      // (nominalConcurrencyShares 0, lendable and borrowing 0, limitResponse Reject) and a
      // FlowSchema sending this ServiceAccount's ConfigMap requests in its namespace to it: every
      // list and watch of them that comes while one of its requests runs is refused with a 429 by
      // the real server's flow control; a create whose body never ends keeps one running. Then
      // the create is abandoned. Checked: the 429s carry Retry-After; each retry waits the
      // larger of it and the backoff (this test's backoff tops at 1.5 s), so they are spaced by at
      // least Retry-After; the watch status names the FlowSchema and the priority
      // level (from the X-Kubernetes-PF-* UIDs); once there are seats, the watch opens and a write
      // arrives; live traffic (the server's audit log, tailed) shows the 429s with the FlowSchema
      // and priority level named; history agrees with a fresh list.
      const ns = createNamespace('apf')
      const apf = noSeatsFor({
        kubectl,
        adminKubeconfig: cluster().kubeconfig,
        namespace: ns,
        dir: tmp,
      })
      const fsName = apf.flowSchema
      const plName = apf.priorityLevel
      try {
        // The flow control configuration takes a moment to reach the dispatcher.
        await waitUntil('the FlowSchema to apply', 15_000, () => apf.dangling() === 'False')
        const { core, session } = await connect(apf.kubeconfig)
        // Live traffic, from the audit log the server writes (read only; no port taken).
        const traffic = new Map<string, TrafficRequest>()
        core.onEvent((channel, payload) => {
          if (channel !== 'traffic:batch') return
          for (const r of (payload as TrafficBatch).requests) traffic.set(r.auditId, r)
        })
        const tail = await core.invoke('traffic:start-log-tail', { path: cluster().auditLog })
        expect(tail.ok).toBe(true)
        const release = await apf.hold()
        const id = session.watches.start(cm(ns)).id
        const throttled = await waitUntil('three 429s', 30_000, () => {
          const t = statusOf(session, id).throttled
          return t && t.count >= 3 ? t : null
        })
        expect(throttled.flowSchema).toBe(fsName)
        expect(throttled.priorityLevel).toBe(plName)
        expect(throttled.retryAfterSeconds).toBeGreaterThanOrEqual(1)
        const backoff = await waitUntil('a backoff', 10_000, () => {
          const s = statusOf(session, id)
          return s.state === 'backoff' ? s : null
        })
        expect(backoff.reason).toContain(`FlowSchema ${fsName}, priority level ${plName}`)
        expect(backoff.reason).toMatch(/Retry-After: \d+ s/)
        process.stderr.write(`[apf] ${backoff.reason}\n`)
        const refused = core.requestLog
          .snapshot()
          .filter((e) => e.status === 429 && e.url.includes(`/namespaces/${ns}/configmaps?watch=1`))
        expect(refused.length).toBeGreaterThanOrEqual(3)
        const starts = refused.map((e) => Date.parse(e.startedAt))
        const gaps = starts.slice(1).map((t, k) => t - (starts[k] as number))
        for (const gap of gaps)
          expect(gap).toBeGreaterThanOrEqual((throttled.retryAfterSeconds ?? 1) * 1000 - 50)
        // Live traffic shows the same 429s, with the FlowSchema the answers named.
        const shown = await waitUntil('a 429 in live traffic', 20_000, () =>
          [...traffic.values()].find(
            (r) => r.code === 429 && r.namespace === ns && r.flow?.flowSchema === fsName,
          ),
        )
        expect(shown.flow?.priorityLevel).toBe(plName)
        expect(shown.explanation).toMatch(/API Priority and Fairness turned it away/)
        expect(shown.explanation).toContain(`FlowSchema ${fsName}, priority level ${plName}`)
        process.stderr.write(`[apf] live traffic: ${shown.explanation}\n`)
        release()
        await untilWatching(session, id, 'the watch to open', 30_000)
        const written = [await create(ns, 'apres-429')]
        await arrived(session, id, written)
        expectHistoryAgrees(session.watches.store, id, fresh(ns), written)
      } finally {
        apf.remove()
        kubectl('delete', 'namespace', ns, '--wait=false')
      }
    },
    90_000,
  )
})
