// A folded group's density band: its events' axis positions in one sorted array, kept until events
// arrive or the band's lanes change, and counted per pixel column exactly where the plot's scale
// puts each mark (the count a walk of every member lane gave before, one frame at a time).
import { describe, expect, it } from 'vitest'
import type { TimelineEvent } from '@common/watch-types'
import {
  bandColumns,
  bandPositions,
} from '../../../src-renderer/src/features/watches/timeline/band-density'
import { plotScale, xOf } from '../../../src-renderer/src/features/watches/timeline/timeline-axis'
import {
  MANY_LANES,
  TimelineData,
} from '../../../src-renderer/src/features/watches/timeline/timeline-data'

let i = 0
const ev = (ns: string, name: string, rvn: number, type: TimelineEvent['type'] = 'LISTED') => ({
  i: i++,
  watch: 1,
  type,
  t: 1000 + i,
  rv: String(rvn),
  rvn,
  uid: `${ns}/${name}`,
  kind: 'ConfigMap',
  ns,
  name,
  v: 0,
})

/** More lanes than MANY_LANES in 4 namespaces: every group folds into a band. */
function folded(): TimelineData {
  const data = new TimelineData()
  const n = MANY_LANES + 200
  // Positions out of order across lanes (a list's items come in name order, not by revision).
  data.append(
    Array.from({ length: n }, (_, k) => ev(`ns-${k % 4}`, `cm-${k}`, 100 + ((k * 7919) % n))),
  )
  // Some lanes with a second event, later on the axis.
  data.append(
    Array.from({ length: 50 }, (_, k) => ev(`ns-${k % 4}`, `cm-${k}`, 5000 + k, 'MODIFIED')),
  )
  return data
}

/** What the band drew before: every member lane's events in [x0, x1], placed by the plot's scale. */
function naiveColumns(data: TimelineData, row: number, x0: number, x1: number, width: number) {
  const counts = new Uint32Array(Math.ceil(width) + 1)
  const px = plotScale([x0, x1], width)
  for (const lane of data.rows()[row]?.members ?? [])
    for (const k of lane.events) {
      const x = xOf(data, 'rv', k)
      if (x < x0 || x > x1 + 1e-9) continue
      const c = Math.round(px(x))
      if (c >= 0 && c < counts.length) counts[c] = (counts[c] as number) + 1
    }
  return counts
}

describe('density bands', () => {
  it('keeps one sorted array of positions per band until events arrive', () => {
    const data = folded()
    const band = data.rows().find((l) => l.kind === 'group')
    const members = band?.members ?? []
    const xs = bandPositions(data, members, 'rv')
    expect(xs.length).toBe(members.reduce((n, l) => n + l.events.length, 0))
    expect([...xs]).toEqual([...xs].sort((a, b) => a - b))
    // The next frame draws from the same array.
    expect(bandPositions(data, members, 'rv')).toBe(xs)
    // Another axis, or a new event in any lane: made again.
    expect(bandPositions(data, members, 'time')).not.toBe(xs)
    data.append([ev('ns-0', 'cm-0', 9000, 'MODIFIED')])
    const again = bandPositions(
      data,
      data.rows().find((l) => l.kind === 'group')?.members ?? [],
      'rv',
    )
    expect(again.length).toBe(xs.length + 1)
    expect(again[again.length - 1]).toBe(9000)
  })

  it('places only the events that arrived, merging them in: the positions all of them give', () => {
    const data = folded()
    const bands = () => data.rows().filter((l) => l.kind === 'group')
    const before = bands().map((b) => bandPositions(data, b.members ?? [], 'rv'))
    // Events in one group's lanes (old lanes and a new one), out of order on the axis.
    data.append([
      ev('ns-1', 'cm-1', 7000, 'MODIFIED'),
      ev('ns-1', 'cm-new', 50, 'ADDED'),
      ev('ns-1', 'cm-5', 6000, 'MODIFIED'),
    ])
    const after = bands().map((b) => bandPositions(data, b.members ?? [], 'rv'))
    bands().forEach((b, n) => {
      const all = (b.members ?? []).flatMap((l) => l.events.map((k) => xOf(data, 'rv', k)))
      expect([...(after[n] as Float64Array)]).toEqual(all.sort((x, y) => x - y))
      // The bands whose lanes got nothing keep their array.
      if (b.group !== 'ConfigMap · ns-1') expect(after[n]).toBe(before[n])
    })
  })

  it('counts each column as the plot scale places the marks, whole view and zoomed', () => {
    const data = folded()
    const row = data.rows().findIndex((l) => l.kind === 'group')
    const members = data.rows()[row]?.members ?? []
    for (const [x0, x1, width] of [
      [90, 5100, 1370],
      [250.5, 611.25, 997.5],
      [4990, 5030, 640],
      [-10, 20, 300],
    ] as const) {
      const counts = new Uint32Array(Math.ceil(width) + 1)
      const max = bandColumns(bandPositions(data, members, 'rv'), x0, x1, width, counts)
      const naive = naiveColumns(data, row, x0, x1, width)
      expect([...counts]).toEqual([...naive])
      expect(max).toBe(Math.max(0, ...naive))
    }
  })
})
