// What a session's watches are tuned by (SessionWatches, the core's `watch` option): their
// supervisors' options, and the frames' budget, which is the frame batcher's alone.
import type { SupervisorOptions } from './supervisor-options'

export interface WatchesOptions extends Partial<SupervisorOptions> {
  /** A frame's most bytes of events (FRAME_BUDGET_BYTES, 512 KB, by default). */
  frameBudgetBytes?: number
}
