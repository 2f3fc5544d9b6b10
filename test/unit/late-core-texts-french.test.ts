// The last English texts the core built without a key now carry one (issue #15): the timeline's
// notes on a GONE event and a stall, the managed-fields decoder's warnings, the placeholder users,
// the CLI's line when the demo opens by itself; and plural counts that can pass 1,000 are grouped
// by Intl. The English stays what it was; French is said again from the key.
import { describe, expect, it } from 'vitest'
import type { SaidAs } from '@common/result'
import { decodeManagedFields, indexOwnership } from '@common/managed-fields'
import { translate, type MessageKey } from '@i18n/translate'
import { identityFromToken } from '../../src-main/core/identity'
import { EventStore } from '../../src-main/core/watch/event-store'
import { goneNoteSaid, stallNoteSaid } from '../../src-main/core/watch/watch-supervisor'

const say = (locale: 'en' | 'fr', as: SaidAs | undefined) =>
  translate(locale, as!.key as MessageKey, ...([as!.params ?? {}] as [never]))
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('the timeline’s notes', () => {
  it('says why an object is GONE and why a watch restarted, by key', () => {
    const gone = goneNoteSaid('4711')
    expect(gone.text).toBe('not in the relist at 4711: deleted while no watch was open')
    expect(say('fr', gone.as)).toBe(
      'absent de la nouvelle liste à 4711 : supprimé pendant qu’aucun watch n’était ouvert',
    )
    const stall = stallNoteSaid(45_400)
    expect(stall.text).toBe('no data for 45 s: restarting the watch')
    expect(say('fr', stall.as)).toBe('aucune donnée depuis 45 s : le watch redémarre')
    const relay = translate('fr', 'watch.core.relayStoppedNote', { why: 'gzip: bad header' })
    expect(relay).toBe('Apiscope a cessé de lire ce watch relayé : gzip: bad header')
    expect(translate('en', 'watch.core.relayStoppedNote', { why: 'gzip: bad header' })).toBe(
      'Apiscope stopped reading this relayed watch: gzip: bad header',
    )
  })

  it('hands the note’s key to the timeline with the event', () => {
    const store = new EventStore()
    try {
      const stall = stallNoteSaid(30_000)
      const i = store.recordError(1, stall.text, undefined, '', stall.as)
      const e = store.event(i)
      expect(e.note).toBe('no data for 30 s: restarting the watch')
      expect(e.noteSaid).toEqual(stall.as)
      // The server's own ERROR keeps its words and no key.
      const j = store.recordError(1, 'too old resource version: 1 (2)', 410, '2')
      expect(store.event(j).noteSaid).toBeUndefined()
    } finally {
      store.close()
    }
  })
})

