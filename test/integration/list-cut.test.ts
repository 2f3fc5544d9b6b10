// A list answer cut in the middle, against the real kube-apiserver (#14: at 150,107 ConfigMaps
// a list of one request was cut, recorded as "0 items in 0 pages", and the same request asked
// again from scratch: every object was stored twice). A list without a limit has no continue
// token of its own: the core goes on after the last item it received, with a token built in the
// server's format (continue-after.ts), in pages of 500. The fault proxy (test/cluster/fault-proxy.ts)
// stands between the core and the shared control plane; each test works in its own namespace.
// Checked after each: each object is in the store once (one LISTED event each, no relist), its
// resourceVersions only grow and agree with a fresh list (history-checks.ts), and the list's
// record says it was cut, why, and how it went on. And where the server refuses the token built
// after the cut (410 once its resourceVersion is compacted away): the record says which token was
// refused, with the server's answer, and that the list started over; still each object once.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ListSnapshot, WatchStatus } from '@common/watch-types'
import type { ApiscopeCore, CoreOptions } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { FaultProxy } from '../cluster/fault-proxy'
import { expectHistoryAgrees, type FreshItem } from './history-checks'
import {
  cluster,
  compactEtcd,
  connectAdmin,
  coreFor,
  createNamespace,
  FAST_BACKOFF,
  useFaultProxy,
  kubectl,
  waitUntil,
} from './helpers'

const cores: ApiscopeCore[] = []
let proxy: FaultProxy
let proxied: string
const tmp = useFaultProxy('list-cut', cores, (p, kubeconfig) => {
  proxy = p
  proxied = kubeconfig
})
const COUNT = 120

async function connect(watch: CoreOptions['watch'] = {}) {
  const core = coreFor(proxied, { watch: { backoff: FAST_BACKOFF, ...watch } })
  cores.push(core)
  return { core, session: await connectAdmin(core) }
}

/** Starts the namespace's ConfigMaps' list then watch, its answer at 24 KB/s, until some items came. */
async function listSlowly(session: Session, ns: string): Promise<number> {
  proxy.throttle(24_000)
  const id = session.watches.start({
    group: '',
    version: 'v1',
    resource: 'configmaps',
    namespace: ns,
    mode: 'list-watch',
  }).id
  await waitUntil('some items', 30_000, () => objectsOf(session, id) >= 10)
  return id
}

type Session = Awaited<ReturnType<typeof connect>>['session']

/** COUNT ConfigMaps of 3 KB of random hex each (gzip cannot shrink the list to nothing). */
function fill(ns: string): void {
  const items = Array.from({ length: COUNT }, (_, i) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `c-${String(i).padStart(3, '0')}`, namespace: ns },
    data: { pad: randomBytes(1500).toString('hex') },
  }))
  const file = path.join(tmp, `${ns}.json`)
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items }))
  kubectl('create', '-f', file)
}

function fresh(ns: string): FreshItem[] {
  return (
    JSON.parse(kubectl('get', 'configmaps', '-n', ns, '-o', 'json')) as { items: FreshItem[] }
  ).items
}

const statusOf = (session: Session, id: number) =>
  session.watches.statuses().find((s) => s.id === id) as WatchStatus
const listsOf = (session: Session, id: number): ListSnapshot[] =>
  session.watches.store.lists.filter((l) => l.watch === id)
const objectsOf = (session: Session, id: number) =>
  session.watches.store.events().filter((e) => e.watch === id && e.type === 'LISTED').length

/** The list requests of the namespace, in order: their limit and continue parameters. */
function listRequests(core: ApiscopeCore, ns: string) {
  return core.requestLog
    .snapshot()
    .filter((e) => e.url.includes(`/namespaces/${ns}/configmaps`) && !e.url.includes('watch='))
    .map((e) => {
      const q = new URL(e.url).searchParams
      return { limit: q.get('limit'), continue: q.get('continue') }
    })
}

