// Decodes server-side apply field ownership (metadata.managedFields[].fieldsV1) into typed paths,
// resolves them against the live object, lists what nobody owns, and compares two versions. Pure
// logic over JSON as the API server returns it: no I/O, never throws on odd input.
// Ref: https://kubernetes.io/docs/reference/using-api/server-side-apply/ (field management).
// Each warning is also a catalogue message (i18n/catalogue/ownership.*.ts, `own.mf.*`), so the map
// says it in the person's language; the English stays the text below.
import { said, type Said } from '@i18n/translate'
import type { SaidAs } from './result'

/** One step of a field path, as fieldsV1 spells it: `f:`, `k:`, `v:` or `i:`. */
export type PathSegment =
  | { kind: 'field'; name: string }
  | { kind: 'key'; key: Record<string, unknown> }
  | { kind: 'value'; value: unknown }
  | { kind: 'index'; index: number }

export interface FieldPath {
  segments: PathSegment[]
  /** As the API server prints it in conflicts: `.spec.template.spec.containers[name="web"].image`. */
  text: string
}

/**
 * `leaf`: an empty `{}` in fieldsV1. The manager owns this value, and all of it when it is a map or
 * a list (atomic ones such as `selector` or `args` are owned this way).
 * `self`: a `.` entry. The manager owns the existence of this list item or map, and its owned
 * children are listed as paths of their own.
 */
export type OwnedPathKind = 'leaf' | 'self'

export interface OwnedPath extends FieldPath {
  kind: OwnedPathKind
}

/** Part of fieldsV1 this decoder could not read, kept as found so that nothing disappears. */
export interface UndecodedFields {
  /** The node of the fieldsV1 tree where it was found. */
  at: FieldPath
  /** The key as found (`x:foo`, `k:{broken`), or '' when the node itself is unreadable. */
  rawKey: string
  rawValue: unknown
  warning: string
  /**
   * The warning as a catalogue message. Its text also names the manager and the node
   * ({{manager}}: at "{{at}}": …), which decodeManagedFields adds to its parameters.
   */
  warningAs: SaidAs
}

export interface DecodedFieldsV1 {
  paths: OwnedPath[]
  undecoded: UndecodedFields[]
}

export type ManagedFieldsOperation = 'Apply' | 'Update'

/** Who writes: the server keeps one managedFields entry per (manager, operation, subresource). */
export interface ManagerIdentity {
  manager: string
  /** null when the entry says something else; the entry's `raw` keeps what it said. */
  operation: ManagedFieldsOperation | null
  /**
   * The subresource written through (`status`, `scale`), from Kubernetes 1.22. null when absent:
   * a write to the main resource, or any write on an older server (1.20 does not record it).
   */
  subresource: string | null
}

export interface ManagedFieldsEntry extends ManagerIdentity {
  /** Position in metadata.managedFields. */
  position: number
  /** The version the paths are expressed in; fields may be named differently in another one. */
  apiVersion: string
  time: string | null
  fieldsType: string | null
  paths: OwnedPath[]
  undecoded: UndecodedFields[]
  warnings: string[]
  /** The same warnings as catalogue messages, each as the map lists it (after the manager). */
  warningsSaid: SaidAs[]
  raw: unknown
}

export interface DecodedManagedFields {
  entries: ManagedFieldsEntry[]
  warnings: string[]
  /** The same warnings as catalogue messages, in order. */
  warningsSaid: SaidAs[]
}

export interface FieldOwner extends ManagerIdentity {
  kind: OwnedPathKind
}

export interface OwnedField extends FieldPath {
  /** Several when appliers co-own a field by applying the same value. */
  owners: FieldOwner[]
  /** False when the path does not resolve in the object: no such field, key, value or index. */
  present: boolean
  /** The value at the path, when present. */
  value?: unknown
}

/**
 * `unowned`: a value no manager claims, typically a default the API server filled in.
 * `server-metadata`, `object-identity`: fields the server strips from every manager's set
 * (k8s.io/apimachinery managedfields stripmeta.go), so nobody can own them.
 */
export type UnownedReason = 'unowned' | 'server-metadata' | 'object-identity'

