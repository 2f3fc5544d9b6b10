import { describe, expect, it } from 'vitest'
import {
  kindPrefix,
  prefixedLength,
  withKind,
  writePrefixed,
} from '../../src-main/core/watch/kind-prefix'

const enc = new TextEncoder()
const dec = new TextDecoder()

describe('kind prefix', () => {
  const prefix = kindPrefix('apps/v1', 'Deployment')

  it('is the object opened with apiVersion and kind, ready for its own members', () => {
    expect(dec.decode(prefix.bytes)).toBe('{"apiVersion":"apps/v1","kind":"Deployment",')
    expect(prefix).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' })
  })

  it.each([
    ['{"metadata":{"name":"a"}}', { metadata: { name: 'a' } }],
    ['{}', {}],
    ['{ \n\t}', {}],
    ['{ "a" : 1 }', { a: 1 }],
  ])('puts it in front of %j', (item, members) => {
    const bytes = enc.encode(item)
    const out = withKind(prefix.bytes, bytes)
    expect(JSON.parse(dec.decode(out))).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      ...members,
    })
    expect(out.length).toBe(prefixedLength(prefix.bytes, bytes, 0, bytes.length))
  })

  it('writes a slice of a larger buffer at an offset', () => {
    const src = enc.encode('xx{"a":1}yy')
    const out = new Uint8Array(64).fill(0x20)
    const end = writePrefixed(prefix.bytes, src, 2, 9, out, 3)
    expect(end - 3).toBe(prefixedLength(prefix.bytes, src, 2, 9))
    expect(JSON.parse(dec.decode(out.subarray(3, end)))).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      a: 1,
    })
  })
})
