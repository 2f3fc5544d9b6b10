import { describe, expect, it } from 'vitest'
import { frenchSpacing } from '@i18n/french-spacing'
import { catalogues, translate } from '@i18n/translate'

describe('French typography’s spaces', () => {
  it('makes the space before : no-break, and before ; ! ? » and after « narrow no-break', () => {
    expect(frenchSpacing('Nom : web ; prêt ? oui ! « GET »')).toBe(
      'Nom\u00a0: web\u202f; prêt\u202f? oui\u202f! «\u202fGET\u202f»',
    )
    // Nothing else moves: no space is added where the text had none.
    expect(frenchSpacing('rv: 42, a;b, https://x?y=1')).toBe('rv: 42, a;b, https://x?y=1')
  })

  it('is in every French text of the catalogue, and in no English one', () => {
    for (const [key, text] of Object.entries(catalogues.fr)) {
      expect(text, key).not.toMatch(/ [:;!?»]|« /)
    }
    for (const [key, text] of Object.entries(catalogues.en)) {
      expect(text, key).not.toMatch(/[\u00a0\u202f]/)
    }
  })

  it('leaves what a parameter brings as it came (a server’s or a parser’s own words)', () => {
    const text = translate('fr', 'watch.core.malformedNote', { message: 'a : b', line: '{ ? }' })
    expect(text).toBe('ligne mal formée dans le flux du watch\u00a0: a : b\u00a0: { ? }')
  })
})