export interface UnownedField extends FieldPath {
  value: unknown
  reason: UnownedReason
}

export interface OwnershipIndex {
  entries: ManagedFieldsEntry[]
  /** Every path some manager owns, once, with all its owners; in the order entries first name them. */
  owned: OwnedField[]
  /** Leaves of the object (scalars, empty maps and lists) that no owned path covers. */
  unowned: UnownedField[]
  warnings: string[]
  /** The same warnings as catalogue messages, in order (said in the person's language). */
  warningsSaid: SaidAs[]
}

export interface OwnershipChange {
  identity: ManagerIdentity
  /** `equipe-web (Apply)`, `kubectl (Update, via scale)`, `kube-controller-manager (Update, via status)`. */
  label: string
  gained: OwnedPath[]
  lost: OwnedPath[]
}

export type PathResolution = { found: true; value: unknown } | { found: false }

type JsonObject = Record<string, unknown>

const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// ---- paths ----------------------------------------------------------------------------------

/** Formats a key or set value the way structured-merge-diff's value.ToString does. */
function formatValue(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `[${value.map(formatValue).join(',')}]`
  if (isJsonObject(value))
    // SMD joins map entries with nothing; no built-in list key holds a map, a comma reads better.
    return Object.entries(value)
      .map(([name, inner]) => `${name}=${formatValue(inner)}`)
      .join(',')
  return String(value)
}

export function formatSegment(segment: PathSegment): string {
  switch (segment.kind) {
    case 'field':
      return `.${segment.name}`
    case 'key':
      // The server sorts key fields by name (and prints them so); sorting keeps that for any input.
      return `[${Object.keys(segment.key)
        .sort()
        .map((name) => `${name}=${formatValue(segment.key[name])}`)
        .join(',')}]`
    case 'value':
      return `[=${formatValue(segment.value)}]`
    case 'index':
      return `[${segment.index}]`
  }
}

/** `.spec.template.spec.containers[name="web"].ports[containerPort=80,protocol="TCP"]`. */
export function formatPath(segments: readonly PathSegment[]): string {
  return segments.map(formatSegment).join('')
}

const toFieldPath = (segments: PathSegment[]): FieldPath => ({
  segments,
  text: formatPath(segments),
})

/** JSON with object keys sorted, so that equal keys and values give equal strings. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (isJsonObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(value[name])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

// A segment's identity, unambiguous where `text` is not (a field named `a.b` and `.a` then `.b`
// print alike).
function segmentKey(segment: PathSegment): string {
  switch (segment.kind) {
    case 'field':
      return `f:${segment.name}`
    case 'key':
      return `k:${canonicalJson(segment.key)}`
    case 'value':
      return `v:${canonicalJson(segment.value)}`
    case 'index':
      return `i:${segment.index}`
  }
}

const pathKey = (segments: readonly PathSegment[]): string =>
  segments.map(segmentKey).join('\u0000')

// ---- fieldsV1 -------------------------------------------------------------------------------

/** A fieldsV1 key read: a path step, the `.` marker, or why it could not be read. */
export type DecodedFieldsKey =
  { segment: PathSegment } | { self: true } | { error: string; errorAs: SaidAs }

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

/** Reads one fieldsV1 key: `f:<name>`, `k:<json object>`, `v:<json>`, `i:<index>` or `.`. */
export function decodeFieldsKey(rawKey: string): DecodedFieldsKey {
  if (rawKey === '.') return { self: true }
  const prefix = rawKey.slice(0, 2)
  const rest = rawKey.slice(2)
  switch (prefix) {
    case 'f:':
      return { segment: { kind: 'field', name: rest } }
    case 'k:': {
      const parsed = parseJson(rest)
      if (!parsed.ok)
        return keyError(`the list key ${rest} is not valid JSON`, 'own.mf.listKeyJson', rest)
      if (!isJsonObject(parsed.value) || Object.keys(parsed.value).length === 0)
        return keyError(
          `the list key ${rest} is not a JSON object with key fields`,
          'own.mf.listKeyObject',
          rest,
        )
      return { segment: { kind: 'key', key: parsed.value } }
    }
    case 'v:': {
      const parsed = parseJson(rest)
      if (!parsed.ok)
        return keyError(`the set value ${rest} is not valid JSON`, 'own.mf.setValueJson', rest)
      return { segment: { kind: 'value', value: parsed.value } }
    }
    case 'i:':
      if (!/^(0|[1-9][0-9]*)$/.test(rest))
        return keyError(`the list index ${rest} is not a number`, 'own.mf.indexNumber', rest)
      return { segment: { kind: 'index', index: Number(rest) } }
    default:
      return keyError(
        `unknown key ${JSON.stringify(rawKey)}: expected f:, k:, v:, i: or .`,
        'own.mf.unknownKey',
        JSON.stringify(rawKey),
      )
  }
}

