// Marks folded with their versions once the events take more than their share of the budget
// (docs/adr/0019, EventStore.foldEvents): the store keeps every other mark under its index, the
// page's copy (TimelineData.fold, fed by the frames) folds the same marks and ends as a fresh
// snapshot would make it, and what the events cost falls.
import { afterEach, describe, expect, it } from 'vitest'
import type { EventFold, TimelineEvent } from '@common/watch-types'
import { EventStore } from '../../src-main/core/watch/event-store'
import { FRAME_BUDGET_BYTES, FrameBatcher } from '../../src-main/core/watch/frame-batcher'
import { EVENTS_SHARE } from '../../src-main/core/watch/version-folding'

/**
 * The page's copy of the stream (TimelineData), imported by path: the renderer's code is
 * type-checked with the page's settings, not the core's, so this test names only what it uses.
 */
interface PageLane {
  kind: string
  key: string
  uid: string
  label: string
  events: number[]
}
interface PageData {
  count: number
  lanes: PageLane[]
  lane: Int32Array
  index: Int32Array
  version: Int32Array
  typeOf(k: number): string
  rvOf(k: number): string
  append(events: TimelineEvent[]): void
  fold(folds: readonly EventFold[]): Int32Array | null
  lanesOf(uid: string): number
  rows(): PageLane[]
}
const PAGE_DATA = '../../src-renderer/src/features/watches/timeline/timeline-data'
const { TimelineData } = (await import(/* @vite-ignore */ PAGE_DATA)) as {
  TimelineData: new () => PageData
}
import { batcherOnManualClock } from './batcher-on-manual-clock'
import { ManualClock } from '../manual-clock'
import { writeConfigMap } from './configmap-writes'

const stores: EventStore[] = []
afterEach(() => stores.splice(0).forEach((s) => s.close()))

/** What the page shows of an event: enough to tell two copies apart. */
const shown = (e: { i: number; type: string; name: string; rv: string; v: number }) =>
  `${e.i} ${e.type} ${e.name} ${e.rv} v${e.v}`

function pageEvents(data: PageData): string[] {
  const out: string[] = []
  for (let k = 0; k < data.count; k++) {
    const lane = data.lanes[data.lane[k] as number]
    out.push(
      shown({
        i: data.index[k] as number,
        type: data.typeOf(k),
        name: lane?.kind === 'object' ? lane.label : '',
        rv: data.rvOf(k),
        v: data.version[k] as number,
      }),
    )
  }
  return out
}

/** Each lane's events as the page holds them, by its key. */
function lanes(data: PageData): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const lane of data.lanes)
    out.set(
      lane.key,
      lane.events.map((k) => `${data.index[k]}`),
    )
  return out
}

