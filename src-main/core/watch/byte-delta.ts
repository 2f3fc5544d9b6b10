// Byte deltas between two versions of an object's JSON, as the API server wrote them: the version
// history (version-store.ts) keeps a version as the edits that turn the bytes of the version
// before into its own, without parsing either. Successive versions of an object differ in a few
// places (its resourceVersion, a time in managedFields, the field that changed), so a delta is a
// few dozen bytes, and computing one is a walk over the bytes, cheaper than JSON.parse of the line
// (docs/adr/0006). A delta always rebuilds the exact bytes, whatever the input: finding where the
// two versions agree again after an edit is a heuristic that only decides how small it is.
//
// A delta is a run of edits: keep that many bytes of the old, skip that many, insert these; what
// follows the last edit is the rest of the old, kept (so identical bytes make an empty delta).
// An edit is varint(keep * 2 + 1) varint(n) and n bytes when it replaces n bytes by n others (a
// digit, a time: the usual edit), else varint(keep * 2) varint(skip) varint(n) and n bytes.
// Varints are LEB128.

import { QUOTE } from './json-bytes'

/** Bytes that must agree after an edit for the two versions to be taken as agreeing again. */
const RESYNC = 4
/** Edits up to this many bytes (old and new together) are found by trying every alignment. */
const BAND = 16
/** A longer insertion or deletion is found by looking for this many bytes of one in the other. */
const ANCHOR = 16
/** Delimiters of each version tried as anchors in the other before giving up on an edit. */
const ANCHOR_TRIES = 16

/** A growing byte buffer (a delta being written, or an object's log of them). */
export class ByteWriter {
  bytes: Uint8Array
  length = 0

  constructor(capacity = 64) {
    this.bytes = new Uint8Array(capacity)
  }

  /** Room for n more bytes (grows by half again, so a log that grows by small deltas stays near its size). */
  reserve(n: number): void {
    const need = this.length + n
    if (need <= this.bytes.length) return
    const next = new Uint8Array(Math.max(need, this.bytes.length + (this.bytes.length >> 1) + 16))
    next.set(this.bytes.subarray(0, this.length))
    this.bytes = next
  }

  varint(n: number): void {
    this.reserve(5)
    while (n > 0x7f) {
      this.bytes[this.length++] = (n & 0x7f) | 0x80
      n >>>= 7
    }
    this.bytes[this.length++] = n
  }

  append(src: Uint8Array, from = 0, to = src.length): void {
    const n = to - from
    this.reserve(n)
    copyBytes(src, from, to, this.bytes, this.length)
    this.length += n
  }

  /** Exactly the bytes written, in a buffer of their size. */
  take(): Uint8Array {
    return this.bytes.slice(0, this.length)
  }
}

/** Copies src[from, to) into dst at `at`: a loop for short runs, set() for long ones. */
function copyBytes(src: Uint8Array, from: number, to: number, dst: Uint8Array, at: number): void {
  if (to - from < 48) {
    for (let k = from; k < to; k++) dst[at++] = src[k] as number
  } else dst.set(src.subarray(from, to), at)
}

/** Whether a[i..i+RESYNC) equals b[j..j+RESYNC), or both run equal to their ends. */
function agrees(
  a: Uint8Array,
  i: number,
  aEnd: number,
  b: Uint8Array,
  j: number,
  bEnd: number,
): boolean {
  for (let k = 0; k < RESYNC; k++) {
    const x = i + k
    const y = j + k
    if (x === aEnd || y === bEnd) return x === aEnd && y === bEnd
    if (a[x] !== b[y]) return false
  }
  return true
}

/** First index of needle[nFrom, nFrom+len) in hay[from, to - len], or -1. */
function find(
  hay: Uint8Array,
  from: number,
  to: number,
  needle: Uint8Array,
  nFrom: number,
  len: number,
): number {
  const first = needle[nFrom] as number
  const last = to - len
  for (let x = hay.indexOf(first, from); x !== -1 && x <= last; x = hay.indexOf(first, x + 1)) {
    let k = 1
    while (k < len && hay[x + k] === needle[nFrom + k]) k++
    if (k === len) return x
  }
  return -1
}

const resyncAt = { i: 0, j: 0 }

/**
 * Where a[i..aEnd) and b[j..bEnd), which differ at i and j, agree again (into resyncAt); (aEnd,
 * bEnd) when nothing is found: the rest is then one replacement.
 */