function keyError(error: string, key: string, raw: string): { error: string; errorAs: SaidAs } {
  return { error, errorAs: { key, params: { raw } } }
}

/**
 * How deep a fieldsV1 tree is followed. The API server's JSON decoder refuses nesting past 10,000
 * levels; no real object comes near a hundred, and a deeper tree (a damaged recording, a crafted
 * file) would otherwise exhaust the stack.
 */
export const MAX_FIELDS_DEPTH = 1000

/**
 * Turns a fieldsV1 tree into the paths it owns, in the order fieldsV1 lists them (the server puts
 * `.` first, before a node's children). What cannot be read is returned in `undecoded`, with why.
 */
export function decodeFieldsV1(fieldsV1: unknown): DecodedFieldsV1 {
  const paths: OwnedPath[] = []
  const undecoded: UndecodedFields[] = []

  const visit = (node: JsonObject, segments: PathSegment[]) => {
    if (segments.length >= MAX_FIELDS_DEPTH) {
      undecoded.push({
        at: toFieldPath(segments),
        rawKey: '',
        rawValue: node,
        warning: `nested deeper than ${MAX_FIELDS_DEPTH} levels: the rest is not decoded`,
        warningAs: { key: 'own.mf.deep', params: { max: MAX_FIELDS_DEPTH } },
      })
      return
    }
    for (const [rawKey, rawValue] of Object.entries(node)) {
      const decoded = decodeFieldsKey(rawKey)
      if ('error' in decoded) {
        undecoded.push({
          at: toFieldPath(segments),
          rawKey,
          rawValue,
          warning: decoded.error,
          warningAs: decoded.errorAs,
        })
        continue
      }
      if ('self' in decoded) {
        paths.push({ ...toFieldPath(segments), kind: 'self' })
        if (!isJsonObject(rawValue) || Object.keys(rawValue).length > 0)
          undecoded.push({
            at: toFieldPath(segments),
            rawKey,
            rawValue,
            warning: 'a "." entry should hold {}; its content is kept here',
            warningAs: { key: 'own.mf.dotEntry' },
          })
        continue
      }
      const childSegments = [...segments, decoded.segment]
      if (!isJsonObject(rawValue)) {
        undecoded.push({
          at: toFieldPath(segments),
          rawKey,
          rawValue,
          warning: `${formatPath(childSegments)} should hold an object, not ${describeJsonType(rawValue)}`,
          warningAs: {
            key: 'own.mf.holdObject',
            params: { path: formatPath(childSegments), type: jsonTypeName(rawValue) },
          },
        })
        continue
      }
      if (Object.keys(rawValue).length === 0)
        paths.push({ ...toFieldPath(childSegments), kind: 'leaf' })
      else visit(rawValue, childSegments)
    }
  }

  if (isJsonObject(fieldsV1)) visit(fieldsV1, [])
  else
    undecoded.push({
      at: toFieldPath([]),
      rawKey: '',
      rawValue: fieldsV1,
      warning: `fieldsV1 should be an object, not ${describeJsonType(fieldsV1)}`,
      warningAs: { key: 'own.mf.fieldsV1Object', params: { type: jsonTypeName(fieldsV1) } },
    })
  return { paths, undecoded }
}

/** The kind of a JSON value, as `own.mf.type.<name>` says it (`a list`, `une liste`). */
function jsonTypeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'list'
  if (value === undefined) return 'nothing'
  return typeof value
}

function describeJsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (value === undefined) return 'nothing'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

// ---- managedFields --------------------------------------------------------------------------

/**
 * `equipe-web (Apply)`; a write through a subresource says which, as the conflict message names it
 * (`conflict with "kubectl" with subresource "scale"`): `kubectl (Update, via scale)`.
 */
export function managerLabel(identity: ManagerIdentity): string {
  const details = [identity.operation ?? 'unknown operation']
  if (identity.subresource) details.push(`via ${identity.subresource}`)
  return `${identity.manager || '(no manager)'} (${details.join(', ')})`
}

/**
 * managerLabel as a message, for the warnings that name it: the manager and its operation as the
 * object says them, Apiscope's words for one that is missing (`(no manager)`, `unknown operation`).
 */
export function managerLabelSaid(identity: ManagerIdentity): Said {
  const manager = identity.manager || said('own.mf.noManager')
  const operation = identity.operation ?? said('own.mf.unknownOperation')
  return identity.subresource
    ? said('own.mf.labelVia', { manager, operation, subresource: identity.subresource })
    : said('own.mf.label', { manager, operation })
}

const identityKey = (identity: ManagerIdentity): string =>
  JSON.stringify([identity.manager, identity.operation, identity.subresource])

function decodeEntry(raw: unknown, position: number): ManagedFieldsEntry {
  const warnings: string[] = []
  const warningsAs: SaidAs[] = []
  const warn = (text: string, as: SaidAs) => {
    warnings.push(text)
    warningsAs.push(as)
  }
  const entry = isJsonObject(raw) ? raw : {}
  if (!isJsonObject(raw))
    warn(`managedFields[${position}] should be an object, not ${describeJsonType(raw)}`, {
      key: 'own.mf.entryObject',
      params: { position, type: jsonTypeName(raw) },
    })

  const text = (name: string, required: boolean): string | null => {
    const value = entry[name]
    if (typeof value === 'string') return value
    if (value !== undefined || (required && isJsonObject(raw)))
      warn(`managedFields[${position}].${name} should be a string`, {
        key: 'own.mf.notString',
        params: { position, name },
      })
    return null
  }
  const manager = text('manager', true) ?? ''
  const operationText = text('operation', true)
  const operation = operationText === 'Apply' || operationText === 'Update' ? operationText : null
  if (operationText !== null && operation === null)
    warn(`operation ${JSON.stringify(operationText)} is neither Apply nor Update`, {
      key: 'own.mf.operation',
      params: { operation: JSON.stringify(operationText) },
    })
  const apiVersion = text('apiVersion', true) ?? ''
  const time = text('time', false)
  const subresource = text('subresource', false)
  const fieldsType = text('fieldsType', false)

  let decoded: DecodedFieldsV1 = { paths: [], undecoded: [] }
  if (fieldsType === 'FieldsV1') {
    if (Object.hasOwn(entry, 'fieldsV1')) decoded = decodeFieldsV1(entry.fieldsV1)
    else warn('fieldsType is FieldsV1 but there is no fieldsV1', { key: 'own.mf.noFieldsV1' })
  } else if (isJsonObject(raw)) {
    // The only format Kubernetes defines; another one would need its own decoder.
    warn(
      `fieldsType ${fieldsType === null ? 'is missing' : JSON.stringify(fieldsType)}; only FieldsV1 is decoded`,
      fieldsType === null
        ? { key: 'own.mf.fieldsTypeMissing' }
        : { key: 'own.mf.fieldsTypeOther', params: { fieldsType: JSON.stringify(fieldsType) } },
    )
    if (Object.hasOwn(entry, 'fieldsV1'))
      decoded.undecoded.push({
        at: toFieldPath([]),
        rawKey: '',
        rawValue: entry.fieldsV1,
        warning: 'not decoded: fieldsType is not FieldsV1',
        warningAs: { key: 'own.mf.notDecoded' },
      })
  }
  for (const item of decoded.undecoded)
    warn(`at "${item.at.text}": ${item.warning}`, {
      key: item.warningAs.key,
      params: { ...item.warningAs.params, at: item.at.text },
    })
  // Each message names the manager first, as decodeManagedFields lists it.
  const managerAs = managerLabelSaid({ manager, operation, subresource }).as
  const warningsSaid = warningsAs.map((as) => ({
    key: as.key,
    params: { ...as.params, manager: managerAs },
  }))

  return {
    position,
    manager,
    operation,
    subresource,
    apiVersion,
    time,
    fieldsType,
    paths: decoded.paths,
    undecoded: decoded.undecoded,
    warnings,
    warningsSaid,
    raw,
  }
}

