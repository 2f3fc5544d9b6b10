// What the bundled demo recording holds, read from the file itself (resources/demo/), so tests of
// the replay follow a re-recorded demo instead of numbers copied from the last one.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { REPO_ROOT } from '../cluster/control-plane'

export const DEMO_FILE = path.join(REPO_ROOT, 'resources/demo/seed-chapter-34.ndjson.gz')

interface Line {
  kind: string
  channel?: string
  meta?: { uid?: string }
  server?: { gitVersion?: string }
  answers?: Record<string, { source?: string } | undefined>
  answer?: { value?: { verdict?: { outcome?: string; details?: { policy?: string } } } }
  t?: number
  t0?: number
  note?: string
  noteByLanguage?: { en?: string; fr?: string }
  title?: string
  titleByLanguage?: { en?: string; fr?: string }
}

/** A marker of the demo: when (ms from the start) and its note in each language. */
export interface DemoMarker {
  atMs: number
  en: string
  fr: string
}

export function demoFacts(): {
  requests: number
  objects: number
  serverVersion: string
  identitySource: string
  /** The policies whose denials the recorded lab answers show (stopped at validating admission). */
  deniedByPolicies: string[]
  /** The title in each language the demo's author wrote it in. */
  title: { en: string; fr: string }
  markers: DemoMarker[]
} {
  const lines = gunzipSync(readFileSync(DEMO_FILE))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Line)
  const header = lines.find((l) => l.kind === 'header')
  return {
    // Each request Apiscope logged while recording, as the Requests view lists them.
    requests: lines.filter((l) => l.kind === 'emit' && l.channel === 'kube:request-logged').length,
    // Each object the recorded watches held at some point.
    objects: new Set(lines.filter((l) => l.kind === 'object').map((l) => l.meta?.uid)).size,
    serverVersion: header?.server?.gitVersion ?? '',
    // 'server' (SelfSubjectReview) or 'derived', as the recorded Overview says.
    identitySource: header?.answers?.['kube:identity']?.source ?? '',
    deniedByPolicies: lines
      .filter((l) => l.kind === 'answer' && l.channel === 'lab:send')
      .filter((l) => l.answer?.value?.verdict?.outcome === 'denied-by-policy')
      .map((l) => l.answer?.value?.verdict?.details?.policy ?? ''),
    title: {
      en: header?.titleByLanguage?.en ?? header?.title ?? '',
      fr: header?.titleByLanguage?.fr ?? header?.title ?? '',
    },
    markers: lines
      .filter((l) => l.kind === 'marker')
      .map((l) => ({
        atMs: (l.t ?? 0) - (header?.t0 ?? 0),
        en: l.noteByLanguage?.en ?? l.note ?? '',
        fr: l.noteByLanguage?.fr ?? l.note ?? '',
      })),
  }
}

/**
 * How many recorded traffic requests of one client (its kind, as live traffic's rows name them)
 * the API server received in the 10 s before a moment of the demo (ms from its start), among
 * those the recording had pushed by then: what live traffic's drawing counts at that moment.
 */
export function demoTrafficBefore(atMs: number, client: string): number {
  const lines = gunzipSync(readFileSync(DEMO_FILE))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map(
      (l) =>
        JSON.parse(l) as Line & {
          payload?: { requests?: { client: string; code: number | null; receivedAt: number }[] }
        },
    )
  const t0 = lines.find((l) => l.kind === 'header')?.t0 ?? 0
  const at = t0 + atMs
  return lines
    .filter((l) => l.kind === 'emit' && l.channel === 'traffic:batch' && (l.t ?? 0) <= at)
    .flatMap((l) => l.payload?.requests ?? [])
    .filter((r) => r.client === client && r.code !== null)
    .filter((r) => r.receivedAt > at - 10_000 && r.receivedAt <= at).length
}
