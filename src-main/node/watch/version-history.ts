// Every object's version history, kept in a worker thread: the stream's reader hands over the
// bytes of the line it already has (copied into a buffer that is transferred, not cloned), and the
// worker parses them again, diffs against the version before and keeps the patch. On two cores this keeps diffing off the thread that must read the watch stream
// as fast as the server writes it (docs/adr/0006). The worker is built from the source text of
// self-contained functions, so it runs the same from the Electron bundle, tsx and vitest.
import { Worker } from 'node:worker_threads'
import { createVersionPatcher, type VersionPatcher } from './version-patch'

type Obj = Record<string, unknown>

type Request =
  | { t: 'add'; index: Int32Array; bytes: Uint8Array }
  | { t: 'get'; id: number; object: number; versions: number[] }
  | { t: 'sync'; id: number }
  | { t: 'heap'; id: number }

type Reply =
  | { t: 'got'; id: number; objects: (Obj | null)[] }
  | { t: 'synced'; id: number }
  | { t: 'heap'; id: number; used: number }
  | { t: 'recycle'; id: 0; index: Int32Array; bytes: Uint8Array }

/** Runs inside the worker. Self-contained: it receives everything it uses as arguments. */
function historyWorker(
  makePatcher: () => VersionPatcher,
  port: {
    on(e: 'message', f: (m: Request) => void): void
    postMessage(m: Reply, transfer?: ArrayBuffer[]): void
  },
  heapUsed: () => number,
): void {
  const patcher = makePatcher()
  interface History {
    versions: (Obj | string)[]
    whole: Obj
  }
  const histories = new Map<number, History>()
  const decoder = new TextDecoder()
  const objectAt = (h: History, version: number): Obj | null => {
    if (version < 0 || version >= h.versions.length) return null
    let k = version
    while (typeof h.versions[k] === 'string') k--
    let obj = h.versions[k] as Obj
    for (let v = k + 1; v <= version; v++) obj = patcher.applyPatch(obj, h.versions[v] as string)
    return obj
  }
  port.on('message', (m) => {
    if (m.t === 'add') {
      // Quadruples: object index, version, start and end of its JSON (a watch line, or an object
      // from a list) in the bytes.
      for (let i = 0; i < m.index.length; i += 4) {
        const idx = m.index[i] as number
        const version = m.index[i + 1] as number
        const parsed = JSON.parse(
          decoder.decode(m.bytes.subarray(m.index[i + 2], m.index[i + 3])),
        ) as Obj
        const obj = (
          parsed.type !== undefined && parsed.object !== undefined ? parsed.object : parsed
        ) as Obj
        let h = histories.get(idx)
        if (!h) {
          h = { versions: [], whole: obj }
          histories.set(idx, h)
        }
        h.versions[version] =
          version === 0 || version % patcher.KEYFRAME_EVERY === 0
            ? obj
            : patcher.encodePatch(h.whole, obj)
        h.whole = obj
      }
      // Hand the buffers back: reusing them spares the reader fresh, untouched memory.
      port.postMessage({ t: 'recycle', id: 0, index: m.index, bytes: m.bytes }, [
        m.index.buffer as ArrayBuffer,
        m.bytes.buffer as ArrayBuffer,
      ])
    } else if (m.t === 'get') {
      const h = histories.get(m.object)
      port.postMessage({
        t: 'got',
        id: m.id,
        objects: m.versions.map((v) => (h ? objectAt(h, v) : null)),
      })
    } else if (m.t === 'sync') {
      port.postMessage({ t: 'synced', id: m.id })
    } else {
      port.postMessage({ t: 'heap', id: m.id, used: heapUsed() })
    }
  })
}

// __name: some transpilers (esbuild with keepNames) wrap named functions in a helper call.
// The worker lowers its own scheduling priority (Linux: a thread is a task with its own nice
// value): diffing is background work, and the thread that reads the watch stream comes first.
const WORKER_SOURCE = `
const __name = (f) => f;
const { parentPort } = require('node:worker_threads');
const v8 = require('node:v8');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, 10);
} catch {}
const makePatcher = ${createVersionPatcher.toString()};
(${historyWorker.toString()})(makePatcher, parentPort, () => {
  if (typeof globalThis.gc === 'function') { globalThis.gc(); globalThis.gc(); globalThis.gc(); }
  return v8.getHeapStatistics().used_heap_size;
});
`

const BUFFER_BYTES = 4 << 20
const INDEX_ENTRIES = 32 * 1024

/** Batches what the reader hands over, and asks the worker for versions when someone looks. */
export class VersionHistory {
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
    const worker = new Worker(WORKER_SOURCE, { eval: true })
    worker.unref()
    worker.on('message', (reply: Reply) => {
      if (reply.t === 'recycle') {
        if (this.spare.length < 4 && reply.bytes.buffer.byteLength === BUFFER_BYTES) {
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
    return worker
  }

  /** Hands over one version: its object index, its number, and its JSON. Never waits. */
  add(objectIndex: number, version: number, json: Uint8Array | string): void {
    const data = typeof json === 'string' ? this.encoder.encode(json) : json
    if (this.used + data.length > this.bytes.length || 4 * (this.count + 1) > this.index.length) {
      this.flush()
      if (data.length > this.bytes.length) this.bytes = Buffer.allocUnsafeSlow(data.length * 2)
    }
    this.bytes.set(data, this.used)
    const k = 4 * this.count++
    this.index[k] = objectIndex
    this.index[k + 1] = version
    this.index[k + 2] = this.used
    this.index[k + 3] = this.used + data.length
    this.used += data.length
    if (!this.flushScheduled) {
      this.flushScheduled = true
      setImmediate(() => this.flush())
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
    if (!this.worker) return 0
    const reply = await this.ask<Extract<Reply, { t: 'heap' }>>({ t: 'heap', id: this.nextId++ })
    return reply.used
  }

  close(): void {
    this.closed = true
    void this.worker?.terminate()
    this.worker = null
    for (const resolve of this.waiting.values()) resolve({ t: 'got', id: -1, objects: [] })
    this.waiting.clear()
  }
}