/** What every cut test checks once the watch is open after the list. */
function expectListedOnceAndContinued(
  session: Session,
  core: ApiscopeCore,
  id: number,
  ns: string,
) {
  // COUNT and the namespace's kube-root-ca.crt (last by name).
  const items = fresh(ns)
  expect(items).toHaveLength(COUNT + 1)
  const lists = listsOf(session, id)
  expect(lists, 'one list, no relist').toHaveLength(1)
  const list = lists[0] as ListSnapshot
  expect(statusOf(session, id).relists).toBe(0)
  // The record says what was received: every item, in the pages that brought them.
  expect(list.items).toBe(items.length)
  expect(list.pages.reduce((n, p) => n + p.items, 0)).toBe(items.length)
  const cut = list.pages.filter((p) => p.cut)
  expect(cut.length, 'a page says it was cut').toBeGreaterThanOrEqual(1)
  const first = cut[0]
  const next = first?.cut?.next
  expect(first?.items, 'items came before the cut').toBeGreaterThan(0)
  expect(typeof next === 'object' && next !== null, 'it went on with a token').toBe(true)
  const decoded = (next as { decoded: { rv?: number; start?: string } }).decoded
  expect(String(decoded.rv)).toBe(list.rv)
  // It goes on after the last item the cut page brought (the items come in name order here).
  const lastName = `c-${String((first?.items ?? 0) - 1).padStart(3, '0')}`
  expect(decoded.start).toBe(`/${lastName}\u0000`)
  // Nothing is asked twice: the first request has no limit; the next one goes on after the cut,
  // in pages of 500.
  const asked = listRequests(core, ns)
  expect(asked[0]).toEqual({ limit: null, continue: null })
  expect(asked[1]).toEqual({ limit: '500', continue: (next as { raw: string }).raw })
  expectEachObjectOnce(session, id, items)
}

/** Each object once: one LISTED event each, every one of the fresh list's; history agrees with it. */
function expectEachObjectOnce(session: Session, id: number, items: FreshItem[]) {
  const listed = session.watches.store
    .events()
    .filter((e) => e.watch === id && e.type === 'LISTED')
    .map((e) => e.uid)
  expect(listed.length, 'each object listed once').toBe(new Set(listed).size)
  expect(new Set(listed)).toEqual(new Set(items.map((i) => i.metadata.uid)))
  expectHistoryAgrees(session.watches.store, id, items)
}

/**
 * A namespace filled and listed slowly through the proxy, which then stops forwarding (sockets
 * open) until the core's silence cut (1 s) ends the answer: the list and its cut page.
 */
async function cutBySilence(name: string) {
  const ns = createNamespace(name)
  fill(ns)
  const { core, session } = await connect({ listSilenceMs: 1000 })
  const id = await listSlowly(session, ns)
  proxy.stall()
  const cutPage = await waitUntil('the cut page', 15_000, () =>
    listsOf(session, id)[0]?.pages.find((p) => p.cut),
  )
  return { ns, core, session, id, cutPage }
}

