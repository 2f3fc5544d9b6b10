// Property-based tests of the fieldsV1 and managedFields decoders (src-main/common/managed-fields.ts):
// a fieldsV1 tree built from known paths decodes to exactly those paths, in every script; any JSON
// at all, random or mutated, decodes to paths and undecoded parts each with a reason, never a
// throw; the ownership table holds up with 10,000 managedFields entries and a 1.5 MB object.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  decodeFieldsKey,
  decodeFieldsV1,
  decodeManagedFields,
  formatPath,
  indexOwnership,
  MAX_FIELDS_DEPTH,
  ownershipRows,
  type PathSegment,
} from '@common/managed-fields'
import { anyName, jsonWithNames } from './property-inputs'

const segment: fc.Arbitrary<PathSegment> = fc.oneof(
  anyName.map((name) => ({ kind: 'field' as const, name })),
  fc
    .dictionary(anyName, fc.oneof(anyName, fc.integer()), { minKeys: 1, maxKeys: 3 })
    .map((key) => ({ kind: 'key' as const, key })),
  fc.oneof(anyName, fc.integer(), fc.boolean()).map((value) => ({ kind: 'value' as const, value })),
  fc.nat(50).map((index) => ({ kind: 'index' as const, index })),
)

const rawKey = (s: PathSegment): string => {
  switch (s.kind) {
    case 'field':
      return `f:${s.name}`
    case 'key':
      return `k:${JSON.stringify(s.key)}`
    case 'value':
      return `v:${JSON.stringify(s.value)}`
    case 'index':
      return `i:${s.index}`
  }
}

/** A fieldsV1 tree holding these leaf paths (a path that is a prefix of another becomes ".": {}). */
function treeOf(paths: PathSegment[][]): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const p of paths) {
    let node = root
    for (const s of p) {
      const k = rawKey(s)
      node[k] ??= {}
      node = node[k] as Record<string, unknown>
    }
  }
  return root
}

const mutated = (value: unknown) =>
  fc.tuple(fc.nat(), jsonWithNames).map(([n, replacement]) => {
    const copy = JSON.parse(JSON.stringify(value)) as unknown
    // Replace the n-th node (depth first) with a random JSON value.
    let seen = 0
    const walk = (v: unknown): unknown => {
      if (seen++ === n % 40) return replacement
      if (Array.isArray(v)) return v.map(walk)
      if (v && typeof v === 'object')
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
      return v
    }
    return walk(copy)
  })

describe('the fieldsV1 decoder, with generated input', () => {
  it('decodes a tree built from paths back to those paths, names in every script', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(segment, { minLength: 1, maxLength: 5 }), { maxLength: 8 }),
        (paths) => {
          const tree = treeOf(paths)
          const decoded = decodeFieldsV1(JSON.parse(JSON.stringify(tree)))
          expect(decoded.undecoded).toEqual([])
          const leaves = decoded.paths.filter((p) => p.kind === 'leaf').map((p) => p.text)
          // The leaves are the paths that no other path extends.
          const keyOf = (p: PathSegment[]) => p.map(rawKey).join('\u0000')
          const all = new Set(paths.map(keyOf))
          const expected = [...new Set(paths.map(keyOf))]
            .filter((k) => ![...all].some((o) => o !== k && o.startsWith(`${k}\u0000`)))
            .map((k) => formatPath(paths.find((p) => keyOf(p) === k) as PathSegment[]))
          expect([...leaves].sort()).toEqual([...expected].sort())
        },
      ),
      { numRuns: 300 },
    )
  })

  it('any key decodes to a segment, the "." marker or a reason, never a throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyName,
          anyName.map((s) => `k:${s}`),
          anyName.map((s) => `v:${s}`),
          anyName.map((s) => `i:${s}`),
        ),
        (key) => {
          const d = decodeFieldsKey(key)
          if ('error' in d) expect(d.error.length).toBeGreaterThan(0)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('any JSON, random or a mutated tree, decodes to paths and reasons, never a throw', () => {
    const tree = fc
      .array(fc.array(segment, { minLength: 1, maxLength: 4 }), { maxLength: 6 })
      .map(treeOf)
    fc.assert(
      fc.property(fc.oneof(jsonWithNames, tree.chain(mutated)), (value) => {
        const d = decodeFieldsV1(value)
        for (const u of d.undecoded) expect(u.warning.length).toBeGreaterThan(0)
        for (const p of d.paths) expect(typeof p.text).toBe('string')
      }),
      { numRuns: 500 },
    )
  })

  it('a fieldsV1 nested 20,000 levels deep ends in a result, not a stack overflow', () => {
    let deep: Record<string, unknown> = {}
    for (let i = 0; i < 20_000; i++) deep = { 'f:a': deep }
    const d = decodeFieldsV1(deep)
    expect(d.paths).toEqual([])
    expect(d.undecoded).toHaveLength(1)
    expect(d.undecoded[0]?.warning).toBe(
      `nested deeper than ${MAX_FIELDS_DEPTH} levels: the rest is not decoded`,
    )
    expect(d.undecoded[0]?.at.segments).toHaveLength(MAX_FIELDS_DEPTH)
  })
})

