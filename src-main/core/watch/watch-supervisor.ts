// Runs one watch the way client-go's reflector does: get the state (a list in pages, following
// `continue`, or a streaming list: its initial ADDED events up to the initial-events-end
// bookmark), then follow the changes with bookmarks; resume from the last resourceVersion seen
// when the server ends the watch; get the state again on 410 Expired (HTTP status or in-stream
// ERROR) and record the gap; back off on errors (Retry-After on 429); restart a watch gone silent.
// Which step comes next is decided in reflector-plan.ts; a list is read in list-reader.ts, a
// streaming list or a watch in watch-request.ts. Here: the loop between them, the status and its
// backoff waits, and stop().
// Ref: https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes
// and https://kubernetes.io/docs/reference/using-api/api-concepts/#streaming-lists
import { realClock, type Clock } from '@common/clock'
import type { WatchState, WatchStatus, WatchTarget } from '@common/watch-types'
import { said, type Said } from '@i18n/translate'
import { targetLabelSaid } from '@common/watch-label'
import type { KubeTransport } from '../kube-transport'
import { Backoff } from './backoff'
import type { EventStore } from './event-store'
import { ListReader } from './list-reader'
import { decide, startStep, type Outcome, type Step } from './reflector-plan'
import type { RequestContext } from './request-context'
import { DEFAULT_SUPERVISOR_OPTIONS, type SupervisorOptions } from './supervisor-options'
import { watchOnce } from './watch-request'
import { listingSaid, stallNoteSaid } from './watch-said'
import { initialWatchStatus } from './watch-status'

export class WatchSupervisor {
  readonly status: WatchStatus
  private stopped = false
  private abortCurrent: (() => void) | null = null
  private wake: (() => void) | null = null
  private readonly backoff: Backoff
  private readonly clock: Clock
  /** What the list and watch requests are given (request-context.ts). */
  private readonly requests: RequestContext
  private readonly lists: ListReader

  constructor(
    readonly id: number,
    readonly target: WatchTarget,
    transport: KubeTransport,
    private readonly store: EventStore,
    private readonly onStatus: (status: WatchStatus) => void,
    options: SupervisorOptions = DEFAULT_SUPERVISOR_OPTIONS,
  ) {
    this.backoff = new Backoff(options.backoff)
    this.clock = options.clock ?? realClock
    const label = targetLabelSaid(target)
    const starting = said('watch.core.starting')
    this.status = initialWatchStatus(id, target, {
      label: label.text,
      labelSaid: label.as,
      state: 'listing',
      reason: starting.text,
      reasonSaid: starting.as,
      mode: target.mode ?? 'auto',
    })
    this.requests = {
      id,
      target,
      transport,
      store,
      clock: this.clock,
      options,
      status: this.status,
      stopped: () => this.stopped,
      set: (state, reason) => this.set(state, reason),
      report: () => this.onStatus(this.status),
      pause: (reason, delay, retryAfterMs) => this.pause(reason, delay, retryAfterMs),
      waitBeforeRetry: (reason, retryAfterMs) => this.waitBeforeRetry(reason, retryAfterMs),
      abortWith: (abort) => {
        this.abortCurrent = abort
      },
    }
    this.lists = new ListReader(this.requests)
  }

  start(): void {
    void this.run()
  }

  stop(): void {
    this.stopped = true
    this.abortCurrent?.()
    this.wake?.()
    this.set('stopped', said('watch.core.stopped'))
  }

  /** A reason in Apiscope's words is a message (said again in French); a string is the server's. */
  private set(state: WatchState, reason: string | Said): void {
    this.status.state = state
    delete this.status.reasonDetailSaid
    if (typeof reason === 'string') {
      this.status.reason = reason
      delete this.status.reasonSaid
    } else {
      this.status.reason = reason.text
      this.status.reasonSaid = reason.as
    }
    this.onStatus(this.status)
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.clock.setTimeout(() => {
        this.wake = null
        resolve()
      }, ms)
      this.wake = () => {
        this.clock.clearTimeout(timer)
        this.wake = null
        resolve()
      }
    })
  }

  /**
   * Waits the backoff, and never less than the server's Retry-After (client-go's reflector backs
   * off on a 429 too; the header is a floor, not a schedule). retryAfterMs 0 means at once: a
   * list whose built continue token the server refused (400, 422) starts over without waiting.
   */
  private async waitBeforeRetry(reason: string | Said, retryAfterMs?: number): Promise<void> {
    const delay = retryAfterMs === 0 ? 0 : Math.max(retryAfterMs ?? 0, this.backoff.next())
    await this.pause(reason, delay, retryAfterMs)
  }

  /** Backs off for `delay` ms, saying why and when it tries again (and the server's Retry-After). */
  private async pause(reason: string | Said, delay: number, retryAfterMs?: number): Promise<void> {
    const detail = typeof reason === 'string' ? null : reason
    const text = typeof reason === 'string' ? reason : reason.text
    this.status.nextRetryAt = new Date(this.clock.now() + delay).toISOString()
    const s = Math.round(delay / 100) / 10
    this.set(
      'backoff',
      retryAfterMs !== undefined && retryAfterMs > 0
        ? said('watch.core.retryingAfter', { reason: text, s, after: retryAfterMs / 1000 })
        : said('watch.core.retrying', { reason: text, s }),
    )
    // Set after: set() forgets the detail of the reason before.
    if (detail) this.status.reasonDetailSaid = detail.as
    await this.sleep(delay)
    this.status.nextRetryAt = null
  }

  private async run(): Promise<void> {
    const mode = this.status.mode ?? 'auto'
    let step: Step = startStep(mode, null, 'initial')
    while (!this.stopped) {
      let outcome: Outcome
      if (step.kind === 'list') {
        this.set('listing', listingSaid(step.reason))
        const listed = await this.lists.list(step.reason)
        if (this.stopped) return
        outcome = listed.ok
          ? { kind: 'listed', rv: listed.rv }
          : listed.startsOver === 'expired'
            ? { kind: 'expired', message: listed.message }
            : {
                kind: 'error',
                message: listed.message,
                ...(listed.said ? { said: listed.said } : {}),
                ...(listed.retryAfterMs !== undefined ? { retryAfterMs: listed.retryAfterMs } : {}),
                ...(listed.startsOver ? { startsOver: true } : {}),
              }
      } else {
        const startedAt = this.clock.now()
        const watched = await watchOnce(this.requests, step)
        this.backoff.healthyFor(this.clock.now() - startedAt)
        if (this.stopped || watched.kind === 'stopped') return
        outcome = watched
      }
      const d = decide(step, outcome, {
        mode,
        fallback: this.status.fallback ?? null,
        lastRv: this.status.lastRv,
      })
      if (d.count) this.status[d.count]++
      if (outcome.kind === 'stalled') {
        const note = stallNoteSaid(outcome.silentMs)
        this.store.recordError(this.id, note.text, undefined, '', note.as)
      }
      if (d.fallback) this.status.fallback = d.fallback
      if (d.fallbackSaid) this.status.fallbackSaid = d.fallbackSaid.as
      if (d.fail) {
        this.set('failed', d.failSaid ?? d.fail)
        return
      }
      if (d.backoff)
        await this.waitBeforeRetry(d.backoff.reasonSaid ?? d.backoff.reason, d.backoff.retryAfterMs)
      step = d.next
    }
  }
}
