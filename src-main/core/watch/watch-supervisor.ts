// Runs one watch the way client-go's reflector does: get the state (a list in pages, following
// `continue`, or a streaming list: its initial ADDED events up to the initial-events-end
// bookmark), then follow the changes with bookmarks; resume from the last resourceVersion seen
// when the server ends the watch; get the state again on 410 Expired (HTTP status or in-stream
// ERROR) and record the gap; back off on errors (Retry-After on 429); restart a watch gone silent.
// Which step comes next is decided in reflector-plan.ts.
// Ref: https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes
// and https://kubernetes.io/docs/reference/using-api/api-concepts/#streaming-lists
import { decodeContinueToken } from '@common/resource-version'
import { numericResourceVersion } from '@common/resource-version'
import { realClock, type Clock } from '@common/clock'
import type { ListPage, WatchState, WatchStatus, WatchTarget } from '@common/watch-types'
import type { IncomingHttpHeaders } from 'node:http'
import { said, type Said } from '@i18n/translate'
import { parseStatus } from '../failure-messages'
import type { KubeTransport, StreamResponse } from '../kube-transport'
import { Backoff, DEFAULT_BACKOFF, type BackoffOptions } from './backoff'
import type { EventStore } from './event-store'
import {
  decide,
  refusesStreamingList,
  startStep,
  type Outcome,
  type StartReason,
  type Step,
} from './reflector-plan'
import { collectionPath, targetLabelSaid } from './watch-target'
import { initialWatchStatus } from './watch-status'
import { readWatchStream, type WatchLine } from './watch-stream'

export interface SupervisorOptions {
  pageSize: number
  /** Picks each watch request's timeoutSeconds (client-go: between 5 and 10 minutes). */
  timeoutSeconds: () => number
  /** Silence tolerated past timeoutSeconds before the watchdog restarts the watch. */
  stallGraceMs: number
  backoff: BackoffOptions
  /**
   * Names the FlowSchema and priority level behind a 429's X-Kubernetes-PF-FlowSchema-UID and
   * -PriorityLevel-UID headers; without it the status keeps the UIDs.
   */
  flowNames?: FlowNames
  /** How many times one list page is asked again, with the same continue token, after a lost connection. */
  pageRetries?: number
  /** Backoff waits, the stall watchdog and the times in statuses and lists (real by default). */
  clock?: Clock
}

export type FlowNames = (
  flowSchemaUid: string | undefined,
  priorityLevelUid: string | undefined,
) => Promise<{ flowSchema: string | null; priorityLevel: string | null }>

export const DEFAULT_SUPERVISOR_OPTIONS: SupervisorOptions = {
  pageSize: 500,
  timeoutSeconds: () => 300 + Math.floor(Math.random() * 300),
  stallGraceMs: 30_000,
  backoff: DEFAULT_BACKOFF,
  pageRetries: 3,
}

type WatchOutcome = Outcome | { kind: 'stopped' }

/** A streaming list until its initial-events-end bookmark: the objects it sent so far. */
interface InitialEvents {
  reason: StartReason
  uids: Set<string>
  count: number
  encoding: string | null
  done: boolean
}

type ListItem = Record<string, unknown>
interface ListBody {
  kind?: string
  metadata?: { resourceVersion?: string; continue?: string; remainingItemCount?: number }
  items?: ListItem[]
}

export class WatchSupervisor {
  readonly status: WatchStatus
  private stopped = false
  private abortCurrent: (() => void) | null = null
  private wake: (() => void) | null = null
  private readonly backoff: Backoff
  private readonly clock: Clock

