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
  type Lane,
} from '../../../src-renderer/src/features/watches/timeline/timeline-data'

/** What the filter is said to match: 'namespace/name', case aside. */
const nameOf = (l: Lane) => `${l.ns ? `${l.ns}/` : ''}${l.label}`.toLowerCase()

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

describe('rows kept per group', () => {
  /** More lanes than MANY_LANES in `groups` namespaces, each lane one event. */
  const filled = (groups: number, perGroup: number) => {
    const data = new TimelineData()
    for (let g = 0; g < groups; g++)
      data.append(Array.from({ length: perGroup }, (_, k) => ev(`ns-${g}`, `cm-${k}`)))
    return data
  }

  it('keeps the rows as they are while a folded group grows, its band saying the new count', () => {
    const data = filled(4, 300)
    const rows = data.rows()
    expect(rows.map((l) => l.kind)).toEqual(['watch', 'group', 'group', 'group', 'group'])
    data.append(Array.from({ length: 20 }, (_, k) => ev('ns-2', `cm-x${k}`)))
    // The same rows: nothing shown moved, only the band's lanes and count changed.
    expect(data.rows()).toBe(rows)
    expect(rows[3]?.members).toHaveLength(320)
    expect(rows[3]?.label).toBe('320 objects')
    expect(data.summary.objectLanes).toBe(1220)
    // A lane in a group shown lane by lane, or a new group, lays them out again.
    data.toggleGroup('ConfigMap · ns-1')
    const open = data.rows()
    expect(open).toHaveLength(1 + 1 + 300 + 2)
    data.append([ev('ns-1', 'cm-0a')])
    expect(data.rows()).not.toBe(open)
    expect(data.rows()).toHaveLength(1 + 1 + 301 + 2)
    expect(data.rowOfLane(data.lanes.find((l) => l.label === 'cm-0a')?.id ?? -1)).toBe(3)
    data.append([ev('ns-10', 'cm-1')])
    expect(data.rows().at(-1)?.label).toBe('cm-1')
  })

  it('finds with its index what a scan of every lane finds, typing on, and as lanes arrive', () => {
    let seed = 11
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
    const data = new TimelineData()
    const names: [string, string][] = []
    for (let f = 0; f < 30; f++) {
      const frame = Array.from({ length: 50 + next(100) }, () => {
        const pair: [string, string] = [
          `ns-${next(12)}`,
          `cm-${next(5000)}-${next(3) ? 'a' : 'ab'}`,
        ]
        names.push(pair)
        return ev(...pair)
      })
      data.append(frame)
      if (f === 10) data.setFilter('cm-1')
      if (f === 20) data.setFilter('cm-12')
      // Some groups indexed (the page's idle time), new lanes dropping some of those again.
      if (f === 15) data.indexSome(() => 100)
      data.rows()
    }
    const texts = ['cm-12', 'cm-123', 'NS-3/CM-4', '-ab', 'ns-1', 'b\nns', '']
    // Searched by scanning where a group has no index yet, then with every group indexed.
    for (const pass of [0, 1]) {
      if (pass) expect(data.indexSome(() => 100)).toBe(true)
      // 'b\nns' would span two lanes in a group's index: no lane holds it.
      for (const text of texts) {
        data.setFilter(text)
        if (!text) {
          data.rows()
          expect(data.summary.matching).toBeNull()
          continue
        }
        const t = text.trim().toLowerCase()
        const shown = data
          .rows()
          .filter((l) => l.kind === 'object')
          .map((l) => l.key)
        const scanned = new TimelineData()
        scanned.append(names.map((p) => ev(...p)))
        for (const g of new Set(scanned.lanes.map((l) => l.group))) scanned.toggleGroup(g)
        const expected = scanned
          .rows()
          .filter((l) => l.kind === 'object' && (!t || nameOf(l).includes(t)))
          .map((l) => l.label + l.ns)
        expect(
          data
            .rows()
            .filter((l) => l.kind === 'object')
            .map((l) => l.label + l.ns),
        ).toEqual(expected)
        expect(data.summary.matching).toBe(shown.length)
        // Every match's row is where it is shown; a lane filtered out has none.
        data.rows().forEach((l, r) => l.kind === 'object' && expect(data.rowOfLane(l.id)).toBe(r))
        const hidden = data.lanes.find((l) => l.kind === 'object' && !nameOf(l).includes(t))
        if (hidden) expect(data.rowOfLane(hidden.id)).toBe(-1)
      }
    }
  })
})
