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
