// The store's budget against the real API server (docs/adr/0019): a core with a tiny budget
// watches one ConfigMap written 200 times while a recording runs. The store folds the object's
// older versions away and keeps its first and latest ones; the inspector's detail of the latest
// version and its diff are right; a folded version's detail says it was folded; the
// resourceVersions kept only grow; the recording holds all 200 versions, and its replay too.
// Then the canary on the folded paths: a core whose budget is set as the Watches & lists setting
// sets it (watch:set-store-budget) watches a Secret holding a canary written 80 times, and a
// second one created and deleted; the inspector's detail of the latest version, of the first kept
// after the gap (its diff read against the first version, a keyframe the fold made), and what it
// says of a folded version and of the deleted Secret's folded versions hold no canary.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { REDACTED } from '@common/redaction'
import type { ObjectVersionDetail, StoreBudget, StoreFolding } from '@common/watch-types'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ReplaySession } from '../../src-main/features/recording/replay-session'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { coreFor, createNamespace, finishedRecording, kubectl, waitUntil } from './helpers'

const WRITES = 200
/**
 * Under what the store holds for the namespace as the budget counts it: kube-root-ca.crt's first
 * version (about 2 KB), this ConfigMap's 200 (its first whole, about 0.5 KB, then byte deltas of a
 * few dozen bytes: version-store.ts), their logs, slots and the arena's first chunk (4 KB), and
 * the events: the busy object folds whenever a fold frees more than its keyframe, down to its
 * first and latest versions.
 */
const BUDGET_MB = 0.004
const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-budget-'))
const cores: ApiscopeCore[] = []
afterAll(() => cores.forEach((c) => c.close()))

type Cm = { metadata: { resourceVersion: string }; data: { n: string } }

