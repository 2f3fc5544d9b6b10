// The recording file: written as it goes, read back whole, forgiving a cut-off tail and corrupted
// lines; plain and gzip.
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import {
  FORMAT_NAME,
  type RecordingHeader,
  type RecordingLine,
} from '../../src-main/features/recording/format'
import { parseRecording, readRecordingFile } from '../../src-main/features/recording/reader'
import { RecordingWriter } from '../../src-main/features/recording/writer'
import { ManualClock } from '../manual-clock'

const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-rec-'))

const header: RecordingHeader = {
  kind: 'header',
  format: FORMAT_NAME,
  version: 1,
  app: { name: 'Apiscope', version: 'test' },
  server: null,
  context: 'unit',
  startedAt: '2026-01-01T00:00:00.000Z',
  t0: 1_000,
  redaction: { secrets: 'redacted', rules: [] },
  watches: [],
}

const lines = (n: number): RecordingLine[] =>
  Array.from({ length: n }, (_, k) => ({ kind: 'marker', t: 1_000 + k, note: `marker ${k}` }))

async function written(name: string, gzip: boolean, n = 50): Promise<string> {
  const file = path.join(dir, name)
  const w = new RecordingWriter(file, header, { gzip })
  for (const l of lines(n)) w.append(l)
  await w.close()
  return file
}

describe('the recording writer and reader', () => {
  it('round-trips a plain file: header, then every line in order', async () => {
    const file = await written('plain.ndjson', false)
    const res = await readRecordingFile(file)
    expect(res.ok).toBe(true)
    if (!res.ok) return
    expect(res.value.header).toEqual(header)
    expect(res.value.lines).toEqual(lines(50))
    expect(res.value.compressed).toBe(false)
    expect(res.value.skippedTailBytes).toBe(0)
    expect(res.value.corrupt).toEqual([])
  })

  it('writes each plain line at once: a reader sees it before close', () => {
    const file = path.join(dir, 'live.ndjson')
    const w = new RecordingWriter(file, header)
    w.append({ kind: 'marker', t: 1_001, note: 'first' })
    const res = parseRecording(readFileSync(file))
    expect(res.ok && res.value.lines).toEqual([{ kind: 'marker', t: 1_001, note: 'first' }])
    expect(w.bytes).toBe(readFileSync(file).length)
    void w.close()
  })

  it('accepts a tail cut in the middle of a line and says how many bytes it skipped', async () => {
    const file = await written('cut.ndjson', false)
    const full = readFileSync(file).length
    truncateSync(file, full - 10)
    const res = await readRecordingFile(file)
    expect(res.ok).toBe(true)
    if (!res.ok) return
    expect(res.value.lines).toEqual(lines(49))
    const lastLine = `${JSON.stringify(lines(50)[49])}\n`
    expect(res.value.skippedTailBytes).toBe(lastLine.length - 10)
  })

  it('reports a corrupted line with its number and goes on', async () => {
    const file = await written('corrupt.ndjson', false, 5)
    const rows = readFileSync(file, 'utf8').split('\n')
    rows[3] = '{"kind":"marker","t":10'
    rows[4] = '{"kind":"nonsense","t":1}'
    writeFileSync(file, rows.join('\n'))
    const res = await readRecordingFile(file)
    expect(res.ok).toBe(true)
    if (!res.ok) return
    expect(res.value.corrupt.map((c) => c.line)).toEqual([4, 5])
    expect(res.value.corrupt[0]?.message).toMatch(/not JSON/)
    expect(res.value.lines.map((l) => (l as { note: string }).note)).toEqual([
      'marker 0',
      'marker 1',
      'marker 4',
    ])
  })

  it('round-trips gzip, and reads a gzip file cut short up to its last whole line', async () => {
    const file = await written('zipped.ndjson.gz', true, 2000)
    const raw = readFileSync(file)
    // A closed file is a complete gzip stream (trailer included): strict gunzip reads it.
    expect(gunzipSync(raw).toString().split('\n').length).toBe(2002)
    const res = parseRecording(raw)
    expect(res.ok && res.value.compressed).toBe(true)
    expect(res.ok && res.value.lines.length).toBe(2000)
    const cut = parseRecording(raw.subarray(0, Math.floor(raw.length * 0.6)))
    expect(cut.ok).toBe(true)
    if (!cut.ok) return
    expect(cut.value.lines.length).toBeGreaterThan(0)
    expect(cut.value.lines.length).toBeLessThan(2000)
    expect(cut.value.lines).toEqual(lines(cut.value.lines.length))
  })

  it('flushes gzip regularly, so a file read while recording already holds its lines', async () => {
    const file = path.join(dir, 'flushing.ndjson.gz')
    const clock = new ManualClock()
    const w = new RecordingWriter(file, header, { gzip: true, flushMs: 20, clock })
    for (const l of lines(10)) w.append(l)
    clock.advance(20) // the flush timer's turn
    // zlib compresses on its own thread: wait for the flushed bytes to reach the file.
    await vi.waitFor(() => {
      const read = parseRecording(readFileSync(file))
      if (!read.ok || read.value.lines.length < 10) throw new Error('not flushed yet')
    })
    const res = parseRecording(readFileSync(file))
    expect(res.ok && res.value.lines.length).toBe(10)
    await w.close()
  })

  it('refuses a file that is not a recording, or from a newer format, in plain words', () => {
    const notOurs = parseRecording(Buffer.from('{"hello":1}\n'))
    expect(!notOurs.ok && notOurs.error.title).toBe('This file is not an Apiscope recording')
    const newer = parseRecording(Buffer.from(`${JSON.stringify({ ...header, version: 99 })}\n`))
    expect(!newer.ok && newer.error.title).toMatch(/format 99 is newer/)
    const empty = parseRecording(Buffer.from(''))
    expect(empty.ok).toBe(false)
  })
})

