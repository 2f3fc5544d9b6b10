// The last English texts of the Live traffic setup tab, a 429's explanation and a walkthrough's
// admission note, said again in French from what the core sends: each keeps the English it had
// (the integration tests read it), and its keys and parameters give the French.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { attributeDryRun, parseAttributionRules } from '@common/admission-attribution'
import rulesFile from '@common/data/admission-attribution.json'
import type { SaidAs } from '@common/result'
import type { TrafficRequest } from '@common/traffic-request'
import type { SetupGuide } from '@features/traffic/messages'
import { isMessageKey, translate, type Locale } from '@i18n/translate'
import {
  kindGuide,
  kubeadmGuide,
  minikubeGuide,
} from '../../src-main/features/traffic/audit-setup-guides'
import { flowSentence, TrafficStream } from '../../src-main/features/traffic/traffic-stream'
import { readAuditEvent } from '../../src-main/features/traffic/audit-event'
import {
  commandEnded,
  describeFsError,
  readAuditLine,
} from '../../src-main/features/traffic/audit-log-tail'
import { readEventBatch } from '../../src-main/features/traffic/audit-webhook'
import type { SourceError } from '../../src-main/features/traffic/source-error'
import { RelayedExchange } from '../../src-main/features/kubectl-proxy/relayed-exchange'
import { said } from '@i18n/translate'
import { admissionSummary } from '../../src-main/features/walkthroughs/request-step'

const say = (locale: Locale, as: SaidAs | undefined): string => {
  expect(as && isMessageKey(as.key), as?.key).toBe(true)
  return translate(locale, as!.key as never, as!.params as never)
}

function expectSaid(guide: SetupGuide): void {
  expect(say('en', guide.said?.webhookRoute)).toBe(guide.webhookRoute)
  expect(say('en', guide.said?.logRoute)).toBe(guide.logRoute)
  expect(say('fr', guide.said?.webhookRoute)).not.toBe(guide.webhookRoute)
  expect(say('fr', guide.said?.logRoute)).not.toBe(guide.logRoute)
  for (const c of [...guide.commands, ...guide.logCommands]) {
    expect(say('en', c.said?.label), c.label).toBe(c.label)
    expect(say('en', c.said?.why), c.why).toBe(c.why)
    expect(say('fr', c.said?.label), c.label).not.toBe(c.label)
    expect(say('fr', c.said?.why), c.why).not.toBe(c.why)
  }
}

describe('audit setup guides', () => {
  it('say every label, why and route by key, with the English they always had', () => {
    const minikube = minikubeGuide('demo', 9443, '/audit')
    expect(minikube.webhookRoute).toBe('the node posts to http://host.minikube.internal:9443/audit')
    expect(minikube.commands[2]?.why).toBe(
      'kube-apiserver posts batches of audit events to http://host.minikube.internal:9443/audit: Apiscope, listening on port 9443 of every interface of this machine.',
    )
    expect(say('fr', minikube.commands[2]?.said?.why)).toBe(
      'kube-apiserver envoie des lots d’événements d’audit à http://host.minikube.internal:9443/audit\u00a0: Apiscope, à l’écoute sur le port 9443 de toutes les interfaces de cette machine.',
    )
    expectSaid(minikube)
    const kind = kindGuide('demo', 9443, '/audit', '/home/ada')
    expect(say('fr', kind.commands[0]?.said?.label)).toBe('Dossier que kind monte dans le nœud')
    expectSaid(kind)
    for (const host of [null, '127.0.0.1', '10.0.0.5']) {
      const kubeadm = kubeadmGuide(host, 9443, '/audit', '/home/ada')
      expectSaid(kubeadm)
    }
    expect(kubeadmGuide('10.0.0.5', 9443, '/audit', '/home/ada').commands[2]?.why).toBe(
      "10.0.0.5 is the address Apiscope's connection to the API server leaves from, as the node sees it unless a NAT lies between; Apiscope listens on port 9443.",
    )
  })
})

