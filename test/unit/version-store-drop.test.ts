// A deleted object's versions dropped by the budget (version-store.ts): its log goes at once, its
// first version's bytes when the arena is compacted; every other object's versions come back byte
// for byte after the compaction, those whose first version was a delta against the dropped one's
// too, and the cost counts what is kept. A dropped object's index taken by a new object (the event
// store forgot the old one) starts afresh.
import { describe, expect, it } from 'vitest'
import { VersionStore } from '../../src-main/core/watch/version-store'

const enc = (s: string) => new TextEncoder().encode(s)
const cm = (name: string, n: number) =>
  enc(
    JSON.stringify({
      kind: 'ConfigMap',
      metadata: { name },
      data: { n: String(n), note: 'x'.repeat(300) },
    }),
  )

describe('dropping a deleted object', () => {
  it('frees its versions, keeps every other object’s, and ignores what comes after', () => {
    const store = new VersionStore()
    const want = new Map<number, Uint8Array[]>()
    const add = (object: number, bytes: Uint8Array, deleted = false) => {
      const list = want.get(object) ?? []
      store.add(object, list.length, bytes, 0, bytes.length, deleted)
      list.push(bytes)
      want.set(object, list)
    }
    // Object 0 first, stored whole: the others' first versions are deltas against it.
    for (let o = 0; o < 20; o++) add(o, cm(`cm-${o}`, 0))
    for (let n = 1; n < 30; n++) for (let o = 0; o < 20; o++) add(o, cm(`cm-${o}`, n))
    add(0, cm('cm-0', 30), true)
    const before = store.cost
    const candidates = store.foldCandidates()
    expect(candidates.find((c) => c.object === 0)).toMatchObject({ deleted: 0, count: 31 })
    expect(candidates.filter((c) => c.deleted !== undefined)).toHaveLength(1)

    store.drop(0)
    const dropped = before - store.cost
    // Its log is gone; its first version still costs until the arena is compacted.
    expect(dropped).toBeGreaterThan(0)
    store.compactArena()
    expect(store.cost).toBeLessThan(before - dropped)
    expect(store.bytesAtMany(0, [0, 1, 30])).toEqual([null, null, null])
    // A version after the drop is not kept.
    expect(store.add(0, 31, cm('cm-0', 31), 0, 10)).toBe(0)

    for (let o = 1; o < 20; o++) {
      const list = want.get(o) as Uint8Array[]
      const got = store.bytesAtMany(
        o,
        list.map((_, v) => v),
      )
      got.forEach((bytes, v) =>
        expect(Buffer.from(bytes as Uint8Array).equals(Buffer.from(list[v] as Uint8Array))).toBe(
          true,
        ),
      )
    }
    // What is kept costs the same as a store given only the living objects' versions.
    const fresh = new VersionStore()
    for (let o = 1; o < 20; o++)
      (want.get(o) as Uint8Array[]).forEach((b, v) => fresh.add(o, v, b, 0, b.length))
    expect(Math.abs(store.cost - fresh.cost)).toBeLessThan(fresh.cost * 0.05)
  })

  it('gives a dropped object’s index to a new object, which starts afresh', () => {
    const store = new VersionStore()
    for (let o = 0; o < 4; o++)
      for (let n = 0; n < 10; n++) {
        const b = cm(`cm-${o}`, n)
        store.add(o, n, b, 0, b.length, o === 2 && n === 9)
      }
    store.drop(2)
    store.compactArena()
    // A late version of the old object is still not kept.
    const late = cm('cm-2', 10)
    expect(store.add(2, 10, late, 0, late.length)).toBe(0)
    // The new object's first version, at the same index: kept, and its later ones after it.
    const fresh = [0, 1, 2, 3, 4].map((n) => cm('new-2', n))
    fresh.forEach((b, v) => expect(store.add(2, v, b, 0, b.length)).toBeGreaterThan(0))
    expect(store.count(2)).toBe(5)
    expect(store.foldedBelow(2)).toBe(0)
    store
      .bytesAtMany(2, [0, 1, 2, 3, 4])
      .forEach((bytes, v) =>
        expect(Buffer.from(bytes as Uint8Array).equals(Buffer.from(fresh[v] as Uint8Array))).toBe(
          true,
        ),
      )
    expect(store.foldCandidates().find((c) => c.object === 2)).toMatchObject({ count: 5 })
    expect(store.foldCandidates().some((c) => c.deleted !== undefined)).toBe(false)
    // The running count is what a count made afresh says (version-store-held.test.ts checks it
    // against the heap): the old object's log, cache entry and first version are not in it.
    expect(store.overhead).toBe(store.recountOverhead())
    // What is kept costs about what a store given only what lives costs.
    const again = new VersionStore()
    for (let o = 0; o < 4; o++)
      for (let n = 0; n < (o === 2 ? 5 : 10); n++) {
        const b = o === 2 ? (fresh[n] as Uint8Array) : cm(`cm-${o}`, n)
        again.add(o, n, b, 0, b.length)
      }
    expect(Math.abs(store.cost - again.cost)).toBeLessThan(again.cost * 0.05)
    // The others are untouched.
    const b = cm('cm-3', 9)
    expect(Buffer.from(store.bytesAt(3, 9) as Uint8Array).equals(Buffer.from(b))).toBe(true)
  })
})
