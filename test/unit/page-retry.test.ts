// A 429 or 5xx to the request for a list's next page (page-retry.ts): the wait before asking the
// same page again (a 429's Retry-After within the backoff's bounds; a 5xx's backoff, a few times,
// then the list starts over), and the page that gave the token saying each answer and what was
// done. That the real server answers such a page 429 after a cut, and the list then ends with
// every object once: test/integration/list-cut.test.ts.
import { describe, expect, it } from 'vitest'
import type { ListPage } from '@common/watch-types'
import { continueAfter } from '../../src-main/core/watch/continue-after'
import { EventStore } from '../../src-main/core/watch/event-store'
import {
  afterPageAnswer,
  pageAnswered,
  pageAnswerSaid,
  retryAfterSeconds,
  withPageAnswer,
} from '../../src-main/core/watch/page-retry'
import { emptyList } from './empty-list'

const bounds = { initialMs: 800, maxMs: 30_000 }
const opts = { retries: 3, bounds }
/** A backoff that says how often it was asked: 1000, 2000, 4000… */
function doubling() {
  let n = 0
  const next = () => 1000 * 2 ** n++
  return { next, asked: () => n }
}

const built = continueAfter('4711', '/c-036') as string
/** Page 1 of a list without a limit, cut after 37 items: it went on with the token built after c-036. */
const cutPage: ListPage = {
  index: 0,
  items: 37,
  rv: '4711',
  remainingItemCount: null,
  continueToken: null,
  cut: {
    why: 'no data for 1 s in the list answer',
    next: { raw: built, decoded: { v: 'meta.k8s.io/v1', rv: 4711, start: '/c-036\u0000' } },
  },
}
const TOO_MANY = 'Too many requests, please try again later.'

describe('afterPageAnswer', () => {
  it('a 429 asks the same page again after its Retry-After, without asking the backoff', () => {
    const b = doubling()
    expect(afterPageAnswer(429, 1, 0, opts, b.next)).toEqual({ kind: 'again', waitMs: 1000 })
    // However many came before: a 429 is not a failure of the page.
    expect(afterPageAnswer(429, 3, 99, opts, b.next)).toEqual({ kind: 'again', waitMs: 3000 })
    expect(b.asked()).toBe(0)
  })

  it('keeps a 429’s Retry-After within the backoff’s bounds; without one, backs off', () => {
    const b = doubling()
    expect(afterPageAnswer(429, 600, 0, opts, b.next)).toEqual({ kind: 'again', waitMs: 30_000 })
    expect(afterPageAnswer(429, 0, 0, opts, b.next)).toEqual({ kind: 'again', waitMs: 800 })
    expect(afterPageAnswer(429, null, 0, opts, b.next)).toEqual({ kind: 'again', waitMs: 1000 })
    expect(b.asked()).toBe(1)
  })

  it('a 5xx backs off and asks again `retries` times in a row, then starts the list over', () => {
    const b = doubling()
    const steps = [0, 1, 2, 3].map((before) => afterPageAnswer(503, null, before, opts, b.next))
    expect(steps).toEqual([
      { kind: 'again', waitMs: 1000 },
      { kind: 'again', waitMs: 2000 },
      { kind: 'again', waitMs: 4000 },
      { kind: 'startOver' },
    ])
    expect(afterPageAnswer(500, null, 0, { ...opts, retries: 0 }, b.next)).toEqual({
      kind: 'startOver',
    })
  })

  it('a 5xx with a Retry-After waits at least that (bounded), and never less than the backoff', () => {
    expect(afterPageAnswer(503, 5, 0, opts, () => 1000)).toEqual({ kind: 'again', waitMs: 5000 })
    expect(afterPageAnswer(503, 1, 0, opts, () => 1600)).toEqual({ kind: 'again', waitMs: 1600 })
    expect(afterPageAnswer(504, 3600, 0, opts, () => 1000)).toEqual({
      kind: 'again',
      waitMs: 30_000,
    })
  })

  it('leaves every other answer to the list (null)', () => {
    for (const status of [200, 400, 401, 403, 404, 409, 410, 422, 600])
      expect(
        afterPageAnswer(status, 1, 0, opts, () => 1000),
        String(status),
      ).toBeNull()
  })
})