describe('a title and notes written in several languages', () => {
  const file = (head: object, ...rows: object[]) =>
    Buffer.from([{ ...header, ...head }, ...rows].map((r) => JSON.stringify(r)).join('\n') + '\n')

  it('reads titleByLanguage and noteByLanguage as written, the plain title and note beside them', () => {
    const res = parseRecording(
      file(
        { title: 'Seed chapter 34', titleByLanguage: { en: 'Seed chapter 34', fr: 'Chapitre 34' } },
        { kind: 'marker', t: 1_001, note: 'End', noteByLanguage: { en: 'End', fr: 'Fin' } },
      ),
    )
    if (!res.ok) throw new Error(res.error.title)
    expect(res.value.header.titleByLanguage).toEqual({ en: 'Seed chapter 34', fr: 'Chapitre 34' })
    expect(res.value.lines).toEqual([
      { kind: 'marker', t: 1_001, note: 'End', noteByLanguage: { en: 'End', fr: 'Fin' } },
    ])
    expect(res.value.corrupt).toEqual([])
  })

  it('reads an older recording’s plain title and notes as they are', () => {
    const res = parseRecording(
      file({ title: 'Seed chapter 34' }, { kind: 'marker', t: 1_001, note: 'End' }),
    )
    if (!res.ok) throw new Error(res.error.title)
    expect(res.value.header.titleByLanguage).toBeUndefined()
    expect(res.value.lines).toEqual([{ kind: 'marker', t: 1_001, note: 'End' }])
  })

  it('keeps the languages it speaks that are text, and shows the plain text when none is', () => {
    const res = parseRecording(
      file(
        { title: 'T', titleByLanguage: { fr: 42, de: 'Titel' } },
        { kind: 'marker', t: 1_001, note: 'A', noteByLanguage: 'A' },
        { kind: 'marker', t: 1_002, note: 'B', noteByLanguage: { en: 'B', fr: '', de: 'Be' } },
      ),
    )
    if (!res.ok) throw new Error(res.error.title)
    expect(res.value.header.titleByLanguage).toBeUndefined()
    expect(res.value.header.title).toBe('T')
    expect(res.value.lines).toEqual([
      { kind: 'marker', t: 1_001, note: 'A' },
      { kind: 'marker', t: 1_002, note: 'B', noteByLanguage: { en: 'B' } },
    ])
    expect(res.value.corrupt).toEqual([])
  })
})
