// One watch request, read to its end: a streaming list (its initial ADDED events up to the
// initial-events-end bookmark, then the changes), or a watch from a resourceVersion. Each event
// goes to the store as it arrives; a watchdog ends a request silent past its timeout plus
// stallGraceMs. Returns how the request ended, for decide() (reflector-plan.ts).
// Ref: https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes
// and https://kubernetes.io/docs/reference/using-api/api-concepts/#streaming-lists
import { redact, type About } from '@common/redaction'
import { numericResourceVersion } from '@common/resource-version'
import { said, type Said } from '@i18n/translate'
import { parseStatus, statusWords } from '../failure-messages'
import type { StreamResponse } from '../kube-transport'
import { refusesStreamingList, type Outcome, type StartReason, type Step } from './reflector-plan'
import type { RequestContext } from './request-context'
import { noteThrottle, retryAfter } from './throttled-answer'
import { answerSaid, failureTitle, goneStreamNoteSaid, streamWaitingSaid } from './watch-said'
import { readWatchStream, type WatchLine } from './watch-stream'
import { collectionPath, targetQuery } from './watch-target'

export type WatchOutcome = Outcome | { kind: 'stopped' }

/** A streaming list until its initial-events-end bookmark: the objects it sent so far. */
export interface InitialEvents {
  /** Ends the version history's hold on the initial events' versions (VersionHistory.hold). */
  release: () => void
  reason: StartReason
  /** The mark of the objects it sent (EventStore.newMark): the watch's others became GONE. */
  mark: number
  count: number
  encoding: string | null
  done: boolean
}

