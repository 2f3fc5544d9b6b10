// What the list and the watch requests of one watch are given by the WatchSupervisor that runs
// them: where they ask and record, the watch's status to fill in and say, the supervisor's waits
// (which stop() cuts short), and where a request leaves the abort that stop() calls.
import type { Clock } from '@common/clock'
import type { WatchState, WatchStatus, WatchTarget } from '@common/watch-types'
import type { Said } from '@i18n/translate'
import type { KubeTransport } from '../kube-transport'
import type { EventStore } from './event-store'
import type { SupervisorOptions } from './supervisor-options'

export interface RequestContext {
  readonly id: number
  readonly target: WatchTarget
  readonly transport: KubeTransport
  readonly store: EventStore
  readonly clock: Clock
  readonly options: SupervisorOptions
  /** The watch's status: a request fills it in, then says it (set, report). */
  readonly status: WatchStatus
  /** Whether the watch was stopped: a request returns as soon as it sees so. */
  stopped(): boolean
  /** The status in `state`, for `reason` (a string is the server's words). */
  set(state: WatchState, reason: string | Said): void
  /** The status said again, its state unchanged. */
  report(): void
  /** Backs off for `delay` ms, saying why and when it tries again. */
  pause(reason: string | Said, delay: number, retryAfterMs?: number): Promise<void>
  /** Waits the watch's backoff, and never less than retryAfterMs (0: at once). */
  waitBeforeRetry(reason: string | Said, retryAfterMs?: number): Promise<void>
  /** What stop() calls while a request reads an answer; null once it stopped reading. */
  abortWith(abort: (() => void) | null): void
}
