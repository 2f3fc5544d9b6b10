// What a feature's handlers get from the core: the session (when connected), the request log, a
// way to push events to the renderer, and the core's options. Features do not reach into the core.
import type {
  EventChannel,
  EventPayloads,
  InvokeAnswers,
  InvokeChannel,
  InvokePayload,
} from '@common/contract'
import type { Result } from '@common/result'
import type { CoreOptions } from '../apiscope-core'
import type { ClusterSession } from '../cluster-session'
import type { RequestLog } from '../request-log'

export interface CoreContext {
  readonly options: CoreOptions
  readonly requestLog: RequestLog
  /** The connected session, or a not-connected error the renderer can show. */
  requireSession(): Result<ClusterSession>
  emit<E extends EventChannel>(channel: E, payload: EventPayloads[E]): void
}

/** The handlers for a subset of the contract's channels, typed by the contract. */
export type HandlersFor<C extends InvokeChannel> = {
  [K in C]: (payload: InvokePayload<K>) => Promise<Result<InvokeAnswers[K]>>
}
