// Property-based tests of the store's uid index (uid-keys.ts): for any uids (UUIDs as the API
// server writes them, UUIDs in capitals or with a character off (beyond ASCII among them), `namespace/name` keys, any
// string) given to object indices, taken away and given again in any order, every uid finds its
// index and reads back exactly as it was given, and a uid taken away finds nothing; as a Map would.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { UidKeys } from '../../src-main/core/watch/uid-keys'

const uuid = fc.uuid()
const anyUid = fc.oneof(
  { weight: 6, arbitrary: uuid },
  { weight: 1, arbitrary: uuid.map((u) => u.toUpperCase()) },
  { weight: 1, arbitrary: uuid.map((u) => `${u.slice(0, 35)}g`) },
  { weight: 1, arbitrary: uuid.map((u) => u.replace(/-/g, '_')) },
  // A character beyond ASCII whose low 7 bits are a hex digit's ('á' is 0xe1: 0x61 is 'a').
  { weight: 1, arbitrary: uuid.map((u) => `${u.slice(0, 5)}á${u.slice(6)}`) },
  { weight: 1, arbitrary: fc.tuple(fc.string(), fc.string()).map(([n, m]) => `${n}/${m}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
)

type Op = { t: 'set'; uid: string } | { t: 'remove'; pick: number }
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: anyUid.map((uid) => ({ t: 'set' as const, uid })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ t: 'remove' as const, pick })) },
)

describe('UidKeys', () => {
  it('finds every uid given, reads it back as given, and forgets those taken away', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const keys = new UidKeys()
        const model = new Map<string, number>()
        const free: number[] = []
        let next = 0
        for (const o of ops) {
          if (o.t === 'set') {
            if (model.has(o.uid)) continue
            const k = free.pop() ?? next++
            keys.set(o.uid, k)
            model.set(o.uid, k)
          } else if (model.size > 0) {
            const [uid, k] = [...model][o.pick % model.size] as [string, number]
            keys.remove(k)
            model.delete(uid)
            free.push(k)
            expect(keys.get(uid)).toBeUndefined()
            expect(keys.has(k)).toBe(false)
            expect(keys.at(k)).toBe('')
          }
        }
        for (const [uid, k] of model) {
          expect(keys.get(uid)).toBe(k)
          expect(keys.at(k)).toBe(uid)
          expect(keys.has(k)).toBe(true)
        }
        for (const k of free) expect(keys.has(k)).toBe(false)
      }),
      { numRuns: 300 },
    )
  })

  it('holds 30,000 UUIDs through growth, and keeps them after half are taken away', () => {
    const keys = new UidKeys()
    const uids = fc.sample(uuid, { numRuns: 30_000, seed: 7 })
    const unique = [...new Set(uids)]
    unique.forEach((u, k) => keys.set(u, k))
    for (let k = 0; k < unique.length; k += 2) keys.remove(k)
    unique.forEach((u, k) => {
      expect(keys.get(u)).toBe(k % 2 === 0 ? undefined : k)
      if (k % 2 === 1) expect(keys.at(k)).toBe(u)
    })
  })
})
