// Every object's version history, kept in a worker thread (version-history-worker.ts): the
// stream's reader hands over the bytes of the line it already has (copied into a buffer that is
// transferred, not cloned), and the worker parses them again, diffs against the version before and
// keeps the patch. On two cores this keeps diffing off the thread that must read the watch stream
// as fast as the server writes it (docs/adr/0006). The worker is a module of its own: the build
// emits it as a file, and from the TypeScript source it is loaded through tsx
// (version-history-worker-entry.ts says how). It starts only once the versions handed over are
// worth PENDING_BYTES (with a budget, less: pendingFull): until then the batches wait here as the
// reader filled them, and a version asked for is read from them (a worker's own heap is about
// 3.5 MB and its thread 10 MB of RSS, more than the bytes of 10,000 small objects; docs/adr/0006).
// While a list's answer is being read (hold) they wait here too, up to HOLD_BYTES: on two cores
// the worker would take the second one from the API server that is sending that list; it stores
// them once the answer ended.
import { Worker } from 'node:worker_threads'
import type {
  HistoryReply as Reply,
  HistoryRequest as Request,
  ThreadMemory,
} from './version-history-worker'
import { versionHistoryWorkerEntry } from './version-history-worker-entry'
import { startInBackground } from './thread-priority'
import { ENTRY, detachOnce, objectOfVersion } from './version-batch'
import { withKind } from './kind-prefix'

type Obj = Record<string, unknown>

/**
 * A batch of versions, one message: sent once FLUSH_BYTES are in, so the buffer needs little more
 * (a larger version sends the batch first, or gets a buffer of its own).
 */
const BUFFER_BYTES = 320 << 10
/** Batches the worker gave back kept for the next ones (the rest are left to the GC). */
const SPARE_BUFFERS = 2
const INDEX_ENTRIES = 4 * 1024
/**
 * A batch is sent once it holds this many bytes, or FLUSH_MS after its first version: a list read
 * in chunks of a few KB would otherwise send (and replace) a buffer for every chunk.
 */
const FLUSH_BYTES = 256 << 10
const FLUSH_MS = 10
/**
 * Before the worker starts, the versions handed over wait here, their bytes as they came, up to
 * this many bytes (with a budget, a quarter of it at most, the events' cost counted in): past it,
 * the worker starts and takes them all. At 50,000 small ConfigMaps (about 20 MB here) the worker
 * took 17 MB more RSS than the process without it and saved 5 MB of heap (docs/bench.md).
 */
export const PENDING_BYTES = 32 << 20
/** Before the worker starts, the batch being filled is kept once no version came for this long. */
const IDLE_MS = 100
/**
 * While a list's answer is being read (hold), the versions handed over wait here up to this many
 * bytes (with a budget, a quarter of it at most): the worker stores them once the answer ended.
 * Past it, they go to the worker at once, and so does the rest of that list.
 */
export const HOLD_BYTES = 64 << 20

/**
 * Versions the worker folded away to stay within the budget: pairs of object index and new
 * foldedBelow; pairs of a deleted object's index and its count of versions, every one folded.
 */
export type FoldListener = (
  folds: readonly number[],
  bytes: number,
  dropped: readonly number[],
) => void

/** One batch (version-batch.ts). */
interface Batch {
  index: Int32Array
  bytes: Uint8Array
}

/** Batches what the reader hands over, and asks the worker for versions when someone looks. */
export class VersionHistory {
  /**
   * budgetBytes: past it the worker folds the busiest objects' older versions away
   * (version-folding.ts); 0 keeps every version. onFold hears what it folded.
   */
  constructor(
    private budgetBytes = 0,
    private readonly onFold: FoldListener = () => undefined,
  ) {
    detachOnce()
  }