describe('the managed-fields decoder’s warnings', () => {
  const object = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      managedFields: [
        {
          manager: 'equipe-web',
          operation: 'Apply',
          apiVersion: 'apps/v1beta2',
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:spec': { 'f:replicas': 3, 'x:odd': {}, 'k:{broken': {}, '.': { a: 1 } } },
        },
        { manager: 'kubectl', operation: 'Merge', apiVersion: 'apps/v1', fieldsType: 'Other' },
        'nonsense',
      ],
    },
  }

  it('says each warning as before in English and in French by key', () => {
    const index = indexOwnership(object)
    expect(index.warningsSaid).toHaveLength(index.warnings.length)
    expect(index.warningsSaid.map((as) => say('en', as))).toEqual(index.warnings)
    expect(index.warnings).toEqual([
      'equipe-web (Apply): at ".spec": .spec.replicas should hold an object, not a number',
      'equipe-web (Apply): at ".spec": unknown key "x:odd": expected f:, k:, v:, i: or .',
      'equipe-web (Apply): at ".spec": the list key {broken is not valid JSON',
      'equipe-web (Apply): at ".spec": a "." entry should hold {}; its content is kept here',
      'kubectl (unknown operation): operation "Merge" is neither Apply nor Update',
      'kubectl (unknown operation): fieldsType "Other"; only FieldsV1 is decoded',
      '(no manager) (unknown operation): managedFields[2] should be an object, not a string',
      'equipe-web (Apply): paths recorded in apps/v1beta2, object read as apps/v1',
    ])
    expect(index.warningsSaid.map((as) => say('fr', as))).toEqual([
      'equipe-web (Apply) : à « .spec » : .spec.replicas devrait contenir un objet, pas un nombre',
      'equipe-web (Apply) : à « .spec » : clé inconnue "x:odd" : f:, k:, v:, i: ou . attendu',
      'equipe-web (Apply) : à « .spec » : la clé de liste {broken n’est pas du JSON valide',
      'equipe-web (Apply) : à « .spec » : une entrée « . » devrait contenir {} ; son contenu est gardé ici',
      'kubectl (unknown operation) : l’opération "Merge" n’est ni Apply ni Update',
      'kubectl (unknown operation) : fieldsType "Other" ; seul FieldsV1 est décodé',
      '(no manager) (unknown operation) : managedFields[2] devrait être un objet, pas une chaîne',
      'equipe-web (Apply) : chemins enregistrés en apps/v1beta2, objet lu en apps/v1',
    ])
  })

  it('says the warnings about the whole list or object too', () => {
    const notList = decodeManagedFields({})
    expect(notList.warnings).toEqual(['managedFields should be a list, not an object'])
    expect(say('en', notList.warningsSaid[0])).toBe(notList.warnings[0])
    expect(say('fr', notList.warningsSaid[0])).toBe(
      'managedFields devrait être une liste, pas un objet',
    )
    const notObject = indexOwnership([1])
    expect(say('en', notObject.warningsSaid[0])).toBe('expected a Kubernetes object, got a list')
    expect(say('fr', notObject.warningsSaid[0])).toBe(
      'un objet Kubernetes était attendu, reçu une liste',
    )
    const missing = decodeManagedFields([
      { manager: 'm', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1' },
      { manager: 'n', operation: 'Update', apiVersion: 'v1', fieldsV1: {} },
      { manager: 7, operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: [] },
    ])
    expect(missing.warningsSaid.map((as) => say('en', as))).toEqual(missing.warnings)
    expect(missing.warningsSaid.map((as) => say('fr', as))).toEqual([
      'm (Update) : fieldsType vaut FieldsV1 mais il n’y a pas de fieldsV1',
      'n (Update) : fieldsType manque ; seul FieldsV1 est décodé',
      'n (Update) : à «  » : non décodé : fieldsType n’est pas FieldsV1',
      '(no manager) (Update) : managedFields[2].manager devrait être une chaîne',
      '(no manager) (Update) : à «  » : fieldsV1 devrait être un objet, pas une liste',
    ])
  })
})

describe('the placeholder users and the demo’s console line', () => {
  it('names nobody in the person’s language', () => {
    const unknown = identityFromToken('not-a-jwt')
    expect(unknown.username).toBe('(unknown)')
    expect(say('fr', unknown.usernameSaid)).toBe('(inconnu)')
    expect(translate('en', 'id.user.basic')).toBe('(basic auth user)')
    expect(translate('fr', 'id.user.basic')).toBe('(utilisateur en authentification basique)')
  })
})

describe('plural counts past 1,000', () => {
  const cases: [MessageKey, string, string][] = [
    ['attr.lines', '1,500 lines', '1 500 lignes'],
    ['own.versions', '1,500 versions', '1 500 versions'],
    [
      'own.inStore',
      '1,500 versions in the watch store',
      '1 500 versions dans le magasin des watches',
    ],
    ['store.objects', '1,500 busy objects', '1 500 objets actifs'],
    ['log.count', '1,500 requests', '1 500 requêtes'],
    ['kproxy.bytes', '1,500 bytes', '1 500 octets'],
    [
      'watch.streamItems',
      '1,500 initial ADDED events, then the BOOKMARK',
      '1 500 événements ADDED initiaux, puis le BOOKMARK',
    ],
  ]
  it('groups the number through Intl and keeps English under 1,000', () => {
    for (const [key, english, french] of cases) {
      const say1500 = (l: 'en' | 'fr') => translate(l, key, ...([{ count: 1500 }] as [never]))
      expect(say1500('en')).toBe(english)
      expect(plain(say1500('fr'))).toBe(french)
      const small = translate('en', key, ...([{ count: 999 }] as [never]))
      expect(small).toBe(english.replace('1,500', '999'))
      expect(translate('en', key, ...([{ count: 1 }] as [never]))).not.toContain('1,')
    }
  })
})