describe('a 429’s FlowSchema sentence', () => {
  it('keeps its English and says it in French, named or not', () => {
    const flows: NonNullable<TrafficRequest['flow']>[] = [
      { flowSchema: 'global-default', priorityLevel: 'global-default' },
      { flowSchema: 'global-default', priorityLevel: null },
      { flowSchema: null, priorityLevel: 'workload-low' },
      { flowSchema: null, priorityLevel: null },
    ]
    for (const flow of flows) {
      const added = flowSentence(flow)
      expect(added.text).toBe(
        ` FlowSchema ${flow.flowSchema ?? '(not named)'}, priority level ${flow.priorityLevel ?? '(not named)'}, as the answer to Apiscope's own request said (X-Kubernetes-PF-* headers).`,
      )
      expect(say('en', added.as)).toBe(added.text)
    }
    expect(say('fr', flowSentence(flows[0]!).as)).toBe(
      ' FlowSchema global-default, niveau de priorité global-default, comme l’a indiqué la réponse à la requête d’Apiscope elle-même (en-têtes X-Kubernetes-PF-*).',
    )
    expect(say('fr', flowSentence(flows[3]!).as)).toContain('(sans nom)')
  })

  it('is the last part of a traffic request’s explanation, so the whole of it says in French', () => {
    const stream = new TrafficStream(
      () => undefined,
      () => [],
    )
    stream.ingest([
      {
        auditID: 'a-429',
        stage: 'ResponseComplete',
        requestURI: '/api/v1/namespaces/demo/configmaps',
        verb: 'list',
        user: { username: 'ada', groups: ['system:authenticated'] },
        objectRef: { resource: 'configmaps', namespace: 'demo', apiVersion: 'v1' },
        responseStatus: { code: 429 },
        requestReceivedTimestamp: '2026-11-30T12:00:00.000000Z',
        stageTimestamp: '2026-11-30T12:00:00.004000Z',
      },
    ])
    const before = stream.entry('a-429')!.request
    expect(before.explanationSaid?.length).toBeGreaterThan(0)
    const english = before.explanation
    stream.noteFlow('a-429', { flowSchema: 'global-default', priorityLevel: 'global-default' })
    stream.close()
    const after = stream.entry('a-429')!.request
    expect(after.explanation).toBe(english + flowSentence(after.flow!).text)
    const parts = (locale: Locale) =>
      (after.explanationSaid ?? []).map((p) => say(locale, p)).join('')
    expect(parts('en')).toBe(after.explanation)
    expect(parts('fr')).toContain('niveau de priorité global-default')
    expect(parts('fr')).not.toContain('priority level')
  })
})

describe('a walkthrough’s admission note', () => {
  it('passes the report’s keys on with its English', () => {
    const fixture = JSON.parse(
      readFileSync(path.join(__dirname, '../fixtures/recorded/1.20/dry-run/pod-bare.json'), 'utf8'),
    ) as { sent: unknown; returned: { kind: string } }
    const report = attributeDryRun(
      fixture.sent,
      fixture.returned,
      parseAttributionRules(rulesFile),
      {
        kind: fixture.returned.kind,
        mutatingWebhooks: ['label.example.com'],
        configuredWebhooks: ['label.example.com'],
      },
    )
    const summary = admissionSummary(report, [], 'received')
    expect(summary.note).toBe(report.webhookNote)
    expect(summary.noteSaid?.length).toBeGreaterThan(0)
    const parts = (locale: Locale) => (summary.noteSaid ?? []).map((p) => say(locale, p)).join(' ')
    expect(parts('en')).toBe(summary.note)
    expect(parts('fr')).not.toBe(summary.note)
    expect(parts('fr')).toContain('label.example.com')
  })
})