  private worker: Worker | null = null
  /** The batch being filled: taken when the first version comes (a spare, or fresh). */
  private index: Int32Array | null = null
  private count = 0
  private bytes: Uint8Array | null = null
  private used = 0
  private flushScheduled = false
  /** Versions handed over so far (the idle timer sees whether more came). */
  private added = 0
  private nextId = 1
  private readonly waiting = new Map<number, (reply: Reply) => void>()
  private failure: Error | null = null
  private readonly encoder = new TextEncoder()
  private readonly decoder = new TextDecoder()
  /** The kind prefixes given with versions (kind-prefix.ts), each once: its id is its place + 1. */
  private readonly prefixes: Uint8Array[] = []
  private readonly prefixIds = new Map<string, number>()
  private lastPrefix: Uint8Array | null = null
  private lastPrefixId = 0
  /** Buffers the worker gave back, ready for the next batch (kept while a batch is being filled). */
  private readonly spare: Batch[] = []
  /** Batches kept here before the worker starts (their buffers cut to what they hold). */
  private readonly pending: Batch[] = []
  private pendingBytes = 0
  /** What the store's events cost, last counted (sent to the worker when it starts). */
  private eventsBytes = -1
  /** Lists being read (hold): their versions wait here until the last one's answer ended. */
  private holds = 0
  /** The versions held passed holdLimit: none is held until every hold is released. */
  private holdOver = false

  /** Readers of versions that must not be folded meanwhile (holdFolds). */
  private foldHolds = 0

  private closed = false

  private ensureWorker(): Worker {
    if (this.worker) return this.worker
    if (this.closed) throw new Error('the version history is closed')
    const entry = versionHistoryWorkerEntry()
    // At a low priority from its first instant: it boots just as a list's first items arrive.
    const worker = startInBackground(() => new Worker(entry.script, { eval: entry.eval }))
    worker.unref()
    worker.on('message', (reply: Reply) => {
      if (reply.t === 'folded') {
        this.onFold(reply.folds, reply.bytes, reply.dropped)
        return
      }
      if (reply.t === 'recycle') {
        // Kept only while a stream is being read (a batch is being filled): an idle history
        // holds no spare buffers.
        if (
          this.count > 0 &&
          this.spare.length < SPARE_BUFFERS &&
          reply.bytes.buffer.byteLength === BUFFER_BYTES
        ) {
          this.spare.push({
            index: new Int32Array(reply.index.buffer),
            bytes: new Uint8Array(reply.bytes.buffer),
          })
        }
        return
      }
      this.waiting.get(reply.id)?.(reply)
      this.waiting.delete(reply.id)
    })
    worker.on('error', (error) => {
      this.failure = error
      for (const resolve of this.waiting.values()) resolve({ t: 'got', id: -1, objects: [] })
      this.waiting.clear()
    })
    this.worker = worker
    if (this.foldHolds > 0) worker.postMessage({ t: 'hold-folds', held: true } satisfies Request)
    if (this.budgetBytes > 0)
      worker.postMessage({ t: 'budget', bytes: this.budgetBytes } satisfies Request)
    for (const bytes of this.prefixes) worker.postMessage({ t: 'prefix', bytes } satisfies Request)
    // What waited here goes first, in order, then what the events cost.
    for (const batch of this.pending.splice(0)) this.post(batch)
    this.pendingBytes = 0
    if (this.budgetBytes > 0 && this.eventsBytes >= 0)
      worker.postMessage({ t: 'events', bytes: this.eventsBytes } satisfies Request)
    return worker
  }

  /**
   * Whether what waits here passed the limit: PENDING_BYTES, or with a budget a quarter of it,
   * the events' cost counted too (the worker counts both against the budget).
   */
  private pendingFull(): boolean {
    if (this.budgetBytes <= 0) return this.pendingBytes > PENDING_BYTES
    const held = this.pendingBytes + Math.max(0, this.eventsBytes)
    return held > Math.min(PENDING_BYTES, this.budgetBytes / 4)
  }

  /** Whether versions handed over wait here now: before the worker starts, or while held. */
  private get keeping(): boolean {
    return !this.worker || this.holding
  }