describe('a list answer cut in the middle', () => {
  it('by the core, after listSilenceMs without a byte: goes on after the last item, nothing twice', async () => {
    // Broke: the proxy forwarded the list's answer at 24 KB/s, then stopped forwarding with the
    // socket open once some items had come; the core's silence cut (injected: 1 s instead of
    // 60 s) ended the answer. Checked: the list went on after its last item with a token built
    // in the server's format, in pages of 500; one list, each object once, the record saying so.
    const { ns, core, session, id } = await cutBySilence('list-cut-silent')
    proxy.resume()
    proxy.throttle(null)
    await waitUntil(
      'the watch after the list',
      30_000,
      () => statusOf(session, id).state === 'watching',
    )
    const cut = listsOf(session, id)[0]?.pages.find((p) => p.cut)?.cut
    expect(cut?.why).toMatch(/no data for 1 s in the list answer/)
    expect(cut?.whySaid?.key).toBe('watch.core.listSilent')
    expectListedOnceAndContinued(session, core, id, ns)
    kubectl('delete', 'namespace', ns, '--wait=false')
  })

  it('by the connection, reset mid-answer: goes on after the last item, nothing twice', async () => {
    // Broke: every connection reset while the list's answer came at 24 KB/s (a server or a
    // network that drops the answer). Checked: as above.
    const ns = createNamespace('list-cut-reset')
    fill(ns)
    const { core, session } = await connect()
    const id = await listSlowly(session, ns)
    expect(proxy.cutAll()).toBeGreaterThan(0)
    proxy.throttle(null)
    await waitUntil(
      'the watch after the list',
      30_000,
      () => statusOf(session, id).state === 'watching',
    )
    const cut = listsOf(session, id)[0]?.pages.find((p) => p.cut)?.cut
    expect(cut?.whySaid?.key).toBe('watch.core.answerCut')
    expectListedOnceAndContinued(session, core, id, ns)
    kubectl('delete', 'namespace', ns, '--wait=false')
  })

  it('whose built token the server refuses (410, compacted away): the record says so, the list starts over, nothing twice', async () => {
    // Broke: the list's answer came at 24 KB/s, then the proxy stopped forwarding (sockets open)
    // and the core's silence cut it (1 s); while the proxy held the core's next request (with
    // the token it built after the last item), the namespace was written (a revision past the
    // list's) and etcd compacted at the latest revision with compact_rev_key, as the API server
    // compacts on its own (1.37's watch cache then drops its snapshots older than it), until the
    // server itself answered that token 410. Checked: the cut page keeps the token it asked
    // with and says the server refused it (410 and the server's message); the list started over
    // in pages of 500 and completed; each object is listed once (the second list marks what the
    // first recorded unchanged without recording it again); history agrees with a fresh list.
    const { ns, core, session, id, cutPage } = await cutBySilence('list-cut-refused')
    const next = cutPage.cut?.next
    if (typeof next !== 'object' || next === null) throw new Error('the cut page built no token')
    kubectl('label', 'namespace', ns, `bumped=${Date.now()}`)
    compactEtcd()
    const refusal = await waitUntil('the server to refuse the built token', 60_000, () => {
      try {
        // kubectl's own, not through the proxy; its stderr kept with the error, not printed.
        execFileSync(
          path.join(cluster().binDir, 'kubectl'),
          [
            `--kubeconfig=${cluster().kubeconfig}`,
            `--context=${ADMIN_CONTEXT}`,
            'get',
            '--raw',
            `/api/v1/namespaces/${ns}/configmaps?limit=500&continue=${next.raw}`,
          ],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        )
        return null
      } catch (error) {
        const said = String((error as { stderr?: unknown }).stderr ?? error)
        if (/Expired|too old|410/.test(said)) return said
        throw error
      }
    })
    proxy.resume()
    proxy.throttle(null)
    await waitUntil(
      'the watch after the list started over',
      60_000,
      () => statusOf(session, id).state === 'watching',
    )
    const items = fresh(ns)
    expect(items).toHaveLength(COUNT + 1)
    const lists = listsOf(session, id)
    expect(lists, 'the cut list, then the list started over').toHaveLength(2)
    const [refused, again] = lists as [ListSnapshot, ListSnapshot]
    // The cut list's last page: the token it went on with, and the server's refusal of it.
    const last = refused.pages.at(-1)
    expect(last?.cut?.next).toEqual(next)
    expect(last?.tokenRefused?.code, `the server said: ${refusal}`).toBe(410)
    expect(last?.tokenRefused?.message).toMatch(/too old/)
    expect(refused.items).toBe(cutPage.items)
    // The list started over from its first page, in pages of 500, and completed.
    expect(again.items).toBe(items.length)
    expect(again.pages.every((p) => !p.cut && !p.tokenRefused)).toBe(true)
    const asked = listRequests(core, ns)
    expect(asked.slice(0, 3)).toEqual([
      { limit: null, continue: null },
      { limit: '500', continue: next.raw },
      { limit: '500', continue: null },
    ])
    const answers = core.requestLog
      .snapshot()
      .filter((e) => new URL(e.url).searchParams.get('continue') === next.raw)
      .map((e) => e.status)
    expect(answers).toEqual([410])
    // Each object once: what the cut list recorded is not recorded again by the second.
    expectEachObjectOnce(session, id, items)
    kubectl('delete', 'namespace', ns, '--wait=false')
  }, 120_000)
})
