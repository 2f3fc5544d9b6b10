// What the version-history worker keeps of every object's versions: bytes, never parsed objects
// (docs/adr/0006). An object's first version goes in a shared arena, whole or as a byte delta
// against the first version of an object stored before it (objects of one kind share most of
// their bytes); each later version goes in the object's own log as a byte delta from the version
// before (byte-delta.ts), with a whole version now and then to bound a rebuild (keyframeSpacing). The latest
// bytes of recently changed objects are cached, so that the next version's delta does not start
// with a rebuild. Nothing here parses JSON: a version is parsed when someone asks for it.
import { ByteWriter, applyDelta, writeDelta } from './byte-delta'
import {
  CACHE_ENTRY_BYTES,
  DELETION_ENTRY_BYTES,
  LOG_BYTES,
  OBJECT_SLOT_BYTES,
  VERSION_OVERHEAD,
  versionCost,
  type FoldCandidate,
} from './version-folding'

/** A rebuild copies at most about this many bytes: a small object keeps a whole version seldom. */
const REBUILD_BYTES = 512 << 10
/** Whole versions at least every this many versions, and at most. */
export const KEYFRAME_MIN = 16
export const KEYFRAME_MAX = 512

/**
 * How many versions after a whole one the next is kept whole: a rebuild applies the deltas
 * between, each copying the object, so the larger the object the closer its whole versions.
 */
export function keyframeSpacing(bytes: number): number {
  return Math.max(
    KEYFRAME_MIN,
    Math.min(KEYFRAME_MAX, Math.floor(REBUILD_BYTES / Math.max(1, bytes))),
  )
}
/**
 * The arena's largest chunk; a first version larger than a quarter of it gets a chunk of its own.
 * Chunks start at FIRST_CHUNK_BYTES and double: a store of a few objects holds 4 KB, not 1 MB.
 */
const CHUNK_BYTES = 1 << 20
const FIRST_CHUNK_BYTES = 4 << 10
/** The latest bytes of this many bytes' worth of recently changed objects stay at hand. */
export const LATEST_CACHE_BYTES = 8 << 20
/** First versions stored whole that a new object's first version may be a delta against. */
const BASES = 8

/** The versions of an object after its first. */
interface Log {
  /** The records of versions max(1, foldedBelow) .. count-1, back to back, whole or deltas. */
  records: ByteWriter
  /** Each version's cost (version-folding.ts: its record's bytes plus VERSION_OVERHEAD), by version; 0 once folded. */
  sizes: Uint32Array
  /** 0 when none is folded; else versions 1..foldedBelow-1 are, and foldedBelow is whole. */
  foldedBelow: number
  /** The versions after the first kept whole, ascending (foldedBelow among them once folded). */
  wholes: number[]
}

const NONE = -1
/** Objects' slots to start with (they double as objects come). */
const SLOTS = 64
/** In `firsts`: an object whose every version was folded (a deleted one); later versions are not kept. */
const DROPPED = -2

/**
 * What a log holds beside its versions' bytes (which `cost` counts): the room its records and its
 * size table keep to grow, its list of whole versions, and its objects (version-folding.ts).
 */
function logOverhead(log: Log): number {
  return (
    LOG_BYTES +
    log.records.bytes.byteLength -
    log.records.length +
    log.sizes.byteLength +
    log.wholes.length * 8
  )
}

/** Every object's versions, by the object's index in the event store. */
export class VersionStore {
  /** latestCacheBytes: how much of the latest versions' bytes to keep at hand. */
  constructor(private latestCacheBytes = LATEST_CACHE_BYTES) {}

  /** What the versions kept cost: their bytes and VERSION_OVERHEAD each (version-folding.ts). */
  cost = 0
  /**
   * What the store holds beside the versions' bytes: each object's slots and log (its room to
   * grow, its size table, its objects), the arena's unused room, the cache of latest versions and
   * the deleted objects waiting to be dropped (version-folding.ts).
   */
  overhead = SLOTS * OBJECT_SLOT_BYTES
  private counts = new Int32Array(SLOTS)
  /** Where each object's first version's record is in the arena: chunk * 2^32 + offset. */
  private firsts = new Float64Array(SLOTS).fill(NONE)
  private readonly logs: (Log | undefined)[] = []
  private readonly chunks: Uint8Array[] = []
  private current = -1
  private used = 0
  /** The current chunk's size (0 before the first). */
  private chunkSize = 0
  private readonly bases: { at: number; bytes: Uint8Array }[] = []
  private readonly latest = new Map<number, Uint8Array>()
  private latestBytes = 0
  private readonly scratch = new ByteWriter(4096)
  /** Each object's latest version's length: what making a version whole costs, about. */
  private lengths = new Int32Array(SLOTS)
  /** Deleted objects (their latest version a deletion), by the order of their deletion. */
  private readonly deletions = new Map<number, number>()
  private deletionCount = 0
  /** The arena's chunks' bytes, and what the records stored in them take (the rest is room). */
  private arenaBytes = 0
  private arenaRecords = 0
  /** What the first versions of dropped objects cost in the arena until it is compacted. */
  private arenaDead = 0

