// Which pages of a list the Watches view shows (list-pages-shown.ts): a long list its first and
// last pages with the rest counted, but a page cut in the middle, or whose token the server
// refused, is never counted away; how a list that did not end well says so in its heading; and
// whether a list is still being read.
import { describe, expect, it } from 'vitest'
import type { ListPage } from '@common/watch-types'
import {
  listEnding,
  listUnderway,
  pagesWorthListing,
  shownPages,
} from '../../../src-renderer/src/features/watches/list-pages-shown'

const page = (index: number, extra: Partial<ListPage> = {}): ListPage => ({
  index,
  items: 500,
  rv: '10',
  remainingItemCount: null,
  continueToken: { raw: `t${index}`, decoded: null },
  ...extra,
})
const cut = (next: NonNullable<ListPage['cut']>['next']): Pick<ListPage, 'cut'> => ({
  cut: { why: 'connection lost (aborted)', next },
})
const indices = (pages: ListPage[]) =>
  shownPages(pages).map((s) => ('page' in s ? s.page.index : `…${s.hidden}`))

describe('shownPages', () => {
  it('shows a list of up to 11 pages whole', () => {
    expect(indices(Array.from({ length: 11 }, (_, k) => page(k)))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ])
  })

  it('shows a long list’s first and last five pages, the rest counted', () => {
    expect(indices(Array.from({ length: 188 }, (_, k) => page(k)))).toEqual([
      0,
      1,
      2,
      3,
      4,
      '…178',
      183,
      184,
      185,
      186,
      187,
    ])
  })

  it('never counts away a page cut in the middle, nor one whose token was refused', () => {
    const pages = Array.from({ length: 40 }, (_, k) =>
      page(k, k === 20 ? cut(null) : k === 30 ? { tokenRefused: { code: 410, message: 'x' } } : {}),
    )
    expect(indices(pages)).toEqual([0, 1, 2, 3, 4, '…15', 20, '…9', 30, '…4', 35, 36, 37, 38, 39])
  })
})

describe('pagesWorthListing', () => {
  it('lists the pages of a list of more than one, or of one that says what went wrong', () => {
    expect(pagesWorthListing([page(0)])).toBe(false)
    expect(pagesWorthListing([page(0), page(1)])).toBe(true)
    expect(pagesWorthListing([page(0, cut(null))])).toBe(true)
    expect(pagesWorthListing([page(0, { tokenRefused: { code: 400, message: 'x' } })])).toBe(true)
  })
})

describe('listEnding', () => {
  it('says a list started over when the server refused its last page’s token', () => {
    const built = { raw: 'b', decoded: null }
    expect(
      listEnding([page(0, { ...cut(built), tokenRefused: { code: 410, message: 'too old' } })]),
    ).toEqual({ kind: 'startedOver' })
    expect(listEnding([page(0), page(1, { tokenRefused: { code: 410, message: 'x' } })])).toEqual({
      kind: 'startedOver',
    })
  })

  it('says a list gave up when its last page was cut and it did not go on', () => {
    expect(listEnding([page(0, cut(null))])).toEqual({ kind: 'gaveUp' })
  })

  it('says a list started over when its next page was answered 5xx until it did, with the code', () => {
    const answered = (then: 'askedAgain' | 'startedOver', code = 503) => ({
      code,
      message: 'x',
      retryAfterSeconds: null,
      then,
      waitMs: then === 'askedAgain' ? 400 : 0,
      times: 1,
    })
    expect(
      listEnding([page(0, { answers: [answered('askedAgain'), answered('startedOver', 500)] })]),
    ).toEqual({ kind: 'startedOverAnswered', code: 500 })
    // Answered, then served: the list went on.
    expect(listEnding([page(0, { answers: [answered('askedAgain', 429)] }), page(1)])).toBeNull()
  })

  it('never counts away a page whose next page was answered 429 or 5xx', () => {
    const answers = [
      { code: 429, message: 'x', retryAfterSeconds: 1, then: 'askedAgain', waitMs: 1000, times: 2 },
    ] as const
    const pages = Array.from({ length: 40 }, (_, k) =>
      page(k, k === 20 ? { answers: [...answers] } : {}),
    )
    expect(indices(pages)).toEqual([0, 1, 2, 3, 4, '…15', 20, '…14', 35, 36, 37, 38, 39])
  })

  it('says nothing of a list that went on after its cut, or ended well', () => {
    expect(listEnding([page(0, cut({ raw: 'b', decoded: null })), page(1)])).toBeNull()
    expect(listEnding([page(0, cut('again')), page(1)])).toBeNull()
    expect(listEnding([])).toBeNull()
  })
})

describe('listUnderway', () => {
  const waiting = {
    answers: [
      {
        code: 503,
        message: 'x',
        retryAfterSeconds: 30,
        then: 'askedAgain' as const,
        waitMs: 30_000,
        times: 1,
      },
    ],
  }
  it('is a latest list whose last page names a next request, while the watch lists or waits', () => {
    expect(listUnderway([page(0)], true, 'listing')).toBe(true)
    expect(listUnderway([page(0, waiting)], true, 'backoff')).toBe(true)
    expect(listUnderway([page(0, cut({ raw: 'b', decoded: null }))], true, 'listing')).toBe(true)
    expect(listUnderway([page(0, cut('again'))], true, 'backoff')).toBe(true)
    expect(listUnderway([], true, 'listing')).toBe(true)
  })

  it('is not a list that ended, a list before the latest, nor one whose watch is past listing', () => {
    // The last page has no continue token: the list is whole.
    expect(listUnderway([page(0), page(1, { continueToken: null })], true, 'listing')).toBe(false)
    expect(listUnderway([page(0, cut(null))], true, 'backoff')).toBe(false)
    expect(listUnderway([page(0)], false, 'listing')).toBe(false)
    for (const state of ['watching', 'stopped', 'failed'] as const)
      expect(listUnderway([page(0, waiting)], true, state)).toBe(false)
  })
})
