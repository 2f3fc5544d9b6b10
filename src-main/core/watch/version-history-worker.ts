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
import { ENTRY, detachOnce, objectOfVersion } from './version-batch'
import { prefixedLength, writePrefixed } from './kind-prefix'
import { lowerThisThread } from './thread-priority'

type Obj = Record<string, unknown>

export type HistoryRequest =
  /** Versions: ENTRY Int32s each in index, their JSON in bytes (version-batch.ts). */
  | { t: 'add'; index: Int32Array; bytes: Uint8Array }
  /** The next kind prefix (kind-prefix.ts): its id is how many were given before, plus one. */
  | { t: 'prefix'; bytes: Uint8Array }
  | { t: 'get'; id: number; object: number; versions: number[] }
  | { t: 'sync'; id: number }
  | { t: 'heap'; id: number }
  /** The store's budget in bytes (0: none); past it, versions are folded (version-folding.ts). */
  | { t: 'budget'; bytes: number }
  /** What the store's events cost on its thread (eventsCost): counted in the budget too. */
  | { t: 'events'; bytes: number }
  /** Folding held, or free again (VersionHistory.holdFolds): nothing is folded while held. */
  | { t: 'hold-folds'; held: boolean }

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
 * Answers the reader's thread on `port` (the worker's parentPort). heapUsed: the thread's heap
 * after a GC; memory, if given, what process.memoryUsage() then says of this thread.
 */
export function serveVersionHistory(
  port: MessagePort,
  heapUsed: () => number,
  memory?: () => ThreadMemory,
): void {
  detachOnce()
  const store = new VersionStore()
  const decoder = new TextDecoder()
  let budget = 0
  /** The store's events, counted in the budget beside the versions. */
  let events = 0
  /** Past a fold that could not free enough, the next waits until the history grew this much. */
  let foldAgainAbove = 0
  /** A recording's backfill is reading the versions back (VersionHistory.holdFolds). */
  let foldsHeld = false
  // What the budget counts: everything the store holds (its versions, their logs, the cache of
  // latest versions: version-store.ts `held`) and the events.
  /** The kind prefixes given (kind-prefix.ts), by id - 1; whole: where a prefixed item is made. */
  const prefixes: Uint8Array[] = []
  let whole = new Uint8Array(4096)
  const over = () =>
    !foldsHeld && budget > 0 && store.held + events > Math.max(budget, foldAgainAbove)
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
      // Each version: object index, version, start and end of its JSON (a watch line, or an
      // object from a list) in the bytes, and its kind prefix (version-batch.ts).
      const index = m.index
      for (let i = 0; i < index.length; i += ENTRY) {
        const version = index[i + 1] as number
        const prefix = prefixes[(index[i + 4] as number) - 1]
        let bytes = m.bytes
        let from = index[i + 2] as number
        let to = index[i + 3] as number
        if (prefix) {
          // The whole object: the list's kind first, then the item's own members.
          const length = prefixedLength(prefix, bytes, from, to)
          if (whole.length < length) whole = new Uint8Array(Math.max(length, whole.length * 2))
          to = writePrefixed(prefix, bytes, from, to, whole, 0)
          from = 0
          bytes = whole
        }
        store.add(
          index[i] as number,
          version < 0 ? ~version : version,
          bytes,
          from,
          to,
          version < 0,
        )
      }
      if (over()) fold()
      // Hand the buffers back: reusing them spares the reader fresh, untouched memory.
      reply({ t: 'recycle', id: 0, index: m.index, bytes: m.bytes }, [
        m.index.buffer as ArrayBuffer,
        m.bytes.buffer as ArrayBuffer,
      ])
    } else if (m.t === 'prefix') {
      prefixes.push(m.bytes)
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
    } else if (m.t === 'hold-folds') {
      foldsHeld = m.held
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
