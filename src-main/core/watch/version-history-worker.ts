// The version-history worker thread (started by version-history.ts): it keeps every object's
// versions as bytes (version-store.ts: byte deltas from the version before, a whole version now
// and then) and answers for any version, parsing it then. The reader's thread hands over the
// bytes of the lines it already read (buffers transferred, not copied); this thread diffs them
// against the version before without parsing them, off the thread that must read the watch
// stream as fast as the server writes it (docs/adr/0006).
// A module of its own, emitted by the build (electron.vite.config.ts), so minification or
// coverage instrumentation of the main bundle cannot change what runs here.
import { getHeapStatistics } from 'node:v8'
import { TextDecoder } from 'node:util'
import { parentPort, type MessagePort } from 'node:worker_threads'
import { FOLD_TO, LATEST_CACHE_SHARE, planFolds } from './version-folding'
import { LATEST_CACHE_BYTES, VersionStore } from './version-store'
import { lowerThisThread } from './thread-priority'

type Obj = Record<string, unknown>

export type HistoryRequest =
  /**
   * Quadruples of object index, version, start and end of its JSON in the bytes; a deletion's
   * version is given as ~version (negative).
   */
  | { t: 'add'; index: Int32Array; bytes: Uint8Array }
  | { t: 'get'; id: number; object: number; versions: number[] }
  | { t: 'sync'; id: number }
  | { t: 'heap'; id: number }
  /** The store's budget in bytes (0: none); past it, versions are folded (version-folding.ts). */
  | { t: 'budget'; bytes: number }
  /** What the store's events cost on its thread (eventsCost): counted in the budget too. */
  | { t: 'events'; bytes: number }

export type HistoryReply =
  | { t: 'got'; id: number; objects: (Obj | null)[] }
  | { t: 'synced'; id: number }
  /**
   * used: the thread's heap and its buffers (where the versions' bytes are); bytes: what the store
   * holds as the budget counts it; memory: the thread's process.memoryUsage() after the same GC
   * (its heap and buffers, not the process's RSS), where the worker was started with a way to
   * take it (the soak samples it).
   */
  | { t: 'heap'; id: number; used: number; bytes: number; memory?: ThreadMemory }
  /**
   * Versions folded away: pairs of object index and its new foldedBelow; pairs of a deleted
   * object's index and its count of versions, all folded (`dropped`); the history's bytes.
   */
  | { t: 'folded'; id: 0; folds: number[]; dropped: number[]; bytes: number }
  | { t: 'recycle'; id: 0; index: Int32Array; bytes: Uint8Array }

/** A thread's own memory (process.memoryUsage() in that thread: its rss is the process's). */
export interface ThreadMemory {
  heapTotal: number
  heapUsed: number
  external: number
  arrayBuffers: number
}

/**
 * The object a version's bytes hold: a watch line's object, or the object itself (a list item).
 * null if they are not JSON (a line the reader took for an event but whose tail is malformed).
 */
export function objectOfVersion(bytes: Uint8Array | null, decoder: TextDecoder): Obj | null {
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

/**
 * Answers the reader's thread on `port` (the worker's parentPort). heapUsed: the thread's heap
 * after a GC; memory, if given, what process.memoryUsage() then says of this thread.
 */
export function serveVersionHistory(
  port: MessagePort,
  heapUsed: () => number,
  memory?: () => ThreadMemory,
): void {
  const store = new VersionStore()
  const decoder = new TextDecoder()
  let budget = 0
  /** The store's events, counted in the budget beside the versions. */
  let events = 0
  /** Past a fold that could not free enough, the next waits until the history grew this much. */
  let foldAgainAbove = 0
  // What the budget counts: everything the store holds (its versions, their logs, the cache of
  // latest versions: version-store.ts `held`) and the events.
  const over = () => budget > 0 && store.held + events > Math.max(budget, foldAgainAbove)
  const reply = (m: HistoryReply, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer)
  /**
   * Folds deleted objects' versions, then the busiest objects' older versions, then quiet ones',
   * until the history and the events are under FOLD_TO of the budget (version-folding.ts).
   */
  const fold = () => {
    const plan = planFolds(store.foldCandidates(), store.held + events - budget * FOLD_TO)
    const folds: number[] = []
    const dropped: number[] = []
    for (const { object, below, all } of plan) {
      if (all) {
        // A deleted object: every version goes; its marks and its name stay on the store's thread.
        dropped.push(object, store.count(object))
        store.drop(object)
      } else {
        store.fold(object, below)
        folds.push(object, below)
      }
    }
    if (dropped.length) store.compactArena()
    // Not enough left worth folding: wait until the history grew by 2% of the budget.
    foldAgainAbove = store.held + events > budget ? store.held + events + budget * 0.02 : 0
    if (folds.length || dropped.length)
      reply({ t: 'folded', id: 0, folds, dropped, bytes: store.held })
  }
  port.on('message', (m: HistoryRequest) => {
    if (m.t === 'add') {
      // Quadruples: object index, version, start and end of its JSON (a watch line, or an object
      // from a list) in the bytes.
      const index = m.index
      for (let i = 0; i < index.length; i += 4) {
        const version = index[i + 1] as number
        store.add(
          index[i] as number,
          version < 0 ? ~version : version,
          m.bytes,
          index[i + 2] as number,
          index[i + 3] as number,
          version < 0,
        )
      }
      if (over()) fold()
      // Hand the buffers back: reusing them spares the reader fresh, untouched memory.
      reply({ t: 'recycle', id: 0, index: m.index, bytes: m.bytes }, [
        m.index.buffer as ArrayBuffer,
        m.bytes.buffer as ArrayBuffer,
      ])
    } else if (m.t === 'get') {
      const objects = store
        .bytesAtMany(m.object, m.versions)
        .map((bytes) => objectOfVersion(bytes, decoder))
      reply({ t: 'got', id: m.id, objects })
    } else if (m.t === 'sync') {
      reply({ t: 'synced', id: m.id })
    } else if (m.t === 'budget') {
      budget = m.bytes
      foldAgainAbove = 0
      // The cache of latest versions is a share of the budget at most.
      store.limitLatest(
        budget > 0 ? Math.min(LATEST_CACHE_BYTES, budget * LATEST_CACHE_SHARE) : LATEST_CACHE_BYTES,
      )
      if (over()) fold()
    } else if (m.t === 'events') {
      events = m.bytes
      if (over()) fold()
    } else {
      const used = heapUsed()
      reply({
        t: 'heap',
        id: m.id,
        used,
        bytes: store.held,
        ...(memory ? { memory: memory() } : {}),
      })
    }
  })
}

/**
 * The heap in use after a full GC when node runs with --expose-gc (benchmarks), else as is, with
 * this thread's ArrayBuffers: the versions' bytes are there, outside the JavaScript heap.
 */
function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc
  if (typeof gc === 'function') {
    gc()
    gc()
    gc()
  }
  return getHeapStatistics().used_heap_size + process.memoryUsage().arrayBuffers
}

if (parentPort) {
  // Diffing is background work: this thread runs at a lower priority (thread-priority.ts), so the
  // thread that reads the watch stream comes first. The reader's thread lowered it as it started
  // it; lowered here again where that could not tell which thread was the worker's.
  lowerThisThread()
  serveVersionHistory(parentPort, heapAfterGc, () => {
    const { heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage()
    return { heapTotal, heapUsed, external, arrayBuffers }
  })
}
