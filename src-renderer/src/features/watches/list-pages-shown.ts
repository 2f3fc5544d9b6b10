// Which pages of a list the Watches view shows: a list of 300 pages shows its first and last
// pages and counts the rest, but never hides a page that says something went wrong (an answer
// cut before its end, a continue token the server refused, a 429 or 5xx to the request for the
// next page), wherever it falls.
import type { ListPage, WatchState } from '@common/watch-types'

/** A page shown, or a run of pages counted in its place. */
export type ShownPage = { page: ListPage } | { hidden: number }

/** How many pages are shown at each end of a long list. */
export const PAGE_ENDS = 5

/** A page that says what went wrong with it: never counted away. */
export const pageSaysTrouble = (p: ListPage): boolean =>
  p.cut !== undefined || p.tokenRefused !== undefined || (p.answers?.length ?? 0) > 0

export function shownPages(pages: readonly ListPage[], ends = PAGE_ENDS): ShownPage[] {
  if (pages.length <= 2 * ends + 1) return pages.map((page) => ({ page }))
  const out: ShownPage[] = []
  let hidden = 0
  pages.forEach((page, k) => {
    if (k < ends || k >= pages.length - ends || pageSaysTrouble(page)) {
      if (hidden) out.push({ hidden })
      hidden = 0
      out.push({ page })
    } else hidden++
  })
  return out
}

/** Whether a list's pages are listed at all: more than one, or one that says what went wrong. */
export const pagesWorthListing = (pages: readonly ListPage[]): boolean =>
  pages.length > 1 || pages.some(pageSaysTrouble)

/**
 * How a list that did not end well ended, from its last page: a refused token, the request for
 * the next page answered (5xx) until the list started over, or a give-up.
 */
export function listEnding(
  pages: readonly ListPage[],
):
  | { kind: 'startedOver' }
  | { kind: 'startedOverAnswered'; code: number }
  | { kind: 'gaveUp' }
  | null {
  const last = pages.at(-1)
  if (last?.tokenRefused) return { kind: 'startedOver' }
  const answered = last?.answers?.at(-1)
  if (answered?.then === 'startedOver') return { kind: 'startedOverAnswered', code: answered.code }
  if (last?.cut && last.cut.next === null) return { kind: 'gaveUp' }
  return null
}

/**
 * Whether a list is still being read: the watch is still getting its state (listing, or waiting
 * before it asks again), this is its latest list, and the list's last page names a next request
 * (its continue token, the token a cut went on with, or the same page asked again). Its summary
 * then counts pages "so far", and its last page's answer says the next request is still to come.
 */
export function listUnderway(
  pages: readonly ListPage[],
  latest: boolean,
  state: WatchState,
): boolean {
  if (!latest || (state !== 'listing' && state !== 'backoff')) return false
  const last = pages.at(-1)
  if (!last) return true
  if (listEnding(pages)) return false
  return last.cut ? last.cut.next !== null : last.continueToken !== null
}
