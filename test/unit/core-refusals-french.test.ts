// The core's own refusals and notes that ADR 0018 listed as "still English" now carry their keys
// (issue #15): a file that is not a recording, revealing a value, the kubectl proxy's handlers, a
// walkthrough's refusals and checks, the lab namespace's deletion, /metrics, an event with no
// object, the core's "Unknown request", "Malformed … request" and "Superseded", a policy's
// binding, the relay's "more than N MB", the browser mode's refusal; and the CLI's help fits 80
// columns in both languages. The English stays what it was; French is said again from the key.
// The replayed parts open the bundled demo, recorded from a real control plane.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { IncomingMessage } from 'node:http'
import type { UiError } from '@common/result'
import { attributeDryRun } from '@common/admission-attribution'
import { stageOfResponse } from '@common/request-stages'
import { translate, translateParts, translateSaid, type Locale } from '@i18n/translate'
import { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { checkRequest } from '../../src-main/browser-host/access-guard'
import { replayRefusal } from '../../src-main/core/core-context'
import { notJsonFailure } from '../../src-main/core/failure-messages'
import { decide } from '../../src-main/core/watch/reflector-plan'
import { parseRecording } from '../../src-main/features/recording/reader'
import { FORMAT_NAME } from '../../src-main/features/recording/format'
import { parseMetrics } from '../../src-main/features/traffic/metrics'
import { deleteLabNamespace } from '../../src-main/features/walkthroughs/lab-namespace'
import { evaluateCheck } from '../../src-main/features/walkthroughs/step-checks'
import { WalkthroughRunner } from '../../src-main/features/walkthroughs/walkthrough-runner'
import { looksLocal } from '../../src-main/features/walkthroughs/walkthrough-safety'
import { RequestLog } from '../../src-main/core/request-log'

const DEMO_DIR = path.resolve(__dirname, '../../resources/demo')
const plain = (text: string) => text.replace(/\s/g, ' ')

/** An error's three texts in a language, as the renderer's ErrorCard says them. */
function words(locale: Locale, e: UiError) {
  return {
    title: translateSaid(locale, e.said?.title, e.title),
    detail: translateParts(locale, e.said?.detail, e.detail),
    nextStep: translateSaid(locale, e.said?.nextStep, e.nextStep),
  }
}
/** Said again in English from its keys, the error reads as the core wrote it. */
function sameInEnglish(e: UiError) {
  expect(words('en', e)).toEqual({ title: e.title, detail: e.detail, nextStep: e.nextStep })
}
function failed<T>(r: { ok: true; value: T } | { ok: false; error: UiError }): UiError {
  if (r.ok) throw new Error('expected an error')
  return r.error
}

describe('a file that is not a recording', () => {
  const header = (extra: Record<string, unknown>) =>
    Buffer.from(
      JSON.stringify({ kind: 'header', format: FORMAT_NAME, version: 1, ...extra }) + '\n',
    )
  it('says what is wrong with its header in French', () => {
    const e = failed(parseRecording(header({ app: { name: 'Apiscope', version: '1' } })))
    expect(e.detail).toBe('Its header has a server that is neither null nor an object.')
    sameInEnglish(e)
    expect(words('fr', e).detail).toBe('Son en-tête a un serveur qui n’est ni null ni un objet.')
    const noApp = failed(parseRecording(header({})))
    expect(words('fr', noApp).detail).toBe('Son en-tête n’a ni nom ni version d’application.')
  })
  it('says a first line that is not JSON, or no line at all, in French', () => {
    expect(words('fr', failed(parseRecording(Buffer.from('{nope\n')))).detail).toBe(
      'Sa première ligne n’est pas du JSON.',
    )
    expect(words('fr', failed(parseRecording(Buffer.from('')))).detail).toBe(
      'Il ne contient aucune ligne complète (pas même un en-tête).',
    )
    const notHeader = failed(parseRecording(Buffer.from('{"kind":"Pod"}\n')))
    expect(notHeader.detail).toBe(`Its first line is not a ${FORMAT_NAME} header.`)
    expect(words('fr', notHeader).detail).toBe(
      `Sa première ligne n’est pas un en-tête ${FORMAT_NAME}.`,
    )
  })
  it('keeps the gzip library’s own words inside ours', () => {
    // A gzip header naming a compression method zlib does not know.
    const damaged = Buffer.from([0x1f, 0x8b, 0x09, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4])
    const e = failed(parseRecording(damaged))
    expect(e.detail).toMatch(/^The gzip data is damaged: /)
    expect(words('fr', e).detail).toBe(
      e.detail.replace('The gzip data is damaged: ', 'Les données gzip sont abîmées\u00a0: '),
    )
  })
})

describe('the core’s own refusals', () => {
  it('says an unknown request, a malformed one and not connected in French', async () => {
    const core = new ApiscopeCore({ host: 'browser', version: 'test' })
    try {
      const unknown = failed(await core.invoke('kube:nope', {}))
      expect(unknown.title).toBe('Unknown request')
      sameInEnglish(unknown)
      expect(words('fr', unknown).title).toBe('Requête inconnue')
      expect(words('fr', unknown).nextStep).toBe('')

      // A hand-typed path without its slash: the schema's message is ours, by key.
      const malformed = failed(
        await core.invoke('lab:send', {
          identity: 'kubeconfig',
          verb: 'get',
          rawPath: 'metrics',
          group: '',
          version: 'v1',
          resource: 'pods',
        }),
      )
      expect(malformed.title).toBe('Malformed lab:send request')
      expect(malformed.detail).toContain('rawPath: a path on the API server, starting with /')
      sameInEnglish(malformed)
      expect(words('fr', malformed).title).toBe('Requête lab:send mal formée')
      expect(words('fr', malformed).detail).toContain(
        'rawPath\u00a0: un chemin sur l’API server, commençant par /',
      )
      // The validator's own words pass through, framed in ours.
      const wrongType = failed(await core.invoke('watch:event-detail', { index: 'x' }))
      expect(words('fr', wrongType).detail).toMatch(/^index\u00a0: /)
      expect(words('fr', wrongType).detail.replace(/^index\u00a0: /, '')).toBe(
        wrongType.detail.replace(/^index: /, ''),
      )

      const notConnected = failed(await core.invoke('watch:event-detail', { index: 0 }))
      sameInEnglish(notConnected)
      expect(words('fr', notConnected)).toEqual({
        title: 'Pas connecté à un cluster',
        detail: 'Choisissez un contexte auquel vous connecter.',
        nextStep: 'Choisissez un contexte dans la barre du haut.',
      })
      const notKept = failed(await core.invoke('proxy:detail', { seq: 7 }))
      sameInEnglish(notKept)
      expect(plain(words('fr', notKept).detail)).toBe(
        'Requête 7 : le proxy garde les 500 dernières requêtes tant qu’il tourne.',
      )
    } finally {
      await core.close()
    }
  })
  it('says a replay’s refusal, an answer that is not JSON and a superseded connection', () => {
    sameInEnglish(replayRefusal)
    expect(words('fr', replayRefusal).title).toBe(
      'Ceci est un rejeu\u00a0: rien n’est envoyé à un cluster',
    )
    const notJson = notJsonFailure('/version', '<html>')
    expect(notJson.title).toBe('/version did not answer JSON')
    expect(words('fr', notJson)).toEqual({
      title: '/version n’a pas répondu en JSON',
      detail: '<html>',
      nextStep: 'Cette adresse est-elle celle d’un API server Kubernetes\u202f?',
    })
    expect(translate('fr', 'core.err.superseded')).toBe('Remplacée par une autre connexion')
  })
})

describe('in a replay of the demo (recorded from a real control plane)', () => {
  it('says what a recording cannot show, and an event without an object, in French', async () => {
    const core = new ApiscopeCore({ host: 'browser', version: 'test', demoDir: DEMO_DIR })
    try {
      const opened = await core.recording.openDemo()
      expect(opened.ok).toBe(true)
      const liveOnly = failed(await core.invoke('proxy:detail', { seq: 1 }))
      sameInEnglish(liveOnly)
      expect(words('fr', liveOnly).title).toBe(
        'Les en-têtes et les corps ne s’affichent qu’en direct',
      )
      const noRequest = failed(await core.invoke('traffic:event-detail', { auditId: 'nope' }))
      sameInEnglish(noRequest)
      expect(words('fr', noRequest).detail).toBe(
        'Aucune requête d’Audit-Id nope n’a encore été rejouée.',
      )
      await core.invoke('recording:transport', { action: 'seek', value: 10_000_000 })
      const snapshot = await core.invoke('watch:snapshot', {})
      if (!snapshot.ok) throw new Error(snapshot.error.title)
      const events = (snapshot.value as { events: { type: string }[] }).events
      const bookmark = events.findIndex((e) => e.type === 'BOOKMARK')
      expect(bookmark).toBeGreaterThanOrEqual(0)
      const noObject = failed(await core.invoke('watch:event-detail', { index: bookmark }))
      sameInEnglish(noObject)
      expect(words('fr', noObject)).toEqual({
        title: `Aucun objet derrière l’événement ${bookmark}`,
        detail: 'Les bookmarks et les erreurs ne portent aucun objet.',
        nextStep: '',
      })
      const nothing = failed(
        await core.invoke('recording:reveal', { index: events.length + 5, pointer: '/data/x' }),
      )
      sameInEnglish(nothing)
      expect(words('fr', nothing).title).toBe('Rien à révéler ici')
      expect(words('fr', nothing).detail).toBe(`Il n’y a pas d’événement ${events.length + 5}.`)
      const start = failed(await core.invoke('proxy:start', {}))
      expect(words('fr', start).title).toBe(
        'Ceci est un rejeu\u00a0: rien n’est envoyé à un cluster',
      )
    } finally {
      await core.close()
    }
  })
})

describe('a walkthrough’s refusals and checks', () => {
  it('says whether a context looks local in French', () => {
    const remote = looksLocal('prod-eu', 'https://api.prod.example.com')
    expect(translateSaid('fr', remote.reason.as, '')).toBe(
      'Le contexte «\u202fprod-eu\u202f» parle à api.prod.example.com, qui ne ressemble pas à un cluster local (minikube, kind, docker-desktop, ou une adresse de bouclage).',
    )
    expect(translateSaid('fr', looksLocal('x', 'https://127.0.0.1:6443').reason.as, '')).toBe(
      'Le serveur 127.0.0.1 est une adresse de bouclage de cette machine.',
    )
  })
  it('says an unknown walkthrough and a namespace it will not delete in French', async () => {
    const runner = new WalkthroughRunner(new RequestLog())
    const none = failed(await runner.plan(null as never, 'nope'))
    sameInEnglish(none)
    expect(words('fr', none).title).toBe('Il n’y a pas de parcours «\u202fnope\u202f»')
    const notRunning = failed(await runner.step(42))
    sameInEnglish(notRunning)
    expect(words('fr', notRunning).title).toBe('Ce parcours ne tourne plus')
    const refused = failed(await deleteLabNamespace(null as never, 'kube-system'))
    sameInEnglish(refused)
    expect(words('fr', refused)).toEqual({
      title: 'Refus de supprimer kube-system',
      detail: 'Les parcours ne suppriment que leurs propres namespaces apiscope-lab-….',
      nextStep: 'Rien à faire.',
    })
  })
  it('says what a check reads and expects in French; a value shown as it is stays', () => {
    const observed = { status: 200, body: { items: [1, 2], kind: 'List' }, text: 'hello' }
    const say = (c: ReturnType<typeof evaluateCheck>) => ({
      label: translateSaid('fr', c.labelSaid, c.label),
      expected: translateSaid('fr', c.expectedSaid, c.expected),
      observed: translateSaid('fr', c.observedSaid, c.observed),
    })
    const exists = evaluateCheck({ pointer: '/metadata', exists: true }, observed, {})
    expect([exists.expected, exists.observed]).toEqual(['present', '(absent)'])
    expect(say(exists)).toEqual({
      label: '/metadata',
      expected: 'présent',
      observed: '(absent)',
    })
    const many = evaluateCheck({ pointer: '/items', minItems: 2 }, observed, {})
    expect(many.expected).toBe('at least 2 items')
    expect(say(many).expected).toBe('au moins 2 éléments')
    expect(say(many).observed).toBe('[1,2]')
    const not = evaluateCheck({ pointer: '/kind', notEquals: 'Status' }, observed, {})
    expect([not.expected, say(not).expected]).toEqual(['not Status', 'pas Status'])
    const matching = evaluateCheck({ regex: 'hel+o', contains: 'ell' }, observed, {})
    expect([matching.label, say(matching).label]).toEqual([
      'text matching /hel+o/',
      'texte correspondant à /hel+o/',
    ])
    expect(say(matching).expected).toBe('contient «\u202fell\u202f»')
    const body = evaluateCheck({ greaterThan: 1500 }, observed, {})
    expect([body.label, body.expected]).toEqual(['body', 'more than 1,500'])
    expect(plain(say(body).expected)).toBe('plus de 1 500')
    expect(say(body).label).toBe('corps')
  })
})

describe('the rest of the core’s texts', () => {
  it('says /metrics that is not Prometheus text in French, the parser’s words as they came', () => {
    const none = failed(parseMetrics('{}'))
    sameInEnglish(none)
    expect(words('fr', none).title).toBe('/metrics n’est pas au format texte de Prometheus')
  })
  it('names a MutatingAdmissionPolicy with its binding in French', () => {
    const sent = { kind: 'Deployment', metadata: { name: 'v' } }
    const returned = { kind: 'Deployment', metadata: { name: 'v', labels: { team: 'web' } } }
    const m = (policy: string) => ({
      policy,
      binding: `${policy}-b`,
      conditional: false,
      mutationText: 'labels: {"team": "web"}',
    })
    const report = attributeDryRun(sent, returned, [], {
      kind: 'Deployment',
      mutatingPolicies: [m('team'), m('other')],
    })
    const entry = report.entries[0]?.attribution
    expect(entry?.explanation).toContain('team (binding team-b), other (binding other-b)')
    const french = translateParts('fr', entry?.said, '', ' ')
    expect(french).toContain(
      'MutatingAdmissionPolicy team (via le binding team-b), other (via le binding other-b).',
    )
    expect(french).not.toContain('(binding')
  })
  it('names a ValidatingAdmissionPolicy’s binding in French in a stage explanation', () => {
    const verdict = stageOfResponse({
      method: 'POST',
      verb: 'create',
      resource: 'deployments',
      dryRun: true,
      status: 201,
      body: { kind: 'Deployment', metadata: { name: 'web' } },
      headers: {
        warning:
          "299 - \"Validation failed for ValidatingAdmissionPolicy 'p' with binding 'p-b': too many\"",
      },
    })
    expect(verdict.explanation).toContain('ValidatingAdmissionPolicy p (binding p-b) failed')
    expect(translateParts('fr', verdict.explanationSaid, '')).toContain('p (via le binding p-b)')
  })
  it('says a refused watch by key, as any other answer of its verb', () => {
    const d = decide(
      { kind: 'watch', rv: '5' },
      { kind: 'refused', status: 422, message: 'bad' },
      { mode: 'list-watch', fallback: null, lastRv: '5' },
    )
    expect(d.backoff?.reason).toBe('watch answered 422: bad')
    expect(translateSaid('fr', d.backoff?.reasonSaid?.as, '')).not.toBe('watch answered 422: bad')
  })
  it('says the relay’s "more than N MB" through Intl', () => {
    expect(translate('en', 'watch.core.why.behind', { mb: 1024 })).toContain('more than 1,024 MB')
    expect(plain(translate('fr', 'watch.core.why.behind', { mb: 1024 }))).toContain(
      'plus de 1 024 Mo',
    )
  })
  it('says the browser mode’s refusal in the browser’s language', () => {
    const req = (headers: Record<string, string>) =>
      ({ headers, url: '/' }) as unknown as IncomingMessage
    const verdict = checkRequest(req({ host: '127.0.0.1:1' }), 1, 'secret')
    if (verdict.ok) throw new Error('expected a refusal')
    expect(verdict.reason.text).toBe('missing or wrong token')
    expect(translateSaid('fr', verdict.reason.as, '')).toBe('jeton absent ou faux')
    const foreign = checkRequest(req({ host: 'evil.example:1' }), 1, 'secret')
    if (foreign.ok) throw new Error('expected a refusal')
    expect(translateSaid('fr', foreign.reason.as, '')).toBe(
      'en-tête Host étranger «\u202fevil.example:1\u202f»',
    )
  })
})

describe('apiscope --help', () => {
  const help = (locale: Locale) =>
    [
      translate(locale, 'cli.title', { version: '0.1.0' }),
      translate(locale, 'cli.serveUsage'),
      translate(locale, 'store.serveFlag', { mb: 128 }),
      translate(locale, 'cli.recordUsage'),
      translate(locale, 'cli.proxyUsage'),
      translate(locale, 'cli.commandHelp'),
      translate(locale, 'cli.footer'),
      translate(locale, 'cli.language'),
      translate(locale, 'cli.exitCodes'),
    ].join('\n')
  it('fits 80 columns in both languages', () => {
    for (const locale of ['en', 'fr'] as const) {
      const wide = help(locale)
        .split('\n')
        .filter((line) => [...line].length > 80)
      expect(wide, locale).toEqual([])
    }
  })
})
