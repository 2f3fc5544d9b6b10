// Reads what the reader needs from one watch line without building the object: the event type and
// the object's kind, apiVersion and metadata name, namespace, uid and resourceVersion. A real JSON
// tokenizer over the bytes (strings, escapes, nesting), reading only the top level of the event,
// of the object and of its metadata, in any key order; every other value is skipped. It stops once
// it has them all: the API server writes `type` before `object`, and `namespace` before `uid` and
// `resourceVersion` (Go's ObjectMeta field order, and the sorted keys of unstructured objects);
// an object without a namespace so far has its metadata read to the end, in case one follows.
// The whole object is parsed once, in the version history's worker, which is where a malformed
// tail would show. Anything unexpected returns null and the caller uses JSON.parse (docs/adr/0006).

import {
  BACKSLASH,
  CLOSE_BRACE,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  ValueScan,
  scalarEnd,
  skipWs,
} from './json-bytes'

export interface ScannedEvent {
  type: string
  kind: string
  apiVersion: string
  name: string
  namespace: string
  uid: string
  resourceVersion: string
}

/**
 * The same fields read from an object JSON.parse gave (the slow path, for what the scanner would
 * not read): each a string, '' where absent or not a string.
 */
export function metaOfParsed(o: Record<string, unknown>): Omit<ScannedEvent, 'type'> {
  const m = (o.metadata ?? {}) as Record<string, unknown>
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  return {
    kind: str(o.kind),
    apiVersion: str(o.apiVersion),
    name: str(m.name),
    namespace: str(m.namespace),
    uid: str(m.uid),
    resourceVersion: str(m.resourceVersion),
  }
}

const key = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0))
const K = {
  type: key('type'),
  object: key('object'),
  kind: key('kind'),
  apiVersion: key('apiVersion'),
  metadata: key('metadata'),
  name: key('name'),
  namespace: key('namespace'),
  uid: key('uid'),
  resourceVersion: key('resourceVersion'),
}

class Fail extends Error {}
const fail = (): never => {
  throw new Fail()
}

/** End (exclusive, after the closing quote) of the string starting at i; sets escaped. */
function stringEnd(b: Uint8Array, i: number, state: { escaped: boolean }): number {
  if (b[i] !== QUOTE) fail()
  i++
  state.escaped = false
  while (i < b.length) {
    const c = b[i] as number
    if (c === QUOTE) return i + 1
    if (c === BACKSLASH) {
      state.escaped = true
      i += 2
    } else i++
  }
  return fail()
}

const skipped = new ValueScan()

/** Where the value at i ends: a string, object or array (fails when cut), or a scalar. */
function skipValue(b: Uint8Array, i: number): number {
  const c = b[i]
  if (c === QUOTE || c === OPEN_BRACE || c === OPEN_BRACKET) {
    skipped.begin()
    const end = skipped.scan(b, i)
    return end === -1 ? fail() : end
  }
  const end = scalarEnd(b, i)
  return end === -1 ? b.length : end
}

const decoder = new TextDecoder()

function stringValue(b: Uint8Array, start: number, end: number, escaped: boolean): string {
  // start..end spans the quotes; escapes (rare in metadata) go through JSON.parse to be exact.
  if (escaped) return JSON.parse(decoder.decode(b.subarray(start, end))) as string
  // Decoded in one go: a flat string. Built a character at a time, a uid was a rope of some 25
  // pieces (about 800 bytes of heap where the flat string takes 66) until something flattened it.
  return decoder.decode(b.subarray(start + 1, end - 1))
}

function sameKey(b: Uint8Array, start: number, end: number, k: Uint8Array): boolean {
  // start..end spans the quotes of an unescaped key.
  if (end - start - 2 !== k.length) return false
  for (let j = 0; j < k.length; j++) if (b[start + 1 + j] !== k[j]) return false
  return true
}

/** Where the scan is: the byte index, and what has been read so far. */
interface Cursor {
  b: Uint8Array
  i: number
  state: { escaped: boolean }
  out: ScannedEvent
  /** The fields read so far, as bits (FIELD_BIT); the scan stops once it has `need`. */
  found: number
  need: number
  /** The last key read: [keyStart, keyEnd) with its quotes; keyStart is -1 for an escaped key. */
  keyStart: number
  keyEnd: number
}

type Field = 'type' | 'kind' | 'apiVersion' | 'name' | 'namespace' | 'uid' | 'resourceVersion'
const FIELD_BIT: Record<Field, number> = {
  type: 1,
  kind: 2,
  apiVersion: 4,
  name: 8,
  namespace: 0,
  uid: 16,
  resourceVersion: 32,
}
// A watch line: type, kind, apiVersion, name, uid, resourceVersion (namespace, when there is one,
// comes first). A list's item carries no kind or apiVersion (a typed list's items) or does (an
// unstructured list's): it is read for its name, uid and resourceVersion.
const LINE = 63
const ITEM = 8 | 16 | 32
const done = (c: Cursor) => (c.found & c.need) === c.need

/**
 * The last value read for a field that repeats from line to line on one watch (the event's type,
 * the object's kind, apiVersion and namespace): when the bytes are the same again, the same string
 * is given again instead of a new one.
 */
class Repeated {
  private readonly bytes = new Uint8Array(64)
  private length = -1
  private text = ''

