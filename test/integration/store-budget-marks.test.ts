// Marks folded with their versions against the real API server (docs/adr/0019): a core with a
// tiny budget watches three ConfigMaps written 60 times each and eleven created then deleted,
// while a recording runs. Its events take more than half the budget, so the marks of the folded
// versions fold too and the deleted objects are forgotten. Checked after: a mark is gone exactly
// when its version was folded; every version kept is the object the server answered at that
// resourceVersion, and the resourceVersions kept only grow; the frames told the page of each
// fold and a snapshot holds exactly the marks kept; the recording holds every version.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { StoreFolding, WatchFrame, WatchSnapshot } from '@common/watch-types'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { coreFor, createNamespace, finishedRecording, kubectl, waitUntil } from './helpers'

const BUSY = ['busy-a', 'busy-b', 'busy-c']
const WRITES = 60
const DELETED = 11
/** Far under what the namespace's objects and events cost: every fold folds their marks too. */
const BUDGET_MB = 0.004
const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-budget-marks-'))
const cores: ApiscopeCore[] = []
afterAll(() => cores.forEach((c) => c.close()))

type Cm = { metadata: { name: string; uid: string; resourceVersion: string }; data: { n: string } }

describe('marks folded with their versions, on the real server', () => {
  it('folds a mark exactly when its version is folded, and loses nothing it kept', async () => {
    const core = coreFor(undefined, { recordingsDir: dir, storeBudgetMb: BUDGET_MB })
    cores.push(core)
    const frames: WatchFrame[] = []
    core.onEvent((channel, payload) => {
      if (channel === 'watch:frame') frames.push(payload as WatchFrame)
    })
    expect((await core.invoke('kube:connect', { context: ADMIN_CONTEXT })).ok).toBe(true)
    const session = core.currentSession!
    const store = session.watches.store
    const ns = createNamespace('budget-marks')
    const file = path.join(dir, 'marks.ndjson')
    expect((await core.recording.start({ path: file, title: 'marks' })).ok).toBe(true)
    // Each of the namespace's events as it comes: its index, object and version.
    const seen: { i: number; name: string; v: number; rv: string }[] = []
    store.tap((op, i) => {
      if (op.op === 'object' && op.meta.namespace === ns)
        seen.push({ i, name: op.meta.name, v: store.event(i).v, rv: op.meta.resourceVersion })
    })
    const target = { group: '', version: 'v1', resource: 'configmaps', namespace: ns }
    expect((await core.invoke('watch:start', { target })).ok).toBe(true)
    await waitUntil('the watch', 20_000, () =>
      session.watches.statuses().every((s) => s.state === 'watching'),
    )

    // The server's answer to every write, by resourceVersion.
    const answered = new Map<string, Cm>()
    let lastRv = ''
    const write = async (method: 'POST' | 'PATCH' | 'DELETE', name: string, n: number) => {
      const base = `/api/v1/namespaces/${ns}/configmaps`
      const res = await session.transport.json({
        method,
        path: method === 'POST' ? base : `${base}/${name}`,
        ...(method === 'PATCH' ? { contentType: 'application/merge-patch+json' } : {}),
        ...(method === 'DELETE'
          ? {}
          : {
              body:
                method === 'POST'
                  ? { metadata: { name }, data: { n: String(n) } }
                  : { data: { n: String(n) } },
            }),
      })
      expect(res.ok, `${method} ${name}`).toBe(true)
      if (res.ok && method !== 'DELETE') {
        const o = res.value as Cm
        answered.set(o.metadata.resourceVersion, o)
        lastRv = o.metadata.resourceVersion
      }
    }
    for (const name of BUSY) await write('POST', name, 0)
    for (let n = 1; n < WRITES; n++) {
      for (const name of BUSY) await write('PATCH', name, n)
      if (n % 5 === 0) {
        const name = `gone-${n / 5}`
        await write('POST', name, 0)
        await write('DELETE', name, 1)
      }
    }
    const expected = BUSY.length * WRITES + DELETED * 2
    // The writes' events; the namespace's kube-root-ca.crt comes too and is not one.
    const written = () => seen.filter((s) => s.name !== 'kube-root-ca.crt')
    await waitUntil('every write in the store', 30_000, () => written().length >= expected)
    // Folds come after the worker's batches; nudge it with one more write until the deleted are
    // forgotten.
    let nudges = 0
    for (let k = 0; k < 100 && store.folding().forgottenDeleted < DELETED; k++) {
      await write('PATCH', 'busy-a', WRITES + k)
      nudges++
      await store.compacted()
      await new Promise((r) => setTimeout(r, 50))
    }
    // The last write's event too, before the store is compared with the server (its watch event
    // may come after the loop ended). Counted with kube-root-ca.crt, the wait let the last
    // nudge's event come after it, its batch folding versions while the test read them (this
    // test's flakes).
    await waitUntil(
      'every write in the store',
      30_000,
      () => written().length >= expected + nudges && seen.some((s) => s.rv === lastRv),
    )
    expect(written()).toHaveLength(expected + nudges)
    // Then until nothing folds any more (compacted() waits out the folds one fold sets off).
    await store.compacted()
    const folding = (await core.invoke('watch:store-folding', {})) as { value: StoreFolding }
    expect(folding.value.forgottenDeleted).toBe(DELETED)
    expect(folding.value.foldedMarks).toBeGreaterThan(BUSY.length * (WRITES / 2))
    expect(folding.value.foldedMarkObjects).toBe(BUSY.length)

    for (const name of BUSY) {
      const mine = seen.filter((s) => s.name === name)
      const h = store.history(store.event(mine[0]!.i).uid)!
      expect(h.foldedBelow).toBeGreaterThan(1)
      // A mark is gone exactly when its version was folded.
      for (const s of mine)
        expect(store.has(s.i), `${name} v${s.v}`).toBe(s.v === 0 || s.v >= h.foldedBelow)
      // Every version kept is what the server answered at its resourceVersion, in order.
      const kept = store.events().filter((e) => e.name === name && e.ns === ns)
      expect(kept.map((e) => e.v)).toEqual([
        0,
        ...Array.from({ length: h.versionCount - h.foldedBelow }, (_, k) => h.foldedBelow + k),
      ])
      const objects = (await store.objectsAt(
        h.uid,
        kept.map((e) => e.v),
      )) as Cm[]
      objects.forEach((o, k) => {
        expect(o.metadata.resourceVersion).toBe(kept[k]!.rv)
        expect(o).toEqual(answered.get(kept[k]!.rv))
      })
      const rvs = kept.map((e) => Number(e.rv))
      for (let k = 1; k < rvs.length; k++) expect(rvs[k]).toBeGreaterThan(rvs[k - 1]!)
      // The latest is the server's object now.
      const now = JSON.parse(kubectl('get', 'configmap', name, '-n', ns, '-o', 'json')) as Cm
      expect(objects.at(-1)?.metadata.resourceVersion).toBe(now.metadata.resourceVersion)
      expect(objects.at(-1)?.data).toEqual(now.data)
    }
    // The deleted objects: forgotten, every mark gone.
    for (const s of seen.filter((x) => x.name.startsWith('gone-')))
      expect(store.eventFolded(s.i)).toBe(true)

    // The page was told of each fold, and a snapshot holds exactly the marks kept.
    const told = frames.flatMap((f) => f.folds ?? [])
    const uids = (prefix: string) =>
      new Set(
        [...answered.values()]
          .filter((o) => o.metadata.name.startsWith(prefix))
          .map((o) => o.metadata.uid),
      )
    for (const uid of uids('gone-'))
      expect(told.some((f) => f.uid === uid && f.below === -1)).toBe(true)
    for (const uid of uids('busy-'))
      expect(told.some((f) => f.uid === uid && f.below > 1)).toBe(true)
    const snapshot = (await core.invoke('watch:snapshot', {})) as { value: WatchSnapshot }
    expect(snapshot.value.events.map((e) => e.i)).toEqual(store.events().map((e) => e.i))
    expect(snapshot.value.events.some((e) => e.name.startsWith('gone-') && e.ns === ns)).toBe(false)

    // The recording holds every version, whatever the store folded.
    const content = await finishedRecording(core, file)
    expect(content.ok).toBe(true)
    if (!content.ok) return
    const lines = content.value.lines.filter(
      (l) => l.kind === 'object' && l.meta.namespace === ns,
    ) as { meta: { name: string }; object?: Cm }[]
    for (const name of BUSY) {
      const versions = lines.filter((l) => l.meta.name === name).map((l) => l.object?.data.n)
      expect(versions.slice(0, WRITES)).toEqual(Array.from({ length: WRITES }, (_, n) => String(n)))
    }
    expect(lines.filter((l) => l.meta.name.startsWith('gone-'))).toHaveLength(DELETED * 2)
    kubectl('delete', 'namespace', ns, '--wait=false')
  }, 180_000)
})
