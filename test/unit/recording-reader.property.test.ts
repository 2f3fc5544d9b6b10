// Property-based tests of the recording reader (src-main/features/recording/reader.ts): a recording
// with lines in every script reads back as written, plain or gzipped; a gzip cut at any byte
// reads as the lines it still holds or a clear error; random and mutated files, plain or gzipped,
// end in a clear error or in content a replay opens and plays to its end without a throw.
import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseRecording } from '../../src-main/features/recording/reader'
import { ReplaySession } from '../../src-main/features/recording/replay-session'
import { anyName, jsonWithNames, mutateBytes } from './property-inputs'

const header = (context: string) => ({
  kind: 'header',
  format: 'apiscope-recording',
  version: 1,
  app: { name: 'apiscope', version: 'test' },
  server: null,
  context,
  startedAt: '2026-12-01T00:00:00.000Z',
  t0: 1_000,
  redaction: { secrets: 'redacted', rules: [] },
  watches: [{ group: '', version: 'v1', resource: 'configmaps', namespace: 'default' }],
})

const meta = fc.record({
  kind: fc.constant('ConfigMap'),
  apiVersion: fc.constant('v1'),
  name: anyName,
  namespace: anyName,
  uid: fc.constantFrom('u1', 'u2', 'u3'),
  resourceVersion: fc.nat(1000).map(String),
})

const line = fc.oneof(
  fc.record({
    kind: fc.constant('object'),
    t: fc.integer({ min: 1000, max: 5000 }),
    type: fc.constantFrom('ADDED', 'MODIFIED', 'DELETED', 'LISTED'),
    watch: fc.constant(1),
    meta,
    list: fc.constant(-1),
    object: fc.dictionary(anyName, jsonWithNames, { maxKeys: 3 }),
  }),
  fc.record({
    kind: fc.constant('bookmark'),
    t: fc.integer({ min: 1000, max: 5000 }),
    watch: fc.constant(1),
    rv: fc.nat().map(String),
  }),
  fc.record({
    kind: fc.constant('error'),
    t: fc.integer({ min: 1000, max: 5000 }),
    watch: fc.constant(1),
    note: anyName,
    rv: fc.constant(''),
  }),
  fc.record({
    kind: fc.constant('marker'),
    t: fc.integer({ min: 1000, max: 5000 }),
    note: anyName,
  }),
)

const recording = fc
  .record({ context: anyName, lines: fc.array(line, { maxLength: 12 }) })
  .map(({ context, lines }) => ({
    lines: [...lines].sort((a, b) => a.t - b.t),
    text:
      [header(context), ...[...lines].sort((a, b) => a.t - b.t)]
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
  }))

const enc = (s: string) => Buffer.from(s, 'utf8')

/** Whatever parses must open as a replay and play to its end. */
function replayToEnd(raw: Uint8Array): void {
  const parsed = parseRecording(raw)
  if (!parsed.ok) {
    expect(parsed.error.title.length).toBeGreaterThan(0)
    return
  }
  const session = new ReplaySession('generated', parsed.value, {
    frame: () => undefined,
    emit: () => undefined,
    status: () => undefined,
    reset: () => undefined,
  })
  try {
    session.seekMs(Number.MAX_SAFE_INTEGER)
    session.status()
    session.seekMs(0)
  } finally {
    session.close()
  }
}

describe('the recording reader, with generated input', () => {
  it('reads back every line as written, plain or gzipped, names in every script', () => {
    fc.assert(
      fc.property(recording, fc.boolean(), ({ lines, text }, gzip) => {
        const raw = gzip ? gzipSync(enc(text)) : enc(text)
        const parsed = parseRecording(raw)
        expect(parsed.ok).toBe(true)
        if (!parsed.ok) return
        expect(parsed.value.compressed).toBe(gzip)
        expect(parsed.value.corrupt).toEqual([])
        expect(parsed.value.lines).toEqual(JSON.parse(JSON.stringify(lines)))
      }),
      { numRuns: 200 },
    )
  })

  it('a gzip cut short at every byte: the lines it still holds, or a clear error', () => {
    const text = fc.sample(recording, { numRuns: 1, seed: 7 })[0]?.text ?? ''
    const full = gzipSync(
      enc(`${text}${JSON.stringify({ kind: 'marker', t: 6000, note: 'fin' })}\n`),
    )
    const written = text.split('\n').length
    for (let k = 0; k < full.length; k++) {
      const parsed = parseRecording(full.subarray(0, k))
      if (!parsed.ok) {
        expect(parsed.error.title).toBe(
          k < 2 ? 'This file is not an Apiscope recording' : parsed.error.title,
        )
        expect(parsed.error.detail?.length ?? 0).toBeGreaterThan(0)
        continue
      }
      expect(parsed.value.compressed).toBe(true)
      // What is read is a prefix of what was written, and a cut line is measured, not read.
      expect(parsed.value.lines.length).toBeLessThanOrEqual(written)
    }
  })

  it('random bytes, plain or gzipped, end in a clear error or a replay that plays through', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.boolean(), (bytes, gzip) => {
        replayToEnd(gzip ? gzipSync(bytes) : bytes)
      }),
      { numRuns: 200 },
    )
  })

  it('mutated recordings, plain or gzipped, end in a clear error or a replay that plays through', () => {
    fc.assert(
      fc.property(
        recording.chain(({ text }) => fc.tuple(mutateBytes(enc(text)), fc.boolean(), fc.boolean())),
        ([bytes, gzip, mutateAfterGzip]) => {
          replayToEnd(gzip && !mutateAfterGzip ? gzipSync(bytes) : bytes)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('mutated JSON values in each line (valid JSON, wrong shapes) end in an error, corrupt lines or a replay', () => {
    const shaped = recording.chain(({ text }) =>
      fc.tuple(fc.nat(), fc.nat(), jsonWithNames).map(([row, field, value]) => {
        const rows = text
          .trim()
          .split('\n')
          .map((r) => JSON.parse(r) as Record<string, unknown>)
        const target = rows[row % rows.length] as Record<string, unknown>
        const keys = Object.keys(target)
        target[keys[field % keys.length] as string] = value
        return enc(rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
      }),
    )
    fc.assert(
      fc.property(shaped, (raw) => replayToEnd(raw)),
      { numRuns: 300 },
    )
  })
})
