// `{{n, number}}` of a whole number in English is grouped without Intl (i18n/translate.ts): the
// same text as Intl.NumberFormat('en') for every safe integer, and Intl's for the rest.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { englishWholeNumber, said, translate } from '@i18n/translate'

const intl = new Intl.NumberFormat('en')

describe('English whole numbers', () => {
  it('writes every safe integer as Intl.NumberFormat("en") does', () => {
    for (const n of [0, 1, -1, 999, 1000, -1000, 123_456_789, Number.MAX_SAFE_INTEGER])
      expect(englishWholeNumber(n, 'en')).toBe(intl.format(n))
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(englishWholeNumber(n, 'en')).toBe(intl.format(n))
      }),
    )
  })

  it('leaves French, fractions, -0 and numbers with options to Intl', () => {
    expect(englishWholeNumber(1234, 'fr')).toBeNull()
    expect(englishWholeNumber(1.5, 'en')).toBeNull()
    expect(englishWholeNumber(-0, 'en')).toBeNull()
    expect(englishWholeNumber(2, 'en', { minimumFractionDigits: 1 })).toBeNull()
    expect(englishWholeNumber('1234', 'en')).toBeNull()
  })

  it("says the catalogue's numbers as before, in both languages", () => {
    const params = { pages: 3, items: 12_345, left: 1_234_567 }
    expect(said('watch.core.progressLeft', params).text).toBe(
      'listing: page 3 · 12,345 objects so far · about 1,234,567 to go',
    )
    expect(translate('fr', 'watch.core.progressLeft', params)).toBe(
      `lecture de la liste : page 3 · ${new Intl.NumberFormat('fr').format(12_345)} objets reçus · environ ${new Intl.NumberFormat('fr').format(1_234_567)} restants`,
    )
    // An option in the message (one decimal) is Intl's.
    expect(translate('en', 'watch.core.retrying', { reason: 'x', s: 2 })).toContain('2.0')
  })
})