describe('an audit source’s errors', () => {
  const joined = (locale: Locale, parts: SaidAs[] | undefined) =>
    (parts ?? []).map((p) => say(locale, p)).join('')
  const fsError = (code: string) =>
    describeFsError(Object.assign(new Error(code), { code }), '/var/log/audit.log')

  it('keeps the English it had and says it in French', () => {
    const cases: [SourceError, string, string][] = [
      [
        fsError('ENOENT'),
        '/var/log/audit.log does not exist (is --audit-log-path set to it?)',
        '/var/log/audit.log n’existe pas (--audit-log-path pointe-t-il bien dessus\u202f?)',
      ],
      [
        fsError('EACCES'),
        'no permission to read /var/log/audit.log',
        'pas la permission de lire /var/log/audit.log',
      ],
      [
        commandEnded('minikube ssh -- sudo tail -F x', 3, null, 'ssh: connect refused'),
        'minikube ssh -- sudo tail -F x ended (exit 3): ssh: connect refused',
        'minikube ssh -- sudo tail -F x s’est arrêtée (code de sortie 3)\u00a0: ssh: connect refused',
      ],
      [
        commandEnded('tail -F x', null, 'SIGKILL', ''),
        'tail -F x ended (SIGKILL)',
        'tail -F x s’est arrêtée (SIGKILL)',
      ],
    ]
    for (const [error, english, french] of cases) {
      expect(error.text).toBe(english)
      expect(joined('en', error.said)).toBe(english)
      expect(joined('fr', error.said)).toBe(french)
    }
    // The system's own message for a rarer case: no parts, it shows as it came.
    expect(fsError('EIO')).toEqual({ text: '/var/log/audit.log: EIO' })
  })

  it('says "not an audit event" and a batch’s errors part by part', () => {
    const read = readAuditEvent({ kind: 'Event' })
    expect('error' in read && read.error).toMatch(/^not an audit event: /)
    if (!('error' in read)) throw new Error('expected an error')
    expect(joined('en', read.errorSaid)).toBe(read.error)
    expect(joined('fr', read.errorSaid)).toMatch(/^pas un événement d’audit\u00a0: /)
    const line = readAuditLine('{"auditID": ')
    if (!('error' in line)) throw new Error('expected an error')
    expect(joined('en', line.errorSaid)).toBe(line.error)
    expect(joined('fr', line.errorSaid)).toMatch(/^une ligne n’est pas du JSON complet \(/)
    const batch = readEventBatch(JSON.stringify({ kind: 'EventList', items: [{ kind: 'Event' }] }))
    expect(batch.errors[0]).toMatch(/^item 0: not an audit event: /)
    expect(joined('en', batch.errorsSaid[0])).toBe(batch.errors[0])
    expect(joined('fr', batch.errorsSaid[0])).toMatch(
      /^élément 0\u00a0: pas un événement d’audit\u00a0: /,
    )
    for (const body of ['{', '[]', '{"kind":"Pod"}']) {
      const whole = readEventBatch(body)
      expect(joined('en', whole.errorsSaid[0]), body).toBe(whole.errors[0])
      expect(joined('fr', whole.errorsSaid[0]), body).not.toBe(whole.errors[0])
    }
  })
})

describe('a relayed request’s error', () => {
  const exchange = () =>
    new RelayedExchange('GET', '/api/v1/pods?watch=1', 'https://s/api/v1/pods?watch=1', [], 0)

  it('carries Apiscope’s own sentence by key, and passes the network’s text through', () => {
    const refused = exchange()
    refused.finish('failed', 1, said('kproxy.upgradeRefused'))
    const detail = refused.detail()
    expect(detail.error).toBe('connection upgrade refused by Apiscope’s proxy')
    expect(say('fr', detail.errorSaid)).toBe(
      'Upgrade de la connexion refusé par le proxy d’Apiscope',
    )
    const cut = exchange()
    cut.finish('failed', 1, 'socket hang up')
    expect(cut.detail()).toMatchObject({ error: 'socket hang up' })
    expect(cut.detail().errorSaid).toBeUndefined()
  })
})