  /**
   * What the store holds, as the budget counts it (version-folding.ts): the versions kept and
   * everything kept for them.
   */
  get held(): number {
    return this.cost + this.overhead
  }

  /** `overhead` counted afresh from what the store holds (the tests check the running count by it). */
  recountOverhead(): number {
    let bytes = this.counts.length * OBJECT_SLOT_BYTES - this.arenaRecords
    for (const chunk of this.chunks) bytes += chunk.byteLength
    for (const log of this.logs) if (log) bytes += logOverhead(log)
    for (const b of this.latest.values()) bytes += b.buffer.byteLength + CACHE_ENTRY_BYTES
    return bytes + this.deletions.size * DELETION_ENTRY_BYTES
  }

  /** Keeps at most this many bytes of latest versions at hand (the budget bounds the cache too). */
  limitLatest(bytes: number): void {
    this.latestCacheBytes = bytes
    this.trimLatest()
  }

  /** How many versions an object has had (kept and folded). */
  count(object: number): number {
    return object < this.counts.length ? (this.counts[object] as number) : 0
  }

  foldedBelow(object: number): number {
    return this.logs[object]?.foldedBelow ?? 0
  }

  /**
   * Keeps src[from, to) as the object's version `version`, which must be the next one (the event
   * store numbers them so); anything else is ignored. Returns what the version costs.
   */
  add(
    object: number,
    version: number,
    src: Uint8Array,
    from: number,
    to: number,
    deleted = false,
  ): number {
    // A first version at a dropped object's index: the event store forgot that object and gave
    // its index to a new one (ObjectColumns.add), which starts here afresh.
    if (version === 0 && this.isDropped(object)) this.reuse(object)
    if (version !== this.count(object) || to < from || this.isDropped(object)) return 0
    const bytes = src.subarray(from, to)
    let cost: number
    if (version === 0) this.ensureObject(object)
    this.lengths[object] = bytes.length
    const deletions = this.deletions.size
    if (deleted) this.deletions.set(object, this.deletionCount++)
    else this.deletions.delete(object)
    this.overhead += (this.deletions.size - deletions) * DELETION_ENTRY_BYTES
    if (version === 0) {
      cost = this.putFirst(object, bytes)
    } else {
      const log = (this.logs[object] ??= this.newLog(object))
      const overhead = logOverhead(log)
      const before = log.records.length
      if (version - (log.wholes.at(-1) ?? 0) >= keyframeSpacing(bytes.length)) {
        log.records.append(bytes)
        log.wholes.push(version)
      } else writeDelta(this.latestOf(object), bytes, log.records)
      cost = versionCost('patch', log.records.length - before)
      if (log.sizes.length <= version) {
        const sizes = new Uint32Array(version + (version >> 1) + 4)
        sizes.set(log.sizes)
        log.sizes = sizes
      }
      log.sizes[version] = cost
      this.overhead += logOverhead(log) - overhead
      this.remember(object, bytes)
    }
    this.counts[object] = version + 1
    this.cost += cost
    return cost
  }

  /** The bytes of an object's version, or null (no such version, or folded away). */
  bytesAt(object: number, version: number): Uint8Array | null {
    return this.bytesAtMany(object, [version])[0] ?? null
  }

  /** The bytes of several versions of one object, rebuilding each keyframe's run once. */
  bytesAtMany(object: number, versions: readonly number[]): (Uint8Array | null)[] {
    const count = this.count(object)
    const log = this.logs[object]
    const out: (Uint8Array | null)[] = versions.map(() => null)
    if (this.isDropped(object)) return out
    const order = versions
      .map((v, k) => [v, k] as const)
      .filter(([v]) => v >= 0 && v < count && !(log && v > 0 && v < log.foldedBelow))
      .sort((x, y) => x[0] - y[0])
    let have = -1
    let bytes: Uint8Array | null = null
    let offset = 0
    for (const [v, k] of order) {
      if (v === 0 || !log) {
        out[k] = this.firstOf(object)
        continue
      }
      const start = this.wholeBelow(log, v)
      if (have < start || have > v) {
        // Start again from the nearest whole version at or below v.
        offset = this.offsetOf(log, start)
        bytes = start === 0 ? this.firstOf(object) : this.recordAt(log, start, offset)
        if (start > 0) offset += recordLength(log, start)
        have = start
      }
      for (let u = have + 1; u <= v; u++) {
        const length = recordLength(log, u)
        bytes = applyDelta(bytes as Uint8Array, log.records.bytes, offset, offset + length)
        offset += length
      }
      have = v
      out[k] = bytes
    }
    return out
  }

