// The last texts the core built in English without a key (issue #15) now carry one, and a
// recording keeps the keys of its notes: a watch's in-stream ERROR, the transport's failure titles,
// the timeline's notes (a malformed line, an object gone from a streaming list, why a relayed
// watch stopped being read), a malformed or unusable kubeconfig (the YAML parser's message passed
// through), the managed-fields warnings' manager labels, the rollout arrows' evidence, the request
// log's refused upgrade; Live traffic's counts and the store's budget through Intl. The English
// stays what it was; French is said again from the key.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { managerLabel, managerLabelSaid } from '@common/managed-fields'
import type { SaidAs } from '@common/result'
import { told } from '@common/said-parts'
import { saidError } from '@common/said-error'
import {
  said,
  translate,
  translateParts,
  translateSaid,
  type Locale,
  type MessageKey,
} from '@i18n/translate'
import { contextConfig } from '../../src-main/core/client-config'
import { describeTransportFailure } from '../../src-main/core/failure-messages'
import { mergeKubeconfigs, parseKubeconfigText } from '../../src-main/core/kubeconfig-loader'
import { EventStore } from '../../src-main/core/watch/event-store'
import { FORMAT_NAME, isStoreLine, type StoreLine } from '../../src-main/features/recording/format'
import { parseRecording, readRecordingFile } from '../../src-main/features/recording/reader'
import { ReplayWatches } from '../../src-main/features/recording/replay-watches'
import { TrafficService } from '../../src-main/features/traffic/traffic-service'
import { unitRecorder } from './unit-recorder'

const say = (locale: Locale, as: SaidAs | undefined) => translateSaid(locale, as, '')
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('a message inside a message', () => {
  it('puts the inner English in the text and says both in the same language', () => {
    const failure = said('fail.refused.title', { host: '127.0.0.1:6443' })
    const page = said('watch.core.pageLost', { n: 3, message: failure })
    expect(page.text).toBe('list page 3 lost (Nothing answers at 127.0.0.1:6443)')
    expect(page.as.params?.message).toEqual(failure.as)
    expect(say('fr', page.as)).toBe('page 3 de la liste perdue (Rien ne répond à 127.0.0.1:6443)')
    // A key this build lacks, inside or outside: the English as the core sent it.
    const unknown = { key: 'watch.core.pageLost', params: { n: 3, message: { key: 'nope' } } }
    expect(translateSaid('fr', unknown, page.text)).toBe(page.text)
  })

  it('says a text of parts part by part, joined as the core joined them', () => {
    const sentences = told([said('attr.webhooksUnknown'), said('attr.policyNoteNone')], ' ')
    expect(translateParts('en', sentences.said, '', ' ')).toBe(sentences.text)
    expect(translateParts('fr', sentences.said, 'x', ' ')).not.toBe(sentences.text)
    expect(translateParts('fr', [], 'as written')).toBe('as written')
    expect(translateParts('fr', [{ key: 'nope' }], 'as written')).toBe('as written')
  })
})

