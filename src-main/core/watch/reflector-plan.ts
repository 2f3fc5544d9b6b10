// What a watch does next, decided as client-go's reflector decides it (tools/cache/reflector.go,
// v0.37: ListAndWatchWithContext, watchList, watch). Pure: the supervisor performs the steps, this
// says which comes next, what to count and whether to back off first.
// - list-then-watch: list in pages, watch from the list's resourceVersion.
// - streaming list: one watch with sendInitialEvents=true, allowWatchBookmarks=true,
//   resourceVersionMatch=NotOlderThan and no resourceVersion (a consistent read); the state comes
//   as ADDED events, then a BOOKMARK annotated k8s.io/initial-events-end; the same response then
//   carries the live changes. Until that bookmark nothing counts as synced: a stream that ends
//   before it is started again from scratch (client-go's watchList loop).
// - the same rules in both modes once synced: the server ends the watch (its timeoutSeconds), the
//   watch resumes from the last resourceVersion (a plain watch, no initial events); an error backs
//   off and resumes; 410 Expired gets the state again from scratch, with a fresh list or a fresh
//   streaming list, by the watch's mode.
// - auto: a streaming list; when the server refuses its parameters (400 or 422: before 1.27, or
//   the WatchList gate off), list-then-watch for the rest of the watch's life. (client-go tries
//   the streaming list again at each relist; Apiscope remembers the refusal.)
import type { ListSnapshot, WatchMode } from '@common/watch-types'
import { said, type Said } from '@i18n/translate'

export type StartReason = ListSnapshot['reason']
/** Only a list starts over after a list that did not finish: a streaming list never does. */
export type StreamStartReason = Exclude<StartReason, 'startedOver'>

export type Step =
  | { kind: 'list'; reason: StartReason }
  | { kind: 'stream'; reason: StreamStartReason }
  | { kind: 'watch'; rv: string }

export type Outcome =
  /** Every page read, at this resourceVersion. */
  | { kind: 'listed'; rv: string }
  /** The server refused the request's parameters (400 or 422) before streaming anything. */
  | { kind: 'refused'; status: number; message: string }
  /** The server ended the response (its timeoutSeconds ran out). */
  | { kind: 'closed'; synced?: boolean }
  /** 410 Expired, as an HTTP status or an in-stream ERROR. */
  | { kind: 'expired'; message: string }
  | {
      kind: 'error'
      message: string
      said?: Said
      retryAfterMs?: number
      synced?: boolean
      /** A list that recorded pages and did not finish: the next list starts it over (a relist). */
      startsOver?: boolean
    }
  /** No data for longer than timeoutSeconds and the grace: the watchdog ended it. */
  | { kind: 'stalled'; silentMs: number; synced?: boolean }

export interface PlanContext {
  mode: WatchMode
  /** Auto only: the refusal that made it fall back, once it has. */
  fallback: string | null
  /** The last resourceVersion the watch may resume from (a list's, a bookmark's, an event's). */
  lastRv: string | null
}

export interface Decision {
  next: Step
  /** Wait before the next step (the server's Retry-After when it sent one, else the backoff). */
  backoff: { reason: string; reasonSaid?: Said; retryAfterMs?: number } | null
  /** The status counter this outcome adds one to. */
  count: 'resumes' | 'expired' | 'reconnects' | null
  /** Auto falls back to list-then-watch: why, in the server's words. */
  fallback?: string
  fallbackSaid?: Said
  /** The mode cannot work on this server: the watch stops, saying why. */
  fail?: string
  failSaid?: Said
}

/** A sentence of the decision: its English, and the message to say it again in French. */
function saying<F extends 'fallback' | 'fail'>(
  field: F,
  s: Said,
): { [K in F]: string } & { [K in `${F}Said`]: Said } {
  return { [field]: s.text, [`${field}Said`]: s } as { [K in F]: string } & {
    [K in `${F}Said`]: Said
  }
}

/** How the watch gets its state: a list, or a streaming list (auto until the server refuses one). */
export function startStep(
  mode: WatchMode,
  fallback: string | null,
  reason: StreamStartReason,
): Extract<Step, { kind: 'list' | 'stream' }> {
  return mode === 'list-watch' || (mode === 'auto' && fallback !== null)
    ? { kind: 'list', reason }
    : { kind: 'stream', reason }
}

/** Whether an answer to a streaming list means "not served here" (its parameters refused). */
export function refusesStreamingList(status: number): boolean {
  return status === 400 || status === 422
}

export function decide(step: Step, outcome: Outcome, ctx: PlanContext): Decision {
  const none = { backoff: null, count: null } as const
  if (outcome.kind === 'expired') {
    return { ...none, next: startStep(ctx.mode, ctx.fallback, 'expired'), count: 'expired' }
  }
  if (step.kind === 'list') {
    if (outcome.kind === 'listed') return { ...none, next: { kind: 'watch', rv: outcome.rv } }
    // A list ends listed, expired (above) or in error; the server's end of a watch or the
    // watchdog's does not come out of a list, and is tried again at once.
    // One that recorded pages and did not finish is started over: a relist, as after 410.
    const failed = outcome.kind === 'error' || outcome.kind === 'refused'
    const next: Step =
      outcome.kind === 'error' && outcome.startsOver
        ? { kind: 'list', reason: 'startedOver' }
        : step
    return { ...none, next, backoff: failed ? failure(step, outcome) : null }
  }
  if (step.kind === 'stream' && outcome.kind === 'refused') {
    const answer = `${outcome.status}: ${outcome.message}`
    if (ctx.mode === 'auto') {
      return {
        ...none,
        next: { kind: 'list', reason: step.reason },
        ...saying('fallback', said('watch.core.fallback', { answer })),
      }
    }
    return {
      ...none,
      next: step,
      ...saying('fail', said('watch.core.refused', { answer })),
    }
  }
  // A stream not yet past its initial-events-end bookmark has no state to resume from.
  const synced = step.kind === 'watch' || ('synced' in outcome && outcome.synced === true)
  const resumeRv = ctx.lastRv ?? (step.kind === 'watch' ? step.rv : null)
  const resume: Step =
    synced && resumeRv !== null
      ? { kind: 'watch', rv: resumeRv }
      : { kind: 'stream', reason: step.kind === 'stream' ? step.reason : 'reconnect' }
  switch (outcome.kind) {
    case 'closed':
      return { ...none, next: resume, count: synced ? 'resumes' : 'reconnects' }
    case 'stalled':
      return { ...none, next: resume, count: 'reconnects' }
    case 'error':
    case 'refused':
      return { next: resume, count: 'reconnects', backoff: failure(step, outcome) }
    case 'listed':
      // Only a list says listed: the state is there, watch from it.
      return { ...none, next: { kind: 'watch', rv: outcome.rv } }
  }
}

function failure(
  step: Step,
  outcome: Extract<Outcome, { kind: 'error' | 'refused' }>,
): Decision['backoff'] {
  if (outcome.kind === 'error')
    return {
      reason: outcome.message,
      ...(outcome.said ? { reasonSaid: outcome.said } : {}),
      ...(outcome.retryAfterMs !== undefined ? { retryAfterMs: outcome.retryAfterMs } : {}),
    }
  // Only a streaming list is refused so (watch-request.ts), and decide() answers that above;
  // a refusal of anything else is said as any other answer of its verb.
  const answered = said(
    step.kind === 'list' ? 'watch.core.listAnswered' : 'watch.core.watchAnswered',
    {
      code: outcome.status,
      message: outcome.message,
    },
  )
  return { reason: answered.text, reasonSaid: answered }
}