const entry = fc.record(
  {
    manager: anyName,
    operation: fc.constantFrom('Apply', 'Update', 'Other', 5),
    apiVersion: fc.constantFrom('v1', 'apps/v1'),
    time: fc.constant('2026-12-01T00:00:00Z'),
    subresource: fc.constantFrom('status', 'scale'),
    fieldsType: fc.constantFrom('FieldsV1', 'FieldsV2'),
    fieldsV1: fc.oneof(
      fc.array(fc.array(segment, { minLength: 1, maxLength: 4 }), { maxLength: 5 }).map(treeOf),
      jsonWithNames,
    ),
  },
  { requiredKeys: [] },
)

describe('managedFields and the ownership table, with generated input', () => {
  it('any managedFields list decodes one entry per element, never a throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.array(fc.oneof(entry, jsonWithNames), { maxLength: 6 }), jsonWithNames),
        (mf) => {
          const d = decodeManagedFields(mf)
          if (Array.isArray(mf)) expect(d.entries).toHaveLength(mf.length)
          const object = {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            metadata: { name: 'x', managedFields: mf },
            data: { a: 'b' },
          }
          indexOwnership(object)
          ownershipRows(object)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('any object with managedFields, mutated, gives an ownership table, never a throw', () => {
    const object = fc
      .record({
        data: fc.dictionary(anyName, anyName, { maxKeys: 5 }),
        mf: fc.array(entry, { maxLength: 4 }),
      })
      .map(({ data, mf }) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'x', managedFields: mf },
        data,
      }))
    fc.assert(
      fc.property(object.chain(mutated), (o) => {
        const rows = ownershipRows(o)
        expect(Array.isArray(rows)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('10,000 managedFields entries over a 1.5 MB object: decoded and tabled in seconds, not minutes', () => {
    const data: Record<string, string> = {}
    for (let i = 0; i < 1500; i++) data[`k-${i}`] = 'x'.repeat(1000)
    const managedFields = Array.from({ length: 10_000 }, (_, i) => ({
      manager: `manager-${i}`,
      operation: i % 2 ? 'Apply' : 'Update',
      apiVersion: 'v1',
      time: '2026-12-01T00:00:00Z',
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:data': { [`f:k-${i % 1500}`]: {} } },
    }))
    const object = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'big', managedFields },
      data,
    }
    expect(JSON.stringify(object).length).toBeGreaterThan(1_500_000)
    let t = performance.now()
    const decoded = decodeManagedFields(managedFields)
    expect(decoded.entries).toHaveLength(10_000)
    const decodeMs = performance.now() - t
    t = performance.now()
    const rows = ownershipRows(object)
    expect(rows.length).toBeGreaterThanOrEqual(1500)
    const rowsMs = performance.now() - t
    // About 0.2 s and 0.9 s on the 2-core test machine; the bounds catch a quadratic path, with room for a busy machine.
    expect(decodeMs).toBeLessThan(3000)
    expect(rowsMs).toBeLessThan(5000)
    process.stderr.write(
      `[managedFields] 10,000 entries: decoded ${decodeMs.toFixed(0)} ms, table ${rowsMs.toFixed(0)} ms\n`,
    )
  })
})
