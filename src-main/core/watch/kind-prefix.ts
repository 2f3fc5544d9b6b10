// Items of a typed list (a ConfigMapList's ConfigMaps) carry no kind or apiVersion: the list's
// stand for them. An item's versions keep its bytes as they came, with the list's kind prefix
// (`{"apiVersion":"v1","kind":"ConfigMap",`) beside them, not copied into each: it is put in front
// of the item's own members where the whole object is needed (the version history's worker, a
// recording). Pure: bytes in, bytes out.

export interface KindPrefix {
  apiVersion: string
  kind: string
  /** `{"apiVersion":"v1","kind":"ConfigMap",`: the object's first bytes, up to its own members. */
  bytes: Uint8Array
}

const encoder = new TextEncoder()

export function kindPrefix(apiVersion: string, kind: string): KindPrefix {
  const text = JSON.stringify({ apiVersion, kind })
  return { apiVersion, kind, bytes: encoder.encode(`${text.slice(0, -1)},`) }
}

const isWs = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/** The length of item[from, to) with the prefix in front (item starts with `{`). */
export function prefixedLength(prefix: Uint8Array, item: Uint8Array, from: number, to: number) {
  return to - from - 1 + prefix.length - (emptyObject(item, from, to) ? 1 : 0)
}

/** Whether item[from, to), an object, has no members (then no comma follows the prefix). */
function emptyObject(item: Uint8Array, from: number, to: number): boolean {
  let k = from + 1
  while (k < to && isWs(item[k])) k++
  return item[k] === 0x7d
}

/**
 * Writes item[from, to) (a JSON object) into out at `at`, with the prefix's members first;
 * returns where it ends. out must have room for prefixedLength bytes.
 */
export function writePrefixed(
  prefix: Uint8Array,
  item: Uint8Array,
  from: number,
  to: number,
  out: Uint8Array,
  at: number,
): number {
  const head = emptyObject(item, from, to) ? prefix.subarray(0, prefix.length - 1) : prefix
  out.set(head, at)
  out.set(item.subarray(from + 1, to), at + head.length)
  return at + head.length + to - from - 1
}

/** An item's bytes with its kind and apiVersion first (an empty object gets no comma). */
export function withKind(prefix: Uint8Array, item: Uint8Array): Uint8Array {
  const out = new Uint8Array(prefixedLength(prefix, item, 0, item.length))
  writePrefixed(prefix, item, 0, item.length, out, 0)
  return out
}
