import { describe, expect, it } from 'vitest'
import {
  compareResourceVersions,
  decodeContinueToken,
  isComparableResourceVersion,
  numericResourceVersion,
} from '@common/resource-version'

// Kubernetes 1.35's rule (KEP-5504): decimal digits, no leading zero; the shorter is the smaller,
// equal lengths compare as strings; anything else is not comparable.
describe('comparable resourceVersions', () => {
  it.each([
    ['94476', '94476', 0],
    ['94476', '94484', -1],
    ['94484', '94476', 1],
    ['999', '1000', -1], // a shorter one is smaller, though "999" > "1000" as plain strings
    ['1000', '999', 1],
    ['9', '10', -1],
    ['1', '1', 0],
    // Beyond Number.MAX_SAFE_INTEGER (9007199254740991), where a double would round them equal.
    ['9007199254740993', '9007199254740992', 1],
    ['123456789012345678901234567890', '123456789012345678901234567891', -1],
    ['99999999999999999999', '100000000000000000000', -1],
  ])('%s vs %s -> %s', (a, b, order) => expect(compareResourceVersions(a, b)).toBe(order))

  it.each([
    ['0', '1'], // `0` is not a resourceVersion an object has (it asks for "any" in a list)
    ['007', '8'], // a leading zero
    ['010', '10'], // the same number, still not comparable
    ['', '1'],
    ['12a', '12'],
    ['-1', '1'],
    ['1.5', '2'],
    ['+5', '5'],
    [' 5', '5'],
    ['MTIz', '1'],
    ['١٢٣', '1'], // digits of another script are not decimal digits here
  ])('%s is not comparable, on either side', (bad, good) => {
    expect(isComparableResourceVersion(bad)).toBe(false)
    expect(isComparableResourceVersion(good)).toBe(true)
    expect(compareResourceVersions(bad, good)).toBeNull()
    expect(compareResourceVersions(good, bad)).toBeNull()
    expect(compareResourceVersions(bad, bad)).toBeNull() // not even equal by the rule
  })

  it('undefined and null are not comparable', () => {
    expect(compareResourceVersions(undefined, '1')).toBeNull()
    expect(compareResourceVersions('1', null)).toBeNull()
  })

  it('sorts as the rule says, and as numbers where a double holds them', () => {
    const rvs = ['100', '99', '1000', '101', '9', '10000000000000000001', '10000000000000000000']
    const sorted = [...rvs].sort((a, b) => compareResourceVersions(a, b) ?? 0)
    expect(sorted).toEqual([
      '9',
      '99',
      '100',
      '101',
      '1000',
      '10000000000000000000',
      '10000000000000000001',
    ])
    const safe = sorted.filter((rv) => numericResourceVersion(rv) !== null)
    expect(safe).toEqual([...safe].sort((a, b) => Number(a) - Number(b)))
  })
})

describe('resourceVersion as a number, only when comparable and exact', () => {
  it.each([
    ['94476', 94476],
    ['1', 1],
    ['9007199254740991', 9007199254740991],
    ['0', null], // not comparable since 1.35's rule
    ['007', null], // a leading zero: not comparable (and String(7) would not give it back)
    ['9007199254740992', null], // comparable, but a double cannot tell it from ...993
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
