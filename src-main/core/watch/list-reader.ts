// The lists of one watch: every page at one resourceVersion, each item recorded as its bytes
// arrive (list-page-reader.ts), the store reconciled with the result (objects it no longer
// returned become GONE). A list answer cut in the middle goes on after its last item received
// (continue-after.ts); a refused continue token (continue-refusal.ts) or a page answered 429 or
// 5xx (page-retry.ts) is said on the page that gave it. Remembers, across the watch's lists,
// whether one was cut (pages from then on) and the mark of one that gave up.
// Ref: https://kubernetes.io/docs/reference/using-api/api-concepts/#retrieving-large-results-sets-in-chunks
import { decodeContinueToken, numericResourceVersion } from '@common/resource-version'
import type { ListPage } from '@common/watch-types'
import { said, type Said } from '@i18n/translate'
import { parseStatus, statusWords } from '../failure-messages'
import { TransportError, type StreamResponse } from '../kube-transport'
import { Backoff } from './backoff'
import { continueAfter, itemKey } from './continue-after'
import { refusesToken, withTokenRefused } from './continue-refusal'
import { readListPage, whyCut } from './list-page-reader'
import { pageAnswered, pageAnswerSaid, retryAfterSeconds } from './page-retry'
import type { StartReason } from './reflector-plan'
import type { RequestContext } from './request-context'
import { noteThrottle, retryAfter } from './throttled-answer'
import { failureTitle, goneNoteSaid, listAnswerSaid, listingProgressSaid } from './watch-said'
import { collectionPath, targetQuery } from './watch-target'

type Opened = { ok: true; res: StreamResponse } | { ok: false; error: unknown }
/**
 * How a list ended: listed at rv, or not. `startsOver`: it had recorded pages, and the next list
 * starts it over (after 410 Expired when the server expired its continue token).
 */
export type ListEnd =
  | { ok: true; rv: string }
  | {
      ok: false
      message: string
      said?: Said
      retryAfterMs?: number
      startsOver?: 'expired' | 'unfinished'
    }

export class ListReader {
  /** A list of this watch was cut: its lists go in pages of CUT_PAGE_SIZE from then on. */
  private listCut = false
  /** The mark of the last list, when it gave up before its last page (list()). */
  private gaveUpMark = 0

