// The latest-requests list held while a person is on it: the rows stay the same objects, what
// arrives meanwhile is counted (the filter's only) and shown on request, nothing is lost below the
// ring's cap, and at the cap the oldest waiting go while the rows on screen stay.
import { describe, expect, it } from 'vitest'
import {
  clearedUnder,
  emptied,
  holdOn,
  listedRows,
  showWaiting,
  take,
  type Ring,
} from '../../../src-renderer/src/features/traffic/components/list-hold'

interface Req {
  id: number
  code: number
}
const all = () => true
const conflicts = (r: Req) => r.code === 409
const KEPT = 10

let next = 0
const arrive = (n: number, code = 200): Req[] =>
  Array.from({ length: n }, () => ({ id: next++, code }))
const empty: Ring<Req> = { requests: [], taken: 0 }
const ids = (rows: readonly Req[]) => rows.map((r) => r.id)

describe('take', () => {
  it('keeps the newest `kept` and counts every arrival', () => {
    next = 0
    const ring = take(take(empty, arrive(6), KEPT), arrive(6), KEPT)
    expect(ids(ring.requests)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(ring.taken).toBe(12)
  })

  it('gives the same ring back for no arrival', () => {
    const ring = take(empty, arrive(2), KEPT)
    expect(take(ring, [], KEPT)).toBe(ring)
  })
})

describe('listedRows', () => {
  it('live: every request that passes the filter, nothing waiting', () => {
    next = 0
    const ring = take(empty, [...arrive(3), ...arrive(2, 409)], KEPT)
    expect(listedRows(ring, null, all)).toEqual({ rows: ring.requests, waiting: 0, told: false })
    expect(ids(listedRows(ring, null, conflicts).rows)).toEqual([3, 4])
  })

  it('held: the rows stay the same objects and the arrivals wait, counted', () => {
    next = 0
    let ring = take(empty, arrive(4), KEPT)
    const hold = holdOn(ring)
    const before = listedRows(ring, hold, all)
    expect(before.waiting).toBe(0)
    expect(before.told).toBe(false)
    ring = take(ring, arrive(2), KEPT)
    ring = take(ring, arrive(1), KEPT)
    const now = listedRows(ring, hold, all)
    expect(now.rows).toEqual(before.rows)
    now.rows.forEach((r, i) => expect(r).toBe(before.rows[i]))
    expect(now.waiting).toBe(3)
    expect(now.told).toBe(true)
  })

  it('held under a filter: only the arrivals that pass it wait; a filter changed applies to both', () => {
    next = 0
    let ring = take(empty, [...arrive(2), ...arrive(1, 409)], KEPT)
    const hold = holdOn(ring)
    ring = take(ring, [...arrive(3), ...arrive(2, 409)], KEPT)
    const filtered = listedRows(ring, hold, conflicts)
    expect(ids(filtered.rows)).toEqual([2])
    expect(filtered.waiting).toBe(2)
    expect(listedRows(ring, hold, all).waiting).toBe(5)
    // None of them passes: nothing to tell.
    const none = listedRows(ring, hold, (r) => r.code === 422)
    expect(none).toEqual({ rows: [], waiting: 0, told: false })
  })

  it('"N new" shows the waiting rows and holds again from there; the note stays said', () => {
    next = 0
    let ring = take(empty, arrive(2), KEPT)
    let hold = holdOn(ring)
    ring = take(ring, arrive(3), KEPT)
    hold = showWaiting(hold, ring, listedRows(ring, hold, all).waiting)
    const shown = listedRows(ring, hold, all)
    expect(ids(shown.rows)).toEqual([0, 1, 2, 3, 4])
    expect(shown.waiting).toBe(0)
    // Still told: the live region's text does not go and come back with each press.
    expect(shown.told).toBe(true)
    ring = take(ring, arrive(1), KEPT)
    expect(ids(listedRows(ring, hold, all).rows)).toEqual([0, 1, 2, 3, 4])
    expect(listedRows(ring, hold, all).waiting).toBe(1)
  })

  it('at the cap: the rows on screen stay, the oldest waiting go as the live list would lose them', () => {
    next = 0
    let ring = take(empty, arrive(KEPT), KEPT)
    const hold = holdOn(ring)
    const before = listedRows(ring, hold, all).rows
    ring = take(ring, arrive(KEPT + 5), KEPT)
    const now = listedRows(ring, hold, all)
    expect(now.rows).toEqual(before)
    // 15 arrived, the ring keeps 10: those 10 wait, the 5 oldest of them are gone.
    expect(now.waiting).toBe(KEPT)
    expect(ids(ring.requests)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24])
    expect(ids(listedRows(ring, showWaiting(hold, ring, now.waiting), all).rows)).toEqual(
      ids(ring.requests),
    )
  })

  it('a hold over a clear: the rows go, the arrivals after it wait', () => {
    next = 0
    let ring = take(empty, arrive(3), KEPT)
    let hold = holdOn(ring)
    ring = emptied(ring)
    expect(ring.taken).toBe(3)
    hold = clearedUnder(hold, ring)
    expect(listedRows(ring, hold, all)).toEqual({ rows: [], waiting: 0, told: false })
    ring = take(ring, arrive(2), KEPT)
    expect(listedRows(ring, hold, all)).toMatchObject({ rows: [], waiting: 2 })
  })

  it('paused: nothing joins the ring, so nothing waits; on resume what was held back waits', () => {
    next = 0
    let ring = take(empty, arrive(3), KEPT)
    const hold = holdOn(ring)
    // TrafficState keeps a paused batch out of the ring until resume, then takes it at once.
    const heldBack = arrive(4)
    expect(listedRows(ring, hold, all).waiting).toBe(0)
    ring = take(ring, heldBack, KEPT)
    const now = listedRows(ring, hold, all)
    expect(ids(now.rows)).toEqual([0, 1, 2])
    expect(now.waiting).toBe(4)
  })
})

describe('take, with ids', () => {
  const id = (r: { id: string }) => r.id
  it('leaves out a request the ring already holds, and one that arrives twice at once', () => {
    // The core's recent list, read as the view opened, then its next push: b came in both.
    const opened = take({ requests: [], taken: 0 }, [{ id: 'a' }, { id: 'b' }], 10, id)
    const pushed = take(opened, [{ id: 'b' }, { id: 'c' }, { id: 'c' }], 10, id)
    expect(pushed.requests.map(id)).toEqual(['a', 'b', 'c'])
    // Only what joined counts as taken (a hold's "N new" counts from it).
    expect(pushed.taken).toBe(3)
    expect(take(pushed, [{ id: 'a' }], 10, id)).toBe(pushed)
  })
})
