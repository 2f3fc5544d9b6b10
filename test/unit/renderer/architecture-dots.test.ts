// The architecture drawing's dots: refusals always drawn, successes within MAX_PER_SECOND and
// MAX_DOTS (the rest counted without a dot), every arrival counted per client row and per stop,
// a dot's place along its route in time, and when it is gone.
import { describe, expect, it } from 'vitest'
import type { TrafficAggregate, TrafficRequest } from '@features/traffic/messages'
import {
  DotSampler,
  MAX_DOTS,
  WINDOW_MS,
  countedAt,
  MAX_PER_SECOND,
  aliveDots,
  codeLabelled,
  countsBy,
  dotState,
  rateLabel,
  type Arrivals,
  type Dot,
} from '../../../src-renderer/src/features/traffic/components/architecture-dots'
import { destination } from '../../../src-renderer/src/features/traffic/components/architecture-layout'
import {
  NO_FILTER,
  RollingCounts,
} from '../../../src-renderer/src/features/traffic/components/traffic-model'
import { replayNow } from '../../../src-renderer/src/features/recording/replay-clock'

let n = 0
const request = (over: Partial<TrafficRequest> = {}): TrafficRequest =>
  ({
    auditId: `a${n++}`,
    receivedAt: 0,
    latencyMs: 3,
    auditStage: 'ResponseComplete',
    user: 'admin',
    groups: [],
    userAgent: 'kubectl/v1.37.2',
    client: 'kubectl',
    clientLabel: 'kubectl',
    verb: 'create',
    uri: '/api/v1/namespaces/lab/configmaps',
    resource: 'configmaps',
    code: 201,
    stoppedAt: 'done',
    passed: [],
    outcome: 'ok',
    explanation: '',
    ...over,
  }) as TrafficRequest

const arrivals = (requests: TrafficRequest[], over: Partial<Arrivals> = {}): Arrivals => ({
  requests,
  aggregated: [],
  filter: NO_FILTER,
  others: [],
  rowY: () => 100,
  now: 5000,
  clockNow: 1_000_000,
  recorded: false,
  reducedMotion: false,
  ...over,
})

describe('DotSampler', () => {
  it('draws up to MAX_PER_SECOND successes a second and counts the rest', () => {
    const sampler = new DotSampler()
    const ok = Array.from({ length: MAX_PER_SECOND + 5 }, () => request())
    const first = sampler.admit([], arrivals(ok))
    expect(first.dots).toHaveLength(MAX_PER_SECOND)
    expect(first.sampled).toBe(5)
    // Every arrival is counted, drawn or not, on its path.
    expect(countsBy(sampler.counts(1_000_000), 0).get('kubectl')).toBe(MAX_PER_SECOND + 5)
    // The same second: no budget left; the next second: a new one.
    expect(sampler.admit(first.dots, arrivals([request()], { now: 5500 })).sampled).toBe(1)
    expect(sampler.admit(first.dots, arrivals([request()], { now: 6100 })).dots).toHaveLength(
      MAX_PER_SECOND + 1,
    )
  })

  it('always draws a refusal, making room by dropping the oldest success', () => {
    const sampler = new DotSampler()
    let dots: Dot[] = []
    for (let s = 0; dots.length < MAX_DOTS; s++)
      dots = sampler.admit(dots, arrivals([request()], { now: s * 2000 })).dots
    const refused = request({ code: 403, stoppedAt: 'authorization' })
    const after = sampler.admit(dots, arrivals([refused], { now: 999_000 }))
    expect(after.dots).toHaveLength(MAX_DOTS)
    expect(after.dots[0]?.id).toBe(dots[1]?.id)
    expect(after.dots.at(-1)).toMatchObject({ id: refused.auditId, holdMs: 4500 })
  })

  it('leaves out running requests, filtered ones and dots already drawn', () => {
    const sampler = new DotSampler()
    const drawn = sampler.admit([], arrivals([request()])).dots
    const again = sampler.admit(
      drawn,
      arrivals(
        [request({ auditId: drawn[0]!.id }), request({ code: null }), request({ verb: 'get' })],
        {
          filter: { ...NO_FILTER, verb: 'create' },
          now: 9000,
        },
      ),
    )
    expect(again.dots).toBe(drawn)
    expect(again.sampled).toBe(0)
  })

  it('counts what the core aggregated, per client row and stop, without drawing it', () => {
    const sampler = new DotSampler()
    const aggregated: TrafficAggregate[] = [
      {
        client: 'kubelet',
        clientLabel: 'kubelet',
        user: 'system:node:n1',
        verb: 'get',
        resource: 'leases',
        code: 200,
        stoppedAt: 'done',
        count: 40,
      },
    ]
    const out = sampler.admit([], arrivals([], { aggregated }))
    expect(out).toEqual({ dots: [], sampled: 40 })
    const counts = sampler.counts(1_000_000)
    expect(countsBy(counts, 0).get('kubelet')).toBe(40)
    expect(countsBy(counts, 1).get('done-read')).toBe(40)
    sampler.clear()
    expect(sampler.counts(1_000_000).size).toBe(0)
  })

  it('places a dot where it stopped at once under reduced motion', () => {
    const r = request({ code: 409, stoppedAt: 'persistence' })
    const [dot] = new DotSampler().admit([], arrivals([r], { reducedMotion: true })).dots
    expect(dot!.travelMs).toBe(0)
    const s = dotState(dot!, 5000)
    expect([s.x, s.y]).toEqual(destination(r).point)
    expect(s).toMatchObject({ arrived: true, opacity: 1 })
  })
})