  /**
   * What the budget may fold (version-folding.ts): living objects with versions after their
   * first, and deleted objects (every version).
   */
  foldCandidates(): FoldCandidate[] {
    const out: FoldCandidate[] = []
    this.logs.forEach((log, object) => {
      if (log && !this.deletions.has(object))
        out.push({
          object,
          count: this.count(object),
          foldedBelow: log.foldedBelow,
          sizes: log.sizes,
          keyframeCost: (v) =>
            log.wholes.includes(v)
              ? 0
              : versionCost('keyframe', this.lengths[object] as number) - (log.sizes[v] as number),
        })
    })
    for (const [object, deleted] of this.deletions) {
      const log = this.logs[object]
      const cached = this.latest.get(object)
      out.push({
        object,
        count: this.count(object),
        foldedBelow: log?.foldedBelow ?? 0,
        sizes: log?.sizes ?? [this.firstCost(object)],
        deleted,
        overhead:
          (log ? logOverhead(log) : 0) +
          DELETION_ENTRY_BYTES +
          (cached ? cached.buffer.byteLength + CACHE_ENTRY_BYTES : 0),
      })
    }
    return out
  }

  /**
   * Folds every version of a deleted object away, its first too; versions that come after are
   * not kept. Its first version's bytes stay in the arena until compactArena.
   */
  drop(object: number): void {
    if (this.isDropped(object) || this.count(object) === 0) return
    const log = this.logs[object]
    if (log) {
      for (let v = 1; v < log.sizes.length; v++) this.cost -= log.sizes[v] as number
      this.overhead -= logOverhead(log)
    }
    this.logs[object] = undefined
    this.arenaDead += this.firstCost(object)
    this.firsts[object] = DROPPED
    if (this.deletions.delete(object)) this.overhead -= DELETION_ENTRY_BYTES
    const cached = this.latest.get(object)
    if (cached) {
      this.latest.delete(object)
      this.latestBytes -= cached.buffer.byteLength
      this.overhead -= cached.buffer.byteLength + CACHE_ENTRY_BYTES
    }
  }

  /**
   * Stores the first versions of the objects not dropped again in a fresh arena, so that the
   * dropped ones' bytes are freed; each is stored as a new object's would be (whole, or a delta
   * against an earlier one).
   */
  compactArena(): void {
    if (this.arenaDead === 0) return
    const firsts: [number, Uint8Array, number][] = []
    for (let object = 0; object < this.counts.length; object++)
      if ((this.firsts[object] as number) >= 0)
        firsts.push([object, this.firstOf(object), this.firstCost(object)])
    this.overhead -= this.arenaBytes - this.arenaRecords
    this.arenaBytes = 0
    this.arenaRecords = 0
    this.chunks.length = 0
    this.current = -1
    this.used = CHUNK_BYTES
    // The fresh arena grows from its first chunk again, to what the living objects need.
    this.chunkSize = 0
    this.bases.length = 0
    this.cost -= this.arenaDead
    this.arenaDead = 0
    for (const [object, bytes, before] of firsts) {
      const cost = this.putFirst(object, bytes)
      this.cost += cost - before
      const log = this.logs[object]
      if (log) log.sizes[0] = cost
    }
  }

  /**
   * Folds the object's versions 1..below-1 away; version `below` is kept whole, so that every
   * later version still rebuilds.
   */
  fold(object: number, below: number): void {
    const log = this.logs[object]
    const count = this.count(object)
    if (!log || below <= Math.max(1, log.foldedBelow) || below >= count) return
    const whole = this.bytesAt(object, below) as Uint8Array
    const overhead = logOverhead(log)
    const after = this.offsetOf(log, below) + recordLength(log, below)
    const records = new ByteWriter(whole.length + log.records.length - after)
    records.append(whole)
    records.append(log.records.bytes, after, log.records.length)
    for (let v = Math.max(1, log.foldedBelow); v < below; v++) {
      this.cost -= log.sizes[v] as number
      log.sizes[v] = 0
    }
    const cost = versionCost('keyframe', whole.length)
    this.cost += cost - (log.sizes[below] as number)
    log.sizes[below] = cost
    log.records = records
    log.foldedBelow = below
    log.wholes = [below, ...log.wholes.filter((v) => v > below)]
    this.overhead += logOverhead(log) - overhead
  }

