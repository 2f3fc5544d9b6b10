// The inspector's diff: what changed between two versions, as JSON Patch operations with the old
// values. (How versions are kept, and rebuilt exactly, is byte-delta.property.test.ts's.)
import { describe, expect, it } from 'vitest'
import { fieldChanges } from '../../src-main/core/watch/field-changes'

describe('field changes', () => {
  it('names what changed as JSON Patch operations with the old values', () => {
    expect(
      fieldChanges({ data: { a: '1', b: '2' }, l: [1] }, { data: { a: '3' }, l: [1, 2] }),
    ).toEqual([
      { op: 'replace', path: '/data/a', value: '3', oldValue: '1' },
      { op: 'remove', path: '/data/b', oldValue: '2' },
      { op: 'add', path: '/l/1', value: 2 },
    ])
  })

  it('escapes / and ~ in keys, and replaces a value whose type changed', () => {
    expect(fieldChanges({ 'a/b': 1, 'c~d': { e: 1 } }, { 'a/b': 2, 'c~d': 'flat' })).toEqual([
      { op: 'replace', path: '/a~1b', value: 2, oldValue: 1 },
      { op: 'replace', path: '/c~0d', value: 'flat', oldValue: { e: 1 } },
    ])
  })

  it('says nothing of equal versions', () => {
    expect(fieldChanges({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([])
  })
})
