// Frames carry every event once, in order, with consecutive seq numbers; a snapshot taken at any
// moment plus the frames after it equals the whole stream (what a renderer that lost a frame does).
import { describe, expect, it } from 'vitest'
import { EventStore } from '../../src-main/core/watch/event-store'
import {
  FRAME_BUDGET_BYTES,
  FRAME_INTERVAL_MS,
  FrameBatcher,
} from '../../src-main/core/watch/frame-batcher'
import { batcherOnManualClock } from './batcher-on-manual-clock'

const meta = (n: number) => ({
  kind: 'ConfigMap',
  apiVersion: 'v1',
  name: `cm-${n % 5}`,
  namespace: 'lab',
  uid: `u${n % 5}`,
  resourceVersion: String(100 + n),
})

describe('frame batcher', () => {
  it('sends each event once, in order, seq by seq; snapshot + later frames = everything', () => {
    const store = new EventStore()
    const { batcher, frames, clock } = batcherOnManualClock(store)
    for (let n = 0; n < 50; n++) store.recordObject('MODIFIED', 1, meta(n), '{}')
    clock.advance(40)
    const snapshot = batcher.snapshot()
    for (let n = 50; n < 120; n++) store.recordObject('MODIFIED', 1, meta(n), '{}')
    clock.advance(40)
    batcher.flush()
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, k) => k + 1))
    expect(frames.flatMap((f) => f.events).map((e) => e.i)).toEqual([...Array(120).keys()])
    const after = frames.filter((f) => f.seq > snapshot.seq).flatMap((f) => f.events)
    expect([...snapshot.events, ...after].map((e) => e.rv)).toEqual(
      [...Array(120).keys()].map((n) => String(100 + n)),
    )
    batcher.close()
    store.close()
  })

  it('drains a backlog as fast as the page takes it, in full frames, never slower than a frame an interval', () => {
    const store = new EventStore()
    const { batcher, frames, clock } = batcherOnManualClock(store)
    // About 20,000 events: several frames' budget.
    for (let n = 0; n < 20_000; n++) store.recordObject('MODIFIED', 1, meta(n), '{}')
    clock.advance(0)
    expect(frames).toHaveLength(1)
    // Nobody says they took it: the next waits for the interval.
    clock.advance(FRAME_INTERVAL_MS - 1)
    expect(frames).toHaveLength(1)
    clock.advance(1)
    expect(frames).toHaveLength(2)
    // Taken: the next goes at once, each time the page takes the last one.
    batcher.taken(2)
    clock.advance(0)
    expect(frames).toHaveLength(3)
    // A word for a frame before the last, or one never sent, changes nothing.
    batcher.taken(2)
    batcher.taken(99)
    clock.advance(0)
    expect(frames).toHaveLength(3)
    // Each word sends the next while a full frame's worth waits; less than that waits for the
    // interval, taken or not.
    const full = (frames[0] as { events: unknown[] }).events.length
    const carried = () => frames.reduce((n, f) => n + f.events.length, 0)
    for (;;) {
      const before = frames.length
      batcher.taken((frames.at(-1) as { seq: number }).seq)
      clock.advance(0)
      if (frames.length === before) break
      // A full frame: the events' sizes vary a little, so their number does.
      expect((frames.at(-1) as { events: unknown[] }).events.length).toBeGreaterThan(full * 0.95)
    }
    expect(20_000 - carried()).toBeLessThan(full * 1.05)
    const sent = frames.length
    clock.advance(FRAME_INTERVAL_MS - 1)
    expect(frames).toHaveLength(sent)
    clock.advance(1)
    expect(frames).toHaveLength(sent + 1)
    expect(frames.length).toBeGreaterThan(4)
    expect(frames.flatMap((f) => f.events).map((e) => e.i)).toEqual([...Array(20_000).keys()])
    batcher.close()
    store.close()
  })

  it('sends a trickle at most a frame an interval, taken or not', () => {
    const store = new EventStore()
    const { batcher, frames, clock } = batcherOnManualClock(store)
    store.recordObject('MODIFIED', 1, meta(0), '{}')
    clock.advance(0)
    expect(frames).toHaveLength(1)
    batcher.taken(1)
    store.recordObject('MODIFIED', 1, meta(1), '{}')
    clock.advance(FRAME_INTERVAL_MS - 1)
    expect(frames).toHaveLength(1)
    clock.advance(1)
    expect(frames).toHaveLength(2)
    batcher.close()
    store.close()
  })

  it('takes the word of a page that answers within the send (the next frame waits for no timer)', () => {
    const store = new EventStore()
    const frames: { seq: number; n: number }[] = []
    const { clock } = batcherOnManualClock(store)
    // A sink that takes each frame as it is handed over, as the ingest bench's does.
    let batcher: FrameBatcher | null = null
    batcher = new FrameBatcher(
      store,
      (f) => {
        frames.push({ seq: f.seq, n: f.events.length })
        batcher?.taken(f.seq)
      },
      () => [],
      FRAME_BUDGET_BYTES,
      clock,
    )
    for (let n = 0; n < 20_000; n++) store.recordObject('MODIFIED', 1, meta(n), '{}')
    clock.advance(0)
    // Every full frame at once; the rest, less than a frame, at the interval.
    const full = (frames[0] as { n: number }).n
    expect(frames.reduce((sum, f) => sum + f.n, 0)).toBeGreaterThan(20_000 - full * 1.05)
    expect(frames.reduce((sum, f) => sum + f.n, 0)).toBeLessThan(20_000)
    clock.advance(FRAME_INTERVAL_MS)
    expect(frames.reduce((sum, f) => sum + f.n, 0)).toBe(20_000)
    expect(frames.length).toBeGreaterThan(4)
    batcher.close()
    store.close()
  })

  it('sends early as soon as a full frame’s worth has come after the word, not before', () => {
    const store = new EventStore()
    const { batcher, frames, clock } = batcherOnManualClock(store)
    for (let n = 0; n < 20_000; n++) store.recordObject('MODIFIED', 1, meta(n), '{}')
    clock.advance(0)
    // Drain what waits, frame by frame, then take the last.
    while (frames.reduce((n, f) => n + f.events.length, 0) < 20_000)
      clock.advance(FRAME_INTERVAL_MS)
    batcher.taken((frames.at(-1) as { seq: number }).seq)
    const sent = frames.length
    // What a full frame counts: the last the budget filled (the very last carried the rest).
    const full = (frames.at(-2) as { events: unknown[] }).events.length
    // Events come in while the page waits: nothing goes until a full frame's worth is there.
    for (let n = 0; n < full - 1; n++) store.recordObject('MODIFIED', 1, meta(n), '{}')
    clock.advance(0)
    expect(frames).toHaveLength(sent)
    store.recordObject('MODIFIED', 1, meta(full), '{}')
    clock.advance(0)
    expect(frames).toHaveLength(sent + 1)
    batcher.close()
    store.close()
  })
})
