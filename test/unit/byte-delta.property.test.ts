// Property-based tests of the byte deltas the version history keeps (byte-delta.ts): whatever two
// versions' bytes are, and wherever they lie in their buffers, the delta rebuilds the new bytes
// exactly; a few edits make a small delta; a delta that does not fit its base ends in a clear
// error. Versions recorded from the real server (Deployments through apply, patch, edit, scale).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyDelta, diffBytes } from '../../src-main/core/watch/byte-delta'
import { jsonWithNames, mutateBytes } from './property-inputs'

const enc = (s: string) => new TextEncoder().encode(s)

/** `bytes` copied into a buffer of its own at `offset` (the word-at-a-time path needs both cases). */
function placed(bytes: Uint8Array, offset: number): Uint8Array {
  const buffer = new Uint8Array(offset + bytes.length + (offset % 5))
  buffer.set(bytes, offset)
  return buffer.subarray(offset, offset + bytes.length)
}

function roundTrip(a: Uint8Array, b: Uint8Array): Uint8Array {
  const delta = diffBytes(a, b)
  expect(Array.from(applyDelta(a, delta))).toEqual(Array.from(b))
  return delta
}

/** Any bytes, or JSON text (what the history is given). */
const someBytes = fc.oneof(
  fc.uint8Array({ maxLength: 600 }),
  jsonWithNames.map((v) => enc(JSON.stringify(v) ?? 'null')),
)

describe('byte deltas, with generated input', () => {
  it('rebuild any bytes from any bytes, at any offset in their buffers', () => {
    fc.assert(
      fc.property(someBytes, someBytes, fc.nat(9), fc.nat(9), (a, b, oa, ob) => {
        roundTrip(placed(a, oa), placed(b, ob))
      }),
      { numRuns: 600 },
    )
  })

  it('rebuild bytes from the same bytes with a few flips, insertions and deletions', () => {
    const pair = someBytes.chain((a) => mutateBytes(a).map((b) => [a, b] as const))
    fc.assert(
      fc.property(pair, fc.nat(7), fc.nat(7), ([a, b], oa, ob) => {
        roundTrip(placed(a, oa), placed(b, ob))
      }),
      { numRuns: 600 },
    )
  })

  it('keep a few edits of a long text small, and identical bytes empty', () => {
    const long = fc.uint8Array({ minLength: 2_000, maxLength: 4_000 })
    fc.assert(
      fc.property(
        long.chain((a) => mutateBytes(a).map((b) => [a, b] as const)),
        ([a, b]) => {
          // Six edits at most, each a few bytes to write.
          expect(roundTrip(a, b).length).toBeLessThan(80)
          expect(roundTrip(a, a).length).toBe(0)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('rebuild a JSON object after any value in it changed, keys added or removed', () => {
    const objects = fc
      .tuple(
        fc.dictionary(fc.string({ maxLength: 12 }), jsonWithNames, { minKeys: 1, maxKeys: 12 }),
        fc.dictionary(fc.string({ maxLength: 12 }), jsonWithNames, { maxKeys: 3 }),
        fc.nat(),
      )
      .map(([before, changes, drop]) => {
        const after: Record<string, unknown> = { ...before, ...changes }
        const keys = Object.keys(after)
        if (drop % 3 === 0) delete after[keys[drop % keys.length] as string]
        return [enc(JSON.stringify(before)), enc(JSON.stringify(after))] as const
      })
    fc.assert(
      fc.property(objects, ([a, b]) => {
        roundTrip(a, b)
        roundTrip(b, a)
      }),
      { numRuns: 400 },
    )
  })

  it('a delta that does not fit its base ends in an error, never in other bytes', () => {
    const pair = fc.tuple(someBytes, someBytes, fc.uint8Array({ maxLength: 40 }))
    fc.assert(
      fc.property(pair, ([a, b, junk]) => {
        for (const delta of [junk, diffBytes(b, a)]) {
          let out: Uint8Array | null = null
          try {
            out = applyDelta(a, delta)
          } catch (error) {
            expect((error as Error).message).toMatch(/version delta/)
          }
          // A delta made for other bytes may still fit these; it then yields bytes of the
          // length it says, never a crash.
          if (out) expect(out).toBeInstanceOf(Uint8Array)
        }
      }),
      { numRuns: 400 },
    )
  })
})

describe('byte deltas of versions recorded from the real server', () => {
  const recorded = (series: string, name: string) =>
    enc(
      JSON.stringify(
        JSON.parse(
          readFileSync(
            path.join(__dirname, '../fixtures/recorded', series, 'managed-fields', name),
            'utf8',
          ),
        ),
      ),
    )

  it.each(['1.20', '1.37'])('rebuild every step of a Deployment (%s), each a small delta', (s) => {
    const steps = [
      'deployment-vitrine-1-applied.json',
      'deployment-vitrine-2-patched.json',
      'deployment-vitrine-3-edited.json',
      'deployment-vitrine-5-forced.json',
    ].map((f) => recorded(s, f))
    for (let i = 1; i < steps.length; i++) {
      const a = steps[i - 1] as Uint8Array
      const b = steps[i] as Uint8Array
      const delta = roundTrip(a, b)
      // An apply, a patch or an edit changes a few fields: far less than the object.
      expect(delta.length).toBeLessThan(b.length / 2)
      roundTrip(b, a)
    }
  })

  it('rebuild a ConfigMap from another (the first versions of two objects)', () => {
    const a = recorded('1.37', 'configmap-reglages-1-applied.json')
    const b = recorded('1.37', 'configmap-gardien-finalizers.json')
    roundTrip(a, b)
  })
})