/** Decodes metadata.managedFields: one entry per element, in order, however odd the element. */
export function decodeManagedFields(managedFields: unknown): DecodedManagedFields {
  if (managedFields === undefined || managedFields === null)
    return { entries: [], warnings: [], warningsSaid: [] }
  if (!Array.isArray(managedFields))
    return {
      entries: [],
      warnings: [`managedFields should be a list, not ${describeJsonType(managedFields)}`],
      warningsSaid: [{ key: 'own.mf.notList', params: { type: jsonTypeName(managedFields) } }],
    }
  const entries = managedFields.map((raw: unknown, position) => decodeEntry(raw, position))
  return {
    entries,
    warnings: entries.flatMap((entry) =>
      entry.warnings.map((warning) => `${managerLabel(entry)}: ${warning}`),
    ),
    warningsSaid: entries.flatMap((entry) => entry.warningsSaid),
  }
}

// ---- the live object ------------------------------------------------------------------------

function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true
  if (Array.isArray(left))
    return (
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, i) => jsonEqual(item, right[i]))
    )
  if (isJsonObject(left) && isJsonObject(right)) {
    const names = Object.keys(left)
    return (
      names.length === Object.keys(right).length &&
      names.every((name) => Object.hasOwn(right, name) && jsonEqual(left[name], right[name]))
    )
  }
  return false
}

// k: matches the element whose key fields all equal the key (defaulted ones included, such as a
// port's protocol); v: the element equal to the value; i: the element at that position.
function matchesListItem(segment: PathSegment, item: unknown, position: number): boolean {
  switch (segment.kind) {
    case 'key':
      return (
        isJsonObject(item) &&
        Object.entries(segment.key).every(
          ([name, value]) => Object.hasOwn(item, name) && jsonEqual(item[name], value),
        )
      )
    case 'value':
      return jsonEqual(item, segment.value)
    case 'index':
      return segment.index === position
    case 'field':
      return false
  }
}

/** Follows a path into an object: fields by name, list items by key, value or index. */
export function resolvePath(object: unknown, segments: readonly PathSegment[]): PathResolution {
  let current: unknown = object
  for (const segment of segments) {
    if (segment.kind === 'field') {
      if (!isJsonObject(current) || !Object.hasOwn(current, segment.name)) return { found: false }
      current = current[segment.name]
    } else {
      if (!Array.isArray(current)) return { found: false }
      const list: unknown[] = current
      const position = list.findIndex((item, i) => matchesListItem(segment, item, i))
      if (position < 0) return { found: false }
      current = list[position]
    }
  }
  return { found: true, value: current }
}

// Fields the server strips from every manager's set (stripmeta.go), so they never have an owner.
const SERVER_METADATA = new Set([
  'managedFields',
  'resourceVersion',
  'uid',
  'creationTimestamp',
  'generation',
  'selfLink',
  'clusterName',
])
const IDENTITY_METADATA = new Set(['name', 'namespace'])

function untrackedReason(segments: readonly PathSegment[]): UnownedReason | null {
  const [first, second] = segments
  if (first?.kind !== 'field') return null
  if (segments.length === 1 && (first.name === 'apiVersion' || first.name === 'kind'))
    return 'object-identity'
  if (segments.length !== 2 || first.name !== 'metadata' || second?.kind !== 'field') return null
  if (SERVER_METADATA.has(second.name)) return 'server-metadata'
  if (IDENTITY_METADATA.has(second.name)) return 'object-identity'
  return null
}

