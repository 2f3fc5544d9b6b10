// The timeline's redraws while frames keep coming: the first change at the next frame drawn,
// then no sooner than the gap after the last redraw began (framesApart, with a clock and timers
// of the test's own).
import { describe, expect, it } from 'vitest'
import { framesApart } from '../../../src-renderer/src/features/watches/timeline-state.svelte'

describe('framesApart', () => {
  it('runs the first at the next frame and a stream of them the gap apart', () => {
    let now = 0
    const timers: { at: number; run: () => void }[] = []
    const frames: (() => void)[] = []
    const schedule = framesApart(
      100,
      () => now,
      (run, ms) => timers.push({ at: now + ms, run }),
      (run) => frames.push(run),
    )
    const ran: number[] = []
    schedule(() => ran.push(now))
    expect(timers).toHaveLength(0)
    now = 16
    frames.shift()?.()
    expect(ran).toEqual([16])
    // 20 ms later another change: it waits until 116, then for the frame after.
    now = 36
    schedule(() => ran.push(now))
    expect(frames).toHaveLength(0)
    expect(timers.map((t) => t.at)).toEqual([116])
    now = 116
    timers.shift()?.run()
    now = 120
    frames.shift()?.()
    expect(ran).toEqual([16, 120])
    // Long after: at the next frame again.
    now = 1000
    schedule(() => ran.push(now))
    expect(timers).toHaveLength(0)
    frames.shift()?.()
    expect(ran).toEqual([16, 120, 1000])
  })
})
