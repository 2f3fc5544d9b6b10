// The store's budget (docs/adr/0019): the folding plan (pure), then the event store with a tiny
// budget and its real version-history worker: what is folded, what is kept, and what the
// inspector's detail says.
import { afterEach, describe, expect, it } from 'vitest'
import { EventStore } from '../../src-main/core/watch/event-store'
import { objectDetail } from '../../src-main/core/watch/object-detail'
import {
  EVENT_COLUMN_BYTES,
  EVENT_LIST_BYTES,
  EVENT_SLOT_BYTES,
  eventsCost,
  FOLD_GAIN,
  KEEP_LATEST,
  KEEP_LATEST_MIN,
  keptVersions,
  OBJECT_RECORD_BYTES,
  planFolds,
  versionCost,
  type FoldCandidate,
} from '../../src-main/core/watch/version-folding'

const candidate = (object: number, count: number, size = 100, foldedBelow = 0): FoldCandidate => {
  const sizes = Array.from({ length: count }, (_, v) => (v > 0 && v < foldedBelow ? 0 : size))
  return { object, count, foldedBelow, sizes }
}

describe('planFolds', () => {
  it('folds the object with the most versions first, keeping its first and latest versions', () => {
    const plan = planFolds([candidate(0, 20), candidate(1, 50), candidate(2, 30)], 100)
    expect(plan).toEqual([
      { object: 1, below: 50 - KEEP_LATEST, freed: (50 - KEEP_LATEST - 1) * 100 },
    ])
  })

  it('goes on to the next busiest until enough is freed', () => {
    const plan = planFolds([candidate(0, 20), candidate(1, 50), candidate(2, 30)], 5000)
    expect(plan.map((f) => f.object)).toEqual([1, 2])
    expect(plan.reduce((n, f) => n + f.freed, 0)).toBeGreaterThanOrEqual(5000)
  })

  it('never folds a living object down past its first version and the latest two', () => {
    expect(planFolds([candidate(0, 1 + KEEP_LATEST_MIN), candidate(1, 1)], 10_000)).toEqual([])
  })

  it('keeps only the latest two when keeping eight is not enough', () => {
    // Two folds, each making a keyframe of 150 bytes.
    const plan = planFolds([{ ...candidate(0, 12), keyframeCost: () => 150 }], 10_000)
    expect(plan).toEqual([{ object: 0, below: 12 - KEEP_LATEST_MIN, freed: 9 * 100 - 2 * 150 }])
  })

  it('folds quiet objects to their first and latest two when the rest is not enough', () => {
    // None has enough to fold at FOLD_GAIN; at the floor each frees its versions between the
    // first and the latest two for a keyframe of 150, the object with the most versions first.
    const quiet = (object: number, count: number) => ({
      ...candidate(object, count),
      keyframeCost: () => 150,
    })
    expect(planFolds([quiet(0, 4), quiet(1, 5), quiet(2, 3)], 200)).toEqual([
      { object: 1, below: 3, freed: 200 - 150 },
    ])
    expect(planFolds([quiet(0, 5), quiet(1, 5), quiet(2, 3)], 1000)).toEqual([
      { object: 0, below: 3, freed: 200 - 150 },
      { object: 1, below: 3, freed: 200 - 150 },
    ])
    // A keyframe that costs as much as it frees is no fold.
    expect(planFolds([{ ...candidate(0, 4), keyframeCost: () => 100 }], 200)).toEqual([])
  })

  it('counts an object already folded by what it still keeps, and frees only what is left', () => {
    // Object 0 had 100 versions, 1..89 folded: it keeps 11; object 1 keeps 30.
    const plan = planFolds([candidate(0, 100, 100, 90), candidate(1, 30)], 100)
    expect(keptVersions({ count: 100, foldedBelow: 90 })).toBe(11)
    expect(plan).toEqual([{ object: 1, below: 22, freed: 21 * 100 }])
    const again = planFolds([candidate(0, 100, 100, 90)], 100)
    expect(again).toEqual([{ object: 0, below: 92, freed: 2 * 100 }])
  })

  it('costs a version by the bytes the history keeps for it, whole or a delta', () => {
    expect(versionCost('keyframe', 1000)).toBe(versionCost('patch', 1000))
    expect(versionCost('patch', 20)).toBeGreaterThan(20)
  })

  it('folds deleted objects first, the oldest deletion first, every version of each', () => {
    const plan = planFolds(
      [
        candidate(0, 50),
        { ...candidate(1, 2, 300), deleted: 7 },
        { ...candidate(2, 3, 300), deleted: 3 },
      ],
      1000,
    )
    // Object 2 was deleted first: its 900 bytes are not enough, object 1 follows; the busy
    // object is left alone.
    expect(plan).toEqual([
      { object: 2, below: 3, all: true, freed: 900 },
      { object: 1, below: 2, all: true, freed: 600 },
    ])
  })

  it('folds a busy object only once it frees FOLD_GAIN times the keyframe the fold makes', () => {
    // 20 versions of 100 bytes: folding to the latest 8 frees versions 1..11 (1,100 bytes).
    const keyframeCost = (k: number) => () => k
    const cheap = { ...candidate(0, 20), keyframeCost: keyframeCost(1100 / FOLD_GAIN) }
    const dear = { ...candidate(0, 20), keyframeCost: keyframeCost(1100 / FOLD_GAIN + 1) }
    expect(planFolds([cheap], 100)).toEqual([
      { object: 0, below: 12, freed: 1100 - 1100 / FOLD_GAIN },
    ])
    // Not yet worth it at the latest 8; at the latest 2 it frees 1,700 bytes, which is.
    expect(planFolds([dear], 100)).toEqual([
      { object: 0, below: 18, freed: 1700 - (1100 / FOLD_GAIN + 1) },
    ])
    // A version that is whole already costs nothing to keep whole.
    expect(planFolds([{ ...candidate(0, 20), keyframeCost: () => 0 }], 100)).toEqual([
      { object: 0, below: 12, freed: 1100 },
    ])
  })

  it("counts the events by their columns as allocated, each version's slot and list, and each object", () => {
    expect(eventsCost({ capacity: 2048, versions: 1000, objects: 10, listed: 6 })).toBe(
      2048 * EVENT_COLUMN_BYTES +
        1000 * EVENT_SLOT_BYTES +
        6 * EVENT_LIST_BYTES +
        10 * OBJECT_RECORD_BYTES,
    )
  })
})

