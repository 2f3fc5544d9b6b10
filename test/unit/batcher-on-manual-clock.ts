// A FrameBatcher over a test's store, on a ManualClock: it sends its frames only when the test
// advances the clock or flushes, into an array the test reads.
import type { WatchFrame } from '@common/watch-types'
import type { EventStore } from '../../src-main/core/watch/event-store'
import { FRAME_BUDGET_BYTES, FrameBatcher } from '../../src-main/core/watch/frame-batcher'
import { ManualClock } from '../manual-clock'

/** A batcher over `store` (no watch statuses, the default frame budget), its frames, its clock. */
export function batcherOnManualClock(store: EventStore) {
  const frames: WatchFrame[] = []
  const clock = new ManualClock()
  const batcher = new FrameBatcher(
    store,
    (f) => frames.push(f),
    () => [],
    FRAME_BUDGET_BYTES,
    clock,
  )
  return { batcher, frames, clock }
}
