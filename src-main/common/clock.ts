// Time as a dependency: what reads the time or waits takes a Clock (an option, the real one by
// default), so a test can move time on instead of sleeping. The real clock looks the global
// timers up at each call, so vitest's fake timers (vi.useFakeTimers) drive it too.

/** What setTimeout and setInterval return here (Node: a Timeout, which can be unref'ed). */
export type TimerHandle = ReturnType<typeof globalThis.setTimeout>

export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number
  setTimeout(run: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle | null | undefined): void
  setInterval(run: () => void, ms: number): TimerHandle
  clearInterval(handle: TimerHandle | null | undefined): void
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle ?? undefined),
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle ?? undefined),
}
