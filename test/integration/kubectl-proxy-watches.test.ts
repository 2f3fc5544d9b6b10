// Watches relayed by the kubectl proxy (#17) feed the timeline like Apiscope's own, against the real
// API server with the real kubectl of its release: `kubectl get -w -o name` (whole objects) and
// `kubectl get -w` (a Table: rows with the objects' metadata) each become a watch of their own,
// labelled by the command, whose ADDED/MODIFIED/DELETED events carry the server's resourceVersions
// and open in the inspector; kubectl delete's wait is a streaming list on 1.37 (initial events,
// then the initial-events-end bookmark) and a watch from a resourceVersion on 1.20; stopping one
// from Apiscope cuts it; a canary Secret watched both ways is redacted in every frame, every
// detail and a recording.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KubectlProxyStatus } from '@features/kubectl-proxy/messages'
import type {
  ListSnapshot,
  ObjectVersionDetail,
  TimelineEvent,
  WatchFrame,
  WatchStatus,
} from '@common/watch-types'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { TABLE_ROW } from '../../src-main/core/watch/relayed-watch'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { cluster, coreFor, createNamespace, kubectl, onOldest, unwrap, waitUntil } from './helpers'

const CANARY = `apiscope-canary-${Math.random().toString(36).slice(2, 10)}`
const B64 = Buffer.from(CANARY).toString('base64')
const home = mkdtempSync(path.join(tmpdir(), 'apiscope-relayed-watch-home-'))

let core: ApiscopeCore
let proxy: KubectlProxyStatus
let ns: string
const pushed: { channel: string; payload: unknown }[] = []
const events: TimelineEvent[] = []
const lists: ListSnapshot[] = []
const statuses = new Map<number, WatchStatus>()
const children: ChildProcess[] = []

beforeAll(async () => {
  ns = createNamespace('relayw')
  core = coreFor()
  core.onEvent((channel, payload) => {
    pushed.push({ channel, payload })
    if (channel !== 'watch:frame') return
    const f = payload as WatchFrame
    events.push(...f.events)
    lists.push(...f.lists)
    for (const s of f.statuses) statuses.set(s.id, s)
  })
  unwrap(await core.invoke('kube:connect', { context: ADMIN_CONTEXT }))
  proxy = unwrap<KubectlProxyStatus>(await core.invoke('proxy:start', {}))
}, 60_000)

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL')
  await core?.close()
  kubectl('delete', 'namespace', ns, '--wait=false')
})

/** kubectl of the server's release through the proxy, left running. */
function through(args: string[]): { child: ChildProcess; out: () => string } {
  const child = spawn(
    path.join(cluster().binDir, 'kubectl'),
    [`--kubeconfig=${proxy.kubeconfigPath}`, ...args],
    { env: { PATH: process.env.PATH ?? '', HOME: home } },
  )
  children.push(child)
  let text = ''
  child.stdout?.on('data', (c: Buffer) => (text += c.toString()))
  child.stderr?.on('data', (c: Buffer) => (text += c.toString()))
  return { child, out: () => text }
}

const exited = (c: ChildProcess) =>
  c.exitCode !== null ? Promise.resolve() : new Promise((r) => c.once('exit', r))

/** Ids of the watches so far: a test looks for its own among the ones that come after. */
const known = () => new Set(statuses.keys())

const relayedWatch = (what: string, before: Set<number>, test: (s: WatchStatus) => boolean) =>
  waitUntil(what, 15_000, () =>
    [...statuses.values()].find((s) => s.relayed && !before.has(s.id) && test(s)),
  )

/** The label of a relayed watch: kubectl 1.20 sends no Kubectl-Command header (1.22 and later do). */
const labelOf = (command: string, what: string) =>
  onOldest() ? `${kubectlClient()} watch · ${what}` : `${command} · ${what}`

const kubectlClient = () => `kubectl/${cluster().version.split('+')[0]}`

const eventsOf = (id: number) => events.filter((e) => e.watch === id)

async function detailOf(e: TimelineEvent): Promise<ObjectVersionDetail> {
  return unwrap<ObjectVersionDetail>(await core.invoke('watch:event-detail', { index: e.i }))
}

/** The resourceVersion the server gave the object after a write, as kubectl prints it. */
const rvAfter = (...args: string[]) =>
  kubectl(...args, '-n', ns, '-o', 'jsonpath={.metadata.resourceVersion}').trim()