/** The owned paths of every manager merged into one tree, to walk alongside the object. */
interface OwnershipNode {
  segments: PathSegment[]
  children: Map<string, OwnershipNode>
  owners: FieldOwner[]
}

function buildOwnershipTree(entries: readonly ManagedFieldsEntry[]): OwnershipNode {
  const root: OwnershipNode = { segments: [], children: new Map(), owners: [] }
  for (const entry of entries) {
    const identity: ManagerIdentity = {
      manager: entry.manager,
      operation: entry.operation,
      subresource: entry.subresource,
    }
    for (const path of entry.paths) {
      let node = root
      for (const [depth, segment] of path.segments.entries()) {
        const key = segmentKey(segment)
        let child = node.children.get(key)
        if (!child) {
          child = { segments: path.segments.slice(0, depth + 1), children: new Map(), owners: [] }
          node.children.set(key, child)
        }
        node = child
      }
      if (!node.owners.some((owner) => identityKey(owner) === identityKey(identity)))
        node.owners.push({ ...identity, kind: path.kind })
    }
  }
  return root
}

function ownedFieldsOf(root: OwnershipNode, object: unknown): OwnedField[] {
  const owned: OwnedField[] = []
  const visit = (node: OwnershipNode) => {
    if (node.owners.length > 0) {
      const resolution = resolvePath(object, node.segments)
      owned.push({
        ...toFieldPath(node.segments),
        owners: node.owners,
        present: resolution.found,
        ...(resolution.found ? { value: resolution.value } : {}),
      })
    }
    for (const child of node.children.values()) visit(child)
  }
  visit(root)
  return owned
}

/**
 * Names a list item nobody's path reaches. Without the schema the list's kind is unknown, so it
 * borrows the key fields other items of the same list are owned by (containers by name, ports by
 * containerPort and protocol), a set value where the list's owned items are values, and otherwise
 * says only the position, which claims nothing about the list.
 */
function segmentForUnclaimedItem(
  node: OwnershipNode | undefined,
  item: unknown,
  position: number,
): PathSegment {
  const siblings = node ? [...node.children.values()] : []
  for (const sibling of siblings) {
    const segment = sibling.segments.at(-1)
    if (segment?.kind === 'key' && isJsonObject(item)) {
      const names = Object.keys(segment.key)
      if (names.every((name) => Object.hasOwn(item, name)))
        return { kind: 'key', key: Object.fromEntries(names.map((name) => [name, item[name]])) }
    }
    if (segment?.kind === 'value' && !isJsonObject(item) && !Array.isArray(item))
      return { kind: 'value', value: item }
  }
  return { kind: 'index', index: position }
}

function unownedFieldsOf(root: OwnershipNode, object: unknown): UnownedField[] {
  const unowned: UnownedField[] = []
  const visit = (value: unknown, node: OwnershipNode | undefined, segments: PathSegment[]) => {
    const reason = untrackedReason(segments)
    if (reason) {
      unowned.push({ ...toFieldPath(segments), value, reason })
      return
    }
    // A leaf owner owns the whole value, maps and lists included: nothing below is unowned.
    if (node?.owners.some((owner) => owner.kind === 'leaf')) return
    if (isJsonObject(value) && Object.keys(value).length > 0) {
      for (const [name, inner] of Object.entries(value))
        visit(inner, node?.children.get(`f:${name}`), [...segments, { kind: 'field', name }])
      return
    }
    if (Array.isArray(value) && value.length > 0) {
      const list: unknown[] = value
      for (const [position, item] of list.entries()) {
        const claimed = node
          ? [...node.children.values()].find((child) => {
              const last = child.segments.at(-1)
              return last !== undefined && matchesListItem(last, item, position)
            })
          : undefined
        const segment = claimed?.segments.at(-1) ?? segmentForUnclaimedItem(node, item, position)
        visit(item, claimed, [...segments, segment])
      }
      return
    }
    // A scalar, or an empty map or list: owned if anyone claims this very node.
    if (!node || node.owners.length === 0)
      unowned.push({ ...toFieldPath(segments), value, reason: 'unowned' })
  }
  visit(object, root, [])
  return unowned
}

