// What a feature's handlers get from the core: the session (when connected), the watches views
// read from (live or replayed), the request log, a way to push events to the renderer, and the
// core's options. Features do not reach into the core.
import type {
  EventChannel,
  EventPayloads,
  InvokeAnswers,
  InvokeChannel,
  InvokePayload,
} from '@common/contract'
import type { RequestLogEntry, SessionInfo } from '@common/kube-types'
import type { Result } from '@common/result'
import type { CoreEventListener, CoreOptions } from '../apiscope-core'
import type { ClusterSession } from '../cluster-session'
import type { WatchesView } from '../recording/replay-watches'
import type { RequestLog } from '../request-log'
import type { AuditBus } from './audit-bus'

export type { WatchesView }

/** A recording being replayed, as the core sees it (src-main/node/recording/replay-session.ts). */
export interface ReplaySource {
  readonly info: SessionInfo
  readonly watches: WatchesView
  readonly requests: RequestLogEntry[]
  /** What a read-only message answered when the recording was made (identity, discovery...). */
  answer(channel: InvokeChannel): unknown
  close(): void
}

export interface CoreContext {
  readonly options: CoreOptions
  readonly requestLog: RequestLog
  /**
   * The connected live session, or an error the renderer can show: not connected, or replaying
   * (a replay sends nothing to any cluster, so anything that would is refused here).
   */
  requireSession(): Result<ClusterSession>
  /** The watches to read from: the live session's, or the replay's. Use it for read-only views. */
  requireWatches(): Result<WatchesView>
  /** The recording being replayed, or null when live. */
  readonly replay: ReplaySource | null
  /** Switches the core to a replay (closing the live session), or back to idle with null. */
  setReplay(replay: ReplaySource | null): void
  /** Announces the replay's session again (its connectedAt changed: the renderer starts over). */
  announceReplay(): void
  /** Every event the core pushes (the recorder listens here). */
  onEvent(listener: CoreEventListener): () => void
  emit<E extends EventChannel>(channel: E, payload: EventPayloads[E]): void
  /**
   * The audit events the live-traffic sources receive, for any feature (lab attribution, rollout
   * trace). Only the traffic feature publishes; the others subscribe or look up.
   */
  readonly audit: AuditBus
  /** Runs when the core closes (servers to stop, timers to clear); may return a promise. */
  onClose(fn: () => void | Promise<void>): void
}

/** The handlers for a subset of the contract's channels, typed by the contract. */
export type HandlersFor<C extends InvokeChannel> = {
  [K in C]: (payload: InvokePayload<K>) => Promise<Result<InvokeAnswers[K]>>
}
