// A list from the real server too large for one watch frame, sent at the pace its page takes it:
// the frames' clock is a test's (ManualClock, given as the watches' clock), so a frame goes only
// when the clock moves or on a page's word (watch:frame-taken through the core), never by chance.
// Broken: nothing. 600 ConfigMaps with long names, and frames of at most 64 KB (an option; the
// app's are 512 KB): about 130 events fill a frame, so the list takes five. (Thousands of creates
// to fill 512 KB frames delayed the audit batches the next tests wait for.)
// Checked: with the clock still, a frame goes only once the page took the last one and a full
// frame's worth waits; a word for an earlier frame sends nothing; without a word the next waits
// for the interval, and so does the rest once less than a frame is left; the frames carry every
// object once, seq by seq.
import { afterAll, describe, expect, it } from 'vitest'
import type { WatchFrame } from '@common/watch-types'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { FRAME_INTERVAL_MS } from '../../src-main/core/watch/frame-batcher'
import { ManualClock } from '../manual-clock'
import { connectAdmin, coreFor, createNamespace, kubectl, waitUntil } from './helpers'

const OBJECTS = 600
/** A frame's budget of 64 KB (512 KB in the app): about 130 of these events a frame. */
const BUDGET = 64 * 1024

const cores: ApiscopeCore[] = []
afterAll(() => cores.forEach((c) => c.close()))

describe('frames on the page’s word (watch:frame-taken), real server', () => {
  it('sends a backlog’s next frame when the page took the last, and only then before the interval', async () => {
    const clock = new ManualClock(Date.now())
    const core = coreFor(undefined, { watch: { clock, frameBudgetBytes: BUDGET } })
    cores.push(core)
    const frames: WatchFrame[] = []
    core.onEvent((channel, payload) => {
      if (channel === 'watch:frame') frames.push(payload as WatchFrame)
    })
    const session = await connectAdmin(core)
    const ns = createNamespace('frame-taken')
    try {
      const pad = 'x'.repeat(230)
      for (let from = 0; from < OBJECTS; from += 50) {
        const answers = await Promise.all(
          Array.from({ length: Math.min(50, OBJECTS - from) }, (_, j) =>
            session.transport.request({
              method: 'POST',
              path: `/api/v1/namespaces/${ns}/configmaps`,
              body: { metadata: { name: `cm-${pad}-${from + j}` }, data: { k: String(from + j) } },
            }),
          ),
        )
        expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([])
      }
      const started = await core.invoke('watch:start', {
        target: {
          group: '',
          version: 'v1',
          resource: 'configmaps',
          namespace: ns,
          mode: 'list-watch',
        },
      })
      expect(started.ok).toBe(true)
      // The whole list in the store (the fill and the namespace's kube-root-ca.crt), none framed
      // beyond what the still clock let go.
      await waitUntil('the list in the store', 60_000, () => session.watches.store.size > OBJECTS)
      const carried = () => frames.reduce((n, f) => n + f.events.length, 0)
      clock.advance(0)
      expect(frames).toHaveLength(1)
      expect(carried()).toBeLessThan(OBJECTS)

      // No word from the page: the clock standing still, nothing more goes.
      clock.advance(0)
      expect(frames).toHaveLength(1)
      // The word: the next goes at once (a timer of 0 on the still clock).
      expect((await core.invoke('watch:frame-taken', { seq: 1 })).ok).toBe(true)
      clock.advance(0)
      expect(frames).toHaveLength(2)
      // A word for an earlier frame, or one not sent, sends nothing.
      await core.invoke('watch:frame-taken', { seq: 1 })
      await core.invoke('watch:frame-taken', { seq: 99 })
      clock.advance(0)
      expect(frames).toHaveLength(2)
      // Without a word, the interval: the next goes FRAME_INTERVAL_MS after the last.
      clock.advance(FRAME_INTERVAL_MS - 1)
      expect(frames).toHaveLength(2)
      clock.advance(1)
      expect(frames).toHaveLength(3)
      // The word again: a full frame's worth still waits (600 objects, about 130 a frame).
      await core.invoke('watch:frame-taken', { seq: 3 })
      clock.advance(0)
      expect(frames).toHaveLength(4)
      // The rest, less than a frame, waits for the interval even with the word.
      const rest = session.watches.store.size - carried()
      expect(rest).toBeGreaterThan(0)
      expect(rest).toBeLessThan((frames[3] as WatchFrame).events.length)
      await core.invoke('watch:frame-taken', { seq: 4 })
      clock.advance(0)
      expect(frames).toHaveLength(4)
      clock.advance(FRAME_INTERVAL_MS)
      expect(frames).toHaveLength(5)
      expect(carried()).toBe(session.watches.store.size)
      expect(frames.map((f) => f.seq)).toEqual(frames.map((_, k) => k + 1))
      const names = frames.flatMap((f) => f.events).map((e) => e.name)
      const fill = names.filter((n) => n.startsWith('cm-'))
      expect(fill).toHaveLength(OBJECTS)
      expect(new Set(fill).size).toBe(OBJECTS)
      // A word once the backlog is gone sends nothing before the interval.
      const sent = frames.length
      await core.invoke('watch:frame-taken', { seq: sent })
      clock.advance(0)
      expect(frames).toHaveLength(sent)
    } finally {
      kubectl('delete', 'namespace', ns, '--wait=false')
    }
  })
})
