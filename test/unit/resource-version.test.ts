import { describe, expect, it } from 'vitest'
import { decodeContinueToken, numericResourceVersion } from '@common/resource-version'

describe('resourceVersion as a number, only when it is one', () => {
  it.each([
    ['94476', 94476],
    ['0', 0],
    ['9007199254740991', 9007199254740991],
    ['9007199254740993', null],
    ['12345678901234567', null],
    ['', null],
    ['12a', null],
    ['-1', null],
    ['1.5', null],
    ['MTIz', null],
  ])('%s -> %s', (rv, n) => expect(numericResourceVersion(rv)).toBe(n))
})

describe('continue tokens', () => {
  it('decodes the 1.20 form, and leaves other tokens opaque', () => {
    const token = Buffer.from('{"v":"meta.k8s.io/v1","rv":312,"start":"carton-3\\u0000"}').toString(
      'base64url',
    )
    expect(decodeContinueToken(token)).toEqual({
      v: 'meta.k8s.io/v1',
      rv: 312,
      start: 'carton-3\u0000',
    })
    expect(decodeContinueToken('not-base64-json')).toBeNull()
  })
})
