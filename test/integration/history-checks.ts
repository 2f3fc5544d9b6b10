// What every fault test checks afterwards, against the real server: each object's stored history
// agrees with a fresh list (same objects, same latest resourceVersion, none left over), no version
// is stored twice or out of order (each object's resourceVersions only grow), and every write the
// test made is in the store exactly once (or, after a relist, covered by a listed version).
import { expect } from 'vitest'
import { compareResourceVersions } from '@common/resource-version'
import type { EventStore } from '../../src-main/core/watch/event-store'

export interface FreshItem {
  metadata: { uid: string; resourceVersion: string; name: string }
}

export function expectHistoryAgrees(
  store: EventStore,
  watchId: number,
  fresh: FreshItem[],
  writtenRvs: string[] = [],
  { relisted = false }: { relisted?: boolean } = {},
): void {
  for (const item of fresh) {
    const h = store.history(item.metadata.uid)
    expect(h, `${item.metadata.name} is in the store`).toBeDefined()
    expect(h?.latestRv, `${item.metadata.name}'s latest resourceVersion`).toBe(
      item.metadata.resourceVersion,
    )
    expect(h?.deleted, `${item.metadata.name} is not deleted`).toBe(false)
  }
  const live = [...store.liveObjectsOfWatch(watchId).values()].map((h) => h.name).sort()
  expect(live, 'the live objects are those of a fresh list').toEqual(
    fresh.map((i) => i.metadata.name).sort(),
  )
  const events = store.events().filter((e) => e.watch === watchId && e.uid)
  for (const uid of new Set(events.map((e) => e.uid))) {
    const h = store.history(uid)
    const rvs = (h?.versionEvents ?? []).map((i) => store.event(i).rv)
    for (let k = 1; k < rvs.length; k++) {
      expect(
        compareResourceVersions(rvs[k - 1], rvs[k]),
        `${h?.name}: version ${k} (${rvs[k]}) comes after ${rvs[k - 1]}`,
      ).toBe(-1)
    }
  }
  const delivered = events.filter(
    (e) => e.type === 'ADDED' || e.type === 'MODIFIED' || e.type === 'DELETED',
  )
  const listed = new Set(events.filter((e) => e.type === 'LISTED').map((e) => e.rv))
  const byRv = new Map<string, number>()
  for (const e of delivered) byRv.set(e.rv, (byRv.get(e.rv) ?? 0) + 1)
  for (const [rv, n] of byRv) expect(n, `the event at ${rv} is delivered once`).toBe(1)
  // After a relist a version overwritten while no watch was open is legitimately absent (the gap
  // is recorded); without one, every write comes exactly once.
  if (relisted) return
  for (const rv of writtenRvs) {
    expect((byRv.get(rv) ?? 0) + (listed.has(rv) ? 1 : 0), `write ${rv} is stored once`).toBe(1)
  }
}

/**
 * After a list: each object listed once (one LISTED event per uid of the watch), the listed
 * objects are those of the fresh list, and the history agrees with it.
 */
export function expectListedOnceAndAgrees(
  store: EventStore,
  watchId: number,
  fresh: FreshItem[],
): void {
  const listed = store
    .events()
    .filter((e) => e.watch === watchId && e.type === 'LISTED')
    .map((e) => e.uid)
  expect(listed.length, 'each object listed once').toBe(new Set(listed).size)
  expect(new Set(listed), 'the objects listed are those of a fresh list').toEqual(
    new Set(fresh.map((i) => i.metadata.uid)),
  )
  expectHistoryAgrees(store, watchId, fresh)
}
