// The store keeps its objects in columns (object-columns.ts): what history() reads back, the marks
// a list or streaming list leaves on the objects it holds (the others of its watch became GONE),
// how the default list page grows on a large list (nextLimit), and the GONE a streaming list's
// initial events leave.
import { afterEach, describe, expect, it } from 'vitest'
import type { WatchStatus } from '@common/watch-types'
import { EventStore, type ObjectMeta } from '../../src-main/core/watch/event-store'
import { GROW_PAST_ITEMS, nextLimit } from '../../src-main/core/watch/list-reader'
import type { RequestContext } from '../../src-main/core/watch/request-context'
import { endInitialEvents, type InitialEvents } from '../../src-main/core/watch/watch-request'

const stores: EventStore[] = []
afterEach(() => stores.splice(0).forEach((s) => s.close()))
function fresh(): EventStore {
  const store = new EventStore(() => 1000)
  stores.push(store)
  return store
}

const meta = (name: string, resourceVersion: string): ObjectMeta => ({
  kind: 'ConfigMap',
  apiVersion: 'v1',
  name,
  namespace: 'ns',
  uid: `uid-${name}`,
  resourceVersion,
})
const json = (name: string, rv: string) =>
  JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', metadata: meta(name, rv) })

describe('the objects kept in columns', () => {
  it('reads back each object as it was recorded: versions, their events, the latest, deleted', () => {
    const store = fresh()
    const a0 = store.recordObject('ADDED', 0, meta('a', '10'), json('a', '10'))
    store.recordObject('ADDED', 0, meta('b', '11'), json('b', '11'))
    const a1 = store.recordObject('MODIFIED', 0, meta('a', '12'), json('a', '12'))
    // The same version again (a second watch): no new version, the event points at it.
    const again = store.recordObject('LISTED', 1, meta('a', '12'), json('a', '12'))
    const a2 = store.recordObject('DELETED', 0, meta('a', '13'), json('a', '13'))
    const a = store.history('uid-a')
    expect(a).toMatchObject({
      uid: 'uid-a',
      kind: 'ConfigMap',
      apiVersion: 'v1',
      namespace: 'ns',
      name: 'a',
      versionCount: 3,
      versionEvents: [a0, a1, a2],
      latestRv: '13',
      latestVersion: 2,
      lastEvent: a2,
      deleted: true,
      foldedBelow: 0,
    })
    expect(store.event(again)).toMatchObject({ v: 1, watch: 1, name: 'a', ns: 'ns' })
    expect(store.versionEventOf('uid-a', 1)).toBe(a1)
    expect(store.versionEventOf('uid-a', 3)).toBe(-1)
    expect(store.history('uid-b')).toMatchObject({ versionCount: 1, deleted: false })
    expect(store.counts()).toEqual({ objects: 2, indices: 2, versions: 4, folded: 0, events: 5 })
  })

  it('names the live objects of a watch that a list did not mark', () => {
    const store = fresh()
    for (const name of ['a', 'b', 'c']) store.recordObject('ADDED', 0, meta(name, '10'), '{}')
    store.recordObject('ADDED', 1, meta('other', '10'), '{}')
    store.recordObject('DELETED', 0, meta('c', '11'), '{}')
    const mark = store.newMark()
    store.markObjectOf(store.recordObject('LISTED', 0, meta('a', '10'), '{}'), mark)
    expect(store.isMarked(meta('a', '10'), mark)).toBe(true)
    expect(store.isMarked(meta('b', '10'), mark)).toBe(false)
    // b: live, last touched by watch 0, not in the list. c is deleted; other is watch 1's.
    expect(store.unmarkedLiveObjectsOfWatch(0, mark)).toEqual(['uid-b'])
    expect([...store.liveObjectsOfWatch(0).keys()].sort()).toEqual(['uid-a', 'uid-b'])
  })
})

describe('the default list page on a large list', () => {
  it('asks for all that is left once more than GROW_PAST_ITEMS are, up to the maximum', () => {
    expect(nextLimit(500, undefined, 50_000)).toBe(500)
    expect(nextLimit(500, GROW_PAST_ITEMS, 50_000)).toBe(500)
    expect(nextLimit(500, 9_600, 50_000)).toBe(10_100)
    expect(nextLimit(500, 149_600, 50_000)).toBe(50_000)
    expect(nextLimit(0, 149_600, 50_000)).toBe(0)
  })
})