function resync(
  a: Uint8Array,
  i: number,
  aEnd: number,
  b: Uint8Array,
  j: number,
  bEnd: number,
): void {
  // A short edit: every split of d skipped bytes between old and new, the even split first.
  for (let d = 1; d <= BAND; d++) {
    const half = (d + 1) >> 1
    for (let t = 0; t <= d; t++) {
      const di = t & 1 ? half - ((t + 1) >> 1) : half + (t >> 1)
      const dj = d - di
      if (di < 0 || di > d || i + di > aEnd || j + dj > bEnd) continue
      if (agrees(a, i + di, aEnd, b, j + dj, bEnd)) {
        resyncAt.i = i + di
        resyncAt.j = j + dj
        return
      }
    }
  }
  // A string value replaced by another: both agree again at their closing quotes.
  const qa = a.indexOf(QUOTE, i)
  const qb = b.indexOf(QUOTE, j)
  if (qa !== -1 && qb !== -1 && qa < aEnd && qb < bEnd && agrees(a, qa, aEnd, b, qb, bEnd)) {
    resyncAt.i = qa
    resyncAt.j = qb
    return
  }
  // A longer insertion (the old bytes from here appear later in the new) or deletion.
  let bestI = aEnd
  let bestJ = bEnd
  if (i + ANCHOR <= aEnd) {
    const z = find(b, j + 1, bEnd, a, i, ANCHOR)
    if (z !== -1) {
      bestI = i
      bestJ = z
    }
  }
  if (j + ANCHOR <= bEnd) {
    const y = find(a, i + 1, aEnd, b, j, ANCHOR)
    if (y !== -1 && y - i < bestJ - j) {
      bestI = y
      bestJ = j
    }
  }
  if (bestI < aEnd || bestJ < bEnd) {
    resyncAt.i = bestI
    resyncAt.j = bestJ
    return
  }
  // A replacement of any length: the bytes after one of the next delimiters of either version,
  // found in the other; the nearest pair wins.
  let x = j
  let y = i
  let best = Infinity
  for (let tries = 0; tries < ANCHOR_TRIES; tries++) {
    if (x !== -1) x = nextDelimiter(b, x + 1, bEnd - ANCHOR)
    if (x !== -1 && x - j < best) {
      const at = find(a, i, aEnd, b, x, ANCHOR)
      if (at !== -1 && at - i + (x - j) < best) {
        best = at - i + (x - j)
        resyncAt.i = at
        resyncAt.j = x
      }
    }
    if (y !== -1) y = nextDelimiter(a, y + 1, aEnd - ANCHOR)
    if (y !== -1 && y - i < best) {
      const at = find(b, j, bEnd, a, y, ANCHOR)
      if (at !== -1 && y - i + (at - j) < best) {
        best = y - i + (at - j)
        resyncAt.i = y
        resyncAt.j = at
      }
    }
    if (x === -1 && y === -1) break
  }
  if (best < Infinity) return
  resyncAt.i = aEnd
  resyncAt.j = bEnd
}

/** The next of `,` `:` `{` `}` `[` `]` `"` in b[from, to], or -1. */
function nextDelimiter(b: Uint8Array, from: number, to: number): number {
  for (let x = from; x <= to; x++) {
    const c = b[x] as number
    if (c === 0x2c || c === 0x3a || c === QUOTE || (c | 0x20) === 0x7b || (c | 0x20) === 0x7d)
      return x
  }
  return -1
}

/**
 * How many bytes are equal walking from a[x] and b[y] by `step` (1: forward; -1: back), at most
 * `max`. Where the two positions lie at the same offset from a 4-byte boundary of their buffers,
 * four bytes are compared at a time (aw and bw: each buffer as 32-bit words); the version history
 * lays its bytes out so.
 */
function equalWalk(
  a: Uint8Array,
  aw: Int32Array,
  x: number,
  b: Uint8Array,
  bw: Int32Array,
  y: number,
  max: number,
  step: 1 | -1,
): number {
  const x0 = x
  const end = x + max * step
  const ao = a.byteOffset
  const bo = b.byteOffset
  if (((ao + x - (bo + y)) & 3) === 0) {
    // Forward, a word starts at x; back, it ends there (x is its last byte).
    const lead = step === 1 ? 0 : 3
    while (x !== end && ((ao + x - lead) & 3) !== 0) {
      if (a[x] !== b[y]) return (x - x0) * step
      x += step
      y += step
    }
    let wa = (ao + x - lead) >> 2
    let wb = (bo + y - lead) >> 2
    const words = ((end - x) * step) >> 2
    let k = 0
    while (k < words && aw[wa] === bw[wb]) {
      wa += step
      wb += step
      k++
    }
    x += 4 * k * step
    y += 4 * k * step
  }
  while (x !== end && a[x] === b[y]) {
    x += step
    y += step
  }
  return (x - x0) * step
}