describe('a watch’s failures and notes', () => {
  it('says the in-stream ERROR, a malformed line and a GONE after a streaming list by key', () => {
    const error = said('watch.core.errorEvent', { code: 500, message: 'etcd is down' })
    expect(error.text).toBe('watch ERROR 500: etcd is down')
    expect(say('fr', error.as)).toBe('événement ERROR 500 du watch\u00a0: etcd is down')
    const malformed = said('watch.core.malformedNote', { message: 'Unexpected token', line: 'x' })
    expect(malformed.text).toBe('malformed line in the watch stream: Unexpected token: x')
    expect(say('fr', malformed.as)).toBe(
      'ligne mal formée dans le flux du watch\u00a0: Unexpected token\u00a0: x',
    )
    const gone = said('watch.core.goneStreamNote', { rv: '42' })
    expect(gone.text).toBe('not in the streaming list at 42: deleted while no watch was open')
    expect(say('fr', gone.as)).toMatch(/^absent de la liste en streaming à 42\u00a0: /)
  })

  it('says the transport’s failure title inside a watch’s reason', () => {
    const refused = describeTransportFailure(
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED', phase: 'connect' },
      'https://127.0.0.1:6443',
      'kind-demo',
    )
    const title = { text: refused.title, as: refused.said!.title as never }
    const reason = said('watch.core.pageLost', { n: 2, message: title })
    expect(say('fr', reason.as)).toBe('page 2 de la liste perdue (Rien ne répond à 127.0.0.1:6443)')
  })

  it('says why a relayed watch stopped being read, inside the note and the reason', () => {
    for (const [why, french] of [
      [said('watch.core.why.gzip', { message: 'incorrect header check' }), 'gzip\u00a0: incorrect'],
      [said('watch.core.why.behind', { mb: 64 }), 'plus de 64 Mo sont arrivés'],
      [said('watch.core.why.notEvent', { message: 'bad', line: '{' }), 'une ligne qui n’est pas'],
      [said('watch.core.why.table', { message: 'bad' }), 'un événement Table illisible'],
    ] as const) {
      const note = said('watch.core.relayStoppedNote', { why })
      expect(note.text).toBe(`Apiscope stopped reading this relayed watch: ${why.text}`)
      expect(say('fr', note.as)).toContain(
        `Apiscope a cessé de lire ce watch relayé\u00a0: ${french}`,
      )
      const reason = said('watch.core.relayNotRead', { why })
      expect(say('fr', reason.as)).toContain(french)
    }
    expect(said('watch.core.why.behind', { mb: 64 }).text).toBe(
      'more than 64 MB came before Apiscope could read them',
    )
  })
})

describe('a kubeconfig that cannot be used', () => {
  it('frames the YAML parser’s message in our words, the message as it came', () => {
    const bad = parseKubeconfigText('clusters: [\n', '/k/config')
    expect(bad.ok).toBe(false)
    if (bad.ok) return
    const { detail, said: as } = bad.error
    expect(detail).toMatch(/^\/k\/config, line \d+: /)
    const french = translateParts('fr', as?.detail, detail)
    expect(french).toMatch(/^\/k\/config, ligne \d+\u00a0: /)
    // The parser's own words after the frame, the same in both languages.
    expect(french.replace(/^[^:]+\u00a0: /, '')).toBe(detail.replace(/^[^:]+: /, ''))
    const ours = parseKubeconfigText('clusters:\n  - cluster: {}\n', '/k/config')
    if (ours.ok) throw new Error('expected an error')
    expect(ours.error.detail).toBe('/k/config, line 2: an entry of "clusters" has no name')
    expect(translateParts('fr', ours.error.said?.detail, '')).toBe(
      '/k/config, ligne 2\u00a0: une entrée de «\u202fclusters\u202f» n’a pas de nom',
    )
  })

  it('says an unknown context or cluster in French', () => {
    const parsed = parseKubeconfigText(
      'contexts:\n  - name: a\n    context: { cluster: nowhere }\n',
      '/k/config',
    )
    if (!parsed.ok) throw new Error('expected a kubeconfig')
    const merged = mergeKubeconfigs([parsed.value], ['/k/config'], [])
    const unknown = contextConfig(merged, 'b')
    if (unknown.ok) throw new Error('expected an error')
    expect(unknown.error.title).toBe('There is no context "b"')
    expect(unknown.error.detail).toBe('The kubeconfig defines: a.')
    expect(say('fr', unknown.error.said?.title)).toBe('Il n’y a pas de contexte «\u202fb\u202f»')
    expect(translateParts('fr', unknown.error.said?.detail, '')).toBe(
      'Le kubeconfig définit\u00a0: a.',
    )
    const noCluster = contextConfig(merged, 'a')
    if (noCluster.ok) throw new Error('expected an error')
    expect(noCluster.error.title).toBe('Context "a" names a cluster that is not defined')
    expect(noCluster.error.nextStep).toBe(
      'Add the cluster (kubectl config set-cluster nowhere --server=https://...) or fix the context.',
    )
    expect(say('fr', noCluster.error.said?.title)).toBe(
      'Le contexte «\u202fa\u202f» nomme un cluster qui n’est pas défini',
    )
  })
})