/** One watch request: a streaming list, or a watch from a resourceVersion; read to its end. */
export async function watchOnce(
  ctx: RequestContext,
  step: Extract<Step, { kind: 'stream' | 'watch' }>,
): Promise<WatchOutcome> {
  const timeoutSeconds = ctx.options.timeoutSeconds()
  ctx.status.timeoutSeconds = timeoutSeconds
  const streaming = step.kind === 'stream'
  const rv = step.kind === 'watch' ? step.rv : ''
  if (streaming) {
    ctx.set('listing', streamWaitingSaid(step.reason))
  }
  let res: StreamResponse
  try {
    res = await ctx.transport.openStream({
      path: collectionPath(ctx.target),
      // No resourceVersion on a streaming list: the state at a consistent read (etcd's latest).
      query: targetQuery(
        ctx.target,
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
    const title = failureTitle(ctx.transport, error)
    return { kind: 'error', message: title.text, said: title }
  }
  if (!res.decoded) {
    const status = parseStatus(res.body)
    if (res.status === 410) {
      ctx.store.recordError(ctx.id, status?.message ?? 'Expired', 410, rv)
      return { kind: 'expired', message: status?.message ?? '410 Gone' }
    }
    if (streaming && refusesStreamingList(res.status)) {
      return { kind: 'refused', status: res.status, message: status?.message ?? res.statusText }
    }
    const throttle = await noteThrottle(ctx, res.status, res.headers)
    const answered = answerSaid('watch', res.status, status?.message ?? res.statusText, throttle)
    return {
      kind: 'error',
      message: answered.text,
      said: answered,
      ...retryAfter(res.status, res.headers['retry-after']),
    }
  }
  const encoding = res.headers['content-encoding'] ?? null
  ctx.status.encoding = encoding
  // The initial events' versions are stored once they are all in (as a list's: hold).
  const initial: InitialEvents | null = streaming
    ? {
        release: ctx.store.versions.hold(),
        reason: step.reason,
        mark: ctx.store.newMark(),
        count: 0,
        encoding,
        done: false,
      }
    : null
  if (streaming) {
    ctx.set(
      'listing',
      encoding ? said('watch.core.receivingGz', { encoding }) : said('watch.core.receiving'),
    )
  } else {
    ctx.set('watching', said('watch.core.watchingFrom', { rv }))
  }

  let aborted = false
  let lastData = ctx.clock.now()
  let inStream: WatchOutcome | null = null
  const stream = res.decoded
  const abort = () => {
    aborted = true
    res.abort()
  }
  ctx.abortWith(abort)
  const limitMs = timeoutSeconds * 1000 + ctx.options.stallGraceMs
  const synced = () => initial === null || initial.done
  const watchdog = ctx.clock.setInterval(
    () => {
      const silent = ctx.clock.now() - lastData
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
          lastData = ctx.clock.now()
        },
        onEvent: (line) => {
          const outcome = apply(ctx, line, initial)
          if (outcome) {
            inStream = outcome
            abort()
          }
        },
      },
      () => aborted,
    )
  } finally {
    ctx.clock.clearInterval(watchdog)
    ctx.abortWith(null)
    // Ended before its initial-events-end bookmark: what it sent goes to the worker now.
    initial?.release()
  }
  if (ctx.stopped()) return { kind: 'stopped' }
  if (inStream) return inStream
  switch (end.kind) {
    case 'closed':
      return { kind: 'closed', synced: synced() }
    case 'aborted':
      return { kind: 'stopped' }
    case 'malformed': {
      // The line as it came and the parser's message (which quotes it) may hold an object's
      // fields: through the one redaction, which replaces a Secret's unreadable text whole.
      const about = aboutOf(ctx)
      const message = String(redact(end.message, about).value)
      const line = String(redact(end.line, about).value)
      const note = said('watch.core.malformedNote', { message, line })
      ctx.store.recordError(ctx.id, note.text, undefined, '', note.as)
      return saidError(said('watch.core.malformed', { message }), synced())
    }
    case 'error':
      return saidError(said('watch.core.connectionLost', { message: end.message }), synced())
  }
}

/**
 * Applies one event; returns an outcome when the event ends the watch (an ERROR). Inside a
 * streaming list's initial events, resourceVersions are not followed (the ADDED events come in
 * no order of resourceVersion, as client-go notes): the end bookmark gives the one to resume from.
 */
function apply(
  ctx: RequestContext,
  line: WatchLine,
  initial: InitialEvents | null,
): WatchOutcome | null {
  const now = isoAt(ctx.clock.now())
  const rv = line.meta.resourceVersion
  const starting = initial !== null && !initial.done
  switch (line.type) {
    case 'BOOKMARK':
      ctx.status.bookmarks++
      ctx.status.lastBookmarkAt = now
      if (starting && line.initialEventsEnd) {
        endInitialEvents(ctx, initial, rv)
        ctx.set(
          'watching',
          said('watch.core.watchingAfterStream', {
            rv,
            n: initial.count,
            count: initial.count,
          }),
        )
        return null
      }
      ctx.store.recordBookmark(ctx.id, rv)
      if (!starting) ctx.status.lastRv = rv || ctx.status.lastRv
      ctx.report()
      return null
    case 'ERROR': {
      const status = line.status ?? {}
      // The server's words, shown on the page and kept in a recording: through the one redaction.
      const message = statusWords(status, 'error')
      // An ERROR has no resourceVersion of its own: file it at the one the watch resumed from.
      ctx.store.recordError(ctx.id, message, status.code, ctx.status.lastRv ?? '')
      if (status.code === 410 || status.reason === 'Expired' || status.reason === 'Gone') {
        return { kind: 'expired', message: status.message ? message : 'Expired' }
      }
      const error = said('watch.core.errorEvent', {
        code: status.code ?? '',
        message: status.message ? message : '',
      })
      return { kind: 'error', message: error.text, said: error, synced: !starting }
    }
    default: {
      const i = ctx.store.recordObject(line.type, ctx.id, line.meta, line.bytes)
      ctx.status.events++
      ctx.status.lastEventAt = now
      if (starting) {
        if (line.type === 'ADDED') {
          initial.count++
          ctx.store.markObjectOf(i, initial.mark)
        } else if (line.type === 'DELETED') ctx.store.markObjectOf(i, 0)
      } else {
        ctx.status.lastRv = rv || ctx.status.lastRv
      }
      ctx.report()
      return null
    }
  }
}

/** A streaming list's end bookmark: its objects are the state at rv, like a list's items. */
export function endInitialEvents(ctx: RequestContext, initial: InitialEvents, rv: string): void {
  initial.done = true
  initial.release()
  // Recorded just before the bookmark, so that firstEvent is the bookmark's index.
  ctx.store.addList({
    watch: ctx.id,
    rv,
    rvn: numericResourceVersion(rv),
    t: ctx.clock.now(),
    reason: initial.reason,
    pages: [],
    items: initial.count,
    firstEvent: ctx.store.size,
    way: 'stream',
    encoding: initial.encoding,
  })
  ctx.store.recordBookmark(ctx.id, rv)
  const note = goneStreamNoteSaid(rv)
  for (const uid of ctx.store.unmarkedLiveObjectsOfWatch(ctx.id, initial.mark))
    ctx.store.recordGone(ctx.id, uid, rv, note.text, note.as)
  ctx.status.listRv = rv
  ctx.status.lastRv = rv
  ctx.status.startedBy = 'stream'
  if (initial.reason !== 'initial') ctx.status.relists++
}

/** What the watch's requests address, for redact(): its resource decides what is a Secret. */
function aboutOf(ctx: RequestContext): About {
  return { group: ctx.target.group, resource: ctx.target.resource }
}

function saidError(s: Said, synced: boolean): WatchOutcome {
  return { kind: 'error', message: s.text, said: s, synced }
}

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