/**
 * Who owns each field of an object, from its own metadata.managedFields: every owned path with its
 * owners and whether it is present, and every leaf nobody owns.
 */
export function indexOwnership(object: unknown): OwnershipIndex {
  if (!isJsonObject(object))
    return {
      entries: [],
      owned: [],
      unowned: [],
      warnings: [`expected a Kubernetes object, got ${describeJsonType(object)}`],
      warningsSaid: [{ key: 'own.mf.notKubeObject', params: { type: jsonTypeName(object) } }],
    }
  const metadata = isJsonObject(object.metadata) ? object.metadata : {}
  const { entries, warnings, warningsSaid } = decodeManagedFields(metadata.managedFields)
  const objectVersion = typeof object.apiVersion === 'string' ? object.apiVersion : null
  for (const entry of entries)
    if (objectVersion && entry.apiVersion && entry.apiVersion !== objectVersion)
    // Paths are recorded in the writer's version; a field renamed between versions would
    // show as absent here although the server would convert it.
    {
      warnings.push(
        `${managerLabel(entry)}: paths recorded in ${entry.apiVersion}, object read as ${objectVersion}`,
      )
      warningsSaid.push({
        key: 'own.mf.versions',
        params: {
          manager: managerLabelSaid(entry).as,
          written: entry.apiVersion,
          read: objectVersion,
        },
      })
    }
  const tree = buildOwnershipTree(entries)
  return {
    entries,
    owned: ownedFieldsOf(tree, object),
    unowned: unownedFieldsOf(tree, object),
    warnings,
    warningsSaid,
  }
}

/** The owned field printed as `text` (the form of conflict messages), if any manager owns it. */
export function findOwnedField(index: OwnershipIndex, text: string): OwnedField | undefined {
  return index.owned.find((field) => field.text === text)
}

// ---- ownership over time --------------------------------------------------------------------

function pathsByManager(
  object: unknown,
): Map<string, { identity: ManagerIdentity; paths: Map<string, OwnedPath> }> {
  const metadata = isJsonObject(object) && isJsonObject(object.metadata) ? object.metadata : {}
  const byManager = new Map<string, { identity: ManagerIdentity; paths: Map<string, OwnedPath> }>()
  for (const entry of decodeManagedFields(metadata.managedFields).entries) {
    const identity: ManagerIdentity = {
      manager: entry.manager,
      operation: entry.operation,
      subresource: entry.subresource,
    }
    const key = identityKey(identity)
    const record = byManager.get(key) ?? { identity, paths: new Map<string, OwnedPath>() }
    for (const path of entry.paths) record.paths.set(pathKey(path.segments), path)
    byManager.set(key, record)
  }
  return byManager
}

/**
 * What each manager gained and lost between two versions of the same object (before, after).
 * Managers whose set did not change are left out; one that appears or vanishes gains or loses all.
 * A path that only turns from `leaf` to `self` (or back) counts as kept.
 */
export function compareOwnership(before: unknown, after: unknown): OwnershipChange[] {
  const earlier = pathsByManager(before)
  const later = pathsByManager(after)
  const changes: OwnershipChange[] = []
  for (const key of new Set([...earlier.keys(), ...later.keys()])) {
    const was = earlier.get(key)
    const is = later.get(key)
    const identity = (is ?? was)?.identity
    if (!identity) continue
    const wasPaths = was?.paths ?? new Map<string, OwnedPath>()
    const isPaths = is?.paths ?? new Map<string, OwnedPath>()
    const gained = [...isPaths].filter(([path]) => !wasPaths.has(path)).map(([, path]) => path)
    const lost = [...wasPaths].filter(([path]) => !isPaths.has(path)).map(([, path]) => path)
    if (gained.length > 0 || lost.length > 0)
      changes.push({ identity, label: managerLabel(identity), gained, lost })
  }
  return changes
}

// ---- the object as a tree of rows -----------------------------------------------------------

/**
 * `owned`: some manager's path ends here. `inside-owned`: below a value owned whole (an atomic map
 * or list such as `selector` or `args`). `structure`: a map or list nobody owns as such, whose
 * children say who owns what. `unowned`: a value nobody owns (typically a server default).
 * `server-metadata`, `object-identity`: never owned (see UnownedReason). `absent`: owned, but the
 * object has no such field.
 */
