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
import { redact } from '@common/redaction'
import { parseStatus } from '../failure-messages'
import { TransportError, type KubeTransport, type StreamResponse } from '../kube-transport'
import type { Readable } from 'node:stream'
import { Backoff, DEFAULT_BACKOFF, type BackoffOptions } from './backoff'
import type { EventStore, ObjectMeta } from './event-store'
import { ListBodyReader, MalformedList, type ListMetadata } from './list-body-reader'
import {
  decide,
  refusesStreamingList,
  startStep,
  type Outcome,
  type StartReason,
  type Step,
  type StreamStartReason,
} from './reflector-plan'
import { targetLabelSaid } from '@common/watch-label'
import { collectionPath } from './watch-target'
import { continueAfter, itemKey } from './continue-after'
import { refusesToken, withTokenRefused } from './continue-refusal'
import { pageAnswered, pageAnswerSaid, retryAfterSeconds } from './page-retry'
import { initialWatchStatus } from './watch-status'
import { scanObjectMeta } from './watch-line-scanner'
import { kindPrefix, type KindPrefix } from './kind-prefix'
import { readWatchStream, type WatchLine } from './watch-stream'

export interface SupervisorOptions {
  /**
   * The list's limit when the watch names none: 0, no limit (firstPageSize then says how the list
   * starts). Above 0, the first page's limit, and a large list's next pages ask for more
   * (nextLimit), up to maxPageSize (tests use it to see pages).
   */
  pageSize: number
  maxPageSize: number
  /**
   * With pageSize 0: the first request's limit, and every object left in the next one, with no
   * limit (0, the default: every object in one request). For a server that prepares a whole list
   * before its first byte but a small page at once; 1.37 does not (docs/bench.md).
   */
  firstPageSize?: number
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
  /**
   * How many times in a row a list page that brought nothing is asked again after a lost
   * connection (a page cut after some items goes on after them, and does not count), and a page
   * answered 5xx is asked again before the list starts over (page-retry.ts).
   */
  pageRetries?: number
  /** A list answer silent this long is cut, and the list goes on after its last item (60 s). */
  listSilenceMs?: number
  /** Backoff waits, the stall watchdog and the times in statuses and lists (real by default). */
  clock?: Clock
}

export type FlowNames = (
  flowSchemaUid: string | undefined,
  priorityLevelUid: string | undefined,
) => Promise<{ flowSchema: string | null; priorityLevel: string | null }>

export const DEFAULT_SUPERVISOR_OPTIONS: SupervisorOptions = {
  pageSize: 0,
  // Every object in one request: a first page of 500 brought the first object no sooner beyond
  // the noise (kube-apiserver 1.37 gathers every item of its snapshot for a page too, ADR 0006)
  // and every object later (docs/bench.md, 2026-12-05 "the first draw").
  firstPageSize: 0,
  maxPageSize: 50_000,
  timeoutSeconds: () => 300 + Math.floor(Math.random() * 300),
  stallGraceMs: 30_000,
  backoff: DEFAULT_BACKOFF,
  pageRetries: 3,
}

type WatchOutcome = Outcome | { kind: 'stopped' }

/** A streaming list until its initial-events-end bookmark: the objects it sent so far. */
interface InitialEvents {
  /** Ends the version history's hold on the initial events' versions (VersionHistory.hold). */
  release: () => void
  reason: StartReason
  /** The mark of the objects it sent (EventStore.newMark): the watch's others became GONE. */
  mark: number
  count: number
  encoding: string | null
  done: boolean
}

type Opened = { ok: true; res: StreamResponse } | { ok: false; error: unknown }
/**
 * How a list ended: listed at rv, or not. `startsOver`: it had recorded pages, and the next list
 * starts it over (after 410 Expired when the server expired its continue token).
 */
type ListEnd =
  | { ok: true; rv: string }
  | {
      ok: false
      message: string
      said?: Said
      retryAfterMs?: number
      startsOver?: 'expired' | 'unfinished'
    }