  /** The string b[start, end) holds, quotes included (unescaped). */
  read(b: Uint8Array, start: number, end: number): string {
    const n = end - start - 2
    if (n === this.length) {
      let j = 0
      while (j < n && b[start + 1 + j] === this.bytes[j]) j++
      if (j === n) return this.text
    }
    const text = stringValue(b, start, end, false)
    if (n <= this.bytes.length) {
      this.bytes.set(b.subarray(start + 1, end - 1))
      this.length = n
      this.text = text
    }
    return text
  }
}

const REPEATED: Partial<Record<Field, Repeated>> = {
  type: new Repeated(),
  kind: new Repeated(),
  apiVersion: new Repeated(),
  namespace: new Repeated(),
}

/** Reads a string value into out[field] (a non-string value is skipped). */
function readField(c: Cursor, field: Field): void {
  const { b, state } = c
  if (b[c.i] !== QUOTE) {
    c.i = skipValue(b, c.i)
    return
  }
  const end = stringEnd(b, c.i, state)
  const repeated = state.escaped ? undefined : REPEATED[field]
  c.out[field] = repeated ? repeated.read(b, c.i, end) : stringValue(b, c.i, end, state.escaped)
  c.i = end
  c.found |= FIELD_BIT[field]
}

/** Moves past the opening brace of an object; false when it is empty. */
function enterObject(c: Cursor): boolean {
  c.i = skipWs(c.b, c.i)
  if (c.b[c.i] !== OPEN_BRACE) fail()
  c.i = skipWs(c.b, c.i + 1)
  if (c.b[c.i] === CLOSE_BRACE) {
    c.i++
    return false
  }
  return true
}

/** Reads a member's key into keyStart/keyEnd (keyStart -1 when escaped) and leaves i at the value. */
function memberKey(c: Cursor): void {
  const ks = c.i
  const ke = stringEnd(c.b, c.i, c.state)
  c.keyStart = c.state.escaped ? -1 : ks
  c.keyEnd = ke
  c.i = skipWs(c.b, ke)
  if (c.b[c.i] !== COLON) fail()
  c.i = skipWs(c.b, c.i + 1)
}

/** Whether the last key read is k. */
const keyIs = (c: Cursor, k: Uint8Array) => c.keyStart >= 0 && sameKey(c.b, c.keyStart, c.keyEnd, k)

/** After a value: true when another member follows, false at the closing brace. */
function nextMember(c: Cursor): boolean {
  c.i = skipWs(c.b, c.i)
  if (c.b[c.i] === COMMA) {
    c.i = skipWs(c.b, c.i + 1)
    return true
  }
  if (c.b[c.i] === CLOSE_BRACE) {
    c.i++
    return false
  }
  return fail()
}

function scanMetadata(c: Cursor): void {
  if (!enterObject(c)) return
  do {
    memberKey(c)
    if (keyIs(c, K.name)) readField(c, 'name')
    else if (keyIs(c, K.namespace)) readField(c, 'namespace')
    else if (keyIs(c, K.uid)) readField(c, 'uid')
    else if (keyIs(c, K.resourceVersion)) readField(c, 'resourceVersion')
    else c.i = skipValue(c.b, c.i)
    // Without a namespace yet, read metadata to its end: a cluster-scoped object has none, and a
    // namespace written after uid and resourceVersion (not the API server's order, but valid
    // JSON) must not be missed.
    if (done(c) && c.out.namespace !== '') return
  } while (nextMember(c))
}

function scanObject(c: Cursor): void {
  if (!enterObject(c)) return
  do {
    memberKey(c)
    if (keyIs(c, K.kind)) readField(c, 'kind')
    else if (keyIs(c, K.apiVersion)) readField(c, 'apiVersion')
    else if (keyIs(c, K.metadata)) scanMetadata(c)
    else c.i = skipValue(c.b, c.i)
    if (done(c)) return
  } while (nextMember(c))
}

function cursor(b: Uint8Array, need: number): Cursor {
  return {
    b,
    i: 0,
    state: { escaped: false },
    out: {
      type: '',
      kind: '',
      apiVersion: '',
      name: '',
      namespace: '',
      uid: '',
      resourceVersion: '',
    },
    found: 0,
    need,
    keyStart: -1,
    keyEnd: -1,
  }
}

/**
 * One object's kind, apiVersion (when it has them: a typed list's items do not) and metadata
 * name, namespace, uid and resourceVersion; type is ''. The bytes must hold the object and
 * nothing else. Null when they are not a JSON object the scan can read.
 */
export function scanObjectMeta(b: Uint8Array): ScannedEvent | null {
  const c = cursor(b, ITEM)
  try {
    scanObject(c)
    // Read to its end (no uid, say): it must close where the bytes end.
    if (!done(c) && skipWs(b, c.i) !== b.length) return null
    return c.out
  } catch (error) {
    if (error instanceof Fail) return null
    throw error
  }
}

export function scanWatchLine(b: Uint8Array): ScannedEvent | null {
  const c = cursor(b, LINE)
  let sawObject = false
  try {
    if (!enterObject(c)) return null
    do {
      memberKey(c)
      if (keyIs(c, K.type)) readField(c, 'type')
      else if (keyIs(c, K.object)) {
        sawObject = true
        scanObject(c)
      } else c.i = skipValue(b, c.i)
      // Everything read: the rest of the line is the worker's business.
      if (done(c)) return c.out
    } while (nextMember(c))
    if (skipWs(b, c.i) !== b.length || !sawObject || c.out.type === '') return null
    return c.out
  } catch (error) {
    if (error instanceof Fail) return null
    throw error
  }
}
