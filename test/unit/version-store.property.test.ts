// Property-based tests of what the version-history worker keeps (version-store.ts): for any
// objects and any versions, interleaved as watches deliver them, every version handed over comes
// back byte for byte, in any order of asking, whether the latest bytes are at hand or rebuilt,
// across whole versions, and after the budget folded some away (those, and only those, are gone).
// Then the first versions of many objects of one kind, kept as deltas against each other, and
// the lines of a watch recorded from the real server.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  KEYFRAME_MAX,
  KEYFRAME_MIN,
  VersionStore,
  keyframeSpacing,
} from '../../src-main/core/watch/version-store'
import { jsonWithNames, mutateBytes } from './property-inputs'

const enc = (s: string) => new TextEncoder().encode(s)

/** Byte for byte (compared natively: some versions are 300 KB). */
function expectBytes(got: Uint8Array | null | undefined, want: Uint8Array, what: string): void {
  expect(got, what).toBeInstanceOf(Uint8Array)
  const equal = Buffer.from(got as Uint8Array).equals(Buffer.from(want))
  if (!equal) expect(Array.from(got as Uint8Array), what).toEqual(Array.from(want))
}

/** What a test handed over: each object's versions, and which are folded. */
class Model {
  readonly versions = new Map<number, Uint8Array[]>()
  readonly foldedBelow = new Map<number, number>()

  add(store: VersionStore, object: number, bytes: Uint8Array, offset = 0): void {
    const list = this.versions.get(object) ?? []
    // Handed over inside a larger buffer, as the worker gets them (a batch of lines).
    const batch = new Uint8Array(offset + bytes.length + 3)
    batch.set(bytes, offset)
    store.add(object, list.length, batch, offset, offset + bytes.length)
    list.push(bytes)
    this.versions.set(object, list)
  }

  fold(store: VersionStore, object: number, below: number): void {
    const count = this.versions.get(object)?.length ?? 0
    const before = this.foldedBelow.get(object) ?? 0
    store.fold(object, below)
    // What the store does: a fold past what is folded, short of the latest.
    if (below > Math.max(1, before) && below < count) this.foldedBelow.set(object, below)
  }

  expected(object: number, v: number): Uint8Array | null {
    const below = this.foldedBelow.get(object) ?? 0
    if (v > 0 && v < below) return null
    return this.versions.get(object)?.[v] ?? null
  }

  /** Every version of every object, asked in the given order, then one by one. */
  check(store: VersionStore, shuffle: (n: number) => number = (n) => n): void {
    for (const [object, list] of this.versions) {
      expect(store.count(object)).toBe(list.length)
      expect(store.foldedBelow(object)).toBe(this.foldedBelow.get(object) ?? 0)
      const asked = list.map((_, v) => v).sort((x, y) => shuffle(x) - shuffle(y))
      // Versions that do not exist are null too.
      asked.push(list.length, -1)
      const got = store.bytesAtMany(object, asked)
      asked.forEach((v, k) => {
        const want = this.expected(object, v)
        if (want === null) expect(got[k], `object ${object} version ${v}`).toBeNull()
        else expectBytes(got[k], want, `object ${object} version ${v}`)
      })
      const last = list.length - 1
      expectBytes(store.bytesAt(object, last), list[last] as Uint8Array, `object ${object} latest`)
    }
  }
}

/** A version after `bytes`: a few edits, or (now and then) something else entirely. */
const nextVersion = (bytes: Uint8Array) =>
  fc.oneof(
    { weight: 6, arbitrary: mutateBytes(bytes) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    { weight: 1, arbitrary: fc.constant(bytes) },
  )

/** Several objects, each a chain of versions, handed over interleaved, with folds between. */
const histories = fc
  .array(
    fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 400 }),
      jsonWithNames.map((v) => enc(JSON.stringify({ kind: 'ConfigMap', data: v }))),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((firsts) =>
    fc.tuple(
      fc.constant(firsts),
      fc.array(
        fc.record({
          object: fc.nat(firsts.length - 1),
          seed: fc.nat(),
          fold: fc.option(fc.nat(40), { freq: 8 }),
          offset: fc.nat(7),
        }),
        { maxLength: 60 },
      ),
      fc.infiniteStream(fc.nat(1_000)),
    ),
  )

/** Runs the steps: each object's next version comes from its latest by the seed's edit. */
function play(
  store: VersionStore,
  firsts: Uint8Array[],
  steps: { object: number; seed: number; fold: number | null; offset: number }[],
): Model {
  const model = new Model()
  firsts.forEach((bytes, object) => model.add(store, object, bytes, object % 4))
  for (const step of steps) {
    const list = model.versions.get(step.object) as Uint8Array[]
    const latest = list[list.length - 1] as Uint8Array
    const [next] = fc.sample(nextVersion(latest), { seed: step.seed, numRuns: 1 })
    model.add(store, step.object, next as Uint8Array, step.offset)
    if (step.fold !== null) model.fold(store, step.object, step.fold)
  }
  return model
}