describe('a dot in time', () => {
  const [dot] = new DotSampler().admit([], arrivals([request()])).dots
  const d = dot!

  it('travels from its client to where it stopped, holds, fades, and is gone', () => {
    expect(d.travelMs).toBeGreaterThanOrEqual(500)
    expect(dotState(d, d.born)).toMatchObject({ x: d.points[0]![0], arrived: false, opacity: 1 })
    expect(dotState(d, d.born - 1).opacity).toBe(0)
    const there = dotState(d, d.born + d.travelMs)
    expect([there.x, there.y]).toEqual(d.points.at(-1))
    expect(there.arrived).toBe(true)
    expect(dotState(d, d.born + d.travelMs + d.holdMs + 300).opacity).toBeCloseTo(0.5)
    expect(aliveDots([d], d.born + d.travelMs + d.holdMs + 599)).toEqual([d])
    expect(aliveDots([d], d.born + d.travelMs + d.holdMs + 601)).toEqual([])
  })

  it('keeps the same list while every dot is alive', () => {
    const list = [d]
    expect(aliveDots(list, d.born)).toBe(list)
  })
})

describe('rates', () => {
  it('prints a rate over the 10 s window, whole from 10/s', () => {
    expect(rateLabel(5)).toBe('0.5')
    expect(rateLabel(250)).toBe('25')
  })
})

describe('the codes written above refused dots', () => {
  it('writes one code per place and code: the latest dot of two 409s at etcd, each of two codes', () => {
    const sampler = new DotSampler()
    const refused = (code: number, stoppedAt: TrafficRequest['stoppedAt']) =>
      request({ code, stoppedAt, outcome: 'forbidden' })
    const { dots } = sampler.admit(
      [],
      arrivals([
        refused(409, 'persistence'),
        refused(409, 'persistence'),
        refused(403, 'authorization'),
        request(),
      ]),
    )
    const [first, second, forbidden] = dots.filter((d) => (d.r.code ?? 0) >= 400)
    const later = 5000 + 60_000
    expect(codeLabelled(dots, 5000)).toEqual(new Set()) // none has arrived yet
    expect(dotState(first!, later).arrived).toBe(true)
    expect(codeLabelled(dots, later)).toEqual(new Set([second!.id, forbidden!.id]))
  })
})

