// Version patches must rebuild every version exactly, whatever changed between two.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { applyPatch, encodePatch, fieldChanges } from '../../src-main/core/watch/version-patch'

const fixture = (name: string) =>
  readFileSync(path.join(__dirname, '../fixtures/recorded/1.20/managed-fields', name), 'utf8')

describe('version patches', () => {
  const pairs: [string, unknown, unknown][] = [
    ['a field changed', { a: 1, b: { c: 'x' } }, { a: 1, b: { c: 'y' } }],
    ['keys added and removed', { a: 1, gone: true }, { a: 1, added: [1, 2] }],
    ['array grown and shrunk', { l: [1, 2, 3, 4] }, { l: [1, 9] }],
    [
      'array of objects',
      { l: [{ n: 'a' }, { n: 'b' }] },
      { l: [{ n: 'a' }, { n: 'c' }, { n: 'd' }] },
    ],
    ['type changes', { a: { b: 1 }, c: [1], d: null }, { a: 'flat', c: { x: 1 }, d: { e: 1 } }],
    ['keys with / and ~', { 'a/b': 1, 'c~d': { 'e/f': 2 } }, { 'a/b': 2, 'c~d': { 'e/f': 3 } }],
    ['prototype-looking keys', { constructor: 1 }, { toString: 2 }],
  ]
  it.each(pairs)('%s: applying the patch rebuilds the new version', (_name, before, after) => {
    const patch = encodePatch(before as Record<string, unknown>, after as Record<string, unknown>)
    expect(applyPatch(before, patch)).toEqual(after)
    // The base is not touched.
    expect(applyPatch(before, patch)).toEqual(after)
  })

  it('rebuilds every step of a Deployment recorded from the real server', () => {
    const steps = [
      'deployment-vitrine-1-applied.json',
      'deployment-vitrine-2-patched.json',
      'deployment-vitrine-3-edited.json',
      'deployment-vitrine-5-forced.json',
    ].map((f) => JSON.parse(fixture(f)) as Record<string, unknown>)
    for (let i = 1; i < steps.length; i++) {
      expect(
        applyPatch(
          steps[i - 1],
          encodePatch(steps[i - 1] as Record<string, unknown>, steps[i] as Record<string, unknown>),
        ),
      ).toEqual(steps[i])
    }
  })

  it('names what changed as JSON Patch operations with the old values', () => {
    expect(
      fieldChanges({ data: { a: '1', b: '2' }, l: [1] }, { data: { a: '3' }, l: [1, 2] }),
    ).toEqual([
      { op: 'replace', path: '/data/a', value: '3', oldValue: '1' },
      { op: 'remove', path: '/data/b', oldValue: '2' },
      { op: 'add', path: '/l/1', value: 2 },
    ])
  })
})