  /**
   * A dropped object's index taken by a new object: no version, nothing kept (drop freed its log,
   * its cached latest version and its entry among the deleted; compactArena its first version).
   */
  private reuse(object: number): void {
    this.counts[object] = 0
    this.firsts[object] = NONE
    this.lengths[object] = 0
  }

  /** Whether every version of the object was folded (a deleted one): later ones are not kept. */
  private isDropped(object: number): boolean {
    return object < this.firsts.length && this.firsts[object] === DROPPED
  }

  private ensureObject(object: number): void {
    if (object < this.counts.length) return
    const n = Math.max(object + 1, this.counts.length * 2)
    this.overhead += (n - this.counts.length) * OBJECT_SLOT_BYTES
    const counts = new Int32Array(n)
    counts.set(this.counts)
    this.counts = counts
    const firsts = new Float64Array(n).fill(NONE)
    firsts.set(this.firsts)
    this.firsts = firsts
    const lengths = new Int32Array(n)
    lengths.set(this.lengths)
    this.lengths = lengths
  }

  private newLog(object: number): Log {
    const sizes = new Uint32Array(8)
    sizes[0] = this.firstCost(object)
    // No room to start with: a quiet object's log holds a delta or two (ByteWriter grows by half).
    const log: Log = { records: new ByteWriter(0), sizes, foldedBelow: 0, wholes: [] }
    this.overhead += logOverhead(log)
    return log
  }

  /**
   * The first version, in the arena: varint(length * 2 + isDelta), for a delta varint(the base's
   * chunk) varint(its offset), then the bytes. A delta is kept only when it is under half the bytes.
   */
  private putFirst(object: number, bytes: Uint8Array): number {
    const w = this.scratch
    w.length = 0
    let base: { at: number; bytes: Uint8Array } | undefined
    for (const b of this.bases)
      if (
        !base ||
        Math.abs(b.bytes.length - bytes.length) < Math.abs(base.bytes.length - bytes.length)
      )
        base = b
    if (base && Math.abs(base.bytes.length - bytes.length) < bytes.length / 2) {
      writeDelta(base.bytes, bytes, w)
      if (w.length * 2 < bytes.length) {
        const delta = w.take()
        w.length = 0
        w.varint(delta.length * 2 + 1)
        w.varint(Math.floor(base.at / 2 ** 32))
        w.varint(base.at % 2 ** 32)
        w.append(delta)
        return this.store(object, w.bytes, w.length, null)
      }
    }
    w.length = 0
    w.varint(bytes.length * 2)
    const header = w.length
    w.append(bytes)
    return this.store(object, w.bytes, w.length, header)
  }

  /**
   * Copies record[0, length) into the arena as the object's first. `header` set: a whole one, kept
   * as a base for later objects' first versions, its bytes starting on a word boundary.
   */
  private store(object: number, record: Uint8Array, length: number, header: number | null): number {
    let chunk: number
    let at: number
    if (length > CHUNK_BYTES / 4) {
      this.chunks.push(new Uint8Array(length + 4))
      this.arenaBytes += length + 4
      this.overhead += length + 4
      chunk = this.chunks.length - 1
      at = header === null ? 0 : (4 - header) & 3
    } else {
      const pad = header === null ? 0 : (4 - ((this.used + header) & 3)) & 3
      if (this.used + pad + length > this.chunkSize) {
        this.chunkSize = Math.min(
          CHUNK_BYTES,
          Math.max(FIRST_CHUNK_BYTES, this.chunkSize * 2, length + 8),
        )
        this.chunks.push(new Uint8Array(this.chunkSize))
        this.arenaBytes += this.chunkSize
        this.overhead += this.chunkSize
        this.current = this.chunks.length - 1
        this.used = 0
      }
      chunk = this.current
      at = this.used + (header === null ? 0 : (4 - ((this.used + header) & 3)) & 3)
      this.used = at + length
    }
    const target = this.chunks[chunk] as Uint8Array
    target.set(record.subarray(0, length), at)
    // The record is counted in `cost`; the arena's room around it in `overhead`.
    this.arenaRecords += length
    this.overhead -= length
    this.firsts[object] = chunk * 2 ** 32 + at
    if (header !== null) {
      if (this.bases.length === BASES) this.bases.shift()
      this.bases.push({
        at: chunk * 2 ** 32 + at,
        bytes: target.subarray(at + header, at + length),
      })
    }
    return versionCost('keyframe', length)
  }