describe('a relayed watch on the timeline', () => {
  it('kubectl get -w -o name: its events, at the server’s resourceVersions, open in the inspector', async () => {
    const rv0 = rvAfter('create', 'configmap', 'suivi', '--from-literal=n=0')
    const before = known()
    const k = through(['get', 'configmaps', '-n', ns, '-w', '-o', 'name'])
    const w = await relayedWatch('the relayed watch', before, (s) => s.target.namespace === ns)
    expect(w.label).toBe(labelOf('kubectl get -w', `configmaps in ${ns}`))
    expect(w.relayed).toMatchObject({
      client: kubectlClient(),
      ...(onOldest() ? {} : { command: 'kubectl get' }),
      format: 'objects',
      cuttable: true,
    })
    expect(w.state).toBe('watching')
    // kubectl listed first (a list is no watch), then watches from the list's resourceVersion.
    expect(Number(w.lastRv)).toBeGreaterThanOrEqual(Number(rv0))
    await waitUntil('kubectl printed the object', 10_000, () => k.out().includes('suivi'))
    const rv1 = rvAfter('patch', 'configmap', 'suivi', '--type=merge', '-p', '{"data":{"n":"1"}}')
    const rv2 = rvAfter('create', 'configmap', 'second', '--from-literal=n=0')
    kubectl('delete', 'configmap', 'suivi', '-n', ns)
    const seen = await waitUntil('MODIFIED, ADDED and DELETED', 15_000, () => {
      const mine = eventsOf(w.id)
      return mine.some((e) => e.type === 'DELETED') && mine
    })
    const modified = seen.find((e) => e.type === 'MODIFIED' && e.name === 'suivi')
    expect(modified?.rv).toBe(rv1)
    expect(seen.find((e) => e.type === 'ADDED' && e.name === 'second')?.rv).toBe(rv2)
    const deleted = seen.find((e) => e.type === 'DELETED') as TimelineEvent
    expect(deleted.name).toBe('suivi')
    expect(Number(deleted.rv)).toBeGreaterThan(Number(rv2))
    expect(modified).toMatchObject({ kind: 'ConfigMap', ns })
    // The inspector: the object at that version, the writer from managedFields.
    const d = await detailOf(modified as TimelineEvent)
    expect(d.object).toMatchObject({ kind: 'ConfigMap', data: { n: '1' } })
    const gone = await detailOf(deleted)
    expect(gone.versions).toBe(2)
    // A deletion is a version of its own: the server bumps its resourceVersion.
    expect(gone.changes.map((c) => c.path)).toEqual(['/metadata/resourceVersion'])
    // The snapshot (a renderer that resyncs) lists the running relayed watch too.
    const snap = unwrap<{ statuses: WatchStatus[] }>(await core.invoke('watch:snapshot', {}))
    expect(snap.statuses.find((s) => s.id === w.id)?.label).toBe(w.label)
    k.child.kill('SIGINT')
    await exited(k.child)
    const ended = await waitUntil('the relayed watch ended', 10_000, () => {
      const s = statuses.get(w.id)
      return s?.state === 'stopped' && s
    })
    expect(ended.reason).toMatch(/^ended: kubectl\/v\S+ closed the connection/)
  }, 60_000)

  it('kubectl get -w (a Table): the rows’ metadata under their objects, marked as rows', async () => {
    const before = known()
    const k = through(['get', 'configmaps', '-n', ns, '-w', '--watch-only'])
    const w = await relayedWatch(
      'the Table watch',
      before,
      (s) => s.label.includes(ns) && !s.reason.startsWith('ended'),
    )
    const rv = rvAfter('create', 'configmap', 'ligne', '--from-literal=n=0')
    const added = await waitUntil('the row as ADDED', 15_000, () =>
      eventsOf(w.id).find((e) => e.type === 'ADDED' && e.name === 'ligne'),
    )
    expect(statuses.get(w.id)?.relayed?.format).toBe('table')
    expect(added.rv).toBe(rv)
    expect(added.kind).toBe('ConfigMap') // from discovery: a row names no kind
    expect(added.uid.endsWith(TABLE_ROW)).toBe(true)
    const d = await detailOf(added)
    // What the server sent for the row (kubectl asks for no includeObject=Object): metadata only.
    expect(d.object).toMatchObject({
      kind: 'PartialObjectMetadata',
      metadata: { name: 'ligne', namespace: ns, resourceVersion: rv },
    })
    expect((d.object as { data?: unknown }).data).toBeUndefined()
    expect(d.manager?.manager).toBe('kubectl-create')
    // Stopping it from Apiscope cuts kubectl's request.
    expect(
      unwrap<{ stopped: boolean }>(await core.invoke('watch:stop', { id: w.id })).stopped,
    ).toBe(true)
    await waitUntil('kubectl saw the watch end', 15_000, () => k.child.exitCode !== null)
    const cut = await waitUntil('the cut watch stopped', 10_000, () => {
      const s = statuses.get(w.id)
      return s?.state === 'stopped' && s
    })
    expect(cut.reason).toMatch(/^cut from Apiscope/)
  }, 60_000)

  it('kubectl delete: its waiting watch, a streaming list on 1.37 (initial events, end bookmark)', async () => {
    const file = path.join(home, 'held.json')
    writeFileSync(
      file,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'tenu', namespace: ns, finalizers: ['apiscope.io/hold'] },
      }),
    )
    kubectl('create', '-f', file)
    const before = known()
    const k = through(['delete', 'configmap', 'tenu', '-n', ns])
    const w = await relayedWatch('the waiting watch', before, (s) =>
      (s.target.fieldSelector ?? '').includes('metadata.name=tenu'),
    )
    expect(w.label).toBe(
      labelOf('kubectl delete', `configmaps in ${ns} --field-selector metadata.name=tenu`),
    )
    if (!onOldest()) {
      expect(w.mode).toBe('streaming-list')
      const synced = await waitUntil('the end bookmark', 15_000, () => {
        const s = statuses.get(w.id)
        return s?.startedBy === 'stream' && s
      })
      // 1.37 gzips a streaming list (WatchListCompression): read from a decoded copy.
      expect(synced.encoding).toBe('gzip')
      expect(synced.reason).toBe(
        `relayed from ${kubectlClient()}: watching from ${synced.listRv}, where the streaming list's 1 initial event ended`,
      )
      const mine = eventsOf(w.id)
      const initial = mine.find((e) => e.type === 'ADDED' && e.name === 'tenu')
      const bookmark = mine.find((e) => e.type === 'BOOKMARK')
      expect(initial).toBeDefined()
      expect(bookmark?.rv).toBe(synced.listRv)
      const list = await waitUntil('the streaming list', 10_000, () =>
        lists.find((l) => l.watch === w.id),
      )
      expect(list).toMatchObject({ way: 'stream', items: 1, rv: synced.listRv, encoding: 'gzip' })
      expect(list.firstEvent).toBe(bookmark?.i)
    } else {
      // kubectl 1.20 watches from the resourceVersion of its GET: no initial events.
      expect(w.mode).toBe('list-watch')
      expect(w.lastRv).toMatch(/^\d+$/)
    }
    kubectl(
      'patch',
      'configmap',
      'tenu',
      '-n',
      ns,
      '--type=merge',
      '-p',
      '{"metadata":{"finalizers":null}}',
    )
    await exited(k.child)
    expect(k.out()).toContain('configmap "tenu" deleted')
    const deleted = await waitUntil('DELETED on the waiting watch', 10_000, () =>
      eventsOf(w.id).find((e) => e.type === 'DELETED' && e.name === 'tenu'),
    )
    expect(deleted.kind).toBe('ConfigMap')
    await waitUntil(
      'the waiting watch ended',
      10_000,
      () => statuses.get(w.id)?.state === 'stopped',
    )
  }, 60_000)
})

