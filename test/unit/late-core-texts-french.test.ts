// The last English texts the core built without a key now carry one (issue #15): the timeline's
// notes on a GONE event and a stall, the managed-fields decoder's warnings, the placeholder users,
// the CLI's line when the demo opens by itself, the comments of the lab's kubectl line; and plural
// counts that can pass 1,000 are grouped by Intl. The English stays what it was; French is said
// again from the key.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SaidAs } from '@common/result'
import { kubectlLineText } from '@common/kubectl-line'
import type { KubeRelease } from '@common/kubectl-releases'
import { decodeManagedFields, indexOwnership } from '@common/managed-fields'
import { said, translate, translateSaid, type MessageKey } from '@i18n/translate'
import { identityFromToken } from '../../src-main/core/identity'
import { EventStore } from '../../src-main/core/watch/event-store'
import {
  labKubectl,
  labKubectlSaid,
  type LabEquivalentInput,
} from '../../src-main/features/lab/lab-equivalents'
import type { LabRequestSpec } from '../../src-main/features/lab/messages'
import { goneNoteSaid, stallNoteSaid } from '../../src-main/core/watch/watch-said'

const say = (locale: 'en' | 'fr', as: SaidAs | undefined) => translateSaid(locale, as, '')
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('the timeline’s notes', () => {
  it('says why an object is GONE and why a watch restarted, by key', () => {
    const gone = goneNoteSaid('4711')
    expect(gone.text).toBe('not in the relist at 4711: deleted while no watch was open')
    expect(say('fr', gone.as)).toBe(
      'absent de la nouvelle liste à 4711\u00a0: supprimé pendant qu’aucun watch n’était ouvert',
    )
    const stall = stallNoteSaid(45_400)
    expect(stall.text).toBe('no data for 45 s: restarting the watch')
    expect(say('fr', stall.as)).toBe('aucune donnée depuis 45 s\u00a0: le watch redémarre')
    const relay = translate('fr', 'watch.core.relayStoppedNote', { why: 'gzip: bad header' })
    expect(relay).toBe('Apiscope a cessé de lire ce watch relayé\u00a0: gzip: bad header')
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
      'equipe-web (Apply)\u00a0: à «\u202f.spec\u202f»\u00a0: .spec.replicas devrait contenir un objet, pas un nombre',
      'equipe-web (Apply)\u00a0: à «\u202f.spec\u202f»\u00a0: clé inconnue "x:odd"\u00a0: f:, k:, v:, i: ou . attendu',
      'equipe-web (Apply)\u00a0: à «\u202f.spec\u202f»\u00a0: la clé de liste {broken n’est pas du JSON valide',
      'equipe-web (Apply)\u00a0: à «\u202f.spec\u202f»\u00a0: une entrée «\u202f.\u202f» devrait contenir {}\u202f; son contenu est gardé ici',
      'kubectl (opération inconnue)\u00a0: l’opération "Merge" n’est ni Apply ni Update',
      'kubectl (opération inconnue)\u00a0: fieldsType "Other"\u202f; seul FieldsV1 est décodé',
      '(aucun gestionnaire) (opération inconnue)\u00a0: managedFields[2] devrait être un objet, pas une chaîne',
      'equipe-web (Apply)\u00a0: chemins enregistrés en apps/v1beta2, objet lu en apps/v1',
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
      'm (Update)\u00a0: fieldsType vaut FieldsV1 mais il n’y a pas de fieldsV1',
      'n (Update)\u00a0: fieldsType manque\u202f; seul FieldsV1 est décodé',
      'n (Update)\u00a0: à «\u202f\u202f»\u00a0: non décodé\u00a0: fieldsType n’est pas FieldsV1',
      '(aucun gestionnaire) (Update)\u00a0: managedFields[2].manager devrait être une chaîne',
      '(aucun gestionnaire) (Update)\u00a0: à «\u202f\u202f»\u00a0: fieldsV1 devrait être un objet, pas une liste',
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

describe('the CLI’s line when the demo opens by itself', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })
  const failure = said('fail.refused.title', { host: '127.0.0.1:6443' })
  const fallback = {
    reason: said('demo.fallbackReason', { failure: failure.text }),
    failure: { title: failure.text, said: failure.as },
  }
  it('prints why, the failure it names included, in the language of the environment', async () => {
    vi.stubEnv('LC_ALL', 'fr_FR.UTF-8')
    vi.resetModules()
    const fr = await import('../../src-main/cli/cli-text')
    expect(fr.demoFallbackLine(fallback)).toBe(
      'Aucun cluster n’a répondu (Rien ne répond à 127.0.0.1:6443)\u00a0: voici la démo fournie.',
    )
    vi.stubEnv('LC_ALL', 'C')
    vi.resetModules()
    const en = await import('../../src-main/cli/cli-text')
    expect(en.demoFallbackLine(fallback)).toBe(fallback.reason.text)
    expect(fallback.reason.text).toBe(
      'No cluster answered (Nothing answers at 127.0.0.1:6443): showing the bundled demo.',
    )
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

describe('the comments of the lab’s kubectl line', () => {
  const input = (spec: Partial<LabRequestSpec>, release: KubeRelease | null) =>
    ({
      spec: { identity: 'kubeconfig', verb: 'get', resource: 'pods', version: 'v1', ...spec },
      method: 'PATCH',
      url: 'https://127.0.0.1:6443/apis/apps/v1/namespaces/ch34/deployments/web/scale',
      context: 'kind-ch34',
      server: 'https://127.0.0.1:6443',
      insecure: false,
      kubeconfigAuth: 'client-certificate' as const,
      accept: 'application/json',
      hasBody: true,
      release,
    }) as LabEquivalentInput
  const fr = (i: LabEquivalentInput) =>
    kubectlLineText(labKubectlSaid(i), (note) => say('fr', note))

  it('says the notes again in French and keeps kubectl’s command', () => {
    const apply = input(
      {
        verb: 'patch',
        patchType: 'apply',
        group: 'apps',
        resource: 'deployments',
        name: 'web',
        namespace: 'ch34',
        subresource: 'scale',
      },
      { major: 1, minor: 30 },
    )
    expect(labKubectl(apply)).toBe(
      '# no kubectl command sends this: kubectl 1.30 has no apply --subresource (1.32+); the curl line does',
    )
    expect(fr(apply)).toBe(
      '# aucune commande kubectl n’envoie ceci\u00a0: kubectl 1.30 n’a pas apply --subresource (1.32+)\u202f; la ligne curl le fait',
    )
    const collection = input({ verb: 'deletecollection', namespace: 'ch34' }, null)
    expect(labKubectl(collection)).toMatch(
      / {2}# kubectl lists, then sends one DELETE per object; only curl sends one DELETE on the collection$/,
    )
    expect(fr(collection)).toMatch(
      /^kubectl .*delete pods --all -n ch34 {2}# kubectl liste, puis envoie un DELETE par objet\u202f; seul curl envoie un seul DELETE sur la collection$/,
    )
    const oldGet = input(
      { subresource: 'status', name: 'web', namespace: 'ch34' },
      { major: 1, minor: 20 },
    )
    expect(labKubectl(oldGet)).toMatch(
      / {2}# kubectl 1.20 has no --subresource flag \(1.24\+\): --raw sends the same GET$/,
    )
    expect(fr(oldGet)).toMatch(
      / {2}# kubectl 1.20 n’a pas le flag --subresource \(1.24\+\)\u00a0: --raw envoie le même GET$/,
    )
  })
})
