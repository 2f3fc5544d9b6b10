// The store's objects by uid, each uid kept as 16 bytes rather than as a string in a Map. The API
// server's uids are UUIDs (36 characters, lowercase hex and four dashes): as a string each cost 56
// bytes of heap and its Map entry about 45 more; here they cost 16 bytes in a column by object
// index and 8 to 16 in an open-addressing table (linear probing, half full at most). At 10,000
// ConfigMaps that was about 1.1 MB of the core's 6.1 (a heap snapshot's diff), more than the
// difference with client-node's informer. A uid that is not a lowercase UUID (an object without
// one is keyed `namespace/name` by the store) is kept as it came, in a Map: every uid reads back
// exactly as it was given.

/** Object index k's uid state: none, a UUID in `words`, another string in `odd`. */
const NONE = 0
const UUID = 1
const ODD = 2

export class UidKeys {
  /** Four 32-bit words a uid (its 32 hex digits in order), by object index. */
  private words = new Int32Array(4 * 1024)
  private state = new Uint8Array(1024)
  /** Object index + 1 of each UUID, by hash; 0 for an empty slot. */
  private table = new Int32Array(2048)
  private uuids = 0
  private readonly odd = new Map<string, number>()
  private readonly oddAt = new Map<number, string>()
  private readonly scratch = new Int32Array(4)
  private readonly chars: number[] = Array.from({ length: 36 }, () => 0)

  /** The object index of `uid`, if it has one. */
  get(uid: string): number | undefined {
    if (!parseUuid(uid, this.scratch)) return this.odd.get(uid)
    const slot = this.find(this.scratch)
    return slot < 0 ? undefined : (this.table[slot] as number) - 1
  }

  /** Object index k's uid: '' when it has none (never given, or removed). */
  at(k: number): string {
    const s = this.state[k] ?? NONE
    if (s === ODD) return this.oddAt.get(k) as string
    if (s === NONE) return ''
    // Its 36 characters' codes, then one string: faster than formatting each word (a relist
    // asks for every object's uid).
    const w = this.words
    const c = this.chars
    let i = 0
    for (let j = 0; j < 4; j++) {
      const word = w[4 * k + j] as number
      for (let shift = 28; shift >= 0; shift -= 4) {
        if (i === 8 || i === 13 || i === 18 || i === 23) c[i++] = 45
        c[i++] = HEX_CODES[(word >>> shift) & 15] as number
      }
    }
    return String.fromCharCode.apply(null, c)
  }

  /** Whether object index k has a uid (it was given one and not removed). */
  has(k: number): boolean {
    return (this.state[k] ?? NONE) !== NONE
  }

  /** Gives object index k (which has none) the uid `uid` (which no index has). */
  set(uid: string, k: number): void {
    if (k >= this.state.length) this.grow(k + 1)
    if (!parseUuid(uid, this.scratch)) {
      this.odd.set(uid, k)
      this.oddAt.set(k, uid)
      this.state[k] = ODD
      return
    }
    this.words.set(this.scratch, 4 * k)
    this.state[k] = UUID
    if (2 * (this.uuids + 1) > this.table.length) this.rehash(2 * this.table.length)
    this.insert(k)
    this.uuids++
  }

  /** Takes object index k's uid away (its index may be given another). */
  remove(k: number): void {
    const s = this.state[k] ?? NONE
    this.state[k] = NONE
    if (s === ODD) {
      this.odd.delete(this.oddAt.get(k) as string)
      this.oddAt.delete(k)
      return
    }
    if (s === NONE) return
    const mask = this.table.length - 1
    let i = this.hashOf(this.words, 4 * k) & mask
    while (this.table[i] !== k + 1) i = (i + 1) & mask
    this.uuids--
    // Backward-shift deletion: entries after the hole that may move into it do, so that every
    // entry stays reachable from its home slot without tombstones.
    for (let j = i; ;) {
      j = (j + 1) & mask
      const e = this.table[j] as number
      if (e === 0) break
      const home = this.hashOf(this.words, 4 * (e - 1)) & mask
      const stays = i <= j ? i < home && home <= j : i < home || home <= j
      if (stays) continue
      this.table[i] = e
      i = j
    }
    this.table[i] = 0
  }

  /** The table's slot holding the UUID `key`, or -1. */
  private find(key: Int32Array): number {
    const mask = this.table.length - 1
    const w = this.words
    for (let i = this.hashOf(key, 0) & mask; ; i = (i + 1) & mask) {
      const e = this.table[i] as number
      if (e === 0) return -1
      const o = 4 * (e - 1)
      if (w[o] === key[0] && w[o + 1] === key[1] && w[o + 2] === key[2] && w[o + 3] === key[3])
        return i
    }
  }

  private insert(k: number): void {
    const mask = this.table.length - 1
    let i = this.hashOf(this.words, 4 * k) & mask
    while (this.table[i] !== 0) i = (i + 1) & mask
    this.table[i] = k + 1
  }

  /** A hash of the four words at `o` (mixed: a version-1 UUID's words are far from random). */
  private hashOf(w: Int32Array, o: number): number {
    let h = Math.imul((w[o] as number) ^ 0x9e3779b9, 0x85ebca6b)
    h = Math.imul(h ^ (w[o + 1] as number) ^ (h >>> 15), 0xc2b2ae35)
    h = Math.imul(h ^ (w[o + 2] as number) ^ (h >>> 13), 0x27d4eb2f)
    h = Math.imul(h ^ (w[o + 3] as number) ^ (h >>> 16), 0x165667b1)
    return (h ^ (h >>> 15)) >>> 0
  }

  private rehash(size: number): void {
    const old = this.table
    this.table = new Int32Array(size)
    for (const e of old) if (e !== 0) this.insert(e - 1)
  }

  private grow(min: number): void {
    const cap = Math.max(min, Math.ceil(this.state.length * 1.5))
    const state = new Uint8Array(cap)
    state.set(this.state)
    const words = new Int32Array(4 * cap)
    words.set(this.words)
    this.state = state
    this.words = words
  }
}

/** Each ASCII character's value as a hex digit (lowercase only); 16 for any other character. */
const HEX_VALUE = Uint8Array.from({ length: 128 }, (_, c) =>
  c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : 16,
)

/** `uid`'s 32 hex digits as four words into `out`, if it is a lowercase UUID (8-4-4-4-12). */
function parseUuid(uid: string, out: Int32Array): boolean {
  if (
    uid.length !== 36 ||
    uid.charCodeAt(8) !== 45 ||
    uid.charCodeAt(13) !== 45 ||
    uid.charCodeAt(18) !== 45 ||
    uid.charCodeAt(23) !== 45
  )
    return false
  // `bad` gathers a bit from any character that is no hex digit (16) or not ASCII (above 127).
  let bad = 0
  let w = 0
  let word = 0
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) continue
    const c = uid.charCodeAt(i)
    const d = HEX_VALUE[c & 127] as number
    bad |= d | (c & ~127)
    w = (w << 4) | (d & 15)
    if (i === 7 || i === 17 || i === 27 || i === 35) {
      out[word++] = w
      w = 0
    }
  }
  return (bad & ~15) === 0
}

const HEX_CODES = Array.from('0123456789abcdef', (ch) => ch.charCodeAt(0))
