// Reads a recording whole, forgiving what a crash or a bad copy leaves: a tail without its newline
// (a line being written when the recorder was killed) is skipped and measured; a line that is not
// JSON, not a line this format knows, or a known line with a field the replay needs missing or
// of the wrong type, is reported with its number and skipped. Only a missing, foreign or
// malformed header is fatal.
import { readFile } from 'node:fs/promises'
import { constants, gunzipSync } from 'node:zlib'
import { fail, ok, type Result, type SaidAs, type UiError } from '@common/result'
import { saidError } from '@common/said-error'
import { LOCALES, said, type ByLanguage, type Said } from '@i18n/translate'
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

/** Not a recording: our title and next step, and what is wrong with it (a gzip error's own words inside). */
const bad = (detail: Said): UiError =>
  saidError('bad-request', said('rec.err.notRecording'), detail, said('rec.err.notRecordingNext'))

export function parseRecording(raw: Uint8Array): Result<RecordingContent> {
  const compressed = isGzip(raw)
  let text: string
  try {
    // Z_SYNC_FLUSH as the final flush: a gzip stream cut short yields what it holds, no throw.
    text = (
      compressed ? gunzipSync(raw, { finishFlush: constants.Z_SYNC_FLUSH }) : Buffer.from(raw)
    ).toString('utf8')
  } catch (error) {
    return fail(bad(said('rec.bad.gzip', { message: (error as Error).message })))
  }
  const end = text.lastIndexOf('\n')
  const body = end >= 0 ? text.slice(0, end) : ''
  const tail = end >= 0 ? text.slice(end + 1) : text
  const rows = body === '' ? [] : body.split('\n')
  if (rows.length === 0) return fail(bad(said('rec.bad.noLine')))

  let header: RecordingHeader
  try {
    header = JSON.parse(rows[0] as string) as RecordingHeader
  } catch {
    return fail(bad(said('rec.bad.notJson')))
  }
  if (header?.kind !== 'header' || header.format !== FORMAT_NAME) {
    return fail(bad(said('rec.bad.notHeader', { format: FORMAT_NAME })))
  }
  if (typeof header.version === 'number' && header.version <= FORMAT_VERSION) {
    const wrong = headerProblem(header)
    if (wrong) return fail(bad(said('rec.bad.header', { problem: wrong })))
  }
  if (typeof header.version !== 'number' || header.version > FORMAT_VERSION) {
    return fail(
      saidError(
        'bad-request',
        said('rec.err.newer', { version: String(header.version) }),
        said('rec.err.newerDetail', { version: FORMAT_VERSION }),
        said('rec.err.newerNext'),
      ),
    )
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
    const wrong = lineProblem(value)
    if (wrong) {
      corrupt.push({ line: n + 1, message: `a ${value.kind} line whose ${wrong}` })
      continue
    }
    // A note's key that does not read as one (a hand-edited file): the note shows as written.
    if ('noteSaid' in value && value.noteSaid !== undefined && !isSaidAs(value.noteSaid))
      delete value.noteSaid
    // A marker's languages that do not read as texts: the note shows as written (`note`).
    if (value.kind === 'marker' && 'noteByLanguage' in value) {
      const texts = byLanguage(value.noteByLanguage)
      if (texts) value.noteByLanguage = texts
      else delete value.noteByLanguage
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

// Shapes, checked as far as the replay relies on them: a line that passes is safe to replay, one
// that does not is reported as corrupt with the field that is wrong (a damaged or edited file).
type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const isStr = (v: unknown) => typeof v === 'string'
const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v)
/** A catalogue key and its parameters: text, numbers, or messages of the same shape. */
const isSaidAs = (v: unknown): v is SaidAs =>
  isObj(v) &&
  isStr(v.key) &&
  (v.params === undefined ||
    (isObj(v.params) && Object.values(v.params).every((p) => isStr(p) || isNum(p) || isSaidAs(p))))

/**
 * A text in several languages as the replay reads it: the languages Apiscope speaks whose value is
 * text (others are left out: a later Apiscope's languages), or undefined when none is.
 */
function byLanguage(v: unknown): ByLanguage | undefined {
  if (!isObj(v)) return undefined
  const texts: ByLanguage = {}
  for (const language of LOCALES) {
    const text = v[language]
    if (isStr(text) && text !== '') texts[language] = text
  }
  return Object.keys(texts).length ? texts : undefined
}

function headerProblem(h: RecordingHeader): Said | null {
  const o = h as unknown as Obj
  if (!isObj(o.app) || !isStr(o.app.name) || !isStr(o.app.version)) return said('rec.bad.noApp')
  if (o.server !== null && !isObj(o.server)) return said('rec.bad.server')
  if (!isStr(o.context)) return said('rec.bad.noContext')
  if (o.namespace !== undefined && !isStr(o.namespace)) return said('rec.bad.namespace')
  if (!isStr(o.startedAt)) return said('rec.bad.noStart')
  if (!isNum(o.t0)) return said('rec.bad.noT0')
  if (
    !isObj(o.redaction) ||
    (o.redaction.secrets !== 'redacted' && o.redaction.secrets !== 'included') ||
    !Array.isArray(o.redaction.rules)
  )
    return said('rec.bad.redaction')
  if (!Array.isArray(o.watches) || !o.watches.every(isObj)) return said('rec.bad.watches')
  if (o.answers !== undefined && !isObj(o.answers)) return said('rec.bad.answers')
  // A title's key that does not read as one (a hand-edited file): the title shows as written.
  if (o.titleSaid !== undefined && !isSaidAs(o.titleSaid)) delete o.titleSaid
  // A title in several languages that does not read as texts: the title shows as written.
  if (o.titleByLanguage !== undefined) {
    const texts = byLanguage(o.titleByLanguage)
    if (texts) o.titleByLanguage = texts
    else delete o.titleByLanguage
  }
  return null
}

const OBJECT_TYPES = new Set(['ADDED', 'MODIFIED', 'DELETED', 'LISTED'])
const META_FIELDS = ['kind', 'apiVersion', 'name', 'namespace', 'uid', 'resourceVersion']

function lineProblem(line: RecordingLine): string | null {
  const l = line as unknown as Obj
  const need = (ok: boolean, what: string) => (ok ? null : what)
  switch (line.kind) {
    case 'object':
      if (!OBJECT_TYPES.has(l.type as string))
        return 'type is not ADDED, MODIFIED, DELETED or LISTED'
      if (!isNum(l.watch) || !isNum(l.list)) return 'watch or list is not a number'
      return need(
        isObj(l.meta) && META_FIELDS.every((f) => isStr((l.meta as Obj)[f])),
        'meta lacks kind, apiVersion, name, namespace, uid or resourceVersion as text',
      )
    case 'bookmark':
      return need(isNum(l.watch) && isStr(l.rv), 'watch or rv is missing')
    case 'error':
      return need(
        isNum(l.watch) && isStr(l.note) && isStr(l.rv) && (l.code === undefined || isNum(l.code)),
        'watch, note, rv or code is missing or of the wrong type',
      )
    case 'gone':
      return need(
        isNum(l.watch) && isStr(l.uid) && isStr(l.listRv) && isStr(l.note),
        'watch, uid, listRv or note is missing',
      )
    case 'list': {
      const s = l.snapshot
      return need(
        isObj(s) &&
          isNum(s.watch) &&
          isStr(s.rv) &&
          isStr(s.reason) &&
          isNum(s.items) &&
          Array.isArray(s.pages) &&
          s.pages.every(isObj),
        'snapshot lacks watch, rv, reason, items or pages',
      )
    }
    case 'list-page':
      return need(isNum(l.list) && isObj(l.page), 'list or page is missing')
    case 'status':
      return need(
        Array.isArray(l.statuses) && l.statuses.every((s) => isObj(s) && isNum(s.id)),
        'statuses are not a list of watch statuses',
      )
    case 'emit':
    case 'answer':
      return need(isStr(l.channel), 'channel is not text')
    case 'marker':
      return need(isStr(l.note), 'note is not text')
    case 'end':
      return need(isStr(l.reason), 'reason is not text')
  }
  return null
}

export async function readRecordingFile(path: string): Promise<Result<RecordingContent>> {
  let raw: Buffer
  try {
    raw = await readFile(path)
  } catch (error) {
    return fail(
      saidError(
        'bad-request',
        said('rec.err.unopenable'),
        (error as Error).message,
        said('rec.err.unopenableNext'),
      ),
    )
  }
  return parseRecording(raw)
}