  constructor(
    readonly id: number,
    readonly target: WatchTarget,
    private readonly transport: KubeTransport,
    private readonly store: EventStore,
    private readonly onStatus: (status: WatchStatus) => void,
    private readonly options: SupervisorOptions = DEFAULT_SUPERVISOR_OPTIONS,
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

  /** The transport's title for a failure (nothing answers, a timeout), said by key when it has one. */
  private failureTitle(error: unknown): Said {
    const described = this.transport.describe(error)
    // Every title describe() gives is a catalogue message; a programming error's is "unexpected".
    const as = described.said?.title ?? { key: 'fail.unexpected.title' }
    return { text: described.title, as: as as Said['as'] }
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
   * list whose continue token expired starts again from scratch without waiting.
   */
  private async waitBeforeRetry(reason: string | Said, retryAfterMs?: number): Promise<void> {
    const detail = typeof reason === 'string' ? null : reason
    const text = typeof reason === 'string' ? reason : reason.text
    const delay = retryAfterMs === 0 ? 0 : Math.max(retryAfterMs ?? 0, this.backoff.next())
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

  private query(extra: Record<string, string | number | boolean>) {
    return {
      ...(this.target.labelSelector ? { labelSelector: this.target.labelSelector } : {}),
      ...(this.target.fieldSelector ? { fieldSelector: this.target.fieldSelector } : {}),
      ...extra,
    }
  }

  private async run(): Promise<void> {
    const mode = this.status.mode ?? 'auto'
    let step: Step = startStep(mode, null, 'initial')
    while (!this.stopped) {
      let outcome: Outcome
      if (step.kind === 'list') {
        this.set('listing', said(LISTING[step.reason]))
        const listed = await this.list(step.reason)
        if (this.stopped) return
        outcome = listed.ok
          ? { kind: 'listed', rv: listed.rv }
          : {
              kind: 'error',
              message: listed.message,
              ...(listed.said ? { said: listed.said } : {}),
              ...(listed.retryAfterMs !== undefined ? { retryAfterMs: listed.retryAfterMs } : {}),
            }
      } else {
        const startedAt = this.clock.now()
        const watched = await this.watch(step)
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

  /**
   * Lists every page at one resourceVersion, recording each page's items as the page arrives (in
   * chunks, yielding between them, so that no task holds the event loop long), then reconciles
   * the store with the result. A list cut short keeps the pages it recorded: what the server said.
   */
  private async list(
    reason: 'initial' | 'expired' | 'reconnect',
  ): Promise<
    { ok: true; rv: string } | { ok: false; message: string; said?: Said; retryAfterMs?: number }
  > {
    let cont: string | undefined
    let rv = ''
    let listKindName = ''
    let retries = 0
    let pageCount = 0
    let itemCount = 0
    let snapshotId = -1
    let before: Map<string, unknown> | null = null
    type Fetched =
      | { ok: true; res: Awaited<ReturnType<KubeTransport['request']>> }
      | { ok: false; error: unknown }
    const fetchPage = (token: string | undefined): Promise<Fetched> =>
      this.transport
        .request({
          path: collectionPath(this.target),
          query: this.query({
            limit: this.target.pageSize ?? this.options.pageSize,
            ...(token ? { continue: token } : {}),
          }),
          timeoutMs: 60_000,
        })
        .then(
          (res) => ({ ok: true as const, res }),
          (error: unknown) => ({ ok: false as const, error }),
        )
    // The next page is asked for as soon as its continue token is known: the server reads it
    // while this page's items are recorded.
    let prefetched: Promise<Fetched> | null = null
    do {
      const fetched = await (prefetched ?? fetchPage(cont))
      prefetched = null
      if (this.stopped) return { ok: false, message: 'stopped' }
      if (!fetched.ok) {
        const message = this.failureTitle(fetched.error)
        // A page lost on the way: its continue token still holds the list's resourceVersion, so
        // ask for the same page again (a 410 answer to it starts the list over, below).
        if (cont && retries < (this.options.pageRetries ?? 0) && !this.stopped) {
          retries++
          await this.waitBeforeRetry(said('watch.core.pageLost', { n: pageCount + 1, message }))
          if (this.stopped) return { ok: false, message: 'stopped' }
          this.set('listing', said('watch.core.askAgain', { n: pageCount + 1 }))
          continue
        }
        return { ok: false, message: message.text, said: message }
      }
      const res = fetched.res
      retries = 0
      if (res.status !== 200) {
        const status = parseStatus(res.body)
        // A continue token past compaction expires too: start the list again from scratch.
        if (res.status === 410 && cont) {
          const expired = said('watch.core.pageExpired', { message: status?.message ?? '410' })
          return { ok: false, message: expired.text, said: expired, retryAfterMs: 0 }
        }
        const throttle = await this.noteThrottle(res.status, res.headers)
        const answered = answer('list', res.status, status?.message ?? res.statusText, throttle)
        return {
          ok: false,
          message: answered.text,
          said: answered,
          ...retryAfter(res.status, res.headers['retry-after']),
        }
      }
      const body = JSON.parse(res.body) as ListBody
      rv = body.metadata?.resourceVersion ?? rv
      listKindName ||= body.kind ?? ''
      cont = body.metadata?.continue || undefined
      if (cont) prefetched = fetchPage(cont)
      const pageItems = body.items ?? []
      const remaining = body.metadata?.remainingItemCount ?? null
      const page: ListPage = {
        index: pageCount,
        items: pageItems.length,
        rv: body.metadata?.resourceVersion ?? '',
        remainingItemCount: remaining,
        continueToken: cont ? { raw: cont, decoded: decodeContinueToken(cont) } : null,
      }
      if (snapshotId < 0) {
        // What the watch held before this list, taken before the first item is recorded.
        before = this.store.liveObjectsOfWatch(this.id)
        snapshotId = this.store.addList({
          watch: this.id,
          rv,
          rvn: numericResourceVersion(rv),
          t: this.clock.now(),
          reason,
          pages: [page],
          items: pageItems.length,
          firstEvent: this.store.size,
          way: 'list',
        }).id
      } else {
        this.store.addListPage(snapshotId, page)
      }
      pageCount++
      itemCount += pageItems.length
      await this.recordItems(pageItems, itemKind(this.target, listKindName), snapshotId, before)
      if (this.stopped) return { ok: false, message: 'stopped' }
      if (cont) this.set('listing', listingProgressSaid(reason, pageCount, itemCount, remaining))
    } while (cont)

    for (const uid of (before ?? new Map<string, unknown>()).keys()) {
      const note = goneNoteSaid(rv)
      this.store.recordGone(this.id, uid, rv, note.text, note.as)
    }
    this.status.listRv = rv
    this.status.lastRv = rv
    this.status.startedBy = 'list'
    if (reason !== 'initial') this.status.relists++
    return { ok: true, rv }
  }

  /** One page's items as LISTED events, RECORD_CHUNK at a time with a yield between chunks. */
  private async recordItems(
    items: ListItem[],
    kind: { apiVersion: string; kind: string },
    list: number,
    before: Map<string, unknown> | null,
  ): Promise<void> {
    const str = (v: unknown) => (typeof v === 'string' ? v : '')
    for (let from = 0; from < items.length; from += RECORD_CHUNK) {
      if (from > 0) await yieldToLoop()
      if (this.stopped) return
      const to = Math.min(items.length, from + RECORD_CHUNK)
      for (let k = from; k < to; k++) {
        const item = items[k] as ListItem
        // Items come without kind and apiVersion in a list; restore them from the list's kind.
        const object = { apiVersion: kind.apiVersion, kind: kind.kind, ...item }
        const m = (item.metadata ?? {}) as Record<string, unknown>
        const meta = {
          kind: kind.kind,
          apiVersion: kind.apiVersion,
          name: str(m.name),
          namespace: str(m.namespace),
          uid: str(m.uid),
          resourceVersion: str(m.resourceVersion),
        }
        this.store.recordObject('LISTED', this.id, meta, JSON.stringify(object), list)
        before?.delete(meta.uid)
      }
    }
  }

  /**
   * A 429 from API Priority and Fairness: counted on the status with the FlowSchema and priority
   * level that refused it. Returns the names to add to the message (null for any other status).
   */
  private async noteThrottle(
    status: number,
    headers: IncomingHttpHeaders,
  ): Promise<{ fs: string; pl: string } | null> {
    if (status !== 429) return null
    const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)
    const fsUid = one(headers['x-kubernetes-pf-flowschema-uid'])
    const plUid = one(headers['x-kubernetes-pf-prioritylevel-uid'])
    let names = { flowSchema: fsUid ?? null, priorityLevel: plUid ?? null }
    if (this.options.flowNames && (fsUid || plUid)) {
      try {
        const found = await this.options.flowNames(fsUid, plUid)
        names = {
          flowSchema: found.flowSchema ?? names.flowSchema,
          priorityLevel: found.priorityLevel ?? names.priorityLevel,
        }
      } catch {
        // The UIDs stay.
      }
    }
    const seconds = Number(one(headers['retry-after']))
    this.status.throttled = {
      count: (this.status.throttled?.count ?? 0) + 1,
      at: new Date(this.clock.now()).toISOString(),
      retryAfterSeconds: Number.isFinite(seconds) ? seconds : null,
      ...names,
    }
    if (!names.flowSchema && !names.priorityLevel) return null
    return { fs: names.flowSchema ?? '?', pl: names.priorityLevel ?? '?' }
  }

  /** A streaming list's end bookmark: its objects are the state at rv, like a list's items. */
  private endInitialEvents(initial: InitialEvents, rv: string): void {
    initial.done = true
    // Recorded just before the bookmark, so that firstEvent is the bookmark's index.
    this.store.addList({
      watch: this.id,
      rv,
      rvn: numericResourceVersion(rv),
      t: this.clock.now(),
      reason: initial.reason,
      pages: [],
      items: initial.count,
      firstEvent: this.store.size,
      way: 'stream',
      encoding: initial.encoding,
    })
    this.store.recordBookmark(this.id, rv)
    const before = this.store.liveObjectsOfWatch(this.id)
    for (const uid of initial.uids) before.delete(uid)
    for (const uid of before.keys()) {
      this.store.recordGone(
        this.id,
        uid,
        rv,
        `not in the streaming list at ${rv}: deleted while no watch was open`,
      )
    }
    this.status.listRv = rv
    this.status.lastRv = rv
    this.status.startedBy = 'stream'
    if (initial.reason !== 'initial') this.status.relists++
  }

  /** One watch request: a streaming list, or a watch from a resourceVersion; read to its end. */
  private async watch(step: Extract<Step, { kind: 'stream' | 'watch' }>): Promise<WatchOutcome> {
    const timeoutSeconds = this.options.timeoutSeconds()
    this.status.timeoutSeconds = timeoutSeconds
    const streaming = step.kind === 'stream'
    const rv = step.kind === 'watch' ? step.rv : ''
    if (streaming) {
      this.set('listing', said(STREAMING[step.reason]))
    }
    let res: StreamResponse
    try {
      res = await this.transport.openStream({
        path: collectionPath(this.target),
        // No resourceVersion on a streaming list: the state at a consistent read (etcd's latest).
        query: this.query(
          streaming
            ? {
                watch: 1,
                sendInitialEvents: true,
                allowWatchBookmarks: true,
                resourceVersionMatch: 'NotOlderThan',
                timeoutSeconds,
              }
            : { watch: 1, resourceVersion: rv, allowWatchBookmarks: true, timeoutSeconds },
        ),
        acceptGzip: true,
      })
    } catch (error) {
      const title = this.failureTitle(error)
      return { kind: 'error', message: title.text, said: title }
    }
    if (!res.decoded) {
      const status = parseStatus(res.body)
      if (res.status === 410) {
        this.store.recordError(this.id, status?.message ?? 'Expired', 410, rv)
        return { kind: 'expired', message: status?.message ?? '410 Gone' }
      }
      if (streaming && refusesStreamingList(res.status)) {
        return { kind: 'refused', status: res.status, message: status?.message ?? res.statusText }
      }
      const throttle = await this.noteThrottle(res.status, res.headers)
      const answered = answer('watch', res.status, status?.message ?? res.statusText, throttle)
      return {
        kind: 'error',
        message: answered.text,
        said: answered,
        ...retryAfter(res.status, res.headers['retry-after']),
      }
    }
    const encoding = res.headers['content-encoding'] ?? null
    this.status.encoding = encoding
    const initial: InitialEvents | null = streaming
      ? { reason: step.reason, uids: new Set(), count: 0, encoding, done: false }
      : null
    if (streaming) {
      this.set(
        'listing',
        encoding ? said('watch.core.receivingGz', { encoding }) : said('watch.core.receiving'),
      )
    } else {
      this.set('watching', said('watch.core.watchingFrom', { rv }))
    }

    let aborted = false
    let lastData = this.clock.now()
    let inStream: WatchOutcome | null = null
    const stream = res.decoded
    const abort = () => {
      aborted = true
      res.abort()
    }
    this.abortCurrent = abort
    const limitMs = timeoutSeconds * 1000 + this.options.stallGraceMs
    const synced = () => initial === null || initial.done
    const watchdog = this.clock.setInterval(
      () => {
        const silent = this.clock.now() - lastData
        if (silent > limitMs) {
          inStream = { kind: 'stalled', silentMs: silent, synced: synced() }
          abort()
        }
      },
      Math.min(5000, limitMs / 4),
    )

    const end = await readWatchStream(
      stream,
      {
        onData: () => {
          lastData = this.clock.now()
        },
        onEvent: (line) => {
          const outcome = this.apply(line, initial)
          if (outcome) {
            inStream = outcome
            abort()
          }
        },
      },
      () => aborted,
    )
    this.clock.clearInterval(watchdog)
    this.abortCurrent = null
    if (this.stopped) return { kind: 'stopped' }
    if (inStream) return inStream
    switch (end.kind) {
      case 'closed':
        return { kind: 'closed', synced: synced() }
      case 'aborted':
        return { kind: 'stopped' }
      case 'malformed':
        {
          const note = said('watch.core.malformedNote', { message: end.message, line: end.line })
          this.store.recordError(this.id, note.text, undefined, '', note.as)
        }
        return saidError(said('watch.core.malformed', { message: end.message }), synced())
      case 'error':
        return saidError(said('watch.core.connectionLost', { message: end.message }), synced())
    }
  }

  /**
   * Applies one event; returns an outcome when the event ends the watch (an ERROR). Inside a
   * streaming list's initial events, resourceVersions are not followed (the ADDED events come in
   * no order of resourceVersion, as client-go notes): the end bookmark gives the one to resume from.
   */
  private apply(line: WatchLine, initial: InitialEvents | null): WatchOutcome | null {
    const now = isoAt(this.clock.now())
    const rv = line.meta.resourceVersion
    const starting = initial !== null && !initial.done
    switch (line.type) {
      case 'BOOKMARK':
        this.status.bookmarks++
        this.status.lastBookmarkAt = now
        if (starting && line.initialEventsEnd) {
          this.endInitialEvents(initial, rv)
          this.set('watching', said('watch.core.watchingAfterStream', { rv, n: initial.count }))
          return null
        }
        this.store.recordBookmark(this.id, rv)
        if (!starting) this.status.lastRv = rv || this.status.lastRv
        this.onStatus(this.status)
        return null
      case 'ERROR': {
        const status = line.status ?? {}
        // An ERROR has no resourceVersion of its own: file it at the one the watch resumed from.
        this.store.recordError(
          this.id,
          status.message ?? status.reason ?? 'error',
          status.code,
          this.status.lastRv ?? '',
        )
        if (status.code === 410 || status.reason === 'Expired' || status.reason === 'Gone') {
          return { kind: 'expired', message: status.message ?? 'Expired' }
        }
        const error = said('watch.core.errorEvent', {
          code: status.code ?? '',
          message: status.message ?? '',
        })
        return { kind: 'error', message: error.text, said: error, synced: !starting }
      }
      default:
        this.store.recordObject(line.type, this.id, line.meta, line.bytes)
        this.status.events++
        this.status.lastEventAt = now
        if (starting) {
          const uid = line.meta.uid || `${line.meta.namespace}/${line.meta.name}`
          if (line.type === 'ADDED') {
            initial.count++
            initial.uids.add(uid)
          } else if (line.type === 'DELETED') initial.uids.delete(uid)
        } else {
          this.status.lastRv = rv || this.status.lastRv
        }
        this.onStatus(this.status)
        return null
    }
  }
}

/**
 * Items recorded in one go before yielding: about 15 µs each (serialize, store, hand to the
 * version history), so a chunk stays well under 50 ms on a slow machine.
 */
export const RECORD_CHUNK = 500

/** "list answered 429: … (FlowSchema x, priority level y)": the server's message as it came. */
function answer(
  verb: 'list' | 'watch',
  code: number,
  message: string,
  apf: { fs: string; pl: string } | null,
): Said {
  if (verb === 'list')
    return apf
      ? said('watch.core.listAnsweredApf', { code, message, ...apf })
      : said('watch.core.listAnswered', { code, message })
  return apf
    ? said('watch.core.watchAnsweredApf', { code, message, ...apf })
    : said('watch.core.watchAnswered', { code, message })
}

function saidError(s: Said, synced: boolean): WatchOutcome {
  return { kind: 'error', message: s.text, said: s, synced }
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** 'listing: page 12 · 6,000 objects so far · about 44,056 to go' (remainingItemCount is an estimate). */
export function listingProgress(
  reason: 'initial' | 'expired' | 'reconnect',
  pages: number,
  items: number,
  remaining: number | null,
): string {
  return listingProgressSaid(reason, pages, items, remaining).text
}

/** The timeline's note on a GONE event: an object the relist at `rv` no longer returned. */
export function goneNoteSaid(rv: string): Said {
  return said('watch.core.goneNote', { rv })
}

/** The timeline's note on the ERROR line of a stalled watch (no byte for `silentMs`). */
export function stallNoteSaid(silentMs: number): Said {
  return said('watch.core.stallNote', { s: Math.round(silentMs / 1000) })
}

/** The same, as a message of the catalogue (numbers through Intl in the renderer's language). */
export function listingProgressSaid(
  reason: 'initial' | 'expired' | 'reconnect',
  pages: number,
  items: number,
  remaining: number | null,
): Said {
  return remaining !== null
    ? said(PROGRESS_LEFT[reason], { pages, items, left: remaining })
    : said(PROGRESS[reason], { pages, items })
}

const LISTING = {
  initial: 'watch.core.listing',
  expired: 'watch.core.relistingExpired',
  reconnect: 'watch.core.relistingReconnect',
} as const satisfies Record<StartReason, string>
const STREAMING = {
  initial: 'watch.core.streamWaiting',
  expired: 'watch.core.streamAgainExpired',
  reconnect: 'watch.core.streamAgainReconnect',
} as const satisfies Record<StartReason, string>
const PROGRESS = {
  initial: 'watch.core.progress',
  expired: 'watch.core.progressExpired',
  reconnect: 'watch.core.progressReconnect',
} as const satisfies Record<StartReason, string>
const PROGRESS_LEFT = {
  initial: 'watch.core.progressLeft',
  expired: 'watch.core.progressExpiredLeft',
  reconnect: 'watch.core.progressReconnectLeft',
} as const satisfies Record<StartReason, string>

let lastIsoMs = 0
let lastIso = ''
/** new Date(ms).toISOString() once per millisecond at most: events arrive thousands a second. */
function isoAt(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIsoMs = ms
    lastIso = new Date(ms).toISOString()
  }
  return lastIso
}

function retryAfter(
  status: number,
  header: string | string[] | undefined,
): { retryAfterMs?: number } {
  if (status !== 429 && status !== 503) return {}
  const seconds = Number(Array.isArray(header) ? header[0] : header)
  return Number.isFinite(seconds) && seconds >= 0 ? { retryAfterMs: seconds * 1000 } : {}
}

/** Items of a typed list carry no kind: a ConfigMapList holds ConfigMaps. */
function itemKind(target: WatchTarget, listKind: string): { apiVersion: string; kind: string } {
  const apiVersion = target.group ? `${target.group}/${target.version}` : target.version
  return { apiVersion, kind: listKind.endsWith('List') ? listKind.slice(0, -4) : listKind }
}
