// What a list does when the request for its next page is answered 429 or 5xx, and what the list's
// record says of it. A page is not lost for that: as client-go's REST client retries such an
// answer (a 429 after its Retry-After; rest/request.go), the same page is asked again with the
// same token. A 429 waits the answer's Retry-After, kept within the core's backoff bounds
// (backoff.ts), and asks again as long as the server answers so (a token it can no longer serve
// is answered 410 in the end: continue-refusal.ts). A 5xx backs off and asks again `retries`
// times in a row; the next one starts the list over. Pure: the supervisor asks, waits and records.
import type { ListPage, PageAnswer } from '@common/watch-types'
import { said, type Said } from '@i18n/translate'
import type { BackoffOptions } from './backoff'
import { wentOnWith } from './continue-refusal'

export type PageRetry = { kind: 'again'; waitMs: number } | { kind: 'startOver' }

/**
 * The next step after an answer `status` to a page's request: ask the same page again after
 * waitMs, start the list over, or null (not a 429 or 5xx: the list ends as on any other answer).
 * `serverErrors`: the 5xx answers to this page before this one; `backoff()`: the next backoff
 * delay (asked only when the answer's Retry-After does not set the wait).
 */
export function afterPageAnswer(
  status: number,
  retryAfterSeconds: number | null,
  serverErrors: number,
  opts: { retries: number; bounds: Pick<BackoffOptions, 'initialMs' | 'maxMs'> },
  backoff: () => number,
): PageRetry | null {
  const bounded = (ms: number) => Math.min(opts.bounds.maxMs, Math.max(opts.bounds.initialMs, ms))
  if (status === 429) {
    return {
      kind: 'again',
      waitMs: retryAfterSeconds !== null ? bounded(retryAfterSeconds * 1000) : backoff(),
    }
  }
  if (status < 500 || status > 599) return null
  if (serverErrors >= opts.retries) return { kind: 'startOver' }
  const floor = retryAfterSeconds !== null ? bounded(retryAfterSeconds * 1000) : 0
  return { kind: 'again', waitMs: Math.max(floor, backoff()) }
}

/** A Retry-After header in seconds (HTTP's other form, a date, is not one Kubernetes sends). */
export function retryAfterSeconds(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header
  if (value === undefined || value.trim() === '') return null
  const seconds = Number(value)
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null
}

/**
 * `page`, the last page the list recorded, saying that the request for the next page (with
 * `token`) was answered so, and what was done; null when the token was not this page's.
 */
export function withPageAnswer(
  page: ListPage,
  token: string,
  answer: Omit<PageAnswer, 'times'>,
): ListPage | null {
  if (!wentOnWith(page, token)) return null
  const answers = page.answers ?? []
  const last = answers.at(-1)
  if (
    last &&
    last.code === answer.code &&
    last.message === answer.message &&
    last.retryAfterSeconds === answer.retryAfterSeconds &&
    last.then === answer.then
  )
    return {
      ...page,
      answers: [...answers.slice(0, -1), { ...last, waitMs: answer.waitMs, times: last.times + 1 }],
    }
  return { ...page, answers: [...answers, { ...answer, times: 1 }] }
}

/**
 * An answer to the request with `token`, when `page` (the last page the list recorded) went on
 * with it: what to do next, and the page saying so. Null when the token was not this page's, or
 * the answer is not a 429 or 5xx.
 */
export function pageAnswered(
  page: ListPage,
  token: string,
  answer: Pick<PageAnswer, 'code' | 'message' | 'retryAfterSeconds'>,
  serverErrors: number,
  opts: { retries: number; bounds: Pick<BackoffOptions, 'initialMs' | 'maxMs'> },
  backoff: () => number,
): { retry: PageRetry; page: ListPage } | null {
  if (!wentOnWith(page, token)) return null
  const retry = afterPageAnswer(answer.code, answer.retryAfterSeconds, serverErrors, opts, backoff)
  if (!retry) return null
  const then = retry.kind === 'again' ? 'askedAgain' : 'startedOver'
  const waitMs = retry.kind === 'again' ? retry.waitMs : 0
  const said = withPageAnswer(page, token, { ...answer, then, waitMs })
  return said && { retry, page: said }
}

/** "list page 3 answered 429: … (FlowSchema x, priority level y)": the server's message as it came. */
export function pageAnswerSaid(
  n: number,
  code: number,
  message: string,
  apf: { fs: string; pl: string } | null,
): Said {
  return apf
    ? said('watch.core.pageAnsweredApf', { n, code, message, ...apf })
    : said('watch.core.pageAnswered', { n, code, message })
}