export class WatchSupervisor {
  readonly status: WatchStatus
  private stopped = false
  private abortCurrent: (() => void) | null = null
  private wake: (() => void) | null = null
  private readonly backoff: Backoff
  private readonly clock: Clock
  /** A list of this watch was cut: its lists go in pages of CUT_PAGE_SIZE from then on. */
  private listCut = false
  /** The mark of the last list, when it gave up before its last page (list()). */
  private gaveUpMark = 0

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
   * Lists every page at one resourceVersion, recording each item as its bytes arrive (the body is
   * read as a stream: nothing waits for a whole page, and no task holds the event loop long), then
   * reconciles the store with the result. The next page is asked for as soon as the page being
   * read gives its continue token (ListMeta comes before the items), so the server prepares it
   * while this one arrives. An answer cut before its end keeps what it recorded and is recorded
   * as a page that says so; the list goes on after its last item received (a continue token built
   * in the server's format, continue-after.ts), in pages of CUT_PAGE_SIZE, at once: nothing is
   * asked twice. An answer cut before any item is asked again, up to pageRetries times in a row;
   * past that, or when the server refuses the built token, the list gives up and the watch lists
   * again, from scratch, in pages, without recording again what it already holds unchanged. A
   * token refused (the built one, or 410 to the server's) is said on the page that gave it, and so
   * is each 429 or 5xx answer to a page's request, which is asked again (page-retry.ts).
   */
  private async list(reason: StartReason): Promise<ListEnd> {
    // A page size the watch asked for is kept; a default one above 0 grows on a large list
    // (nextLimit); 0 asks for a first page of firstPageSize, then every object left in one
    // request (firstPageSize 0: every object in one request). Once a list of this watch was cut,
    // its lists go in pages of CUT_PAGE_SIZE (an answer with no limit could be cut again).
    let fixed = this.target.pageSize !== undefined || this.listCut
    const first = this.options.pageSize > 0 ? 0 : (this.options.firstPageSize ?? 0)
    let limit =
      this.target.pageSize ?? (this.listCut ? CUT_PAGE_SIZE : this.options.pageSize || first)
    let cont: string | undefined
    let rv = ''
    let retries = 0
    /** 5xx answers in a row to the request for the next page, and the backoff between them. */
    let serverErrors = 0
    const pageBackoff = new Backoff(this.options.backoff)
    let pageCount = 0
    let itemCount = 0
    let snapshotId = -1
    /** The mark of the objects this list holds (EventStore.newMark): the others became GONE. */
    let mark = 0
    /**
     * The mark of a list of this watch that gave up before this one: an object it recorded and
     * this list returns unchanged (same resourceVersion) is not recorded again, only marked.
     */
    const earlier = this.gaveUpMark
    this.gaveUpMark = 0
    /** The key of the last item received (items come in key order): where a cut list goes on. */
    let lastKey: string | null = null
    /**
     * A page asked again with its own token (no token could be built after the last item): its
     * items already recorded (marked by this list) are not recorded twice.
     */
    let again = false
    /** The last continue token built after a cut: a server that refuses it (400) starts the list over. */
    let builtToken: string | null = null
    /** The last page recorded: where the list's record says that the server refused its token. */
    let lastPage: ListPage | null = null
    /**
     * The version history stores the items' versions once the list's answers ended (hold): on two
     * cores its worker would take the second one from the API server sending the list.
     */
    const release = this.store.versions.hold()
    /** A page whose answer was cut: recorded, saying where the list went on. */
    let cutPage: ListPage | null = null
    let prefetched: Promise<Opened> | null = null
    const open = (token: string | undefined): Promise<Opened> =>
      this.transport
        .openStream({
          path: collectionPath(this.target),
          // No limit at all (not limit=0) for one request: the request log shows what was asked.
          query: this.query({
            ...(limit > 0 ? { limit } : {}),
            ...(token ? { continue: token } : {}),
          }),
          // As client-go's transport and client-node's fetch ask: a list over 128 KB comes
          // gzipped (a tenth of the bytes through TLS and the stream; inflated off this thread).
          acceptGzip: true,
          timeoutMs: 60_000,
        })
        .then(
          (res) => ({ ok: true as const, res }),
          (error: unknown) => ({ ok: false as const, error }),
        )
    /** The list in the store, once its first page gave its resourceVersion (or an item came). */
    const snapshot = () => {
      if (snapshotId >= 0) return
      mark = this.store.newMark()
      snapshotId = this.store.addList({
        watch: this.id,
        rv,
        rvn: numericResourceVersion(rv),
        t: this.clock.now(),
        reason,
        pages: [],
        items: 0,
        firstEvent: this.store.size,
        way: 'list',
      }).id
    }
    /** Drops a page asked for ahead that will not be read. */
    const dropPrefetched = () => {
      void prefetched?.then((p) => p.ok && p.res.abort())
      prefetched = null
    }
    /**
     * The list ends before its last page: the next list of the watch does not record its objects
     * again (nor those of the one before, when this one recorded none), and starts it over when
     * it recorded some.
     */
    const gaveUp = (result: Extract<ListEnd, { ok: false }>): ListEnd => {
      this.gaveUpMark = mark > 0 ? mark : earlier
      return snapshotId >= 0 && !result.startsOver
        ? { ...result, startsOver: 'unfinished' }
        : result
    }
    try {
      do {
        const opened = await (prefetched ?? open(cont))
        prefetched = null
        if (this.stopped) {
          if (opened.ok) opened.res.abort()
          return { ok: false, message: 'stopped' }
        }
        let failure: unknown = opened.ok ? null : opened.error
        if (opened.ok && !opened.res.decoded) {
          const res = opened.res
          retries = 0
          const status = parseStatus(res.body)
          // The server's words, shown on the page and kept in a recording: through the one redaction.
          const serverMessage = redact(status?.message ?? res.statusText).value
          // A continue token past compaction expires too (the server's, or one built after a cut,
          // which a server may also refuse as invalid): start the list again from scratch, at
          // once, and the page that gave the token says that it was refused (continue-refusal.ts).
          const refusedToken =
            cont !== undefined && refusesToken(res.status, cont, builtToken) ? cont : null
          if (refusedToken !== null) {
            const refusedPage = lastPage
              ? withTokenRefused(lastPage, refusedToken, {
                  code: res.status,
                  message: serverMessage,
                })
              : null
            if (refusedPage) this.store.addListPage(snapshotId, refusedPage)
            const refused = listAnswerSaid(
              { code: res.status, message: serverMessage, bodySaid: Boolean(status?.message) },
              true,
              null,
            )
            // An expired token restarts the list as a watch's 410 does: a relist after 410 Expired.
            return gaveUp(
              res.status === 410
                ? { ok: false, message: refused.text, startsOver: 'expired' }
                : { ok: false, message: refused.text, said: refused, retryAfterMs: 0 },
            )
          }
          const throttle = await this.noteThrottle(res.status, res.headers)
          // A 429 or 5xx to a page's request: said on the page whose token it carried, then the
          // same page asked again, or the list started over (page-retry.ts).
          const after = retryAfterSeconds(res.headers['retry-after'])
          const paged: ReturnType<typeof pageAnswered> =
            cont !== undefined && lastPage
              ? pageAnswered(
                  lastPage,
                  cont,
                  { code: res.status, message: serverMessage, retryAfterSeconds: after },
                  serverErrors,
                  { retries: this.options.pageRetries ?? 0, bounds: this.options.backoff },
                  () => pageBackoff.next(),
                )
              : null
          const answered = paged
            ? pageAnswerSaid(pageCount + 1, res.status, serverMessage, throttle)
            : listAnswerSaid(
                { code: res.status, message: serverMessage, bodySaid: Boolean(status?.message) },
                false,
                throttle,
              )
          if (paged) {
            lastPage = paged.page
            this.store.addListPage(snapshotId, lastPage)
            if (paged.retry.kind === 'again') {
              if (res.status !== 429) serverErrors++
              await this.pause(answered, paged.retry.waitMs, (after ?? 0) * 1000)
              if (this.stopped) return { ok: false, message: 'stopped' }
              this.set('listing', said('watch.core.askAgain', { n: pageCount + 1 }))
              continue
            }
          }
          return gaveUp({
            ok: false,
            message: answered.text,
            said: answered,
            ...retryAfter(res.status, res.headers['retry-after']),
          })
        }
        let gotItems = 0
        if (opened.ok) {
          const pageToken = cont
          const pageLimit = limit
          const read = await this.readPage(opened.res, {
            onMetadata: (metadata) => {
              rv = metadata.resourceVersion ?? rv
              cont = metadata.continue || undefined
              if (!fixed)
                limit =
                  first > 0
                    ? 0
                    : nextLimit(limit, metadata.remainingItemCount, this.options.maxPageSize)
              if (cont) prefetched = open(cont)
              snapshot()
            },
            record: (meta, json, prefix) => {
              lastKey = itemKey(meta, this.target.namespace)
              snapshot()
              if (again && this.store.isMarked(meta, mark)) return false
              if (earlier && this.store.heldAgain(meta, this.id, earlier, mark)) return false
              const i = this.store.recordObject('LISTED', this.id, meta, json, snapshotId, prefix)
              this.store.markObjectOf(i, mark)
              return true
            },
            progress: (inPage, remaining) => {
              const left = remaining === null ? null : remaining + Math.max(0, pageLimit - inPage)
              this.set(
                'listing',
                listingProgressSaid(reason, pageCount + 1, itemCount + inPage, left),
              )
            },
          })
          if (this.stopped) return { ok: false, message: 'stopped' }
          if (read.ok) {
            retries = 0
            serverErrors = 0
            pageBackoff.reset()
            again = false
            snapshot()
            const page: ListPage = {
              index: pageCount,
              items: read.items,
              rv: read.rv,
              remainingItemCount: read.remaining,
              continueToken: cont ? { raw: cont, decoded: decodeContinueToken(cont) } : null,
            }
            this.store.addListPage(snapshotId, page)
            lastPage = page
            pageCount++
            itemCount += read.items
            if (cont)
              this.set('listing', listingProgressSaid(reason, pageCount, itemCount, read.remaining))
            continue
          }
          // Cut, stalled or malformed in the middle: what it recorded stays, and is a page of the
          // list that says so (below).
          dropPrefetched()
          cont = pageToken
          failure = read.error
          gotItems = read.items
          if (snapshotId >= 0)
            cutPage = {
              index: pageCount,
              items: read.items,
              rv: read.rv || rv,
              remainingItemCount: read.remaining,
              continueToken: null,
            }
        }
        const message = whyCut(failure, opened.ok, (e) => this.failureTitle(e))
        // Every answer cut from here on goes on in pages: one page lost costs one page. So does a
        // list whose answer did not come in time.
        const late = failure instanceof TransportError && failure.failure.phase === 'timeout'
        if (opened.ok || late) {
          this.listCut = true
          if (!fixed) {
            fixed = true
            limit = CUT_PAGE_SIZE
          }
        }
        // Items came before the cut: go on after the last one, at once. None came: ask the same
        // request again (its continue token still holds the list's resourceVersion; a 410 answer
        // to it starts the list over, above), at most pageRetries times in a row.
        if (gotItems > 0) retries = 0
        const built = lastKey !== null ? continueAfter(rv, lastKey) : null
        const retry =
          !this.stopped &&
          (gotItems > 0 || retries < (this.options.pageRetries ?? 0)) &&
          (built !== null || cont !== undefined || opened.ok)
        const lost = pageCount + 1
        const page = cutPage
        cutPage = null
        if (page) {
          const next = !retry
            ? null
            : built
              ? { raw: built, decoded: decodeContinueToken(built) }
              : ('again' as const)
          lastPage = { ...page, cut: { why: message.text, whySaid: message.as, next } }
          this.store.addListPage(snapshotId, lastPage)
          pageCount++
          itemCount += page.items
        }
        if (!retry) return gaveUp({ ok: false, message: message.text, said: message })
        if (built) {
          cont = built
          again = false
          builtToken = built
        } else again = true
        if (gotItems > 0) {
          this.set(
            'listing',
            said('watch.core.listCutGoingOn', { items: itemCount, reason: message, limit }),
          )
          continue
        }
        retries++
        await this.waitBeforeRetry(said('watch.core.pageLost', { n: lost, message }))
        if (this.stopped) return { ok: false, message: 'stopped' }
        this.set('listing', said('watch.core.askAgain', { n: pageCount + 1 }))
      } while (cont !== undefined || again)
    } finally {
      dropPrefetched()
      release()
    }

    for (const uid of mark ? this.store.unmarkedLiveObjectsOfWatch(this.id, mark) : []) {
      const note = goneNoteSaid(rv)
      this.store.recordGone(this.id, uid, rv, note.text, note.as)
    }
    this.status.listRv = rv
    this.status.lastRv = rv
    this.status.startedBy = 'list'
    if (reason !== 'initial') this.status.relists++
    return { ok: true, rv }
  }

  /**
   * Reads one page's body as it arrives: its metadata, then each item, recorded at once (its
   * bytes go to the version history as they came, with the list's kind and apiVersion beside them
   * when the item carries none: kind-prefix.ts). Ends with the page's counts, or how it was cut.
   */
  private readPage(
    res: StreamResponse,
    on: {
      onMetadata(metadata: ListMetadata): void
      /**
       * False when the item was already recorded (a page asked again). prefix: the list's kind,
       * for an item that carries none (kind-prefix.ts).
       */
      record(meta: ObjectMeta, json: Uint8Array, prefix?: Uint8Array): boolean
      progress(inPage: number, remaining: number | null): void
    },
  ): Promise<
    | { ok: true; rv: string; items: number; remaining: number | null }
    | { ok: false; error: unknown; rv: string; items: number; remaining: number | null }
  > {
    const stream = res.decoded as Readable
    /** The items' kind, from the list's (its first field): restored in each item, first. */
    let kind: KindPrefix | null = null
    let pageRv = ''
    let remaining: number | null = null
    let items = 0
    let lastProgress = this.clock.now()
    this.abortCurrent = () => res.abort()
    return new Promise((resolve) => {
      let done = false
      let lastData = this.clock.now()
      const finish = (
        r:
          | { ok: true; rv: string; items: number; remaining: number | null }
          | { ok: false; error: unknown; rv: string; items: number; remaining: number | null },
      ) => {
        if (done) return
        done = true
        this.clock.clearInterval(watchdog)
        this.abortCurrent = null
        if (!r.ok) res.abort()
        resolve(r)
      }
      const silentLimit = this.options.listSilenceMs ?? LIST_SILENCE_MS
      const cutShort = (error: unknown) =>
        finish({ ok: false, error, rv: pageRv, items, remaining })
      const watchdog = this.clock.setInterval(
        () => {
          const silent = this.clock.now() - lastData
          if (silent > silentLimit)
            cutShort(
              new ListSilent(said('watch.core.listSilent', { s: Math.round(silent / 1000) })),
            )
        },
        Math.min(5000, silentLimit / 4),
      )
      const reader = new ListBodyReader({
        onMetadata: (metadata) => {
          pageRv = metadata.resourceVersion ?? ''
          remaining = metadata.remainingItemCount ?? null
          on.onMetadata(metadata)
        },
        onItem: (bytes) => {
          const meta = scanObjectMeta(bytes) ?? parsedMeta(bytes)
          if (!kind && reader.kind) kind = itemKind(this.target, reader.kind)
          // Items of a typed list carry no kind: the list's stands for it, kept beside the bytes.
          const prefix = meta.kind || !kind ? undefined : kind.bytes
          if (!meta.kind && kind) {
            meta.kind = kind.kind
            meta.apiVersion = kind.apiVersion
          }
          on.record(meta, bytes, prefix)
          items++
          if (items % PROGRESS_EVERY === 0) {
            const now = this.clock.now()
            if (now - lastProgress >= PROGRESS_MS) {
              lastProgress = now
              on.progress(items, remaining)
            }
          }
        },
      })
      stream.on('data', (chunk: Buffer) => {
        if (done) return
        lastData = this.clock.now()
        try {
          reader.push(chunk)
        } catch (error) {
          cutShort(error)
        }
        if (this.stopped) cutShort(new Error('stopped'))
      })
      stream.on('end', () => {
        try {
          const head = reader.end()
          finish({ ok: true, rv: head.metadata.resourceVersion ?? pageRv, items, remaining })
        } catch (error) {
          cutShort(error)
        }
      })
      const cut = (error?: Error) =>
        cutShort(
          new TransportError({
            phase: 'connect',
            message: error?.message ?? 'connection closed before the end of the list',
          }),
        )
      stream.on('error', cut)
      stream.on('close', () => cut())
    })
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
    initial.release()
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
    for (const uid of this.store.unmarkedLiveObjectsOfWatch(this.id, initial.mark)) {
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
    // The initial events' versions are stored once they are all in (as a list's: hold).
    const initial: InitialEvents | null = streaming
      ? {
          release: this.store.versions.hold(),
          reason: step.reason,
          mark: this.store.newMark(),
          count: 0,
          encoding,
          done: false,
        }
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

    let end: Awaited<ReturnType<typeof readWatchStream>>
    try {
      end = await readWatchStream(
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
    } finally {
      this.clock.clearInterval(watchdog)
      this.abortCurrent = null
      // Ended before its initial-events-end bookmark: what it sent goes to the worker now.
      initial?.release()
    }
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
      default: {
        const i = this.store.recordObject(line.type, this.id, line.meta, line.bytes)
        this.status.events++
        this.status.lastEventAt = now
        if (starting) {
          if (line.type === 'ADDED') {
            initial.count++
            this.store.markObjectOf(i, initial.mark)
          } else if (line.type === 'DELETED') this.store.markObjectOf(i, 0)
        } else {
          this.status.lastRv = rv || this.status.lastRv
        }
        this.onStatus(this.status)
        return null
      }
    }
  }
}

/**
 * A page that says more than this many items are left: the next page asks for all of them (up to
 * maxPageSize). kube-apiserver 1.37 gathers every remaining item of its snapshot for each page,
 * so pages of 500 cost it about n²/1000 item copies (300 pages at 150,000 objects).
 */
export const GROW_PAST_ITEMS = 5000

/** The next page's limit: all that is left of a large list (an estimate, so a page more), at most max. */
export function nextLimit(limit: number, remaining: number | undefined, max: number): number {
  if (remaining === undefined || remaining <= GROW_PAST_ITEMS || limit <= 0) return limit
  return Math.max(limit, Math.min(max, remaining + limit))
}

/**
 * A list answer silent this long is cut (SupervisorOptions.listSilenceMs): the list goes on after
 * its last item received.
 */
const LIST_SILENCE_MS = 60_000
/** The limit of a list's pages once one of its answers was cut (as kubectl's --chunk-size). */
export const CUT_PAGE_SIZE = 500
/**
 * The status says how far a page is every so many items, at most every PROGRESS_MS (a large list
 * is one page or a few; each status is a new message, its numbers formatted by the language's one
 * kept Intl.NumberFormat, i18n/number-format.ts).
 */
const PROGRESS_EVERY = 500
const PROGRESS_MS = 250

/** A list answer that brought no byte for listSilenceMs: cut by the core. */
class ListSilent extends TransportError {
  constructor(readonly said: Said) {
    super({ phase: 'timeout', message: said.text })
  }
}

/**
 * Why a list answer ended before its end, in the catalogue's words: malformed, silent, or the
 * connection lost (Node's own message); a request that got no answer at all: its failure's title.
 */
function whyCut(failure: unknown, answered: boolean, title: (e: unknown) => Said): Said {
  if (failure instanceof MalformedList)
    return said('watch.core.listMalformed', { message: failure.said })
  if (failure instanceof ListSilent) return failure.said
  if (answered && failure instanceof Error)
    return said('watch.core.answerCut', { message: failure.message })
  return title(failure)
}

/**
 * What a list request answered with no list says, `message` being the server's through the one
 * redaction: "list page expired (…)" when the answer refused a continue token with 410 (its code
 * when its body said nothing), else "list answered 400: …", with the FlowSchema and priority level
 * of a 429 (`apf`).
 */
export function listAnswerSaid(
  answered: { code: number; message: string; bodySaid: boolean },
  tokenRefused: boolean,
  apf: { fs: string; pl: string } | null,
): Said {
  if (tokenRefused && answered.code === 410)
    return said('watch.core.pageExpired', {
      message: answered.bodySaid ? answered.message : '410',
    })
  return answer('list', answered.code, answered.message, apf)
}

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

/** 'listing: page 12 · 6,000 objects so far · about 44,056 to go' (remainingItemCount is an estimate). */
export function listingProgress(
  reason: StartReason,
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
  reason: StartReason,
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
  startedOver: 'watch.core.relistingStartedOver',
} as const satisfies Record<StartReason, string>
const STREAMING = {
  initial: 'watch.core.streamWaiting',
  expired: 'watch.core.streamAgainExpired',
  reconnect: 'watch.core.streamAgainReconnect',
} as const satisfies Record<StreamStartReason, string>
const PROGRESS = {
  initial: 'watch.core.progress',
  expired: 'watch.core.progressExpired',
  reconnect: 'watch.core.progressReconnect',
  startedOver: 'watch.core.progressStartedOver',
} as const satisfies Record<StartReason, string>
const PROGRESS_LEFT = {
  initial: 'watch.core.progressLeft',
  expired: 'watch.core.progressExpiredLeft',
  reconnect: 'watch.core.progressReconnectLeft',
  startedOver: 'watch.core.progressStartedOverLeft',
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
  const seconds = status === 429 || status === 503 ? retryAfterSeconds(header) : null
  return seconds === null ? {} : { retryAfterMs: seconds * 1000 }
}

/** Items of a typed list carry no kind: a ConfigMapList holds ConfigMaps. */
function itemKind(target: WatchTarget, listKind: string): KindPrefix {
  const apiVersion = target.group ? `${target.group}/${target.version}` : target.version
  return kindPrefix(apiVersion, listKind.endsWith('List') ? listKind.slice(0, -4) : listKind)
}

/** The slow, exact path for an item the scanner would not read (escaped keys): JSON.parse. */
export function parsedMeta(bytes: Uint8Array): ObjectMeta {
  let o: Record<string, unknown>
  try {
    o = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'))
  } catch (error) {
    // Where it failed, not the parser's words: V8's quote the text around it, which may be a
    // Secret's value (nothing of an answer reaches a message but through redact(), which cannot
    // tell a value in a fragment).
    const at = /position (\d+)/.exec((error as Error).message)?.[1]
    throw new MalformedList(
      at === undefined
        ? said('watch.core.itemNotJson')
        : said('watch.core.itemNotJsonAt', { at: Number(at) }),
    )
  }
  const m = (o.metadata ?? {}) as Record<string, unknown>
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  return {
    kind: str(o.kind),
    apiVersion: str(o.apiVersion),
    name: str(m.name),
    namespace: str(m.namespace),
    uid: str(m.uid),
    resourceVersion: str(m.resourceVersion),
  }
}
