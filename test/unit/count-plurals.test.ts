// The counts of the Watches view's card, its filter and the recording bar, said in the plural
// their number takes: French uses the singular for 0 and 1, English for 1 only (Intl.PluralRules).
// A watch's "initial events ended" said by a recording made before its plural forms (no count)
// reads as it did.
import { describe, expect, it } from 'vitest'
import { translate, translateSaid, type Locale } from '@i18n/translate'

const say = (lang: Locale, count: number) => ({
  listed: translate(lang, 'watch.dtListed', { count }),
  events: translate(lang, 'watch.dtWatchEvents', { count }),
  bookmarks: translate(lang, 'watch.dtBookmarks', { count }),
  relists: translate(lang, 'watch.dtRelists', { count }),
  reconnects: translate(lang, 'watch.dtReconnects', { count }),
  resumes: translate(lang, 'watch.dtResumes', { count }),
})

describe('count labels', () => {
  it("agree with the card's numbers in English", () => {
    const one = {
      listed: 'object listed',
      events: 'watch event',
      bookmarks: 'bookmark',
      relists: 'relist',
      reconnects: 'reconnect',
      resumes: 'resume',
    }
    const many = {
      listed: 'objects listed',
      events: 'watch events',
      bookmarks: 'bookmarks',
      relists: 'relists',
      reconnects: 'reconnects',
      resumes: 'resumes',
    }
    expect(say('en', 1)).toEqual(one)
    expect(say('en', 2)).toEqual(many)
    expect(say('en', 0)).toEqual(many)
  })

  it("agree with the card's numbers in French, 0 in the singular", () => {
    const one = {
      listed: 'objet listé',
      events: 'événement du watch',
      bookmarks: 'bookmark',
      relists: 'reliste',
      reconnects: 'reconnexion',
      resumes: 'reprise',
    }
    expect(say('fr', 1)).toEqual(one)
    expect(say('fr', 0)).toEqual(one)
    expect(say('fr', 2)).toEqual({
      listed: 'objets listés',
      events: 'événements du watch',
      bookmarks: 'bookmarks',
      relists: 'relistes',
      reconnects: 'reconnexions',
      resumes: 'reprises',
    })
    // No number yet (—): the plural, as a heading.
    expect(translate('fr', 'watch.dtListed', { count: Number.POSITIVE_INFINITY })).toBe(
      'objets listés',
    )
  })

  it('say the filter, the matching lanes, the recording and the replay in their plural', () => {
    expect(translate('en', 'watch.watchesShown', { n: 1, count: 2 })).toBe('1 of 2 watches')
    expect(translate('en', 'watch.watchesShown', { n: 1, count: 1 })).toBe('1 of 1 watch')
    expect(translate('fr', 'watch.watchesShown', { n: 1, count: 1 })).toBe('1 watch sur 1')
    expect(translate('fr', 'watch.watchesShown', { n: 2, count: 3 })).toBe('2 sur 3 watches')
    const matches = (lang: Locale, count: number) =>
      translate(lang, 'watch.matches', { count, matching: count, lanes: 5, filter: 'a' })
    expect(matches('en', 1)).toBe('1 of 5 object lanes matches “a”: Enter opens it.')
    expect(matches('en', 2)).toBe('2 of 5 object lanes match “a”: Enter opens the first.')
    expect(matches('fr', 1)).toMatch(
      /^1 ligne d’objet sur 5 contient «\u202fa\u202f»\u00a0: Entrée l’ouvre\.$/,
    )
    expect(matches('fr', 2)).toMatch(/^2 lignes d’objets sur 5 contiennent/)
    const live = (lang: Locale, count: number) =>
      translate(lang, 'rec.liveTitle', { count, size: '1 kB', name: 'r' })
    expect(live('en', 1)).toBe('1 event, 1 kB written to r')
    expect(live('fr', 0)).toMatch(/^0 événement,/)
    expect(live('fr', 2)).toMatch(/^2 événements,/)
    expect(translate('en', 'replay.events', { count: 1 })).toBe(' event')
    expect(translate('fr', 'replay.events', { count: 94 })).toBe(' événements')
  })

  it("say a streaming list's initial events in their plural, and as before without a count", () => {
    const ended = (lang: Locale, n: number) =>
      translate(lang, 'watch.core.watchingAfterStream', { rv: '7', n, count: n })
    expect(ended('en', 1)).toBe("watching from 7, where the streaming list's 1 initial event ended")
    expect(ended('en', 1200)).toBe(
      "watching from 7, where the streaming list's 1,200 initial events ended",
    )
    expect(ended('fr', 1)).toBe(
      'watch depuis 7, où la liste en flux s’est terminée après 1 événement initial',
    )
    expect(ended('fr', 2)).toMatch(/après 2 événements initiaux$/)
    const recorded = { key: 'watch.core.watchingAfterStream', params: { rv: '7', n: 8 } }
    expect(translateSaid('en', recorded, '')).toBe(
      "watching from 7, where the streaming list's 8 initial events ended",
    )
    expect(translateSaid('fr', recorded, '')).toMatch(/^watch depuis 7, là où se sont terminés/)
  })
})