describe('the counts in time (a replay counts in recorded time)', () => {
  const T = 1_800_000_000_000
  const at = (ms: number, over: Partial<TrafficRequest> = {}) =>
    request({ receivedAt: T + ms, ...over })
  const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0)

  it('counts each request at its own time, in the 10 s before now only', () => {
    const rolling = new RollingCounts(WINDOW_MS)
    rolling.add('k', 1, T + 1000)
    rolling.add('k', 2, T + 9000)
    rolling.add('k', 4, T + 15_000)
    expect(rolling.counts(T + 10_000).get('k')).toBe(3)
    // A mark after now waits for now to reach it; one at the window's start has left it.
    expect(rolling.counts(T + 11_000).get('k')).toBe(2)
    expect(rolling.counts(T + 15_000).get('k')).toBe(6)
    expect(rolling.counts(T + 19_000).get('k')).toBe(4)
    expect(rolling.counts(T + 25_000).size).toBe(0)
  })

  it('keeps the marks a late "now" would drop (the position of a replay before its seek back)', () => {
    const rolling = new RollingCounts(WINDOW_MS)
    rolling.add('k', 1, T + 2000)
    // The position before the seek back, told after the seek's requests came: nothing counted...
    expect(rolling.counts(T + 120_000).size).toBe(0)
    // ...and nothing lost: the position after the seek counts them.
    expect(rolling.counts(T + 5000).get('k')).toBe(1)
  })

  it('a replay seeking to a marker: minutes delivered at once, the 10 s before it counted', () => {
    const sampler = new DotSampler()
    const minutes = Array.from({ length: 120 }, (_, i) => at(i * 1000))
    const position = T + 119_500
    sampler.admit([], arrivals(minutes, { clockNow: T, recorded: true }))
    // The position arrives after the requests: the window ends there.
    expect(total(sampler.counts(position))).toBe(10)
    // Paused: the same moment, however long the presenter talks.
    expect(total(sampler.counts(position))).toBe(10)
    // Played on 5 s: the window moved with the recording.
    expect(total(sampler.counts(position + 5000))).toBe(5)
  })

  it('live, counts at arrival what the server dated far from this clock', () => {
    const live = { clockNow: T + 60_000, recorded: false }
    expect(countedAt(T + 58_000, live)).toBe(T + 58_000)
    // Dated ahead of this machine, or over a window behind: counted when it arrived.
    expect(countedAt(T + 61_000, live)).toBe(T + 60_000)
    expect(countedAt(T + 30_000, live)).toBe(T + 60_000)
    // A replay's: at its recorded time, whatever the distance.
    expect(countedAt(T + 30_000, { ...live, recorded: true })).toBe(T + 30_000)
    // An aggregate recorded without a time: when it arrived.
    expect(countedAt(undefined, { ...live, recorded: true })).toBe(T + 60_000)
  })

  it('counts an aggregate at the newest time it carries', () => {
    const sampler = new DotSampler()
    const aggregated: TrafficAggregate[] = [
      {
        client: 'kubectl',
        clientLabel: 'kubectl',
        user: 'admin',
        verb: 'create',
        resource: 'configmaps',
        code: 201,
        stoppedAt: 'done',
        count: 30,
        at: T + 50_000,
      },
    ]
    sampler.admit([], arrivals([], { aggregated, clockNow: T, recorded: true }))
    expect(total(sampler.counts(T + 55_000))).toBe(30)
    expect(total(sampler.counts(T + 61_000))).toBe(0)
  })

  it('counts the requests held before the view opened, filtered, without a dot', () => {
    const sampler = new DotSampler()
    sampler.countEarlier(
      [at(1000), at(5000), at(6000, { verb: 'get' }), at(7000, { code: null })],
      {
        filter: { ...NO_FILTER, verb: 'create' },
        others: [],
        clockNow: T + 8000,
        recorded: true,
      },
    )
    expect(sampler.counts(T + 8000)).toEqual(new Map([['kubectl|done-write', 2]]))
    expect(sampler.counts(T + 12_000)).toEqual(new Map([['kubectl|done-write', 1]]))
  })

  it("a replay's now is its start plus its position; live, this machine's clock", () => {
    expect(replayNow({ t0: T, positionMs: 4321 })).toBe(T + 4321)
    expect(replayNow(null, () => 42)).toBe(42)
  })
})
