// How the reader's thread hands versions to the version-history worker: a batch is bytes (each
// version's JSON, back to back, each on a 4-byte boundary) and an index of ENTRY Int32s a version.

/**
 * Int32s a version takes in a batch's index: its object's index, its number (a deletion's as
 * ~version, negative), the start and end of its JSON in the bytes, and its kind prefix: 0 for
 * none, else the n-th prefix the worker was given (from 1), which goes in front of the JSON's own
 * members (kind-prefix.ts).
 */
export const ENTRY = 5

type Obj = Record<string, unknown>

/**
 * The object a version's bytes hold: a watch line's object, or the object itself (a list item).
 * null if they are not JSON (a line the reader took for an event but whose tail is malformed).
 */
export function objectOfVersion(
  bytes: Uint8Array | null,
  decoder: { decode(bytes: Uint8Array): string },
): Obj | null {
  if (!bytes) return null
  let parsed: Obj
  try {
    parsed = JSON.parse(decoder.decode(bytes)) as Obj
  } catch {
    return null
  }
  if (!parsed || typeof parsed !== 'object') return null
  return (parsed.type !== undefined && parsed.object !== undefined ? parsed.object : parsed) as Obj
}

let detached = false

/**
 * Detaches one empty ArrayBuffer, once a thread. V8 optimizes code that reads typed arrays as if
 * no ArrayBuffer could ever be detached until one is (its ArrayBufferDetaching protector); the
 * first batch's buffers transferred to or from the worker then threw away every such optimized
 * function of the thread at once (the list reader's, the store's: traced with
 * --trace-protector-invalidation and --trace-deopt at 50,000 ConfigMaps) and V8 compiled them
 * all again. Done before anything is optimized, that happens never.
 */
export function detachOnce(): void {
  if (detached) return
  detached = true
  const empty = new ArrayBuffer(0)
  structuredClone(empty, { transfer: [empty] })
}