  private get holding(): boolean {
    return this.holds > 0 && !this.holdOver
  }

  private holdLimit(): number {
    return this.budgetBytes > 0 ? Math.min(HOLD_BYTES, this.budgetBytes / 4) : HOLD_BYTES
  }

  /**
   * A list's answer is being read: the versions handed over from now on wait here, as they came,
   * until every hold is released (up to holdLimit), and the worker stores them then. On two
   * cores the worker would otherwise take the second one from the API server that is sending the
   * list. A version asked for meanwhile sends everything held first. Returns the release (once).
   */
  hold(): () => void {
    this.holds++
    let released = false
    return () => {
      if (released) return
      released = true
      if (--this.holds > 0) return
      this.holdOver = false
      if (this.closed) return
      // What waits here goes to the worker now (the batch being filled too): it starts if it
      // has not and what waits passed the limit.
      this.flush()
      if (this.worker) this.drain()
      else if (this.pendingFull()) this.ensureWorker()
    }
  }

  /**
   * Holds folding until the returned release is called (once): a recording's backfill reads back
   * the versions the store showed when it began, and none may be folded away meanwhile. What the
   * worker folded before the hold and has not told yet is gone already (its reader finds null).
   */
  holdFolds(): () => void {
    if (this.foldHolds++ === 0) this.tellFoldHold()
    let released = false
    return () => {
      if (released) return
      released = true
      if (--this.foldHolds === 0) this.tellFoldHold()
    }
  }

  private tellFoldHold(): void {
    if (!this.worker || this.closed) return
    this.worker.postMessage({ t: 'hold-folds', held: this.foldHolds > 0 } satisfies Request)
  }

  /** Sends what waits here to the running worker, in order, then what the events cost. */
  private drain(): void {
    if (!this.worker || this.pending.length === 0) return
    for (const batch of this.pending.splice(0)) this.post(batch)
    this.pendingBytes = 0
    if (this.budgetBytes > 0 && this.eventsBytes >= 0)
      this.worker.postMessage({ t: 'events', bytes: this.eventsBytes } satisfies Request)
  }

  /** Takes a batch to fill when there is none: a spare, or fresh. */
  private take(): void {
    if (this.index && this.bytes) return
    const spare = this.spare.pop()
    this.index = spare?.index ?? new Int32Array(INDEX_ENTRIES * ENTRY)
    // Not zeroed: every byte sent is written first.
    this.bytes = spare?.bytes ?? Buffer.allocUnsafeSlow(BUFFER_BYTES)
  }

  /**
   * Hands over one version: its object index, its number, and its JSON; `deleted` when it is the
   * object's deletion and its latest (the budget folds deleted objects first); `prefix`, the kind
   * and apiVersion a list's item carries none of (kind-prefix.ts): the worker puts it in front.
   * Never waits. Each version starts on a 4-byte boundary, where the worker compares it with the
   * version before four bytes at a time (byte-delta.ts).
   */
  add(
    objectIndex: number,
    version: number,
    json: Uint8Array | string,
    deleted = false,
    prefix?: Uint8Array,
  ): void {
    const prefixId = prefix ? this.prefixId(prefix) : 0
    if (this.index && ENTRY * (this.count + 1) > this.index.length) this.flush()
    this.take()
    let bytes = this.bytes as Uint8Array
    let start = (this.used + 3) & ~3
    // At most 3 bytes for each UTF-16 unit of a string (encoded straight into the batch).
    const most = typeof json === 'string' ? json.length * 3 : json.length
    if (start + most > bytes.length) {
      this.flush()
      this.take()
      start = 0
      bytes = this.bytes as Uint8Array
      if (most > bytes.length)
        bytes = this.bytes = Buffer.allocUnsafeSlow(typeof json === 'string' ? most : most * 2)
    }
    let end: number
    if (typeof json === 'string') {
      end = start + this.encoder.encodeInto(json, bytes.subarray(start)).written
    } else {
      bytes.set(json, start)
      end = start + json.length
    }
    const index = this.index as Int32Array
    const k = ENTRY * this.count++
    index[k] = objectIndex
    index[k + 1] = deleted ? ~version : version
    index[k + 2] = start
    index[k + 3] = end
    index[k + 4] = prefixId
    this.used = end
    this.added++
    // Kept here, a batch is filled to its end.
    if (end >= FLUSH_BYTES && !this.keeping) this.flush()
    else this.schedule()
  }