/** A buffer's bytes as 32-bit words, from its first byte. */
const wordsOf = (u: Uint8Array) => new Int32Array(u.buffer, 0, u.buffer.byteLength >> 2)

/** Writes the delta that turns `a` into `b` (see the top of this file). */
export function writeDelta(a: Uint8Array, b: Uint8Array, out: ByteWriter): void {
  const n = a.length
  const m = b.length
  const aw = wordsOf(a)
  const bw = wordsOf(b)
  const p = equalWalk(a, aw, 0, b, bw, 0, Math.min(n, m), 1)
  if (p === n && p === m) return
  // The common end is kept implicitly; the edits lie between.
  const s = equalWalk(a, aw, n - 1, b, bw, m - 1, Math.min(n, m) - p, -1)
  const aEnd = n - s
  const bEnd = m - s
  let i = p
  let j = p
  let kept = 0
  for (;;) {
    if (i === aEnd || j === bEnd) {
      edit(out, i - kept, aEnd - i, b, j, bEnd)
      return
    }
    resync(a, i, aEnd, b, j, bEnd)
    const ri = resyncAt.i
    const rj = resyncAt.j
    edit(out, i - kept, ri - i, b, j, rj)
    kept = ri
    const run = equalWalk(a, aw, ri, b, bw, rj, Math.min(aEnd - ri, bEnd - rj), 1)
    i = ri + run
    j = rj + run
    if (i === aEnd && j === bEnd) return
  }
}

function edit(out: ByteWriter, keep: number, del: number, b: Uint8Array, from: number, to: number) {
  if (del === to - from) {
    out.varint(keep * 2 + 1)
  } else {
    out.varint(keep * 2)
    out.varint(del)
  }
  out.varint(to - from)
  out.append(b, from, to)
}

/** The delta that turns `a` into `b`, in a buffer of its own. */
export function diffBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new ByteWriter(32)
  writeDelta(a, b, out)
  return out.take()
}

/** Reads varints from a delta. */
class Reader {
  constructor(
    readonly bytes: Uint8Array,
    public at: number,
  ) {}

  varint(): number {
    let n = 0
    let shift = 0
    for (;;) {
      const c = this.bytes[this.at++]
      if (c === undefined) throw new Error('a version delta ends in the middle of a number')
      n += (c & 0x7f) * 2 ** shift
      if (c < 0x80) return n
      shift += 7
    }
  }
}

/**
 * The bytes that delta[from, to) turns `base` into. Throws on a delta that does not fit its base
 * (never one that writeDelta wrote for it).
 */
export function applyDelta(
  base: Uint8Array,
  delta: Uint8Array,
  from = 0,
  to = delta.length,
): Uint8Array {
  // First the new length, then the bytes.
  const r = new Reader(delta, from)
  let length = base.length
  while (r.at < to) {
    const head = r.varint()
    const del = head % 2 === 1 ? -1 : r.varint()
    const ins = r.varint()
    length += del === -1 ? 0 : ins - del
    r.at += ins
  }
  if (r.at !== to || length < 0) throw new Error('a version delta does not fit the version before')
  const out = new Uint8Array(length)
  r.at = from
  let o = 0
  let bi = 0
  while (r.at < to) {
    const head = r.varint()
    const keep = Math.floor(head / 2)
    const del = head % 2 === 1 ? -1 : r.varint()
    const ins = r.varint()
    const skip = del === -1 ? ins : del
    if (bi + keep + skip > base.length || o + keep + ins > length)
      throw new Error('a version delta does not fit the version before')
    copyBytes(base, bi, bi + keep, out, o)
    o += keep
    bi += keep + skip
    copyBytes(delta, r.at, r.at + ins, out, o)
    o += ins
    r.at += ins
  }
  if (length - o !== base.length - bi)
    throw new Error('a version delta does not fit the version before')
  copyBytes(base, bi, base.length, out, o)
  return out
}
