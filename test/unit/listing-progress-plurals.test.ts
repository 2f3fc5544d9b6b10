// The listing's progress and a cut list's note count objects in their plural, in English and
// French (the count picks the form); a recording made before the plural forms, whose messages
// carry no count, is still said by the plain keys.
import { describe, expect, it } from 'vitest'
import { translate, translateSaid } from '@i18n/translate'
import { listingProgressSaid } from '../../src-main/core/watch/watch-said'

describe('the listing progress in its plural', () => {
  it('says one object and many, with or without what is left', () => {
    expect(listingProgressSaid('initial', 1, 1, null).text).toBe(
      'listing: page 1 · 1 object so far',
    )
    expect(listingProgressSaid('initial', 2, 2, 40).text).toBe(
      'listing: page 2 · 2 objects so far · about 40 to go',
    )
    expect(listingProgressSaid('expired', 1, 0, 1).text).toBe(
      'relisting after 410 Expired: page 1 · 0 objects so far · about 1 to go',
    )
    const one = listingProgressSaid('initial', 1, 1, 1).as
    expect(translateSaid('fr', one, '')).toBe(
      'lecture de la liste\u00a0: page 1 · 1 objet reçu · environ 1 à venir',
    )
    const many = listingProgressSaid('reconnect', 3, 2, 500).as
    expect(translateSaid('fr', many, '')).toBe(
      'nouvelle liste après reconnexion\u00a0: page 3 · 2 objets reçus · environ 500 à venir',
    )
  })

  it('says a cut list after one object in the singular', () => {
    const params = { items: 1, count: 1, reason: 'connection reset', limit: 500 }
    expect(translate('en', 'watch.core.listCutGoingOn', params)).toBe(
      'list answer cut after 1 object (connection reset): going on after the last one, in pages of 500',
    )
    expect(translate('fr', 'watch.core.listCutGoingOn', { ...params, items: 2, count: 2 })).toBe(
      'réponse de liste coupée après 2 objets (connection reset)\u00a0: suite après le dernier, par pages de 500',
    )
  })

  it("says a recording's message without a count by the plain key", () => {
    const old = { key: 'watch.core.progress', params: { pages: 1, items: 500 } }
    expect(translateSaid('en', old, '')).toBe('listing: page 1 · 500 objects so far')
    expect(translateSaid('fr', old, '')).toBe(
      'lecture de la liste\u00a0: page 1 · 500 objets reçus',
    )
  })
})