describe('the managed-fields manager label', () => {
  it('keeps the name and operation as the object says them, and says a missing one', () => {
    const via = { manager: 'kubectl', operation: 'Update' as const, subresource: 'scale' }
    expect(managerLabelSaid(via).text).toBe(managerLabel(via))
    expect(say('fr', managerLabelSaid(via).as)).toBe('kubectl (Update, via scale)')
    const nobody = { manager: '', operation: null, subresource: null }
    expect(managerLabelSaid(nobody).text).toBe('(no manager) (unknown operation)')
    expect(say('fr', managerLabelSaid(nobody).as)).toBe('(aucun gestionnaire) (opération inconnue)')
  })
})

describe('a UiError’s detail of several parts', () => {
  it('passes a source’s last error on by key in the refusal, whatever its number of parts', async () => {
    const service = new TrafficService(() => undefined)
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-i18n-'))
      const missing = path.join(dir, 'audit.log')
      const started = await service.startLogTail(missing, false)
      expect(started.ok).toBe(false)
      if (started.ok) return
      expect(started.error.detail).toBe(
        `${missing} does not exist (is --audit-log-path set to it?)`,
      )
      expect(translateParts('fr', started.error.said?.detail, '')).toBe(
        `${missing} n’existe pas (--audit-log-path pointe-t-il bien dessus\u202f?)`,
      )
    } finally {
      await service.close()
    }
    const several = told([
      said('traffic.source.item', { index: 2 }),
      said('traffic.source.bodyNotObject'),
    ])
    const error = saidError(
      'bad-request',
      said('traffic.err.log'),
      several,
      said('traffic.err.logNext'),
    )
    expect(error.detail).toBe(several.text)
    expect(error.said?.detail).toEqual(several.said)
  })
})

describe('counts and sizes through Intl', () => {
  const cases: [MessageKey, Record<string, unknown>, string, string][] = [
    [
      'traffic.sourceEvents',
      { sources: 'webhook', count: 1500 },
      'webhook: 1,500 events',
      'webhook : 1 500 événements',
    ],
    ['traffic.redacted', { count: 1500 }, '1,500 values redacted', '1 500 valeurs masquées'],
    ['traffic.arch.stopped', { count: 1500 }, '1,500 stopped', '1 500 arrêtées'],
    ['traffic.arch.readsServed', { count: 1500 }, '1,500 reads served', '1 500 lectures servies'],
    ['traffic.arch.stored', { count: 1500 }, '1,500 stored', '1 500 stockées'],
    [
      'traffic.arch.withoutDot',
      { count: 1500 },
      '· 1,500 counted without a dot',
      '· 1 500 comptées sans point',
    ],
    [
      'traffic.resumeWaiting',
      { n: 1500 },
      'Resume (1,500 waiting)',
      'Reprendre (1 500 en attente)',
    ],
    ['traffic.metrics.series', { n: 1500 }, '· 1,500 series read.', '· 1 500 séries lues.'],
  ]
  it('groups Live traffic’s counts past 1,000', () => {
    for (const [key, params, english, french] of cases) {
      expect(translate('en', key, ...([params] as [never]))).toBe(english)
      expect(plain(translate('fr', key, ...([params] as [never])))).toBe(french)
    }
  })
  it('prints the store’s budget with the language’s decimal sign', () => {
    const folded = { key: 'store.folded', params: { count: 2, mb: 0.005 } }
    expect(say('fr', folded)).toContain('(0,005 Mo)')
    expect(say('en', folded)).toContain('(0.005 MB)')
  })
})

