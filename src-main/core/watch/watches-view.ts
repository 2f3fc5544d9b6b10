// What views need of a session's watches: SessionWatches (live) and the recording feature's
// ReplayWatches both give it, so the core context can hand either to a feature.
import type { ObjectVersionDetail, WatchSnapshot, WatchStatus } from '@common/watch-types'
import type { EventStore } from './event-store'

export interface WatchesView {
  readonly store: EventStore
  snapshot(): WatchSnapshot
  detail(eventIndex: number): Promise<ObjectVersionDetail | null>
  statuses(): WatchStatus[]
  /** A page applied frame `seq`: a backlog's next frame may go now (FrameBatcher.taken). */
  frameTaken(seq: number): void
}