export type RowStatus =
  | 'owned'
  | 'inside-owned'
  | 'structure'
  | 'unowned'
  | 'server-metadata'
  | 'object-identity'
  | 'absent'

export interface OwnershipRow extends FieldPath {
  depth: number
  /** The last segment as a tree shows it: `replicas`, `[name="web"]`. */
  label: string
  /** Scalars only; maps and lists say their size in `size`. */
  value?: unknown
  container: 'map' | 'list' | null
  size: number
  /** Managers whose paths end here. */
  owners: FieldOwner[]
  /** The owners of the atomic value this row is inside of, and its path. */
  inherited: { from: string; owners: FieldOwner[] } | null
  status: RowStatus
}

function rowLabel(segment: PathSegment | undefined): string {
  if (!segment) return ''
  return segment.kind === 'field' ? segment.name : formatSegment(segment)
}

/**
 * The object in document order, one row per field, list item and value, each with the managers
 * that own it, plus a row for every owned path the object lacks (placed under its parent).
 */
export function ownershipRows(object: unknown): OwnershipRow[] {
  const index = indexOwnership(object)
  const tree = buildOwnershipTree(index.entries)
  const rows: OwnershipRow[] = []

  const pushAbsent = (node: OwnershipNode, depth: number) => {
    if (node.owners.length > 0)
      rows.push({
        ...toFieldPath(node.segments),
        depth,
        label: rowLabel(node.segments.at(-1)),
        container: null,
        size: 0,
        owners: node.owners,
        inherited: null,
        status: 'absent',
      })
    for (const child of node.children.values())
      pushAbsent(child, node.owners.length > 0 ? depth + 1 : depth)
  }

  const visit = (
    value: unknown,
    node: OwnershipNode | undefined,
    segments: PathSegment[],
    depth: number,
    inherited: OwnershipRow['inherited'],
  ) => {
    const isMap = isJsonObject(value)
    const isList = Array.isArray(value)
    const container = isMap ? 'map' : isList ? 'list' : null
    const size = isMap ? Object.keys(value).length : isList ? value.length : 0
    const owners = node?.owners ?? []
    const reason = untrackedReason(segments)
    if (segments.length > 0) {
      let status: RowStatus
      if (reason) status = reason
      else if (owners.length > 0) status = 'owned'
      else if (inherited) status = 'inside-owned'
      else if (container && size > 0) status = 'structure'
      else status = 'unowned'
      rows.push({
        ...toFieldPath(segments),
        depth,
        label: rowLabel(segments.at(-1)),
        ...(container ? {} : { value }),
        container,
        size,
        owners,
        inherited,
        status,
      })
    }
    if (reason) return
    const leafOwners = owners.filter((owner) => owner.kind === 'leaf')
    const below =
      leafOwners.length > 0 ? { from: formatPath(segments), owners: leafOwners } : inherited
    const seen = new Set<OwnershipNode>()
    if (isMap) {
      for (const [name, inner] of Object.entries(value)) {
        const child = node?.children.get(`f:${name}`)
        if (child) seen.add(child)
        visit(inner, child, [...segments, { kind: 'field', name }], depth + 1, below)
      }
    } else if (isList) {
      const list: unknown[] = value
      for (const [position, item] of list.entries()) {
        const claimed = node
          ? [...node.children.values()].find((child) => {
              const last = child.segments.at(-1)
              return last !== undefined && matchesListItem(last, item, position)
            })
          : undefined
        if (claimed) seen.add(claimed)
        const segment = claimed?.segments.at(-1) ?? segmentForUnclaimedItem(node, item, position)
        visit(item, claimed, [...segments, segment], depth + 1, below)
      }
    }
    for (const child of node?.children.values() ?? [])
      if (!seen.has(child)) pushAbsent(child, depth + 1)
  }
  visit(object, tree, [], -1, null)
  return rows
}

/** Every distinct manager identity of an object, in managedFields order, with its entry. */
export function managerKey(identity: ManagerIdentity): string {
  return identityKey(identity)
}