describe('an in-stream ERROR on a relayed watch', () => {
  // 1.20 answers a watch from resourceVersion 1 with ERROR 410 (too old); 1.37's watch cache
  // serves any resourceVersion since it started, and a 410 there takes an API server restart (the
  // shared one is not restarted: watch-engine.test.ts does that for Apiscope's own watches).
  it.runIf(onOldest())(
    '410 Expired: recorded with its code, counted, and the end says why',
    async () => {
      const before = known()
      const k = through([
        'get',
        '--raw',
        `/api/v1/namespaces/${ns}/configmaps?watch=true&resourceVersion=1`,
      ])
      const w = await relayedWatch('the raw watch', before, (s) => s.target.namespace === ns)
      await exited(k.child)
      expect(k.out()).toContain('"code":410')
      const ended = await waitUntil('the watch ended after its ERROR', 10_000, () => {
        const s = statuses.get(w.id)
        return s?.state === 'stopped' && s
      })
      expect(ended.expired).toBe(1)
      expect(ended.reason).toMatch(
        /^ended by the API server after its ERROR 410: too old resource version: 1 /,
      )
      const error = eventsOf(w.id).find((e) => e.type === 'ERROR')
      expect(error).toMatchObject({ code: 410 })
      expect(error?.note).toMatch(/^too old resource version: 1 /)
    },
    30_000,
  )
})