const stores: EventStore[] = []
afterEach(() => stores.splice(0).forEach((s) => s.close()))

function configMap(n: number, name = 'busy') {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: 'ns', uid: `uid-${name}`, resourceVersion: String(1000 + n) },
    data: { n: String(n), note: 'x'.repeat(200) },
  }
}

function deliver(
  store: EventStore,
  n: number,
  name = 'busy',
  type: 'ADDED' | 'MODIFIED' = 'MODIFIED',
) {
  const o = configMap(n, name)
  return store.recordObject(
    type,
    1,
    { ...o.metadata, kind: o.kind, apiVersion: o.apiVersion },
    JSON.stringify({ type, object: o }),
  )
}

/**
 * Under what the two objects cost as the budget counts them (about 12 KB): their versions (byte
 * deltas of about 20 bytes, 3 KB) and what the worker holds for them (their logs, the arena's
 * first chunk, the objects' slots: version-folding.ts).
 */
const BUDGET = 10_000

describe('the event store with a budget', () => {
  it('folds the busy object, keeps the first and latest versions, and says so', async () => {
    const store = new EventStore(Date.now, BUDGET)
    stores.push(store)
    const quiet = [deliver(store, 0, 'quiet', 'ADDED'), deliver(store, 1, 'quiet')]
    const events = [deliver(store, 0, 'busy', 'ADDED')]
    for (let n = 1; n < 200; n++) events.push(deliver(store, n))
    await store.compacted()

    const counts = store.counts()
    expect(counts.folded).toBeGreaterThan(150)
    expect(counts.versions + counts.folded).toBe(202)
    // The events cost more than half this tiny budget (their columns alone 35 KB): the marks of
    // the folded versions are folded too, the others stay.
    expect(counts.events).toBe(202 - counts.folded)
    expect(store.folding()).toMatchObject({
      foldedObjects: 1,
      foldedVersions: counts.folded,
      foldedMarks: counts.folded,
      foldedMarkObjects: 1,
    })
    expect(store.folding().historyMb * 2 ** 20).toBeLessThanOrEqual(BUDGET)

    // The latest and the one before are kept, and the diff of the latest is right.
    const latest = await objectDetail(store, events[199] as number)
    expect((latest?.object as { data: { n: string } }).data.n).toBe('199')
    expect((latest?.previous as { data: { n: string } }).data.n).toBe('198')
    expect(latest?.changes).toHaveLength(2)
    expect(latest?.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ op: 'replace', path: '/data/n', value: '199', oldValue: '198' }),
        expect.objectContaining({ path: '/metadata/resourceVersion' }),
      ]),
    )
    expect(latest?.folded).toEqual({ versions: counts.folded, budgetMb: BUDGET / 2 ** 20 })
    // The first version is kept.
    const first = await objectDetail(store, events[0] as number)
    expect((first?.object as { data: { n: string } }).data.n).toBe('0')
    // A folded version's mark is folded; the first kept one diffs against the first.
    expect(store.eventFolded(events[1] as number)).toBe(true)
    expect(store.has(events[1] as number)).toBe(false)
    expect(store.foldedAt(events[199] as number)).toBeNull()
    const h = store.history('uid-busy')
    const firstKept = await objectDetail(store, events[h?.foldedBelow as number] as number)
    expect(firstKept?.diffFrom).toBe(0)
    expect((firstKept?.previous as { data: { n: string } }).data.n).toBe('0')
    // The quiet object keeps both its versions.
    expect(store.foldedAt(quiet[1] as number)).toBeNull()
    const q = await objectDetail(store, quiet[1] as number)
    expect(q?.folded).toBeUndefined()
    expect((q?.previous as { data: { n: string } }).data.n).toBe('0')
  })

  it('folds every version of a deleted object, then its marks past half the budget: it is forgotten', async () => {
    // A budget that holds the quiet objects' versions, not the events beside them (their columns
    // alone pass half of it: the deleted object's marks fold with its versions).
    const store = new EventStore(Date.now, 40_000)
    stores.push(store)
    const gone = [deliver(store, 0, 'gone', 'ADDED'), deliver(store, 1, 'gone')]
    const o = configMap(2, 'gone')
    gone.push(
      store.recordObject(
        'DELETED',
        1,
        { ...o.metadata, kind: o.kind, apiVersion: o.apiVersion },
        JSON.stringify({ type: 'DELETED', object: o }),
      ),
    )
    const live = [deliver(store, 0, 'live', 'ADDED'), deliver(store, 1, 'live')]
    // Enough events to be counted (every 1,024) and to go over the budget.
    for (let n = 0; n < 1100; n++) store.recordBookmark(1, String(5000 + n))
    await store.compacted()

    // Forgotten: no history, no marks; the live object's and the bookmarks stay.
    expect(store.history('uid-gone')).toBeUndefined()
    for (const i of gone) expect(store.eventFolded(i)).toBe(true)
    for (const i of live) expect(store.event(i)).toMatchObject({ name: 'live' })
    expect(store.counts()).toMatchObject({ folded: 3, events: 2 + 1100 })
    expect(store.folding()).toMatchObject({
      foldedDeleted: 1,
      foldedDeletedVersions: 3,
      foldedObjects: 0,
      foldedVersions: 3,
      foldedMarks: 3,
      forgottenDeleted: 1,
    })
    expect(store.folding().eventsMb).toBeGreaterThan(0)
    expect(await store.objectsAt('uid-gone', [0, 1, 2])).toEqual([null, null, null])
    // The live object keeps both its versions: two versions are nothing to fold.
    expect(store.foldedAt(live[1] as number)).toBeNull()
    const d = await objectDetail(store, live[1] as number)
    expect((d?.previous as { data: { n: string } }).data.n).toBe('0')
  })

  it('gives a forgotten object’s index to the next new object: create-then-delete does not grow the store', async () => {
    // The soak's churn in small: objects created, changed and deleted, one after the other, with
    // the events past half the budget (the bookmarks' columns), so each deleted object is folded
    // and forgotten before the next comes.
    const store = new EventStore(Date.now, 40_000)
    stores.push(store)
    const live = [deliver(store, 0, 'live', 'ADDED'), deliver(store, 1, 'live')]
    for (let n = 0; n < 1100; n++) store.recordBookmark(1, String(5000 + n))
    const ROUNDS = 30
    const indices = new Set<number>()
    for (let r = 0; r < ROUNDS; r++) {
      const name = `gone-${r}`
      deliver(store, 0, name, 'ADDED')
      deliver(store, 1, name)
      indices.add(store.history(`uid-${name}`)?.index as number)
      const o = configMap(2, name)
      store.recordObject(
        'DELETED',
        1,
        { ...o.metadata, kind: o.kind, apiVersion: o.apiVersion },
        JSON.stringify({ type: 'DELETED', object: o }),
      )
      await store.compacted()
    }
    const forgotten = store.folding().forgottenDeleted
    expect(forgotten).toBeGreaterThan(ROUNDS / 2)
    // Forgotten indices were taken again: the 30 objects came and went through a few indices
    // (those used before the events passed half the budget and the first were forgotten), and
    // the objects' columns (and the worker's slots) are the living object's and those.
    expect(indices.size).toBeLessThan(ROUNDS / 4)
    expect(store.counts().indices).toBe(indices.size + 1)
    expect(store.objectCount).toBe(1 + ROUNDS - forgotten)

    // A new object at a taken index: its versions are its own, rebuilt by the worker, its marks
    // name it, and the living object is untouched.
    const after = [0, 1, 2].map((n) => deliver(store, n, 'after', n ? 'MODIFIED' : 'ADDED'))
    await store.compacted()
    const h = store.history('uid-after')
    expect(indices.has(h?.index as number)).toBe(true)
    expect(h).toMatchObject({ versionCount: 3, foldedBelow: 0, deleted: false })
    expect(h?.versionEvents).toEqual(after)
    expect(h?.foldedAll).toBeUndefined()
    const versions = await store.objectsAt('uid-after', [0, 1, 2])
    expect(versions.map((v) => (v as { data: { n: string } }).data.n)).toEqual(['0', '1', '2'])
    for (const i of after) expect(store.event(i)).toMatchObject({ name: 'after', uid: 'uid-after' })
    const d = await objectDetail(store, after[2] as number)
    expect((d?.previous as { data: { n: string } }).data.n).toBe('1')
    expect(d?.folded).toBeUndefined()
    const l = await objectDetail(store, live[1] as number)
    expect((l?.object as { metadata: { name: string } }).metadata.name).toBe('live')
    expect((l?.previous as { data: { n: string } }).data.n).toBe('0')
  })

  it('keeps every version without a budget', async () => {
    const store = new EventStore()
    stores.push(store)
    for (let n = 0; n < 200; n++) deliver(store, n, 'busy', n ? 'MODIFIED' : 'ADDED')
    await store.compacted()
    expect(store.counts()).toMatchObject({ versions: 200, folded: 0 })
    const [v1] = await store.objectsAt('uid-busy', [1])
    expect((v1 as { data: { n: string } }).data.n).toBe('1')
  })
})