  /** The prefix's id, the same for the same bytes (a list's pages each bring theirs). */
  private prefixId(prefix: Uint8Array): number {
    if (prefix === this.lastPrefix) return this.lastPrefixId
    const text = Buffer.from(prefix.buffer, prefix.byteOffset, prefix.byteLength).toString('latin1')
    let id = this.prefixIds.get(text)
    if (id === undefined) {
      const bytes = prefix.slice()
      this.prefixes.push(bytes)
      id = this.prefixes.length
      this.prefixIds.set(text, id)
      if (this.worker && !this.closed)
        this.worker.postMessage({ t: 'prefix', bytes } satisfies Request)
    }
    this.lastPrefix = prefix
    this.lastPrefixId = id
    return id
  }

  /**
   * A batch is sent FLUSH_MS after its first version. Before the worker starts (or while held),
   * one is kept here once full, or once no version came for IDLE_MS (cut to what it holds then).
   */
  private schedule(): void {
    if (this.flushScheduled) return
    this.flushScheduled = true
    const seen = this.added
    setTimeout(
      () => {
        this.flushScheduled = false
        if (this.keeping && this.added !== seen) this.schedule()
        else this.flush()
      },
      this.keeping ? IDLE_MS : FLUSH_MS,
    ).unref()
  }

  /** A new budget (the setting changed): the worker folds at once if the history is past it. */
  setBudget(bytes: number): void {
    this.budgetBytes = bytes
    if (this.worker && !this.closed)
      this.worker.postMessage({ t: 'budget', bytes } satisfies Request)
    else if (!this.holding && this.pendingFull()) this.ensureWorker()
  }

  /** What the store's events cost (eventsCost): the worker counts it in the budget. */
  countEvents(bytes: number): void {
    if (this.budgetBytes > 0 && !this.closed) {
      this.eventsBytes = bytes
      // Held: the worker hears it when what is held goes (drain, or as it starts).
      if (this.holding || (!this.worker && !this.pendingFull())) return
      // The versions handed over before go first: the worker folds with both counted.
      this.flush()
      this.ensureWorker().postMessage({ t: 'events', bytes })
    }
  }

  /**
   * Sends what was handed over; the buffers move to the worker (transferred, not copied), after
   * what waits here. Before the worker starts, or while held, the batch is kept here instead
   * (copied to its size when mostly empty): the worker starts once those kept pass the limit; a
   * hold ends early once they pass holdLimit.
   */
  private flush(): void {
    if (this.count === 0 || this.closed || !this.index || !this.bytes) return
    const index = this.index.subarray(0, ENTRY * this.count)
    const bytes = this.bytes.subarray(0, this.used)
    // The next version takes a spare or a fresh batch: an idle history keeps none.
    this.index = null
    this.bytes = null
    this.count = 0
    this.used = 0
    if (!this.keeping) {
      this.drain()
      this.post({ index, bytes })
      return
    }
    const full = bytes.byteLength >= (bytes.buffer.byteLength * 3) / 4
    // new Uint8Array(…) copies (a Buffer's slice would not).
    const kept = { index: index.slice(), bytes: full ? bytes : new Uint8Array(bytes) }
    this.pending.push(kept)
    this.pendingBytes += kept.bytes.buffer.byteLength + kept.index.byteLength
    if (this.holding) {
      if (this.pendingBytes <= this.holdLimit()) return
      this.holdOver = true
    }
    if (this.worker) this.drain()
    else if (this.pendingFull()) this.ensureWorker()
  }