describe('a canary Secret watched through the proxy', () => {
  it('is redacted in every frame, every event’s detail and a recording, object and Table row alike', async () => {
    const recording = path.join(home, 'relayed-watch.ndjson')
    unwrap(await core.recording.start({ path: recording }))
    const mark = pushed.length
    const file = path.join(home, 'canary.json')
    writeFileSync(
      file,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'canari', namespace: ns },
        stringData: { motdepasse: CANARY },
      }),
    )
    const before = known()
    const objects = through(['get', 'secrets', '-n', ns, '-w', '--watch-only', '-o', 'name'])
    const rows = through(['get', 'secrets', '-n', ns, '-w', '--watch-only'])
    const secretWatch = (format: string) =>
      relayedWatch(
        `the Secret watch (${format})`,
        before,
        (s) =>
          s.label === labelOf('kubectl get -w', `secrets in ${ns}`) && s.relayed?.format === format,
      )
    const [wo, wt] = await Promise.all([secretWatch('objects'), secretWatch('table')])
    // apply: the last-applied annotation holds the canary too, and a Table row carries annotations.
    kubectl('apply', '-f', file)
    kubectl(
      'patch',
      'secret',
      'canari',
      '-n',
      ns,
      '--type=merge',
      '-p',
      `{"stringData":{"b":"${CANARY}"}}`,
    )
    const got = await waitUntil('the Secret on both relayed watches', 15_000, () => {
      const mine = events.filter((e) => e.name === 'canari' && e.ns === ns)
      const watches = new Set(mine.map((e) => e.watch))
      return watches.size >= 2 && mine.length >= 4 && mine
    })
    expect(got.some((e) => e.watch === wo.id)).toBe(true)
    expect(got.some((e) => e.watch === wt.id && e.uid.endsWith(TABLE_ROW))).toBe(true)
    let masked = 0
    for (const e of got) {
      const text = JSON.stringify(await detailOf(e))
      expect(text.includes(CANARY), `detail of ${e.type} on watch ${e.watch}`).toBe(false)
      expect(text.includes(B64), `detail of ${e.type} on watch ${e.watch} (base64)`).toBe(false)
      if (text.includes('<redacted>')) masked++
    }
    expect(masked).toBe(got.length)
    await new Promise((r) => setTimeout(r, 200)) // the last frame
    for (const { channel, payload } of pushed.slice(mark)) {
      const text = JSON.stringify(payload)
      expect(text.includes(CANARY), channel).toBe(false)
      expect(text.includes(B64), channel).toBe(false)
    }
    objects.child.kill('SIGINT')
    rows.child.kill('SIGINT')
    await Promise.all([exited(objects.child), exited(rows.child)])
    await core.recording.stop()
    const recorded = readFileSync(recording, 'utf8')
    // The relayed watches' events are in it (store lines, objects and rows alike), redacted.
    const stored = recorded
      .split('\n')
      .filter(Boolean)
      .map(
        (l) =>
          JSON.parse(l) as { kind: string; watch?: number; meta?: { name: string; uid: string } },
      )
      .filter((l) => l.kind === 'object' && l.meta?.name === 'canari')
    expect(stored.some((l) => l.watch === wo.id)).toBe(true)
    expect(stored.some((l) => l.watch === wt.id && l.meta?.uid.endsWith(TABLE_ROW))).toBe(true)
    // And the watches themselves, with where they came from (a replay labels their lanes so).
    const relayedStatuses = recorded
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { kind: string; statuses?: WatchStatus[] })
      .flatMap((l) => (l.kind === 'status' ? (l.statuses ?? []) : []))
      .filter((st) => st.relayed && (st.id === wo.id || st.id === wt.id))
    expect(new Set(relayedStatuses.map((st) => st.relayed?.format))).toEqual(
      new Set(['objects', 'table']),
    )
    expect(recorded.includes(CANARY)).toBe(false)
    expect(recorded.includes(B64)).toBe(false)
  }, 60_000)
})