describe('marks folded with their versions', () => {
  it('folds busy objects’ older marks and deleted objects whole, in the store and the page alike', async () => {
    // 12 KB: the events' columns alone (1,024 slots of 35 bytes) pass half of it, so the marks
    // fold as soon as the worker folded their versions.
    const store = new EventStore(Date.now, 12_000)
    stores.push(store)
    const { batcher, frames, clock } = batcherOnManualClock(store)
    const page = new TimelineData()
    const take = () => {
      clock.advance(40)
      batcher.flushAll()
      for (const f of frames.splice(0)) {
        if (f.folds) page.fold(f.folds)
        page.append(f.events)
      }
    }
    const busy: number[] = []
    const quiet = [
      writeConfigMap(store, 'quiet', 'ADDED'),
      writeConfigMap(store, 'quiet', 'MODIFIED', 1),
    ]
    for (let n = 0; n < 150; n++) {
      busy.push(writeConfigMap(store, 'busy', n ? 'MODIFIED' : 'ADDED', n))
      // Deleted objects, created and deleted as the soak does.
      if (n % 10 === 0) {
        writeConfigMap(store, `gone-${n}`, 'ADDED')
        writeConfigMap(store, `gone-${n}`, 'DELETED', 1)
      }
      if (n % 25 === 0) take()
    }
    for (let n = 0; n < 1100; n++) store.recordBookmark(1, String(9000 + n))
    await store.compacted()
    take()

    const f = store.folding()
    expect(f.foldedVersions).toBeGreaterThan(100)
    expect(f.foldedMarks).toBeGreaterThan(100)
    expect(f.forgottenDeleted).toBeGreaterThan(0)
    expect(f.forgottenDeleted).toBe(f.foldedDeleted)
    // The busy object: its first version's mark and its kept versions' marks stay, the others went.
    const h = store.history('uid-busy')
    expect(h).toBeDefined()
    const below = h?.foldedBelow as number
    expect(below).toBeGreaterThan(100)
    for (let v = 0; v < 150; v++) {
      const i = busy[v] as number
      expect(store.has(i)).toBe(v === 0 || v >= below)
      expect(store.eventFolded(i)).toBe(v > 0 && v < below)
      if (store.has(i)) expect(store.event(i)).toMatchObject({ i, name: 'busy', v })
    }
    // Its list of version events says which are gone (-1).
    expect(h?.versionEvents[0]).toBe(busy[0])
    expect(h?.versionEvents[1]).toBe(-1)
    expect(h?.versionEvents[149]).toBe(busy[149])
    // A forgotten deleted object: no history, no marks.
    expect(store.history('uid-gone-0')).toBeUndefined()
    // The quiet object keeps both marks.
    for (const i of quiet) expect(store.event(i)).toMatchObject({ name: 'quiet' })
    // Bookmarks are never folded.
    expect(store.events().filter((e) => e.type === 'BOOKMARK')).toHaveLength(1100)
    expect(store.counts().events).toBe(store.events().length)

    // The page, fed frame by frame, holds what a fresh snapshot holds, lane by lane.
    const fresh = new TimelineData()
    fresh.append(store.events())
    expect(pageEvents(page)).toEqual(pageEvents(fresh))
    expect(pageEvents(page)).toEqual(store.events().map((e: TimelineEvent) => shown(e)))
    expect(lanes(page)).toEqual(lanes(fresh))
    expect(page.lanesOf('uid-gone-0')).toBe(0)
    expect(page.rows().some((l) => l.uid === 'uid-gone-0')).toBe(false)
    // The events cost at most their share, or what could not be folded (bookmarks, live objects).
    expect(store.eventsBytes()).toBeLessThan(35 * 2048 + 12_000 * EVENTS_SHARE)
    batcher.close()
  })

  it('finds every kept event by its index after folds, and sends none it folded', async () => {
    const store = new EventStore(Date.now, 12_000)
    stores.push(store)
    const all: number[] = []
    for (let round = 0; round < 4; round++) {
      for (let n = 0; n < 400; n++)
        all.push(
          writeConfigMap(store, `busy-${n % 3}`, round + n ? 'MODIFIED' : 'ADDED', round * 400 + n),
        )
      await store.compacted()
    }
    const held = store.events().map((e) => e.i)
    expect(held.length).toBeLessThan(all.length)
    // Kept in order; each found at its index, each folded one said folded.
    expect([...held].sort((a, b) => a - b)).toEqual(held)
    const kept = new Set(held)
    for (const i of all) {
      expect(store.has(i)).toBe(kept.has(i))
      if (kept.has(i)) expect(store.event(i).i).toBe(i)
      else expect(() => store.event(i)).toThrow(/folded/)
    }
    // A snapshot holds only kept events, each once.
    const batcher = new FrameBatcher(
      store,
      () => {},
      () => [],
      FRAME_BUDGET_BYTES,
      new ManualClock(),
    )
    expect(batcher.snapshot().events.map((e) => e.i)).toEqual(held)
    batcher.close()
  })

  it('keeps every mark while the events fit in their share of the budget', async () => {
    // 1 MB: the events (about 40 KB) are far under half of it; the versions alone are folded.
    const store = new EventStore(Date.now, 1 << 20)
    stores.push(store)
    for (let n = 0; n < 3000; n++) writeConfigMap(store, 'busy', n ? 'MODIFIED' : 'ADDED', n)
    await store.compacted()
    const f = store.folding()
    expect(f.foldedMarks).toBe(0)
    expect(store.counts().events).toBe(3000)
  })
})