  private post(batch: Batch): void {
    this.ensureWorker().postMessage(
      { t: 'add', index: batch.index, bytes: batch.bytes } satisfies Request,
      [batch.index.buffer as ArrayBuffer, batch.bytes.buffer as ArrayBuffer],
    )
  }

  private ask<R extends Reply>(message: Request & { id: number }): Promise<R> {
    if (this.failure) return Promise.reject(this.failure)
    if (this.closed) return Promise.reject(new Error('the version history is closed'))
    this.flush()
    // Whatever waits here goes first (a hold goes on for the versions handed over after).
    this.drain()
    return new Promise((resolve) => {
      this.waiting.set(message.id, resolve as (r: Reply) => void)
      this.ensureWorker().postMessage(message)
    })
  }

  /**
   * Whole objects at the given versions (null for a version that does not exist). Before the
   * worker starts, every version handed over is here as it came: read here, without starting it
   * (a worker's start and its storing of what waits took 200 ms and more at 10,000 objects).
   */
  async objectsAt(objectIndex: number, versions: number[]): Promise<(Obj | null)[]> {
    if (!this.worker && !this.closed && !this.failure)
      return this.keptObjectsAt(objectIndex, versions)
    const reply = await this.ask<Extract<Reply, { t: 'got' }>>({
      t: 'get',
      id: this.nextId++,
      object: objectIndex,
      versions,
    })
    if (this.failure) throw new Error(`the version history failed: ${this.failure.message}`)
    return reply.objects
  }

  /** objectsAt from the batches kept here (before the worker starts). */
  private keptObjectsAt(object: number, versions: number[]): (Obj | null)[] {
    const out: (Obj | null)[] = versions.map(() => null)
    const look = (index: Int32Array, count: number, bytes: Uint8Array) => {
      for (let k = 0; k < count * ENTRY; k += ENTRY) {
        if (index[k] !== object) continue
        const given = index[k + 1] as number
        const version = given < 0 ? ~given : given
        versions.forEach((v, n) => {
          if (v !== version) return
          let json = bytes.subarray(index[k + 2] as number, index[k + 3] as number)
          const prefix = this.prefixes[(index[k + 4] as number) - 1]
          if (prefix) json = withKind(prefix, json)
          out[n] = objectOfVersion(json, this.decoder)
        })
      }
    }
    for (const batch of this.pending) look(batch.index, batch.index.length / ENTRY, batch.bytes)
    if (this.index && this.bytes) look(this.index, this.count, this.bytes)
    return out
  }

  /** Resolves once the worker has stored everything handed over so far. */
  async settled(): Promise<void> {
    // Before the worker starts, what was handed over is kept here as it came.
    if (!this.worker) return
    await this.ask({ t: 'sync', id: this.nextId++ })
  }

  /** The worker's heap in use after a GC (benchmarks). */
  async heapUsed(): Promise<number> {
    return (await this.usage()).heap
  }

  /**
   * The worker's heap after a GC and what the versions it keeps cost (version-folding.ts); before
   * it starts, no heap, and the bytes of the versions kept here. memory: the worker thread's
   * process.memoryUsage() after that GC (its heap's total and use, its external memory and
   * ArrayBuffers), once it runs.
   */
  async usage(): Promise<{ heap: number; bytes: number; memory?: ThreadMemory }> {
    if (!this.worker) return { heap: 0, bytes: this.pendingBytes + this.used }
    const reply = await this.ask<Extract<Reply, { t: 'heap' }>>({ t: 'heap', id: this.nextId++ })
    return {
      heap: reply.used,
      bytes: reply.bytes,
      ...(reply.memory ? { memory: reply.memory } : {}),
    }
  }

  close(): void {
    this.closed = true
    this.pending.length = 0
    this.pendingBytes = 0
    void this.worker?.terminate()
    this.worker = null
    for (const resolve of this.waiting.values()) resolve({ t: 'got', id: -1, objects: [] })
    this.waiting.clear()
  }
}
