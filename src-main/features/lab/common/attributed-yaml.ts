// An object written as YAML (kubectl's layout: lists at their key's indentation), each line
// tagged with the path it starts and the source the dry-run attribution gives that path. Lets
// the lab draw "8 lines in, a full object out" with every added line coloured by who added it.
// Pure; list items are named like the diff names them (by name, else key, else index).
import type { AttributedEntry, AttributionSource } from '../../../common/admission-attribution'

export type LineSource = AttributionSource | 'unattributed' | 'sent'

export interface AttributedLine {
  text: string
  path: string
  source: LineSource
  /** The first line of a changed entry: where its label goes. */
  first: boolean
  /** The plugin or webhook the entry names, on its first line. */
  by?: string
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

const PLAIN_KEY = /^[A-Za-z0-9_./-]+$/
const PLAIN_STRING = /^[A-Za-z_/.][A-Za-z0-9_./:@ -]*$/
const RESERVED = /^(true|false|null|yes|no|on|off|~)$/i

function key(k: string): string {
  return PLAIN_KEY.test(k) ? k : JSON.stringify(k)
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null'
  if (typeof v === 'string') {
    return PLAIN_STRING.test(v) && !RESERVED.test(v) && !v.endsWith(' ') && !v.includes(': ')
      ? v
      : JSON.stringify(v)
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (Array.isArray(v) && v.length === 0) return '[]'
  if (isObject(v) && Object.keys(v).length === 0) return '{}'
  return JSON.stringify(v)
}

const isLeaf = (v: unknown) =>
  !(isObject(v) && Object.keys(v).length > 0) && !(Array.isArray(v) && v.length > 0)

function itemKeyField(list: unknown[]): 'name' | 'key' | null {
  for (const field of ['name', 'key'] as const) {
    const keys = list.map((i) => (isObject(i) ? i[field] : undefined))
    if (keys.every((k) => typeof k === 'string') && new Set(keys).size === keys.length) return field
  }
  return null
}

interface Raw {
  text: string
  path: string
}

function emitObject(out: Raw[], obj: Json, indent: string, path: string, firstPrefix?: string) {
  let first = true
  for (const [k, v] of Object.entries(obj)) {
    const childPath = path ? `${path}.${k}` : k
    const lead = first && firstPrefix !== undefined ? firstPrefix : indent
    first = false
    if (isLeaf(v)) {
      out.push({ text: `${lead}${key(k)}: ${scalar(v)}`, path: childPath })
    } else {
      out.push({ text: `${lead}${key(k)}:`, path: childPath })
      emitValue(out, v, Array.isArray(v) ? indent : `${indent}  `, childPath)
    }
  }
}

function emitValue(out: Raw[], v: unknown, indent: string, path: string): void {
  if (isObject(v)) {
    emitObject(out, v, indent, path)
    return
  }
  if (Array.isArray(v)) {
    const field = itemKeyField(v)
    v.forEach((item, i) => {
      const itemPath = `${path}[${field && isObject(item) ? String(item[field]) : i}]`
      if (isObject(item) && Object.keys(item).length > 0) {
        emitObject(out, item, `${indent}  `, itemPath, `${indent}- `)
      } else if (isLeaf(item)) {
        out.push({ text: `${indent}- ${scalar(item)}`, path: itemPath })
      } else {
        out.push({ text: `${indent}-`, path: itemPath })
        emitValue(out, item, `${indent}  `, itemPath)
      }
    })
  }
}

/** The longest entry path that is this path or contains it. */
function entryFor(path: string, entries: readonly AttributedEntry[]): AttributedEntry | undefined {
  let best: AttributedEntry | undefined
  for (const e of entries) {
    if (e.change === 'removed') continue
    const covers = path === e.path || path.startsWith(`${e.path}.`) || path.startsWith(`${e.path}[`)
    if (covers && (!best || e.path.length > best.path.length)) best = e
  }
  return best
}

export function attributedYaml(
  object: unknown,
  entries: readonly AttributedEntry[],
): AttributedLine[] {
  const raw: Raw[] = []
  emitValue(raw, object, '', '')
  const seen = new Set<string>()
  const lines: AttributedLine[] = raw.map(({ text, path }) => {
    const entry = entryFor(path, entries)
    const first = entry !== undefined && !seen.has(entry.path)
    if (entry) seen.add(entry.path)
    const by = first ? entry?.attribution?.by : undefined
    return {
      text,
      path,
      source: entry ? (entry.attribution?.source ?? 'unattributed') : 'sent',
      first,
      ...(by ? { by } : {}),
    }
  })
  // A key whose whole content was added (volumes:, status:) was not sent either: it takes the
  // source of what it holds when nothing under it was sent.
  const depth = (text: string) => text.length - text.trimStart().length
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] as AttributedLine
    if (line.source !== 'sent' || !line.text.endsWith(':')) continue
    const under: AttributedLine[] = []
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j] as AttributedLine
      const d = depth(next.text)
      if (
        d < depth(line.text) ||
        (d === depth(line.text) && !next.text.trimStart().startsWith('- '))
      )
        break
      under.push(next)
    }
    const child = under[0]
    if (child && under.every((l) => l.source !== 'sent'))
      lines[i] = { ...line, source: child.source }
  }
  return lines
}
