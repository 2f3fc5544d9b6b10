// `{{n, number}}` in every language through one Intl.NumberFormat per language, made once and kept
// (i18n/number-format.ts): numbers grouped as Intl groups them, and no formatter made a call.
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('numbers in messages', () => {
  it('groups English and French numbers as Intl.NumberFormat does', async () => {
    const { said, translate } = await import('@i18n/translate')
    const en = new Intl.NumberFormat('en')
    const fr = new Intl.NumberFormat('fr')
    const params = { pages: 3, items: 12_345, left: 1_234_567, count: 12_345 }
    expect(said('watch.core.progressLeft', params).text).toBe(
      'listing: page 3 · 12,345 objects so far · about 1,234,567 to go',
    )
    expect(translate('fr', 'watch.core.progressLeft', params)).toBe(
      `lecture de la liste\u00a0: page 3 · ${fr.format(12_345)} objets reçus · environ ${fr.format(1_234_567)} à venir`,
    )
    for (const n of [0, 1, -1, 999, 1000, -1000, 123_456_789, Number.MAX_SAFE_INTEGER]) {
      expect(translate('en', 'traffic.resumeWaiting', { n })).toBe(
        `Resume (${en.format(n)} waiting)`,
      )
      expect(translate('fr', 'traffic.resumeWaiting', { n })).toBe(
        `Reprendre (${fr.format(n)} en attente)`,
      )
    }
    // An option in the message (one decimal) is Intl's too.
    expect(translate('en', 'watch.core.retrying', { reason: 'x', s: 2 })).toContain('2.0')
    expect(translate('fr', 'watch.core.retrying', { reason: 'x', s: 2 })).toContain('2,0')
  })

  it('makes one formatter per language, not one a call', async () => {
    const made = vi.spyOn(Intl, 'NumberFormat')
    vi.resetModules()
    const { translate } = await import('@i18n/translate')
    const { numberFormat } = await import('@i18n/number-format')
    for (let items = 500; items <= 150_000; items += 500) {
      const params = { pages: 1, items, left: 150_000 - items, count: items }
      translate('en', 'watch.core.progressLeft', params)
      translate('fr', 'watch.core.progressLeft', params)
    }
    expect(made.mock.calls.map((call) => call[0])).toEqual(['en', 'fr'])
    expect(numberFormat('en')).toBe(numberFormat('en'))
    expect(numberFormat('fr')).not.toBe(numberFormat('en'))
    expect(made).toHaveBeenCalledTimes(2)
  })
})
