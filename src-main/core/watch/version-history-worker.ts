// The version-history worker thread (started by version-history.ts): it keeps every object's
// versions, a whole object every KEYFRAME_EVERY versions and patches in between, and answers for
// any version. The reader's thread hands over the bytes of the lines it already read (buffers
// transferred, not copied); this thread parses them again and diffs, off the thread that must
// read the watch stream as fast as the server writes it (docs/adr/0006).
// A module of its own, emitted by the build (electron.vite.config.ts), so minification or
// coverage instrumentation of the main bundle cannot change what runs here.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { getHeapStatistics } from 'node:v8'
import { parentPort, type MessagePort } from 'node:worker_threads'
import { FOLD_TO, planFolds, versionCost, type FoldCandidate } from './version-folding'
import { createVersionPatcher } from './version-patch'

type Obj = Record<string, unknown>

export type HistoryRequest =
  | { t: 'add'; index: Int32Array; bytes: Uint8Array }
  | { t: 'get'; id: number; object: number; versions: number[] }
  | { t: 'sync'; id: number }
  | { t: 'heap'; id: number }
  /** The store's budget in bytes (0: none); past it, versions are folded (version-folding.ts). */
  | { t: 'budget'; bytes: number }

export type HistoryReply =
  | { t: 'got'; id: number; objects: (Obj | null)[] }
  | { t: 'synced'; id: number }
  | { t: 'heap'; id: number; used: number; bytes: number }
  /** Versions folded away: pairs of object index and its new foldedBelow; the history's bytes. */
  | { t: 'folded'; id: 0; folds: number[]; bytes: number }
  | { t: 'recycle'; id: 0; index: Int32Array; bytes: Uint8Array }

interface History {
  /** null: folded away (versions 1..foldedBelow-1). */
  versions: (Obj | string | null)[]
  whole: Obj
  /** Each version's cost (version-folding.ts), 0 once folded. */
  sizes: number[]
  foldedBelow: number
}

/** Answers the reader's thread on `port` (the worker's parentPort). */
export function serveVersionHistory(port: MessagePort, heapUsed: () => number): void {
  const patcher = createVersionPatcher()
  const histories = new Map<number, History>()
  const decoder = new TextDecoder()
  let budget = 0
  let bytes = 0
  const objectAt = (h: History, version: number): Obj | null => {
    if (version < 0 || version >= h.versions.length) return null
    let k = version
    while (typeof h.versions[k] === 'string') k--
    const base = h.versions[k]
    // A folded version (null), or a patch whose keyframe was folded (never: folding makes the
    // first version it keeps whole).
    if (!base) return null
    let obj = base as Obj
    for (let v = k + 1; v <= version; v++) obj = patcher.applyPatch(obj, h.versions[v] as string)
    return obj
  }
  const reply = (m: HistoryReply, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer)
  /** Folds the busiest objects' older versions until the history is under FOLD_TO of the budget. */
  const fold = () => {
    const candidates: FoldCandidate[] = []
    for (const [object, h] of histories)
      candidates.push({
        object,
        count: h.versions.length,
        foldedBelow: h.foldedBelow,
        sizes: h.sizes,
      })
    const plan = planFolds(candidates, bytes - budget * FOLD_TO)
    const folds: number[] = []
    for (const { object, below } of plan) {
      const h = histories.get(object) as History
      // The first version kept after the fold becomes whole: the versions after it are patches
      // on it.
      if (typeof h.versions[below] === 'string') {
        const whole = objectAt(h, below) as Obj
        h.versions[below] = whole
        const cost = versionCost('keyframe', JSON.stringify(whole).length)
        bytes += cost - (h.sizes[below] ?? 0)
        h.sizes[below] = cost
      }
      for (let v = Math.max(1, h.foldedBelow); v < below; v++) {
        bytes -= h.sizes[v] ?? 0
        h.sizes[v] = 0
        h.versions[v] = null
      }
      h.foldedBelow = below
      folds.push(object, below)
    }
    if (folds.length) reply({ t: 'folded', id: 0, folds, bytes })
  }
  port.on('message', (m: HistoryRequest) => {
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
          h = { versions: [], whole: obj, sizes: [], foldedBelow: 0 }
          histories.set(idx, h)
        }
        const start = m.index[i + 2] as number
        const end = m.index[i + 3] as number
        let cost: number
        if (version === 0 || version % patcher.KEYFRAME_EVERY === 0) {
          h.versions[version] = obj
          cost = versionCost('keyframe', end - start)
        } else {
          const patch = patcher.encodePatch(h.whole, obj)
          h.versions[version] = patch
          cost = versionCost('patch', patch.length)
        }
        bytes += cost - (h.sizes[version] ?? 0)
        h.sizes[version] = cost
        h.whole = obj
      }
      if (budget > 0 && bytes > budget) fold()
      // Hand the buffers back: reusing them spares the reader fresh, untouched memory.
      reply({ t: 'recycle', id: 0, index: m.index, bytes: m.bytes }, [
        m.index.buffer as ArrayBuffer,
        m.bytes.buffer as ArrayBuffer,
      ])
    } else if (m.t === 'get') {
      const h = histories.get(m.object)
      reply({ t: 'got', id: m.id, objects: m.versions.map((v) => (h ? objectAt(h, v) : null)) })
    } else if (m.t === 'sync') {
      reply({ t: 'synced', id: m.id })
    } else if (m.t === 'budget') {
      budget = m.bytes
      if (budget > 0 && bytes > budget) fold()
    } else {
      reply({ t: 'heap', id: m.id, used: heapUsed(), bytes })
    }
  })
}

/** The heap in use after a full GC when node runs with --expose-gc (benchmarks), else as is. */
function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc
  if (typeof gc === 'function') {
    gc()
    gc()
    gc()
  }
  return getHeapStatistics().used_heap_size
}

if (parentPort) {
  // Diffing is background work: this thread lowers its own scheduling priority (on Linux a thread
  // is a task with its own nice value), so the thread that reads the watch stream comes first.
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (tid > 0) setPriority(tid, 10)
  } catch {
    // Not Linux, or not allowed: the default priority.
  }
  serveVersionHistory(parentPort, heapAfterGc)
}
