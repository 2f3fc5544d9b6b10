// A task's CPU time and nice value from /proc (Linux): a thread's (/proc/self/task/TID) or a whole
// process's (/proc/PID). What the benchmarks split CPU time by.
import { readFileSync } from 'node:fs'

/** CPU time so far (user and system), ms, and nice value; null where the task is gone. */
export function taskStat(dir: string): { ms: number; nice: number } | null {
  try {
    const stat = readFileSync(`${dir}/stat`, 'utf8')
    // Fields after the command's closing parenthesis: utime 11, stime 12, nice 16 (from 0).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { ms: ((Number(f[11]) + Number(f[12])) * 1000) / 100, nice: Number(f[16]) }
  } catch {
    return null
  }
}

/** This process's main thread's CPU time so far, ms. */
export const mainThreadCpuMs = (): number => taskStat(`/proc/self/task/${process.pid}`)?.ms ?? 0
