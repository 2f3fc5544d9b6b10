// A manifest as the what-if apply reads it (one object, YAML or JSON) and the two ways out of a
// conflict that edit it: drop the conflicting fields, or set them to the live value to co-own them.
// Pure: no I/O. Edits work on the parsed object, so YAML comments do not survive an edit.
import { parseAllDocuments, stringify } from 'yaml'
import { formatPath, resolvePath, type PathSegment } from '@common/managed-fields'
import { fail, ok, type Result, type SaidAs } from '@common/result'
import { saidError } from '@common/said-error'
import { said, type Said } from '@i18n/translate'

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

export interface ParsedManifest {
  object: Obj
  apiVersion: string
  kind: string
  name: string
  namespace: string | null
  format: 'json' | 'yaml'
}

const badManifest = (title: Said, detail: Said | string) =>
  fail<ParsedManifest>(saidError('bad-request', title, detail, said('own.err.manifest.next')))

export function parseManifest(text: string): Result<ParsedManifest> {
  // A repeated key is the server's to judge (its field validation warns, or refuses with Strict).
  const docs = parseAllDocuments(text, { uniqueKeys: false }).filter(
    (doc) => !('contents' in doc) || doc.contents !== null,
  )
  if (docs.length === 0)
    return badManifest(said('own.err.manifest.empty'), said('own.err.manifest.emptyDetail'))
  if (docs.length > 1)
    return badManifest(
      said('own.err.manifest.many', { n: docs.length }),
      said('own.err.manifest.manyDetail'),
    )
  const doc = docs[0]
  if (!doc || !('errors' in doc)) return badManifest(said('own.err.manifest.notYaml'), '')
  if (doc.errors.length > 0)
    return badManifest(said('own.err.manifest.invalid'), doc.errors[0]?.message ?? '')
  const object: unknown = doc.toJS()
  if (!isObj(object))
    return badManifest(said('own.err.manifest.notObject'), said('own.err.manifest.notObjectDetail'))
  const metadata = isObj(object.metadata) ? object.metadata : {}
  const missing = [
    typeof object.apiVersion !== 'string' && 'apiVersion',
    typeof object.kind !== 'string' && 'kind',
    typeof metadata.name !== 'string' && 'metadata.name',
  ].filter(Boolean)
  if (missing.length > 0)
    return badManifest(
      said('own.err.manifest.missing', { fields: missing.join(', ') }),
      said('own.err.manifest.missingDetail'),
    )
  return ok({
    object,
    apiVersion: object.apiVersion as string,
    kind: object.kind as string,
    name: metadata.name as string,
    namespace: typeof metadata.namespace === 'string' ? metadata.namespace : null,
    format: text.trimStart().startsWith('{') ? 'json' : 'yaml',
  })
}

export function printManifest(object: Obj, format: ParsedManifest['format']): string {
  return format === 'json'
    ? `${JSON.stringify(object, null, 2)}\n`
    : stringify(object, { lineWidth: 0 })
}

/**
 * The position of a list item in a manifest. A manifest may leave out a key field the server
 * defaults (a port's protocol): the item matches when every key field it does give agrees, and
 * only one item does so.
 */
function itemPosition(list: unknown[], segment: PathSegment): number {
  if (segment.kind === 'index') return segment.index < list.length ? segment.index : -1
  if (segment.kind === 'value')
    return list.findIndex((item) => resolvePath([item], [segment]).found)
  if (segment.kind !== 'key') return -1
  const exact = list.findIndex((item) => resolvePath([item], [segment]).found)
  if (exact >= 0) return exact
  const loose = list
    .map((item, position) => ({ item, position }))
    .filter(({ item }) => {
      if (!isObj(item)) return false
      const given = Object.entries(segment.key).filter(([name]) => Object.hasOwn(item, name))
      return (
        given.length > 0 &&
        given.every(([name, value]) => JSON.stringify(item[name]) === JSON.stringify(value))
      )
    })
  return loose.length === 1 ? (loose[0]?.position ?? -1) : -1
}