describe('a store with a budget, on the real server', () => {
  it('folds the busy object, keeps its first and latest versions, records all of them', async () => {
    const core = coreFor(undefined, { recordingsDir: dir, storeBudgetMb: BUDGET_MB })
    cores.push(core)
    expect((await core.invoke('kube:connect', { context: ADMIN_CONTEXT })).ok).toBe(true)
    const session = core.currentSession!
    const ns = createNamespace('budget')
    const file = path.join(dir, 'budget.ndjson')
    expect((await core.recording.start({ path: file, title: 'budget' })).ok).toBe(true)
    const target = { group: '', version: 'v1', resource: 'configmaps', namespace: ns }
    expect((await core.invoke('watch:start', { target })).ok).toBe(true)
    await waitUntil('the watch', 20_000, () =>
      session.watches.statuses().every((s) => s.state === 'watching'),
    )

    // Every event of the busy object as it comes (its marks may be folded later).
    const store = session.watches.store
    const seen: number[] = []
    store.tap((op, i) => {
      if (op.op === 'object' && op.meta.name === 'busy' && op.meta.namespace === ns) seen.push(i)
    })
    // One object written 200 times: created, then 199 merge patches, one after the other.
    const item = `/api/v1/namespaces/${ns}/configmaps/busy`
    const created = await session.transport.json({
      method: 'POST',
      path: `/api/v1/namespaces/${ns}/configmaps`,
      body: { metadata: { name: 'busy' }, data: { n: '0', note: 'x'.repeat(100) } },
    })
    expect(created.ok).toBe(true)
    for (let n = 1; n < WRITES; n++) {
      const res = await session.transport.json({
        method: 'PATCH',
        path: item,
        contentType: 'application/merge-patch+json',
        body: { data: { n: String(n) } },
      })
      expect(res.ok).toBe(true)
    }
    const events = () => store.events().filter((e) => e.name === 'busy' && e.ns === ns)
    await waitUntil('every version in the store', 30_000, () => seen.length >= WRITES)
    await store.compacted()
    const h = store.history(store.event(seen[0]!).uid)!
    expect(h.versionCount).toBe(WRITES)

    // Folded: the object's versions 1..foldedBelow-1; the first and the latest kept.
    expect(h.foldedBelow).toBeGreaterThan(1)
    expect(h.foldedBelow).toBeLessThanOrEqual(WRITES - 2)
    const folding = (await core.invoke('watch:store-folding', {})) as {
      ok: true
      value: StoreFolding
    }
    expect(folding.value).toMatchObject({
      budgetMb: BUDGET_MB,
      foldedVersions: h.foldedBelow - 1,
      foldedObjects: 1,
    })

    // The inspector on the latest version: the object and its diff against the one before.
    const last = h.versionEvents[WRITES - 1]!
    const detail = await core.invoke('watch:event-detail', { index: last })
    expect(detail.ok).toBe(true)
    const d = (detail as { value: ObjectVersionDetail }).value
    expect((d.object as Cm).data.n).toBe(String(WRITES - 1))
    expect((d.previous as Cm).data.n).toBe(String(WRITES - 2))
    expect(d.changes).toContainEqual(
      expect.objectContaining({
        op: 'replace',
        path: '/data/n',
        oldValue: String(WRITES - 2),
        value: String(WRITES - 1),
      }),
    )
    expect(d.folded).toEqual({ versions: h.foldedBelow - 1, budgetMb: BUDGET_MB })
    // A folded version: the inspector says it was folded, in the catalogue's words (its mark
    // too: the events take more than half this tiny budget, docs/adr/0019).
    const gone = await core.invoke('watch:event-detail', { index: seen[1]! })
    expect(gone.ok).toBe(false)
    expect(!gone.ok && gone.error.said?.title.key).toBe(
      store.has(seen[1]!) ? 'store.versionFolded' : 'store.markFolded',
    )
    // The marks left are the first version's and the kept ones', in order.
    expect(events().map((e) => e.v)).toEqual(
      store.folding().foldedMarks > 0
        ? [0, ...Array.from({ length: WRITES - h.foldedBelow }, (_, k) => h.foldedBelow + k)]
        : Array.from({ length: WRITES }, (_, k) => k),
    )
    // The first version kept after the fold diffs against the first version.
    const firstKept = await core.invoke('watch:event-detail', {
      index: h.versionEvents[h.foldedBelow]!,
    })
    expect(firstKept.ok && (firstKept.value as ObjectVersionDetail).diffFrom).toBe(0)

    // The versions kept, and their resourceVersions only grow.
    const kept = [0, ...Array.from({ length: WRITES - h.foldedBelow }, (_, k) => h.foldedBelow + k)]
    const objects = (await store.objectsAt(h.uid, kept)) as Cm[]
    expect(objects.map((o) => o.data.n)).toEqual(kept.map(String))
    const rvs = objects.map((o) => Number(o.metadata.resourceVersion))
    for (let k = 1; k < rvs.length; k++) expect(rvs[k]).toBeGreaterThan(rvs[k - 1]!)
    expect(kept.map((v) => store.event(h.versionEvents[v]!).rv)).toEqual(rvs.map(String))

    // The recording holds every version, whatever the store folded.
    const content = await finishedRecording(core, file)
    expect(content.ok).toBe(true)
    if (!content.ok) return
    const lines = content.value.lines.filter(
      (l) => l.kind === 'object' && l.meta.name === 'busy' && l.meta.namespace === ns,
    ) as { object?: Cm; type: string }[]
    expect(lines).toHaveLength(WRITES)
    expect(lines.map((l) => l.object?.data.n)).toEqual(
      Array.from({ length: WRITES }, (_, n) => String(n)),
    )
    // Replayed (a replay's store has no budget), every version is there again.
    const replay = new ReplaySession('test', content.value, {
      frame: () => undefined,
      emit: () => undefined,
      status: () => undefined,
      reset: () => undefined,
    })
    replay.seekMs(replay.end - replay.t0 + 1)
    const rh = replay.watches.store.history(h.uid)!
    expect(rh.versionCount).toBe(WRITES)
    expect(rh.foldedBelow).toBe(0)
    const [v1] = (await replay.watches.store.objectsAt(h.uid, [1])) as Cm[]
    expect(v1?.data.n).toBe('1')
    replay.close()
    kubectl('delete', 'namespace', ns, '--wait=false')
  }, 120_000)

  it('shows no canary on a folded Secret’s paths (its budget given as the setting gives it)', async () => {
    const CANARY = `apiscope-canary-${Math.random().toString(36).slice(2, 10)}`
    const B64 = Buffer.from(CANARY).toString('base64')
    const noCanary = (what: string, value: unknown) => {
      const text = JSON.stringify(value)
      expect(text.includes(CANARY), `${what} holds the canary`).toBe(false)
      expect(text.includes(B64), `${what} holds the canary in base64`).toBe(false)
    }
    // No budget to start with; the setting gives it one while the core runs.
    const core = coreFor(undefined, { recordingsDir: dir, storeBudgetMb: 0 })
    cores.push(core)
    expect((await core.invoke('kube:connect', { context: ADMIN_CONTEXT })).ok).toBe(true)
    const set = (await core.invoke('watch:set-store-budget', { mb: BUDGET_MB })) as {
      ok: true
      value: StoreBudget
    }
    // No settings file here: it applies, and is not remembered.
    expect(set.value).toEqual({
      budgetMb: BUDGET_MB,
      defaultMb: 0,
      chosen: true,
      remembered: false,
    })
    const session = core.currentSession!
    const ns = createNamespace('budget-canary')
    const target = { group: '', version: 'v1', resource: 'secrets', namespace: ns }
    expect((await core.invoke('watch:start', { target })).ok).toBe(true)
    await waitUntil('the watch', 20_000, () =>
      session.watches.statuses().every((s) => s.state === 'watching'),
    )
    // Every event of each Secret as it comes (marks may be folded later).
    const seen = new Map<string, number[]>()
    session.watches.store.tap((op, i) => {
      if (op.op === 'object' && op.meta.namespace === ns)
        seen.set(op.meta.name, [...(seen.get(op.meta.name) ?? []), i])
    })
    const SECRET_WRITES = 80
    const base = `/api/v1/namespaces/${ns}/secrets`
    const created = await session.transport.json({
      method: 'POST',
      path: base,
      body: { metadata: { name: 'coffre' }, stringData: { cle: `${CANARY}-0` } },
    })
    expect(created.ok).toBe(true)
    for (let n = 1; n < SECRET_WRITES; n++) {
      const res = await session.transport.json({
        method: 'PATCH',
        path: `${base}/coffre`,
        contentType: 'application/merge-patch+json',
        body: { stringData: { cle: `${CANARY}-${n}` }, metadata: { labels: { n: String(n) } } },
      })
      expect(res.ok).toBe(true)
    }
    const jetable = await session.transport.json({
      method: 'POST',
      path: base,
      body: { metadata: { name: 'jetable' }, stringData: { k: CANARY } },
    })
    expect(jetable.ok).toBe(true)
    expect((await session.transport.json({ method: 'DELETE', path: `${base}/jetable` })).ok).toBe(
      true,
    )
    const store = session.watches.store
    const of = (name: string) => store.events().filter((e) => e.name === name && e.ns === ns)
    const uidOf = (name: string) => store.event(seen.get(name)![0]!).uid
    await waitUntil(
      'every version in the store',
      30_000,
      () => (seen.get('coffre')?.length ?? 0) >= SECRET_WRITES,
    )
    await waitUntil('the deletion', 30_000, () => (seen.get('jetable')?.length ?? 0) >= 2)
    // The deleted Secret's versions are folded at the next batch past the budget: one more write.
    // Its marks fold too (the events take more than half this tiny budget): it is then forgotten.
    const gone = (jetable as { ok: true; value: { metadata: { uid: string } } }).value.metadata.uid
    const jetableEvents = [...seen.get('jetable')!]
    const folded = () => store.history(gone)?.foldedAll || !store.history(gone)
    for (let k = 0; k < 100 && !folded(); k++) {
      await session.transport.json({
        method: 'PATCH',
        path: `${base}/coffre`,
        contentType: 'application/merge-patch+json',
        body: { metadata: { labels: { again: String(k) } } },
      })
      await store.compacted()
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(folded()).toBe(true)
    const h = store.history(uidOf('coffre'))!
    expect(h.foldedBelow).toBeGreaterThan(1)

    const detail = async (index: number) => {
      const res = await core.invoke('watch:event-detail', { index })
      noCanary(`the detail of event ${index}`, res)
      return res
    }
    // The latest version and its diff: the values redacted, the change still shown.
    const latest = await detail(h.versionEvents[h.versionCount - 1]!)
    expect(latest.ok).toBe(true)
    // The first kept after the gap: its diff is read against the first version.
    const firstKept = await detail(h.versionEvents[h.foldedBelow]!)
    expect(firstKept.ok).toBe(true)
    const fk = (firstKept as { value: ObjectVersionDetail }).value
    expect(fk.diffFrom).toBe(0)
    expect(fk.folded?.versions).toBe(h.foldedBelow - 1)
    expect((fk.object as { data: Record<string, string> }).data.cle).toBe(REDACTED)
    expect((fk.previous as { data: Record<string, string> }).data.cle).toBe(REDACTED)
    // Against the first version: the labels it lacked are a change; the values, redacted on both
    // sides, are none.
    expect(fk.changes.some((c) => c.path.startsWith('/metadata/labels'))).toBe(true)
    expect(fk.changes.some((c) => c.path.startsWith('/data'))).toBe(false)
    // A folded version, and the deleted Secret's marks: what was folded, said without its body.
    const second = seen.get('coffre')![1]!
    const foldedDetail = await detail(second)
    expect(!foldedDetail.ok && foldedDetail.error.said?.title.key).toBe(
      store.has(second) ? 'store.versionFolded' : 'store.markFolded',
    )
    for (const i of jetableEvents) {
      const res = await detail(i)
      expect(!res.ok && res.error.said?.detail?.[0]?.key).toBe(
        store.has(i) ? 'store.foldedDeletedObject' : 'store.markFoldedDetail',
      )
    }
    expect(of('jetable').length).toBe(jetableEvents.filter((i) => store.has(i)).length)
    const folding = (await core.invoke('watch:store-folding', {})) as {
      ok: true
      value: StoreFolding
    }
    expect(folding.value).toMatchObject({ foldedDeleted: 1, foldedDeletedVersions: 2 })
    kubectl('delete', 'namespace', ns, '--wait=false')
  }, 120_000)
})
