// A Clock whose time moves only when a test says so: advance(ms) runs the timeouts and intervals
// that fall due, in order, at their own time. Given to one object under test (its clock option),
// it leaves every other timer real, sockets and child processes included. Shared by the unit and
// integration tests.
import type { Clock, TimerHandle } from '@common/clock'

interface Pending {
  at: number
  run: () => void
  every: number | null
}

export class ManualClock implements Clock {
  private time: number
  private nextId = 1
  private readonly pending = new Map<number, Pending>()

  constructor(start = Date.UTC(2026, 10, 30, 12, 0, 0)) {
    this.time = start
  }

  now(): number {
    return this.time
  }

  setTimeout(run: () => void, ms: number): TimerHandle {
    return this.add(run, ms, null)
  }

  setInterval(run: () => void, ms: number): TimerHandle {
    return this.add(run, ms, Math.max(1, ms))
  }

  clearTimeout(handle: TimerHandle | null | undefined): void {
    this.pending.delete(handle as unknown as number)
  }

  clearInterval(handle: TimerHandle | null | undefined): void {
    this.pending.delete(handle as unknown as number)
  }

  /** Moves time on by `ms`, running what falls due on the way (earliest first). */
  advance(ms: number): void {
    const end = this.time + ms
    for (;;) {
      let dueId = -1
      let due: Pending | undefined
      for (const [id, p] of this.pending)
        if (p.at <= end && (!due || p.at < due.at)) [dueId, due] = [id, p]
      if (!due) break
      this.time = Math.max(this.time, due.at)
      if (due.every === null) this.pending.delete(dueId)
      else due.at += due.every
      due.run()
    }
    this.time = end
  }

  private add(run: () => void, ms: number, every: number | null): TimerHandle {
    const id = this.nextId++
    this.pending.set(id, { at: this.time + Math.max(0, ms), run, every })
    // A number stands for the handle: the code under test only gives it back to this clock.
    return id as unknown as TimerHandle
  }
}