type Located = { found: true; parent: Obj | unknown[]; at: string | number } | { found: false }

function locate(root: unknown, segments: readonly PathSegment[]): Located {
  let current: unknown = root
  let parent: Obj | unknown[] | null = null
  let at: string | number = ''
  for (const segment of segments) {
    if (segment.kind === 'field') {
      if (!isObj(current) || !Object.hasOwn(current, segment.name)) return { found: false }
      parent = current
      at = segment.name
      current = current[segment.name]
    } else {
      if (!Array.isArray(current)) return { found: false }
      const position = itemPosition(current, segment)
      if (position < 0) return { found: false }
      parent = current
      at = position
      current = current[position]
    }
  }
  return parent ? { found: true, parent, at } : { found: false }
}

/** The value a manifest sets at a path, if it sets one. */
export function manifestValue(manifest: unknown, segments: readonly PathSegment[]): PathResolution {
  const located = locate(manifest, segments)
  if (!located.found) return { found: false }
  const { parent, at } = located
  return { found: true, value: Array.isArray(parent) ? parent[at as number] : parent[at as string] }
}

/** A way out's manifest, and what it changed: in English, and as catalogue messages. */
export interface EditedManifest {
  object: Obj
  edits: string[]
  editsSaid: SaidAs[]
}

const edited = (object: Obj, edits: Said[]): EditedManifest => ({
  object,
  edits: edits.map((e) => e.text),
  editsSaid: edits.map((e) => e.as),
})

type PathResolution = { found: true; value: unknown } | { found: false }

/** Removes each path from the manifest; says what it removed and what it could not find. */
export function dropFields(manifest: Obj, fields: readonly PathSegment[][]): EditedManifest {
  const object = structuredClone(manifest)
  const edits: Said[] = []
  for (const segments of fields) {
    const field = formatPath(segments)
    const located = locate(object, segments)
    if (!located.found) {
      edits.push(said('own.edit.notInManifest', { field }))
      continue
    }
    if (Array.isArray(located.parent)) located.parent.splice(located.at as number, 1)
    else delete located.parent[located.at as string]
    edits.push(said('own.edit.dropped', { field }))
  }
  return edited(object, edits)
}

/** Sets each path of the manifest to the live object's value, creating maps on the way. */
export function coOwnFields(
  manifest: Obj,
  fields: readonly PathSegment[][],
  live: unknown,
): EditedManifest {
  const object = structuredClone(manifest)
  const edits: Said[] = []
  for (const segments of fields) {
    const field = formatPath(segments)
    const liveValue = resolvePath(live, segments)
    if (!liveValue.found) {
      edits.push(said('own.edit.notLive', { field }))
      continue
    }
    const located = locate(object, segments)
    if (located.found) {
      if (Array.isArray(located.parent))
        located.parent[located.at as number] = structuredClone(liveValue.value)
      else located.parent[located.at as string] = structuredClone(liveValue.value)
      edits.push(said('own.edit.set', { field, value: JSON.stringify(liveValue.value) }))
      continue
    }
    // Absent from the manifest: create it when the path is made of fields only below a found item.
    const last = segments.at(-1)
    const parent = locate(object, segments.slice(0, -1))
    const container = segments.length === 1 ? object : parent.found ? valueAt(parent) : undefined
    if (last?.kind === 'field' && isObj(container)) {
      container[last.name] = structuredClone(liveValue.value)
      edits.push(said('own.edit.added', { field, value: JSON.stringify(liveValue.value) }))
    } else edits.push(said('own.edit.cannotPlace', { field }))
  }
  return edited(object, edits)
}

function valueAt(located: Extract<Located, { found: true }>): unknown {
  const { parent, at } = located
  return Array.isArray(parent) ? parent[at as number] : parent[at as string]
}
