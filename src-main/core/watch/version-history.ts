// Every object's version history, kept in a worker thread (version-history-worker.ts): the
// stream's reader hands over the bytes of the line it already has (copied into a buffer that is
// transferred, not cloned), and the worker parses them again, diffs against the version before and
// keeps the patch. On two cores this keeps diffing off the thread that must read the watch stream
// as fast as the server writes it (docs/adr/0006). The worker is a module of its own: the build
// emits it as a file, and from the TypeScript source it is loaded through tsx
// (version-history-worker-entry.ts says how).
import { Worker } from 'node:worker_threads'
import type { HistoryReply as Reply, HistoryRequest as Request } from './version-history-worker'
import { versionHistoryWorkerEntry } from './version-history-worker-entry'
import { startInBackground } from './thread-priority'

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
 * Versions the worker folded away to stay within the budget: pairs of object index and new
 * foldedBelow; pairs of a deleted object's index and its count of versions, every one folded.
 */
export type FoldListener = (
  folds: readonly number[],
  bytes: number,
  dropped: readonly number[],
) => void

/** Batches what the reader hands over, and asks the worker for versions when someone looks. */
export class VersionHistory {
  /**
   * budgetBytes: past it the worker folds the busiest objects' older versions away
   * (version-folding.ts); 0 keeps every version. onFold hears what it folded.
   */
  constructor(
    private budgetBytes = 0,
    private readonly onFold: FoldListener = () => undefined,
  ) {}

  private worker: Worker | null = null
  private index: Int32Array = new Int32Array(INDEX_ENTRIES * 4)
  private count = 0
  private bytes: Uint8Array = Buffer.allocUnsafeSlow(BUFFER_BYTES)
  private used = 0
  private flushScheduled = false
  private nextId = 1
  private readonly waiting = new Map<number, (reply: Reply) => void>()
  private failure: Error | null = null
  private readonly encoder = new TextEncoder()
  /** Buffers the worker gave back, ready for the next batch. */
  private readonly spare: { index: Int32Array; bytes: Uint8Array }[] = []

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
        if (this.spare.length < SPARE_BUFFERS && reply.bytes.buffer.byteLength === BUFFER_BYTES) {
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
    if (this.budgetBytes > 0)
      worker.postMessage({ t: 'budget', bytes: this.budgetBytes } satisfies Request)
    return worker
  }

  /**
   * Hands over one version: its object index, its number, and its JSON; `deleted` when it is the
   * object's deletion and its latest (the budget folds deleted objects first). Never waits. Each
   * version starts on a 4-byte boundary, where the worker compares it with the version before
   * four bytes at a time (byte-delta.ts).
   */
  add(objectIndex: number, version: number, json: Uint8Array | string, deleted = false): void {
    if (4 * (this.count + 1) > this.index.length) this.flush()
    let start = (this.used + 3) & ~3
    let end: number
    if (typeof json === 'string') {
      // Encoded straight into the batch (at most 3 bytes for each UTF-16 unit).
      if (start + json.length * 3 > this.bytes.length) {
        this.flush()
        start = 0
        if (json.length * 3 > this.bytes.length)
          this.bytes = Buffer.allocUnsafeSlow(json.length * 3)
      }
      end = start + this.encoder.encodeInto(json, this.bytes.subarray(start)).written
    } else {
      if (start + json.length > this.bytes.length) {
        this.flush()
        start = 0
        if (json.length > this.bytes.length) this.bytes = Buffer.allocUnsafeSlow(json.length * 2)
      }
      this.bytes.set(json, start)
      end = start + json.length
    }
    const k = 4 * this.count++
    this.index[k] = objectIndex
    this.index[k + 1] = deleted ? ~version : version
    this.index[k + 2] = start
    this.index[k + 3] = end
    this.used = end
    if (end >= FLUSH_BYTES) this.flush()
    else if (!this.flushScheduled) {
      this.flushScheduled = true
      setTimeout(() => this.flushScheduled && this.flush(), FLUSH_MS).unref()
    }
  }

  /** A new budget (the setting changed): the worker folds at once if the history is past it. */
  setBudget(bytes: number): void {
    this.budgetBytes = bytes
    if (this.worker && !this.closed)
      this.worker.postMessage({ t: 'budget', bytes } satisfies Request)
  }

  /** What the store's events cost (eventsCost): the worker counts it in the budget. */
  countEvents(bytes: number): void {
    if (this.budgetBytes > 0 && !this.closed) {
      // The versions handed over before go first: the worker folds with both counted.
      this.flush()
      this.ensureWorker().postMessage({ t: 'events', bytes })
    }
  }

  /** Sends what was handed over; the buffers move to the worker (transferred, not copied). */
  private flush(): void {
    this.flushScheduled = false
    if (this.count === 0 || this.closed) return
    const index = this.index.subarray(0, 4 * this.count)
    const bytes = this.bytes.subarray(0, this.used)
    this.ensureWorker().postMessage({ t: 'add', index, bytes } satisfies Request, [
      index.buffer as ArrayBuffer,
      bytes.buffer as ArrayBuffer,
    ])
    // The old buffers now belong to the worker: take spare ones, or fresh (not zeroed: every byte
    // sent is written first).
    const spare = this.spare.pop()
    this.index = spare?.index ?? new Int32Array(INDEX_ENTRIES * 4)
    this.bytes = spare?.bytes ?? Buffer.allocUnsafeSlow(BUFFER_BYTES)
    this.count = 0
    this.used = 0
  }

  private ask<R extends Reply>(message: Request & { id: number }): Promise<R> {
    if (this.failure) return Promise.reject(this.failure)
    if (this.closed) return Promise.reject(new Error('the version history is closed'))
    this.flush()
    return new Promise((resolve) => {
      this.waiting.set(message.id, resolve as (r: Reply) => void)
      this.ensureWorker().postMessage(message)
    })
  }

  /** Whole objects at the given versions (null for a version that does not exist). */
  async objectsAt(objectIndex: number, versions: number[]): Promise<(Obj | null)[]> {
    const reply = await this.ask<Extract<Reply, { t: 'got' }>>({
      t: 'get',
      id: this.nextId++,
      object: objectIndex,
      versions,
    })
    if (this.failure) throw new Error(`the version history failed: ${this.failure.message}`)
    return reply.objects
  }

  /** Resolves once the worker has stored everything handed over so far. */
  async settled(): Promise<void> {
    if (!this.worker && this.count === 0) return
    await this.ask({ t: 'sync', id: this.nextId++ })
  }

  /** The worker's heap in use after a GC (benchmarks). */
  async heapUsed(): Promise<number> {
    return (await this.usage()).heap
  }

  /** The worker's heap after a GC and what the versions it keeps cost (version-folding.ts). */
  async usage(): Promise<{ heap: number; bytes: number }> {
    if (!this.worker) return { heap: 0, bytes: 0 }
    const reply = await this.ask<Extract<Reply, { t: 'heap' }>>({ t: 'heap', id: this.nextId++ })
    return { heap: reply.used, bytes: reply.bytes }
  }

  close(): void {
    this.closed = true
    void this.worker?.terminate()
    this.worker = null
    for (const resolve of this.waiting.values()) resolve({ t: 'got', id: -1, objects: [] })
    this.waiting.clear()
  }
}