  constructor(private readonly ctx: RequestContext) {}

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
  async list(reason: StartReason): Promise<ListEnd> {
    const { ctx } = this
    // A page size the watch asked for is kept; a default one above 0 grows on a large list
    // (nextLimit); 0 asks for a first page of firstPageSize, then every object left in one
    // request (firstPageSize 0: every object in one request). Once a list of this watch was cut,
    // its lists go in pages of CUT_PAGE_SIZE (an answer with no limit could be cut again).
    let fixed = ctx.target.pageSize !== undefined || this.listCut
    const first = ctx.options.pageSize > 0 ? 0 : (ctx.options.firstPageSize ?? 0)
    let limit =
      ctx.target.pageSize ?? (this.listCut ? CUT_PAGE_SIZE : ctx.options.pageSize || first)
    let cont: string | undefined
    let rv = ''
    let retries = 0
    /** 5xx answers in a row to the request for the next page, and the backoff between them. */
    let serverErrors = 0
    const pageBackoff = new Backoff(ctx.options.backoff)
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
    const release = ctx.store.versions.hold()
    /** A page whose answer was cut: recorded, saying where the list went on. */
    let cutPage: ListPage | null = null
    let prefetched: Promise<Opened> | null = null
    const open = (token: string | undefined): Promise<Opened> =>
      ctx.transport
        .openStream({
          path: collectionPath(ctx.target),
          // No limit at all (not limit=0) for one request: the request log shows what was asked.
          query: targetQuery(ctx.target, {
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
      mark = ctx.store.newMark()
      snapshotId = ctx.store.addList({
        watch: ctx.id,
        rv,
        rvn: numericResourceVersion(rv),
        t: ctx.clock.now(),
        reason,
        pages: [],
        items: 0,
        firstEvent: ctx.store.size,
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
        if (ctx.stopped()) {
          if (opened.ok) opened.res.abort()
          return { ok: false, message: 'stopped' }
        }
        let failure: unknown = opened.ok ? null : opened.error
        if (opened.ok && !opened.res.decoded) {
          const res = opened.res
          retries = 0
          const status = parseStatus(res.body)
          // The server's words (its message, else its reason), shown on the page and kept in a
          // recording: through the one redaction.
          const serverMessage = statusWords(status, res.statusText)
          // A continue token past compaction expires too (the server's, or one built after a cut,
          // which a server may also refuse as invalid): start the list again from scratch, at
          // once, and the page that gave the token says that it was refused (continue-refusal.ts).
          const refusedToken =
            cont !== undefined && refusesToken(res.status, cont, builtToken) ? cont : null
          // Neither is a refused token's (410, 400, 422): a 429's FlowSchema and priority level,
          // and a 429 or 5xx to a page's request, said on the page whose token it carried, then
          // the same page asked again, or the list started over (page-retry.ts).
          const throttle = await noteThrottle(ctx, res.status, res.headers)
          const after = retryAfterSeconds(res.headers['retry-after'])
          const paged: ReturnType<typeof pageAnswered> =
            cont !== undefined && lastPage
              ? pageAnswered(
                  lastPage,
                  cont,
                  { code: res.status, message: serverMessage, retryAfterSeconds: after },
                  serverErrors,
                  { retries: ctx.options.pageRetries ?? 0, bounds: ctx.options.backoff },
                  () => pageBackoff.next(),
                )
              : null
          const answered = paged
            ? pageAnswerSaid(pageCount + 1, res.status, serverMessage, throttle)
            : listAnswerSaid(
                { code: res.status, message: serverMessage, bodySaid: Boolean(status?.message) },
                refusedToken !== null,
                throttle,
              )
          if (refusedToken !== null) {
            const refusedPage = lastPage
              ? withTokenRefused(lastPage, refusedToken, {
                  code: res.status,
                  message: serverMessage,
                })
              : null
            if (refusedPage) ctx.store.addListPage(snapshotId, refusedPage)
            // An expired token restarts the list as a watch's 410 does: a relist after 410 Expired.
            return gaveUp(
              res.status === 410
                ? { ok: false, message: answered.text, startsOver: 'expired' }
                : { ok: false, message: answered.text, said: answered, retryAfterMs: 0 },
            )
          }
          if (paged) {
            lastPage = paged.page
            ctx.store.addListPage(snapshotId, lastPage)
            if (paged.retry.kind === 'again') {
              if (res.status !== 429) serverErrors++
              await ctx.pause(answered, paged.retry.waitMs, (after ?? 0) * 1000)
              if (ctx.stopped()) return { ok: false, message: 'stopped' }
              ctx.set('listing', said('watch.core.askAgain', { n: pageCount + 1 }))
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
          const read = await readListPage(ctx, opened.res, {
            onMetadata: (metadata) => {
              rv = metadata.resourceVersion ?? rv
              cont = metadata.continue || undefined
              if (!fixed)
                limit =
                  first > 0
                    ? 0
                    : nextLimit(limit, metadata.remainingItemCount, ctx.options.maxPageSize)
              if (cont) prefetched = open(cont)
              snapshot()
            },
            record: (meta, json, prefix) => {
              lastKey = itemKey(meta, ctx.target.namespace)
              snapshot()
              if (again && ctx.store.isMarked(meta, mark)) return false
              if (earlier && ctx.store.heldAgain(meta, ctx.id, earlier, mark)) return false
              const i = ctx.store.recordObject('LISTED', ctx.id, meta, json, snapshotId, prefix)
              ctx.store.markObjectOf(i, mark)
              return true
            },
            progress: (inPage, remaining) => {
              const left = remaining === null ? null : remaining + Math.max(0, pageLimit - inPage)
              ctx.set(
                'listing',
                listingProgressSaid(reason, pageCount + 1, itemCount + inPage, left),
              )
            },
          })
          if (ctx.stopped()) return { ok: false, message: 'stopped' }
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
            ctx.store.addListPage(snapshotId, page)
            lastPage = page
            pageCount++
            itemCount += read.items
            if (cont)
              ctx.set('listing', listingProgressSaid(reason, pageCount, itemCount, read.remaining))
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
        const message = whyCut(failure, opened.ok, (e) => failureTitle(ctx.transport, e))
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
        // request again with its own token (the server's, which starts where the page did; a 410
        // answer to it starts the list over, above), at most pageRetries times in a row.
        if (gotItems > 0) retries = 0
        const built = gotItems > 0 && lastKey !== null ? continueAfter(rv, lastKey) : null
        const retry =
          !ctx.stopped() &&
          (gotItems > 0 || retries < (ctx.options.pageRetries ?? 0)) &&
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
          ctx.store.addListPage(snapshotId, lastPage)
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
          ctx.set(
            'listing',
            said('watch.core.listCutGoingOn', {
              items: itemCount,
              count: itemCount,
              reason: message,
              limit,
            }),
          )
          continue
        }
        retries++
        await ctx.waitBeforeRetry(said('watch.core.pageLost', { n: lost, message }))
        if (ctx.stopped()) return { ok: false, message: 'stopped' }
        ctx.set('listing', said('watch.core.askAgain', { n: pageCount + 1 }))
      } while (cont !== undefined || again)
    } finally {
      dropPrefetched()
      release()
    }

    for (const uid of mark ? ctx.store.unmarkedLiveObjectsOfWatch(ctx.id, mark) : []) {
      const note = goneNoteSaid(rv)
      ctx.store.recordGone(ctx.id, uid, rv, note.text, note.as)
    }
    ctx.status.listRv = rv
    ctx.status.lastRv = rv
    ctx.status.startedBy = 'list'
    if (reason !== 'initial') ctx.status.relists++
    return { ok: true, rv }
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

/** The limit of a list's pages once one of its answers was cut (as kubectl's --chunk-size). */
export const CUT_PAGE_SIZE = 500