describe('the version store, with generated histories', () => {
  it('gives back every version handed over, byte for byte, in any order of asking', () => {
    fc.assert(
      fc.property(histories, ([firsts, steps, order]) => {
        const store = new VersionStore()
        const model = play(
          store,
          firsts,
          steps.map((s) => ({ ...s, fold: null })),
        )
        const ranks = order.take(2_000)
        const rank = [...ranks]
        model.check(store, (v) => rank[v % rank.length] ?? v)
        expect(store.cost).toBeGreaterThan(0)
      }),
      { numRuns: 150 },
    )
  })

  it('rebuilds every version when no latest bytes are kept at hand', () => {
    fc.assert(
      fc.property(histories, ([firsts, steps]) => {
        const store = new VersionStore(0)
        play(
          store,
          firsts,
          steps.map((s) => ({ ...s, fold: null })),
        ).check(store)
      }),
      { numRuns: 100 },
    )
  })

  it('after folds, gives back every version kept and nothing for those folded away', () => {
    fc.assert(
      fc.property(histories, ([firsts, steps]) => {
        const store = new VersionStore()
        const model = play(store, firsts, steps)
        model.check(store)
        // What the budget counts goes down by what was folded, never below the first versions.
        expect(store.cost).toBeGreaterThan(0)
      }),
      { numRuns: 150 },
    )
  })
})

describe('the version store, long and large histories', () => {
  it('a small object written 2.5 times KEYFRAME_MAX times, whole versions between', () => {
    const store = new VersionStore(0)
    const model = new Model()
    const n = Math.floor(2.5 * KEYFRAME_MAX)
    for (let v = 0; v < n; v++)
      model.add(store, 0, enc(JSON.stringify({ metadata: { resourceVersion: String(1000 + v) } })))
    model.check(store)
    // About one whole version per KEYFRAME_MAX: the rest are deltas of a few bytes.
    expect(keyframeSpacing(40)).toBe(KEYFRAME_MAX)
    expect(store.cost).toBeLessThan(n * 30)
    model.fold(store, 0, n - 3)
    model.check(store)
  })

  it('a 300 KB object changed a byte at a time: whole versions every KEYFRAME_MIN', () => {
    const store = new VersionStore()
    const model = new Model()
    const bytes = enc(JSON.stringify({ data: { big: 'x'.repeat(300_000) } }))
    for (let v = 0; v < 3 * KEYFRAME_MIN + 2; v++) {
      const next = bytes.slice()
      next[20 + v] = 0x61 + (v % 26)
      model.add(store, 3, next)
    }
    expect(keyframeSpacing(bytes.length)).toBe(KEYFRAME_MIN)
    model.check(store)
    // Four whole copies (the first and three keyframes) and small deltas.
    expect(store.cost).toBeLessThan(5 * bytes.length)
  })

  it('first versions of many objects of one kind, kept as deltas against each other', () => {
    const store = new VersionStore()
    const model = new Model()
    let raw = 0
    for (let k = 0; k < 300; k++) {
      const bytes = enc(
        JSON.stringify({
          kind: 'ConfigMap',
          apiVersion: 'v1',
          metadata: {
            name: `cm-${k}`,
            namespace: `scale-${k % 7}`,
            uid: `0ce1ed10-a2c6-4378-8a4d-${String(k).padStart(12, '0')}`,
            resourceVersion: String(5000 + k),
            creationTimestamp: `2026-12-04T18:${String(k % 60).padStart(2, '0')}:00Z`,
          },
          data: { k: String(k), filler: 'v'.repeat(200 + (k % 50)) },
        }),
      )
      raw += bytes.length
      model.add(store, k, bytes)
    }
    model.check(store)
    // Most first versions are a delta of a few dozen bytes against an earlier one.
    expect(store.cost).toBeLessThan(raw / 3)
  })
})

describe('the version store, with a watch recorded from the real server', () => {
  it('every line of a streaming list (1.37) comes back exactly, as first versions and as versions of one object', () => {
    const lines = gunzipSync(
      readFileSync(
        path.join(__dirname, '../fixtures/recorded/1.37/relayed-watch/streaming-list.ndjson.gz'),
      ),
    )
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map(enc)
    const store = new VersionStore()
    const model = new Model()
    lines.forEach((line, k) => model.add(store, k, line))
    // The same lines as successive versions of one object (each a delta from the one before).
    lines.forEach((line) => model.add(store, 100, line))
    model.check(store)
  })
})
