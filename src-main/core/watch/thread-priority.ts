// A background thread's scheduling priority. On Linux a thread is a task with a nice value of its
// own: the version-history worker runs BACKGROUND_STEP below the process's main thread (the one
// reading the watch stream), so that the reader comes first when the cores are busy. Elsewhere (or
// where /proc is not readable) nothing changes.
import { readdirSync, readlinkSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'

export const BACKGROUND_STEP = 10

/** The nice value of a background thread: the main thread's (its task id is the pid) plus the step. */
export function backgroundNice(): number {
  return Math.min(19, getPriority(process.pid) + BACKGROUND_STEP)
}

/** This process's threads (their task ids), or null where /proc does not list them. */
function threadIds(): Set<string> | null {
  try {
    return new Set(readdirSync('/proc/self/task'))
  } catch {
    return null
  }
}

/**
 * Runs `start` (which creates one thread: `new Worker`) and lowers that thread's priority at once,
 * before it boots: a worker's own Node environment costs tens of ms of CPU before its code can
 * lower its priority itself, and that boot comes just as the first list arrives. Left as is when
 * more than one thread appeared (it cannot tell which is the worker's).
 */
export function startInBackground<T>(start: () => T): T {
  const before = threadIds()
  const started = start()
  if (before) {
    const added = [...(threadIds() ?? [])].filter((id) => !before.has(id))
    if (added.length === 1) lower(Number(added[0]))
  }
  return started
}

/** Lowers the calling thread's own priority (from inside a worker). */
export function lowerThisThread(): void {
  try {
    lower(Number(readlinkSync('/proc/thread-self').split('/').pop()))
  } catch {
    // Not Linux: the default priority.
  }
}

function lower(tid: number): void {
  if (!(tid > 0)) return
  try {
    setPriority(tid, backgroundNice())
  } catch {
    // Not allowed: the default priority.
  }
}