describe('a recording’s notes', () => {
  const stall = said('watch.core.stallNote', { s: 45 })
  const malformed = said('watch.core.malformedNote', { message: 'Unexpected token', line: 'x' })

  it('keeps their keys, so a replay says them in the chosen language', async () => {
    const live = new EventStore()
    // One note before the recording starts (the backfill), one after, and the server's own.
    live.recordError(1, stall.text, undefined, '', stall.as)
    const { recorder, file } = unitRecorder(live)
    try {
      live.recordError(1, malformed.text, undefined, '', malformed.as)
      live.recordError(1, 'too old resource version: 1 (2)', 410, '2')
      await recorder.stop()
    } finally {
      live.close()
    }
    const read = await readRecordingFile(file)
    if (!read.ok) throw new Error(read.error.title)
    const errors = read.value.lines.filter((l) => l.kind === 'error')
    expect(errors.map((l) => ('noteSaid' in l ? l.noteSaid?.key : undefined))).toEqual([
      'watch.core.stallNote',
      'watch.core.malformedNote',
      undefined,
    ])
    const replay = new ReplayWatches(() => undefined)
    try {
      for (const line of read.value.lines) if (isStoreLine(line)) replay.apply(line)
      const notes = [0, 1, 2].map((i) => replay.store.event(i))
      expect(notes.map((e) => e.note)).toEqual([
        stall.text,
        malformed.text,
        'too old resource version: 1 (2)',
      ])
      expect(say('fr', notes[0]!.noteSaid)).toBe(
        'aucune donnée depuis 45 s\u00a0: le watch redémarre',
      )
      expect(notes[2]!.noteSaid).toBeUndefined()
    } finally {
      replay.store.close()
    }
  })

  it('replays a recording written before, or a key that does not read as one, as written', () => {
    const header = {
      kind: 'header',
      format: FORMAT_NAME,
      version: 1,
      app: { name: 'Apiscope', version: 'old' },
      server: null,
      context: 'unit',
      startedAt: new Date(0).toISOString(),
      t0: 0,
      redaction: { secrets: 'redacted', rules: [] },
      watches: [],
    }
    const lines = [
      header,
      { kind: 'error', t: 1, watch: 1, note: stall.text, rv: '' },
      { kind: 'error', t: 2, watch: 1, note: stall.text, rv: '', noteSaid: { key: 7 } },
      { kind: 'error', t: 3, watch: 1, note: stall.text, rv: '', noteSaid: stall.as },
    ]
    const parsed = parseRecording(
      Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n'),
    )
    if (!parsed.ok) throw new Error(parsed.error.title)
    expect(parsed.value.corrupt).toEqual([])
    const replay = new ReplayWatches(() => undefined)
    try {
      for (const line of parsed.value.lines) replay.apply(line as StoreLine)
      const events = [0, 1, 2].map((i) => replay.store.event(i))
      expect(events.map((e) => e.note)).toEqual([stall.text, stall.text, stall.text])
      expect(events.map((e) => e.noteSaid)).toEqual([undefined, undefined, stall.as])
    } finally {
      replay.store.close()
    }
  })
})

describe('a file that is not a recording, or a newer one', () => {
  it('says the title and next step in French; what is wrong with the file stays as written', () => {
    const notOne = parseRecording(Buffer.from('{"kind":"Pod"}\n'))
    if (notOne.ok) throw new Error('expected an error')
    expect(notOne.error.title).toBe('This file is not an Apiscope recording')
    expect(say('fr', notOne.error.said?.title)).toBe(
      'Ce fichier n’est pas un enregistrement Apiscope',
    )
    const header = { kind: 'header', format: FORMAT_NAME, version: 99 }
    const newer = parseRecording(Buffer.from(JSON.stringify(header) + '\n'))
    if (newer.ok) throw new Error('expected an error')
    expect(newer.error.title).toBe('Recording format 99 is newer than this Apiscope')
    expect(newer.error.detail).toBe('This version reads format 1.')
    expect(say('fr', newer.error.said?.title)).toBe(
      'Le format d’enregistrement 99 est plus récent que cet Apiscope',
    )
    expect(translateParts('fr', newer.error.said?.detail, '')).toBe(
      'Cette version lit le format 1.',
    )
  })
})