describe('retryAfterSeconds', () => {
  it('reads whole seconds; no header, an empty one or a date is none', () => {
    expect(retryAfterSeconds('1')).toBe(1)
    expect(retryAfterSeconds(['7', '9'])).toBe(7)
    expect(retryAfterSeconds(undefined)).toBeNull()
    expect(retryAfterSeconds(' ')).toBeNull()
    expect(retryAfterSeconds('Fri, 31 Dec 1999 23:59:59 GMT')).toBeNull()
    expect(retryAfterSeconds('-1')).toBeNull()
  })
})

describe('the page that gave the token says each answer', () => {
  const answer429 = {
    code: 429,
    message: TOO_MANY,
    retryAfterSeconds: 1,
    then: 'askedAgain',
    waitMs: 1000,
  } as const

  it('adds an answer to the page whose request carried the token, and only to it', () => {
    expect(withPageAnswer(cutPage, built, answer429)?.answers).toEqual([{ ...answer429, times: 1 }])
    expect(withPageAnswer(cutPage, 'another-token', answer429)).toBeNull()
    const served: ListPage = {
      ...cutPage,
      cut: undefined,
      continueToken: { raw: 'tok', decoded: null },
    }
    expect(withPageAnswer(served, 'tok', answer429)?.answers).toHaveLength(1)
  })

  it('counts the same answer done the same way again; says a different one apart, in order', () => {
    let page = cutPage
    for (let k = 0; k < 3; k++) page = withPageAnswer(page, built, answer429) as ListPage
    page = withPageAnswer(page, built, {
      code: 503,
      message: 'etcdserver: leader changed',
      retryAfterSeconds: null,
      then: 'askedAgain',
      waitMs: 1234,
    }) as ListPage
    page = withPageAnswer(page, built, {
      code: 503,
      message: 'etcdserver: leader changed',
      retryAfterSeconds: null,
      then: 'startedOver',
      waitMs: 0,
    }) as ListPage
    expect(page.answers).toEqual([
      { ...answer429, times: 3 },
      {
        code: 503,
        message: 'etcdserver: leader changed',
        retryAfterSeconds: null,
        then: 'askedAgain',
        waitMs: 1234,
        times: 1,
      },
      {
        code: 503,
        message: 'etcdserver: leader changed',
        retryAfterSeconds: null,
        then: 'startedOver',
        waitMs: 0,
        times: 1,
      },
    ])
    // The page itself is unchanged otherwise: its items, its cut, the token it went on with.
    expect({ ...page, answers: undefined }).toEqual({ ...cutPage, answers: undefined })
  })

  it('pageAnswered: the step and the page saying it; null for another page’s token or answer', () => {
    const b = doubling()
    const five = { code: 500, message: 'Internal error occurred', retryAfterSeconds: null }
    let page = cutPage
    const steps: string[] = []
    for (let before = 0; before <= 3; before++) {
      const r = pageAnswered(page, built, five, before, opts, b.next)
      if (!r) throw new Error('no step')
      steps.push(r.retry.kind)
      page = r.page
    }
    expect(steps).toEqual(['again', 'again', 'again', 'startOver'])
    expect(page.answers?.map((a) => [a.then, a.times])).toEqual([
      ['askedAgain', 3],
      ['startedOver', 1],
    ])
    expect(pageAnswered(cutPage, 'other', five, 0, opts, b.next)).toBeNull()
    expect(pageAnswered(cutPage, built, { ...five, code: 403 }, 0, opts, b.next)).toBeNull()
  })

  it('the store takes the page said again in place of the one it had', () => {
    const store = new EventStore()
    const list = emptyList(store)
    store.addListPage(list.id, cutPage)
    store.addListPage(list.id, withPageAnswer(cutPage, built, answer429) as ListPage)
    expect(store.lists[list.id]?.pages).toHaveLength(1)
    expect(store.lists[list.id]?.items).toBe(37)
    expect(store.lists[list.id]?.pages[0]?.answers?.[0]?.code).toBe(429)
  })

  it('says a page’s answer in the server’s words, with the FlowSchema when it named one', () => {
    expect(pageAnswerSaid(2, 429, TOO_MANY, { fs: 'fs-a', pl: 'pl-b' }).text).toBe(
      `list page 2 answered 429: ${TOO_MANY} (FlowSchema fs-a, priority level pl-b)`,
    )
    expect(pageAnswerSaid(4, 503, 'unavailable', null).as).toEqual({
      key: 'watch.core.pageAnswered',
      params: { n: 4, code: 503, message: 'unavailable' },
    })
  })
})
