// What a feature's handlers get from the core: the session (when connected), the watches views
// read from (live or replayed), the request log, a way to push events to the renderer, and the
// core's options. Features do not reach into the core.
//
// Two worlds: the live session and, shown over it, a replay. Opening a replay leaves the live
// session running (its watches, log and sources go on); each world pushes only while it is the one
// on screen, and closing the replay brings the live one back as it is.
import type {
  AppInfo,
  EventChannel,
  EventPayloads,
  InvokeAnswers,
  InvokeChannel,
  InvokePayload,
} from '@common/contract'
import type { RequestLogEntry, SessionInfo } from '@common/kube-types'
import type { StoreBudget } from '@common/watch-types'
import type { TrafficStatus } from '@common/traffic-request'
import type { Result, UiError } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import type { ClusterSession } from './cluster-session'
import type { WatchesView } from './watch/watches-view'
import type { RequestLog } from './request-log'
import type { WatchesOptions } from './watch/watches-options'
import type { AuditBus } from './audit-bus'

export type { WatchesView }

export type CoreEventListener = <E extends EventChannel>(
  channel: E,
  payload: EventPayloads[E],
) => void

export interface CoreOptions {
  host: AppInfo['host']
  version: string
  env?: NodeJS.ProcessEnv
  home?: string
  /** Watch tuning (tests shorten timeouts). */
  watch?: WatchesOptions
  /** Where the bundled demo recordings are (resources/demo). */
  demoDir?: string
  /** Where recordings made in the app go (default ~/.apiscope/recordings). */
  recordingsDir?: string
  /**
   * The store's budget in MB (docs/adr/0019): past it, the busiest objects' older versions are
   * folded away. Absent: DEFAULT_STORE_BUDGET_MB; 0: every version is kept.
   */
  storeBudgetMb?: number
  /**
   * Where the settings a person changes in the app are remembered (core/settings-file.ts; the
   * hosts pass ~/.apiscope/settings.json). Absent: they last as long as the core (tests).
   */
  settingsFile?: string
}

/** What anything that would touch the live world answers while a replay is on screen. */
export const replayRefusal: UiError = saidError(
  'not-connected',
  said('core.err.replay'),
  said('core.err.replayDetail'),
  said('core.err.replayNext'),
)

/** Which world an event belongs to: pushed only while that world is on screen ('both': always). */
export type World = 'live' | 'replay' | 'both'

/** A recording being replayed, as the core sees it (src-main/features/recording/replay-session.ts). */
export interface ReplaySource {
  readonly info: SessionInfo
  readonly watches: WatchesView
  readonly requests: RequestLogEntry[]
  /** The recorded live traffic so far (its sources and latest requests), not the live sources'. */
  traffic(): TrafficStatus
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
  /**
   * The live session even while a replay is on screen, for work that goes on underneath (a rollout
   * trace's updates); never to send what a user asks from a replay.
   */
  readonly liveSession: ClusterSession | null
  /** The recording being replayed, or null when live. */
  readonly replay: ReplaySource | null
  /**
   * Shows a replay over the live session (which keeps running), or with null closes it and shows
   * the live session again, as it is now.
   */
  setReplay(replay: ReplaySource | null): void
  /** Announces the replay's session again (its connectedAt changed: the renderer starts over). */
  announceReplay(): void
  /** Every event the core pushes (the recorder listens here). */
  onEvent(listener: CoreEventListener): () => void
  /**
   * Pushes an event of one world (default: live). A live event while a replay is shown is not
   * pushed (the live state keeps it: the renderer reads it again on the way back), nor is a
   * replay's once it is closed.
   */
  emit<E extends EventChannel>(channel: E, payload: EventPayloads[E], world?: World): void
  /**
   * The audit events the live-traffic sources receive, for any feature (lab attribution, rollout
   * trace). Only the traffic feature publishes; the others subscribe or look up.
   */
  readonly audit: AuditBus
  /**
   * The store's budget as a setting (docs/adr/0019): what is in force and its default, and a way
   * to change it (null: back to the default), remembered in the settings file. A change reaches
   * the live session's store at once and every session after it.
   */
  readonly storeBudget: {
    get(): StoreBudget
    set(mb: number | null): StoreBudget
  }
  /** Runs when the core closes (servers to stop, timers to clear); may return a promise. */
  onClose(fn: () => void | Promise<void>): void
}

/** The handlers for a subset of the contract's channels, typed by the contract. */
export type HandlersFor<C extends InvokeChannel> = {
  [K in C]: (payload: InvokePayload<K>) => Promise<Result<InvokeAnswers[K]>>
}
