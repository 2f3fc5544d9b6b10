// The heap a test measures a store by (a size, not a time): V8's used heap plus the ArrayBuffers,
// after two forced GCs (--expose-gc set from inside the test's process).
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

export function heapAfterGc(): number {
  gc()
  gc()
  return getHeapStatistics().used_heap_size + process.memoryUsage().arrayBuffers
}

/**
 * The same once it stops moving: V8 frees dead ArrayBuffers' memory on a thread of its own after
 * a GC, so on a loaded machine the count read right after can still hold some (a ratio checked
 * against it came out 1.44 where it is about 1.0). Collects and reads again, a macrotask apart,
 * until two readings agree within 64 KiB (at most 20 times).
 */
export async function settledHeapAfterGc(): Promise<number> {
  let last = heapAfterGc()
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    const now = heapAfterGc()
    if (Math.abs(now - last) < 65_536) return now
    last = now
  }
  return last
}
