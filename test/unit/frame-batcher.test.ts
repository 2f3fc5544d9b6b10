// Frames carry every event once, in order, with consecutive seq numbers; a snapshot taken at any
// moment plus the frames after it equals the whole stream (what a renderer that lost a frame does).
import { describe, expect, it } from 'vitest'
import { EventStore } from '../../src-main/core/watch/event-store'
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
})