describe('a list after one that gave up', () => {
  it('does not record again an object held unchanged by the same watch; a changed one, another watch’s or a deleted one is recorded', () => {
    const store = fresh()
    const first = store.newMark()
    for (const [name, rv] of [
      ['a', '10'],
      ['b', '11'],
      ['c', '12'],
    ] as const)
      store.markObjectOf(store.recordObject('LISTED', 1, meta(name, rv), json(name, rv)), first)
    store.recordObject('DELETED', 1, meta('c', '14'), json('c', '14'))
    store.markObjectOf(store.recordObject('LISTED', 2, meta('d', '13'), json('d', '13')), first)
    const events = store.size
    const next = store.newMark()
    // a: unchanged, this watch's, marked by the list that gave up: only marked again.
    expect(store.heldAgain(meta('a', '10'), 1, first, next)).toBe(true)
    expect(store.isMarked(meta('a', '10'), next)).toBe(true)
    // b changed since: a new version to record.
    expect(store.heldAgain(meta('b', '15'), 1, first, next)).toBe(false)
    // c deleted, d last recorded by another watch, e unknown: recorded.
    expect(store.heldAgain(meta('c', '12'), 1, first, next)).toBe(false)
    expect(store.heldAgain(meta('d', '13'), 1, first, next)).toBe(false)
    expect(store.heldAgain(meta('e', '16'), 1, first, next)).toBe(false)
    // Not marked by the list that gave up (already marked by this one): not a repeat of it.
    expect(store.heldAgain(meta('a', '10'), 1, first, next)).toBe(false)
    expect(store.size).toBe(events)
    expect(store.history('uid-a')?.versionCount).toBe(1)
    // The unchanged object is not GONE after the new list: it holds the new mark.
    expect(store.unmarkedLiveObjectsOfWatch(1, next)).toEqual(['uid-b'])
  })

  it('knows an object held unchanged after events before it were folded away (positions are not indices then)', async () => {
    // 12 KB: the events' columns pass half of it, so deleted objects' marks fold (ADR 0019).
    const store = new EventStore(() => 1000, 12_000)
    stores.push(store)
    let rv = 100
    for (let n = 0; n < 150; n++) {
      const name = `gone-${n}`
      store.recordObject('ADDED', 2, meta(name, String(rv)), json(name, String(rv++)))
      store.recordObject('DELETED', 2, meta(name, String(rv)), json(name, String(rv++)))
    }
    const first = store.newMark()
    const a = String(rv++)
    store.markObjectOf(store.recordObject('LISTED', 1, meta('a', a), json('a', a)), first)
    for (let n = 0; n < 1100; n++) store.recordBookmark(2, String(rv++))
    await store.compacted()
    store.recordBookmark(2, String(rv))
    expect(store.folding().foldedMarks).toBeGreaterThan(100)
    const next = store.newMark()
    expect(store.heldAgain(meta('a', a), 1, first, next)).toBe(true)
    expect(store.history('uid-a')?.versionCount).toBe(1)
  })

  it('a relist’s LISTED of an unchanged object is no new version', () => {
    const store = fresh()
    store.recordObject('ADDED', 1, meta('a', '10'), json('a', '10'))
    store.recordObject('LISTED', 1, meta('a', '10'), json('a', '10'))
    expect(store.history('uid-a')?.versionCount).toBe(1)
  })
})

describe('the end of a streaming list’s initial events', () => {
  it('says each object of the watch it did not send GONE in the catalogue’s words for a streaming list', () => {
    const store = fresh()
    for (const name of ['a', 'b'])
      store.recordObject('ADDED', 0, meta(name, '10'), json(name, '10'))
    const mark = store.newMark()
    store.markObjectOf(store.recordObject('ADDED', 0, meta('a', '10'), json('a', '10')), mark)
    const status = { listRv: '', lastRv: '', relists: 0 } as WatchStatus
    const ctx = { id: 0, store, clock: { now: () => 2000 }, status } as unknown as RequestContext
    const initial: InitialEvents = {
      release: () => {},
      reason: 'expired',
      mark,
      count: 1,
      encoding: null,
      done: false,
    }
    endInitialEvents(ctx, initial, '20')
    const gone = store.events().filter((e) => e.type === 'GONE')
    expect(gone).toHaveLength(1)
    expect(gone[0]).toMatchObject({
      name: 'b',
      rv: '20',
      note: 'not in the streaming list at 20: deleted while no watch was open',
      noteSaid: { key: 'watch.core.goneStreamNote', params: { rv: '20' } },
    })
    expect(store.lists.at(-1)).toMatchObject({ way: 'stream', rv: '20', items: 1 })
    expect(status).toMatchObject({ listRv: '20', lastRv: '20', startedBy: 'stream', relists: 1 })
  })
})