  /** The bytes of the first version whose record is at `at` in the arena. */
  private firstAt(at: number): Uint8Array {
    const chunk = this.chunks[Math.floor(at / 2 ** 32)] as Uint8Array
    const r = { at: at % 2 ** 32 }
    const header = readVarint(chunk, r)
    const length = Math.floor(header / 2)
    if (header % 2 === 0) return chunk.subarray(r.at, r.at + length)
    const baseChunk = readVarint(chunk, r)
    const baseOffset = readVarint(chunk, r)
    const base = this.firstAt(baseChunk * 2 ** 32 + baseOffset)
    return applyDelta(base, chunk, r.at, r.at + length)
  }

  private firstOf(object: number): Uint8Array {
    return this.firstAt(this.firsts[object] as number)
  }

  private firstCost(object: number): number {
    const at = this.firsts[object] as number
    const chunk = this.chunks[Math.floor(at / 2 ** 32)] as Uint8Array
    const r = { at: at % 2 ** 32 }
    const header = readVarint(chunk, r)
    if (header % 2 === 1) {
      readVarint(chunk, r)
      readVarint(chunk, r)
    }
    return versionCost('keyframe', r.at + Math.floor(header / 2) - (at % 2 ** 32))
  }

  /** The latest version's bytes: cached, or rebuilt. */
  private latestOf(object: number): Uint8Array {
    const cached = this.latest.get(object)
    if (cached) return cached
    return this.bytesAt(object, this.count(object) - 1) as Uint8Array
  }

  /**
   * Caches a copy of the object's latest bytes, in a buffer of its own with some room, reused while
   * the object's length stays within it (so that it starts on a word boundary: byte-delta.ts).
   */
  private remember(object: number, bytes: Uint8Array): void {
    const cached = this.latest.get(object)
    let copy: Uint8Array
    if (cached && cached.buffer.byteLength >= bytes.length) {
      copy =
        cached.length === bytes.length ? cached : new Uint8Array(cached.buffer, 0, bytes.length)
    } else {
      copy = new Uint8Array(new ArrayBuffer((bytes.length + 64) & ~7), 0, bytes.length)
      const grown = copy.buffer.byteLength - (cached?.buffer.byteLength ?? 0)
      this.latestBytes += grown
      this.overhead += grown + (cached ? 0 : CACHE_ENTRY_BYTES)
    }
    copy.set(bytes)
    // Most recently used last.
    this.latest.delete(object)
    this.latest.set(object, copy)
    this.trimLatest()
  }

  /** Forgets the least recently used latest versions past the cache's bytes. */
  private trimLatest(): void {
    for (const [o, b] of this.latest) {
      if (this.latestBytes <= this.latestCacheBytes) break
      this.latest.delete(o)
      this.latestBytes -= b.buffer.byteLength
      this.overhead -= b.buffer.byteLength + CACHE_ENTRY_BYTES
    }
  }

  /** The nearest version at or below v kept whole (0: the first). */
  private wholeBelow(log: Log, v: number): number {
    const w = log.wholes
    let k = w.length - 1
    while (k >= 0 && (w[k] as number) > v) k--
    return k >= 0 ? (w[k] as number) : 0
  }

  /** Where version v's record starts in the log (v after the first, not folded). */
  private offsetOf(log: Log, v: number): number {
    let offset = 0
    for (let u = Math.max(1, log.foldedBelow); u < v; u++) offset += recordLength(log, u)
    return offset
  }

  private recordAt(log: Log, v: number, offset: number): Uint8Array {
    return log.records.bytes.subarray(offset, offset + recordLength(log, v))
  }
}

/** The bytes of version v's record in its log (0: folded). Every version costs its bytes plus VERSION_OVERHEAD. */
function recordLength(log: Log, v: number): number {
  const size = log.sizes[v] as number
  return size === 0 ? 0 : size - VERSION_OVERHEAD
}

function readVarint(bytes: Uint8Array, r: { at: number }): number {
  let n = 0
  let shift = 0
  for (;;) {
    const c = bytes[r.at++] as number
    n += (c & 0x7f) * 2 ** shift
    if (c < 0x80) return n
    shift += 7
  }
}
