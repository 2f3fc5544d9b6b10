// A continue token the server refuses (continue-refusal.ts): which answers refuse a token, and the
// list's record saying so on the page that gave it, instead of showing the token as used. The
// store takes the page said again in place of the one it had (a replay does the same). That the
// real server refuses a built token (410 once its resourceVersion is compacted away):
// test/integration/list-cut.test.ts.
import { afterEach, describe, expect, it } from 'vitest'
import type { ListPage } from '@common/watch-types'
import { continueAfter } from '../../src-main/core/watch/continue-after'
import {
  refusesToken,
  wentOnWith,
  withTokenRefused,
} from '../../src-main/core/watch/continue-refusal'
import { EventStore } from '../../src-main/core/watch/event-store'
import { emptyList } from './empty-list'

const built = continueAfter('4711', '/c-036') as string
const serverToken = 'eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6NDcxMSwic3RhcnQiOiIvYy0wMDJcdTAwMDAifQ'

/** Page 1 of a list without a limit, cut after 37 items: it went on with the token built after c-036. */
const cutPage: ListPage = {
  index: 0,
  items: 37,
  rv: '4711',
  remainingItemCount: null,
  continueToken: null,
  cut: {
    why: 'no data for 1 s in the list answer',
    whySaid: { key: 'watch.core.listSilent', params: { s: 1 } },
    next: { raw: built, decoded: { v: 'meta.k8s.io/v1', rv: 4711, start: '/c-036\u0000' } },
  },
}
/** A page the server ended with a token of its own. */
const servedPage: ListPage = {
  index: 0,
  items: 3,
  rv: '4711',
  remainingItemCount: 5,
  continueToken: { raw: serverToken, decoded: null },
}
const EXPIRED =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.'

describe('refusesToken', () => {
  it('410 refuses any token, the server’s own and one Apiscope built', () => {
    expect(refusesToken(410, built, built)).toBe(true)
    expect(refusesToken(410, serverToken, built)).toBe(true)
    expect(refusesToken(410, serverToken, null)).toBe(true)
  })

  it('400 and 422 refuse only a token Apiscope built; the server’s own is not malformed', () => {
    expect(refusesToken(400, built, built)).toBe(true)
    expect(refusesToken(422, built, built)).toBe(true)
    expect(refusesToken(400, serverToken, built)).toBe(false)
    expect(refusesToken(400, serverToken, null)).toBe(false)
  })

  it('other answers, and a request without a token, refuse nothing', () => {
    for (const status of [403, 429, 500, 503])
      expect(refusesToken(status, built, built)).toBe(false)
    expect(refusesToken(410, undefined, built)).toBe(false)
    expect(refusesToken(400, undefined, null)).toBe(false)
  })
})

describe('the page that gave the refused token', () => {
  it('a cut page: says the built token was refused, the server’s answer as it came', () => {
    const said = withTokenRefused(cutPage, built, { code: 410, message: EXPIRED })
    expect(said).toEqual({ ...cutPage, tokenRefused: { code: 410, message: EXPIRED } })
    // The token stays on the page: the record shows which one the server refused.
    expect(said?.cut?.next).toEqual(cutPage.cut?.next)
  })

  it('a served page: says its own token was refused', () => {
    expect(withTokenRefused(servedPage, serverToken, { code: 410, message: EXPIRED })).toEqual({
      ...servedPage,
      tokenRefused: { code: 410, message: EXPIRED },
    })
  })

  it('a cut page asked again (nothing had come) went on with the token it was asked with', () => {
    const again: ListPage = { ...cutPage, items: 0, cut: { why: 'lost', next: 'again' } }
    expect(wentOnWith(again, serverToken)).toBe(true)
  })

  it('is not amended for a token that was not its own', () => {
    expect(wentOnWith(cutPage, serverToken)).toBe(false)
    expect(wentOnWith(servedPage, built)).toBe(false)
    expect(withTokenRefused(servedPage, built, { code: 400, message: 'x' })).toBeNull()
    const gaveUp: ListPage = { ...cutPage, cut: { why: 'lost', next: null } }
    expect(wentOnWith(gaveUp, built)).toBe(false)
    const last: ListPage = { ...servedPage, continueToken: null }
    expect(wentOnWith(last, serverToken)).toBe(false)
  })
})

describe('the list’s record in the store', () => {
  const stores: EventStore[] = []
  afterEach(() => stores.splice(0).forEach((s) => s.close()))

  it('takes the page said again in place of the one it had; its items are counted once', () => {
    const store = new EventStore(() => 1000)
    stores.push(store)
    const ops: unknown[] = []
    store.tap((op) => ops.push(op))
    const list = emptyList(store, { way: 'list' })
    store.addListPage(list.id, cutPage)
    store.takeChangedLists()
    const refused = withTokenRefused(cutPage, built, { code: 410, message: EXPIRED }) as ListPage
    store.addListPage(list.id, refused)
    const held = store.lists[list.id]
    expect(held?.pages).toEqual([refused])
    expect(held?.items).toBe(37)
    // The page goes to the renderer again, and to a recording as one more list-page line.
    expect(store.takeChangedLists()).toEqual([list.id])
    expect(ops.at(-1)).toEqual({ op: 'list-page', list: list.id, page: refused })
    // A page of a new index is one more page.
    store.addListPage(list.id, { ...servedPage, index: 1 })
    expect(store.lists[list.id]?.pages.map((p) => p.index)).toEqual([0, 1])
    expect(store.lists[list.id]?.items).toBe(40)
  })
})
