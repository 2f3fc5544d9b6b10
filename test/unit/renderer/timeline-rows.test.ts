// The timeline's rows at scale: lanes in natural order whatever order they came in, a group of more
// than COLLAPSE_ABOVE lanes folded into one density band until opened, a filter that picks lanes
// out by namespace/name; every lane's row known (its band's when folded, -1 when filtered out), and
// every other group's rows shaded.
import { describe, expect, it } from 'vitest'
import type { TimelineEvent } from '@common/watch-types'
import {
  COLLAPSE_ABOVE,
  MANY_LANES,
  SMALL_GROUP,
  TimelineData,
} from '../../../src-renderer/src/features/watches/timeline/timeline-data'

let i = 0
const ev = (ns: string, name: string): TimelineEvent => ({
  i: i++,
  watch: 1,
  type: 'LISTED',
  t: 1000 + i,
  rv: String(100 + i),
  rvn: 100 + i,
  uid: `${ns}/${name}`,
  kind: 'ConfigMap',
  ns,
  name,
  v: 0,
})

describe('timeline rows at scale', () => {
  it('sorts lanes naturally as they arrive in frames, merging each frame in', () => {
    const data = new TimelineData()
    data.append(['cm-34829', 'cm-3479'].map((n) => ev('a', n)))
    expect(data.rows().map((l) => l.label)).toEqual(['watch 1', 'cm-3479', 'cm-34829'])
    data.append(['cm-34779', 'cm-10', 'cm-9'].map((n) => ev('a', n)))
    expect(data.rows().map((l) => l.label)).toEqual([
      'watch 1',
      'cm-9',
      'cm-10',
      'cm-3479',
      'cm-34779',
      'cm-34829',
    ])
  })

  it('folds a large group into a band, opens it, and filters by namespace/name', () => {
    const data = new TimelineData()
    const big = COLLAPSE_ABOVE + 50
    data.append(Array.from({ length: big }, (_, k) => ev('scale-1', `cm-${k}`)))
    data.append(['cm-1', 'cm-2'].map((n) => ev('small', n)))
    let rows = data.rows()
    expect(rows.map((l) => l.kind)).toEqual(['watch', 'group', 'object', 'object'])
    expect(rows[1]?.members).toHaveLength(big)
    expect(rows[1]?.label).toBe(`${big} objects`)
    expect(data.summary).toEqual({
      objectLanes: big + 2,
      foldAbove: COLLAPSE_ABOVE,
      bands: 1,
      folded: big,
      matching: null,
    })
    // A folded lane's row is its band's.
    const folded = data.lanes.find((l) => l.label === 'cm-7' && l.ns === 'scale-1')
    expect(data.rowOfLane(folded?.id ?? -1)).toBe(1)

    data.toggleGroup('ConfigMap · scale-1')
    rows = data.rows()
    expect(rows).toHaveLength(1 + big + 2)
    expect(rows.slice(1, 4).map((l) => l.label)).toEqual(['cm-0', 'cm-1', 'cm-2'])

    data.setFilter('  SCALE-1/CM-24 ')
    rows = data.rows()
    expect(rows.filter((l) => l.kind === 'object').map((l) => l.label)).toEqual([
      'cm-24',
      'cm-240',
      'cm-241',
      'cm-242',
      'cm-243',
      'cm-244',
      'cm-245',
      'cm-246',
      'cm-247',
      'cm-248',
      'cm-249',
    ])
    expect(data.summary.matching).toBe(11)
    expect(data.rowOfLane(folded?.id ?? -1)).toBe(-1)
    data.setFilter('')
    data.toggleGroup('ConfigMap · scale-1')
    expect(data.rows().map((l) => l.kind)).toEqual(['watch', 'group', 'object', 'object'])
  })

  it('past MANY_LANES lanes in all, folds every group of more than SMALL_GROUP', () => {
    const data = new TimelineData()
    const perGroup = Math.ceil((MANY_LANES + 1) / 20)
    for (let g = 0; g < 20; g++)
      data.append(Array.from({ length: perGroup }, (_, k) => ev(`ns-${g}`, `cm-${k}`)))
    data.append(Array.from({ length: SMALL_GROUP }, (_, k) => ev('tiny', `cm-${k}`)))
    const rows = data.rows()
    expect(rows.filter((l) => l.kind === 'group')).toHaveLength(20)
    expect(rows.filter((l) => l.kind === 'object')).toHaveLength(SMALL_GROUP)
    expect(data.summary.foldAbove).toBe(SMALL_GROUP)
  })

  it('shades every other group, the first one too, without walking the rows above', () => {
    const data = new TimelineData()
    data.append(['cm-1', 'cm-2'].map((n) => ev('a', n)))
    data.append(['cm-1'].map((n) => ev('b', n)))
    data.append(['cm-1', 'cm-2', 'cm-3'].map((n) => ev('c', n)))
    // Watches, then groups a, b and c.
    const rows = data.rows()
    expect(rows.map((l) => (data.shaded(rows.indexOf(l)) ? 1 : 0))).toEqual([1, 0, 0, 1, 0, 0, 0])
    data.setFilter('cm-1')
    expect(data.rows().map((_, r) => (data.shaded(r) ? 1 : 0))).toEqual([1, 0, 1, 0])
  })
})

describe('lanes merged frame by frame', () => {
  it('gives the order one sort of every lane gives, whatever the frames', () => {
    // A fixed pseudo-random sequence: names in 7 namespaces, some repeated across frames.
    let seed = 7
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
    const events = Array.from({ length: 3000 }, () =>
      ev(`ns-${next(7)}`, `cm-${next(900)}${next(3) === 0 ? '-0' : ''}`),
    )
    const byFrames = new TimelineData()
    for (let at = 0; at < events.length;) {
      const size = 1 + next(300)
      byFrames.append(events.slice(at, at + size))
      byFrames.rows()
      at += size
    }
    const atOnce = new TimelineData()
    atOnce.append(events)
    const keys = (d: TimelineData) => {
      for (const g of new Set(d.lanes.map((l) => l.group))) d.toggleGroup(g)
      return d.rows().map((l) => l.key)
    }
    expect(keys(byFrames)).toEqual(keys(atOnce))
  })
})
