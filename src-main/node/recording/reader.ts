// Reads a recording whole, forgiving what a crash or a bad copy leaves: a tail without its newline
// (a line being written when the recorder was killed) is skipped and measured; a line that is not
// JSON, or not a line this format knows, is reported with its number and skipped. Only a missing
// or foreign header is fatal.
import { readFile } from 'node:fs/promises'
import { constants, gunzipSync } from 'node:zlib'
import { fail, ok, type Result, type UiError } from '@common/result'
import {
  FORMAT_NAME,
  FORMAT_VERSION,
  LINE_KINDS,
  isGzip,
  type RecordingHeader,
  type RecordingLine,
} from './format'

export interface CorruptLine {
  /** 1-based, as an editor shows it. */
  line: number
  message: string
}

export interface RecordingContent {
  header: RecordingHeader
  lines: RecordingLine[]
  compressed: boolean
  /** Bytes of the (decompressed) text. */
  bytes: number
  /** Bytes after the last newline: a line cut short, not replayed. */
  skippedTailBytes: number
  corrupt: CorruptLine[]
}

const bad = (detail: string): UiError => ({
  kind: 'bad-request',
  title: 'This file is not an Apiscope recording',
  detail,
  nextStep: 'Open a file written by Apiscope (apiscope record, or Record in the app).',
})

export function parseRecording(raw: Uint8Array): Result<RecordingContent> {
  const compressed = isGzip(raw)
  let text: string
  try {
    // Z_SYNC_FLUSH as the final flush: a gzip stream cut short yields what it holds, no throw.
    text = (
      compressed ? gunzipSync(raw, { finishFlush: constants.Z_SYNC_FLUSH }) : Buffer.from(raw)
    ).toString('utf8')
  } catch (error) {
    return fail(bad(`The gzip data is damaged: ${(error as Error).message}`))
  }
  const end = text.lastIndexOf('\n')
  const body = end >= 0 ? text.slice(0, end) : ''
  const tail = end >= 0 ? text.slice(end + 1) : text
  const rows = body === '' ? [] : body.split('\n')
  if (rows.length === 0) return fail(bad('It holds no complete line (not even a header).'))

  let header: RecordingHeader
  try {
    header = JSON.parse(rows[0] as string) as RecordingHeader
  } catch {
    return fail(bad('Its first line is not JSON.'))
  }
  if (header?.kind !== 'header' || header.format !== FORMAT_NAME) {
    return fail(bad(`Its first line is not a ${FORMAT_NAME} header.`))
  }
  if (typeof header.version !== 'number' || header.version > FORMAT_VERSION) {
    return fail({
      kind: 'bad-request',
      title: `Recording format ${String(header.version)} is newer than this Apiscope`,
      detail: `This version reads format ${FORMAT_VERSION}.`,
      nextStep: 'Update Apiscope to open it.',
    })
  }

  const lines: RecordingLine[] = []
  const corrupt: CorruptLine[] = []
  for (let n = 1; n < rows.length; n++) {
    const row = rows[n] as string
    if (row.trim() === '') continue
    let value: RecordingLine
    try {
      value = JSON.parse(row) as RecordingLine
    } catch (error) {
      corrupt.push({ line: n + 1, message: `not JSON (${(error as Error).message})` })
      continue
    }
    if (!value || typeof value !== 'object' || !LINE_KINDS.has(value.kind)) {
      corrupt.push({ line: n + 1, message: 'not a line kind this format knows' })
      continue
    }
    if (typeof value.t !== 'number' || !Number.isFinite(value.t)) {
      corrupt.push({ line: n + 1, message: 'no time (t)' })
      continue
    }
    lines.push(value)
  }
  return ok({
    header,
    lines,
    compressed,
    bytes: Buffer.byteLength(text),
    skippedTailBytes: Buffer.byteLength(tail),
    corrupt,
  })
}

export async function readRecordingFile(path: string): Promise<Result<RecordingContent>> {
  let raw: Buffer
  try {
    raw = await readFile(path)
  } catch (error) {
    return fail({
      kind: 'bad-request',
      title: 'Could not open the recording',
      detail: (error as Error).message,
      nextStep: 'Check the path and that the file is readable.',
    })
  }
  return parseRecording(raw)
}
