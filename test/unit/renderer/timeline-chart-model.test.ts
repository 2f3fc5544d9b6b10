// The timeline chart's model, on real TimelineData: which mark a pointer hits (in the canvas's own
// coordinates), where the list and 410 labels go and what does not fit, the "+n elsewhere" gaps,
// the keys' neighbours, the lane tags and the tooltip.
import { describe, expect, it } from 'vitest'
import type { ListSnapshot, TimelineEvent, WatchStatus } from '@common/watch-types'
import { plotScale, xOf } from '../../../src-renderer/src/features/watches/timeline/timeline-axis'
import {
  hitTest,
  type TimelineViewport,
} from '../../../src-renderer/src/features/watches/timeline/timeline-canvas'
import {
  eventNeighbour,
  laneNeighbour,
  laneTag,
  laneTags,
  packLabels,
  type PackedLabels,
  rowTopToReveal,
  tooltipOf,
  watchGaps,
} from '../../../src-renderer/src/features/watches/timeline/timeline-chart-model'
import { TimelineData } from '../../../src-renderer/src/features/watches/timeline/timeline-data'
import { configMapEvent } from './config-map-event'

type Spec = [rv: number, name: string, type?: TimelineEvent['type'], watch?: number]

function timeline(specs: Spec[]): TimelineData {
  const data = new TimelineData()
  data.append(
    specs.map(([rv, name, type = 'MODIFIED', watch = 1], i) =>
      configMapEvent(name, rv, { i, watch, type, t: 10_000 + i * 1000, v: 0 }),
    ),
  )
  return data
}

const list = (over: Partial<ListSnapshot>): ListSnapshot => ({
  id: 0,
  watch: 1,
  rv: '100',
  rvn: 100,
  t: 0,
  reason: 'initial',
  pages: [],
  items: 0,
  firstEvent: 0,
  ...over,
})

const LANE = 30
const viewport = (x0: number, x1: number, width = 1000): TimelineViewport => ({
  x0,
  x1,
  rowTop: 0,
  width,
  height: 10 * LANE,
  laneHeight: LANE,
  dpr: 1,
})
const RV = { mode: 'rv' as const, note: null }

describe('plotScale', () => {
  it('maps the visible domain onto the plot width and back', () => {
    const s = plotScale([100, 200], 1000)
    expect(s(100)).toBe(0)
    expect(s(150)).toBe(500)
    expect(s(200)).toBe(1000)
    expect(s.invert(250)).toBe(125)
  })
})

describe('hitTest', () => {
  // Rows: watch 1, then the lanes a and b in natural order.
  const data = timeline([
    [110, 'a'],
    [150, 'a'],
    [120, 'b'],
  ])
  const vp = viewport(100, 200)
  const rowOf = (name: string) => data.rows().findIndex((l) => l.label === name)

  it('finds the mark under the pointer in its own lane, not the lane below', () => {
    expect(data.rows().map((l) => l.label)).toEqual(['watch 1', 'a', 'b'])
    const yA = rowOf('a') * LANE + LANE / 2
    const yB = rowOf('b') * LANE + LANE / 2
    expect(hitTest(data, vp, RV, 100, yA)).toBe(0)
    expect(hitTest(data, vp, RV, 503, yA)).toBe(1)
    expect(hitTest(data, vp, RV, 200, yB)).toBe(2)
  })

  it('misses beyond the slop, in an empty row and below the last lane', () => {
    const yA = rowOf('a') * LANE + LANE / 2
    expect(hitTest(data, vp, RV, 300, yA)).toBeNull()
    expect(hitTest(data, vp, RV, 109, yA)).toBeNull()
    expect(hitTest(data, vp, RV, 108, yA)).toBe(0)
    expect(hitTest(data, vp, RV, 100, 9 * LANE)).toBeNull()
  })

  it('follows the rows scrolled by rowTop and a zoomed domain', () => {
    const scrolled = { ...viewport(140, 160), rowTop: rowOf('a') }
    expect(hitTest(data, scrolled, RV, 500, LANE / 2)).toBe(1)
    expect(hitTest(data, scrolled, RV, 0, LANE / 2)).toBeNull()
  })
})

describe('packLabels', () => {
  const px = plotScale([0, 1000], 1000)
  const metrics = { width: 1000, textWidth: (s: string) => s.length * 6, maxRows: 2 }

  it('labels lists and 410s, merges the same label at one place, and stacks overlapping ones', () => {
    const data = timeline([
      [100, 'a'],
      [300, 'a', 'ERROR'],
    ])
    data.notes.set(1, { note: 'too old resource version', code: 410 })
    data.addLists([
      list({ rv: '100', rvn: 100, pages: [{} as never, {} as never] }),
      list({ id: 1, watch: 2, rv: '100', rvn: 100, pages: [{} as never, {} as never] }),
      list({ id: 2, rv: '120', rvn: 120, reason: 'expired', pages: [{} as never] }),
      list({ id: 3, rv: '500', rvn: 500, way: 'stream', items: 3 }),
    ])
    const packed = packLabels(data, 'rv', px, metrics)
    expect(packed.labels).toEqual([
      // The first label goes below the second: its line passes left of the second's text.
      { x: 100, label: 'LIST @100 · 2 pages ×2', kind: 'list', row: 1, anchor: 'start' },
      { x: 120, label: 'RELIST @120 · 1 page', kind: 'list', row: 0, anchor: 'start' },
      { x: xOf(data, 'rv', 1), label: '410 Expired', kind: 'expired', row: 0, anchor: 'start' },
      {
        x: 500,
        label: 'initial-events-end @500 · 3 ADDED',
        kind: 'stream',
        row: 0,
        anchor: 'start',
      },
    ])
    expect(packed.rows).toBe(2)
    expect(packed.more).toBeNull()
  })

  it('says no page count while a list’s first page is still coming in', () => {
    // A list of one request counts its page once the answer is in: "0 pages" while 5,000 of
    // 50,000 objects are on screen read as nothing listed.
    const data = timeline([[100, 'a']])
    data.addLists([
      list({ rv: '100', rvn: 100 }),
      list({ id: 1, rv: '300', rvn: 300, reason: 'expired' }),
    ])
    const labels = packLabels(data, 'rv', px, metrics).labels.map((l) => l.label)
    expect(labels).toEqual(['LIST @100', 'RELIST @300'])
    expect(packLabels(data, 'rv', px, metrics, 'fr').labels.map((l) => l.label)).toEqual([
      'LIST @100',
      'RELIST @300',
    ])
  })

  it('labels a list started over after an unfinished one RELIST, as a relist after 410', () => {
    // A list whose continue token the server refused (400), or whose next page was answered 5xx
    // until it gave up, is started over: the second list is a relist, not the watch's first.
    const data = timeline([[100, 'a']])
    data.addLists([
      list({ rv: '100', rvn: 100, pages: [{} as never] }),
      list({ id: 1, rv: '300', rvn: 300, reason: 'startedOver', pages: [{} as never] }),
    ])
    for (const lang of ['en', 'fr'] as const)
      expect(packLabels(data, 'rv', px, metrics, lang).labels.map((l) => l.label)).toEqual([
        'LIST @100 · 1 page',
        'RELIST @300 · 1 page',
      ])
  })

  it('anchors a label at the right edge to its end, skips what is off screen', () => {
    const data = timeline([[100, 'a']])
    const pages = [{} as never]
    data.addLists([
      list({ rv: '990', rvn: 990, pages }),
      list({ id: 1, rv: '1500', rvn: 1500, pages }),
    ])
    const packed = packLabels(data, 'rv', px, metrics)
    expect(packed.labels).toEqual([
      { x: 990, label: 'LIST @990 · 1 page', kind: 'list', row: 0, anchor: 'end' },
    ])
  })

  it('counts what does not fit in the rows and says so where there is room', () => {
    const data = timeline([[100, 'a']])
    data.addLists(
      [10, 20, 30, 40].map((rv, id) =>
        list({ id, rv: String(rv), rvn: rv, firstEvent: id, pages: [{} as never] }),
      ),
    )
    const packed = packLabels(data, 'rv', px, metrics)
    expect(packed.labels.map((l) => [l.label, l.row])).toEqual([
      ['LIST @30 · 1 page', 1],
      ['LIST @40 · 1 page', 0],
    ])
    expect(packed.more).toEqual({ text: '+2 more: zoom in', row: 0, x: 1000 - 4 - 16 * 6 })
  })
})

describe('packLabels in a crowd', () => {
  // What the chart draws (TimelineChart.canvas.svelte): each label's text 4 px after its line (or
  // before it, anchored at its end), its line from the top of the band down to the label's row;
  // the "+n more" note at the right end of its row. Widths are pessimistic: 7.5 px a character,
  // where the chart's bold 0.7rem DejaVu Sans Mono draws 6.7.
  const textWidth = (s: string) => s.length * 7.5
  const WIDTH = 751

  /** Every way the packed labels fail the eye: cut at an edge, on each other, crossed by a line. */
  function faults(packed: PackedLabels): string[] {
    const boxes = packed.labels.map((l) => {
      const tw = textWidth(l.label)
      const left = l.anchor === 'start' ? l.x + 4 : l.x - 4 - tw
      return {
        name: `${l.label} (row ${l.row})`,
        x: l.x as number | null,
        row: l.row,
        left,
        right: left + tw,
      }
    })
    if (packed.more) {
      const { text, row, x } = packed.more
      const name = `${text} (row ${row})`
      boxes.push({ name, x: null, row, left: x, right: x + textWidth(text) })
    }
    const out: string[] = []
    for (const a of boxes) {
      if (a.left < 0 || a.right > WIDTH) out.push(`${a.name} is cut by the edge`)
      for (const b of boxes) {
        if (a === b) continue
        if (a.row === b.row && a.left < b.right + 2 && b.left < a.right + 2)
          out.push(`${a.name} touches ${b.name}`)
        // b's line runs from the top of the band down to b's row.
        if (b.x !== null && b.row >= a.row && b.x > a.left - 1 && b.x < a.right + 1)
          out.push(`the line of ${b.name} crosses ${a.name}`)
      }
    }
    return out
  }

  /** How many labels were left out, as the "+n more" note says. */
  const said = (packed: PackedLabels) => Number(/\d+/.exec(packed.more?.text ?? '0')?.[0])

  /** The crowd's labels packed over resourceVersions 250 to 500, in `maxRows` rows at most. */
  const pack = (data: TimelineData, maxRows: number, lang: 'en' | 'fr') =>
    packLabels(data, 'rv', plotScale([250, 500], WIDTH), { width: WIDTH, textWidth, maxRows }, lang)

  function crowd(rvs: number[], expired: number[] = [], relists: number[] = []): TimelineData {
    const data = timeline([[100, 'a'], ...expired.map((rv): Spec => [rv, 'a', 'ERROR'])])
    expired.forEach((_, i) =>
      data.notes.set(i + 1, { note: 'too old resource version', code: 410 }),
    )
    data.addLists([
      ...rvs.map((rv, id) =>
        list({ id, watch: id + 1, rv: String(rv), rvn: rv, pages: [{} as never] }),
      ),
      ...relists.map((rv, j) =>
        list({ id: 100 + j, rv: String(rv), rvn: rv, reason: 'expired', pages: [{} as never] }),
      ),
    ])
    return data
  }

  for (const lang of ['en', 'fr'] as const)
    for (const maxRows of [2, 3]) {
      it(`keeps many lists close together apart, or counts them, in ${lang} on ${maxRows} rows`, () => {
        const packed = pack(
          crowd([280, 284, 288, 290, 296, 300, 311, 315, 318, 330, 333, 340]),
          maxRows,
          lang,
        )
        expect(faults(packed)).toEqual([])
        expect(packed.labels.length).toBeGreaterThanOrEqual(maxRows)
        expect(packed.labels.length + said(packed)).toBe(12)
        expect(packed.rows).toBeLessThanOrEqual(maxRows)
      })

      it(`puts a 410 beside the relist that followed it, in ${lang} on ${maxRows} rows`, () => {
        const packed = pack(crowd([284, 311], [470, 475, 490], [471, 476]), maxRows, lang)
        expect(faults(packed)).toEqual([])
        expect(packed.labels.length + said(packed)).toBe(7)
      })
    }

  it('stacks three labels at the right edge, each read before its line', () => {
    // The demo's three 410s near the end of the resourceVersion axis.
    const data = crowd([], [448, 455, 480])
    const packed = packLabels(data, 'rv', plotScale([270, 497], WIDTH), {
      width: WIDTH,
      textWidth,
      maxRows: 3,
    })
    expect(faults(packed)).toEqual([])
    expect(packed.labels.map((l) => [l.row, l.anchor])).toEqual([
      [0, 'end'],
      [1, 'end'],
      [2, 'end'],
    ])
  })

  it('never lets a label cross another or a line, wherever the lists fall', () => {
    // A fixed sequence of places (a linear congruential generator): the same cases every run.
    let seed = 15
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(next() * 14)
      const rvs = Array.from({ length: n }, () => 250 + Math.floor(next() * 250))
      const expired = Array.from(
        { length: Math.floor(next() * 4) },
        () => 250 + Math.floor(next() * 250),
      )
      const relists = expired.map((rv) => rv + Math.floor(next() * 6))
      const data = crowd(rvs, expired, relists)
      const packed = pack(data, 1 + (round % 3), round % 2 ? 'fr' : 'en')
      expect(faults(packed), `round ${round}`).toEqual([])
      if (packed.labels.length === 0 && !packed.more) expect(n + expired.length).toBe(0)
    }
  })
})

describe('watchGaps', () => {
  const window = { rowTop: 0, plotHeight: 10 * LANE, laneHeight: LANE, width: 1000 }

  it('marks a jump of resourceVersions between two events of one watch, on the rv axis only', () => {
    const data = timeline([
      [100, 'a'],
      [101, 'b'],
      [180, 'a'],
    ])
    const px = plotScale([90, 190], 1000)
    const row = data.rowOfLane(data.lanes.find((l) => l.kind === 'watch')!.id)
    expect(watchGaps(data, 'rv', px, window)).toEqual([
      { x0: px(101), x1: px(180), y: row * LANE, n: 78 },
    ])
    expect(watchGaps(data, 'time', px, window)).toEqual([])
  })

  it('leaves out gaps too narrow to label and those of a streaming list’s initial events', () => {
    const data = timeline([
      [100, 'a'],
      [105, 'b'],
    ])
    expect(watchGaps(data, 'rv', plotScale([0, 10_000], 1000), window)).toEqual([])
    data.initial[1] = 1
    expect(watchGaps(data, 'rv', plotScale([99, 106], 1000), window)).toEqual([])
  })
})

describe('keyboard neighbours', () => {
  const data = timeline([
    [100, 'a'],
    [110, 'b'],
    [120, 'a'],
    [200, 'b'],
  ])

  it('steps along the selected event’s lane, from the first or last event with none selected', () => {
    expect(eventNeighbour(data, null, 1)).toBe(0)
    expect(eventNeighbour(data, null, -1)).toBe(3)
    expect(eventNeighbour(data, 0, 1)).toBe(2)
    expect(eventNeighbour(data, 2, 1)).toBeNull()
    expect(eventNeighbour(data, 3, -1)).toBe(1)
  })

  it('moves to the nearest event on the axis in the lane below or above', () => {
    expect(laneNeighbour(data, 'rv', 2, 1)).toBe(1)
    expect(laneNeighbour(data, 'rv', 3, -1)).toBe(2)
    expect(laneNeighbour(data, 'rv', 3, 1)).toBeNull()
    expect(laneNeighbour(data, 'rv', null, 1)).toBeNull()
  })

  it('scrolls the lanes only as far as needed to show a row', () => {
    expect(rowTopToReveal(3, 5, 10, 40)).toBe(3)
    expect(rowTopToReveal(8, 5, 10, 40)).toBe(5)
    expect(rowTopToReveal(20, 5, 10, 40)).toBe(12)
    expect(rowTopToReveal(60, 5, 10, 40)).toBe(40)
    expect(rowTopToReveal(-1, 5, 10, 40)).toBe(5)
  })
})

describe('lane tags and tooltip', () => {
  const status = (id: number, over: Partial<WatchStatus>) => ({ id, ...over }) as WatchStatus

  it('names the watch and how it started, a relayed watch and its Table rows', () => {
    const statuses = [
      status(1, { startedBy: 'list' }),
      status(2, { startedBy: 'stream' }),
      status(3, { relayed: { format: 'table' } as WatchStatus['relayed'] }),
    ]
    expect(laneTag(statuses, 1)).toBe('w1 list')
    expect(laneTag(statuses, 2)).toBe('w2 stream')
    expect(laneTag(statuses, 3)).toBe('w3 relayed · rows')
    expect(laneTag(statuses, 9)).toBe('w9')
  })

  it('tags lanes only where one object is watched twice or a watch is relayed', () => {
    const once = timeline([[100, 'a']])
    expect(laneTags(once, [status(1, { startedBy: 'list' })], once.rows())).toEqual({})
    const twice = timeline([
      [100, 'a', 'MODIFIED', 1],
      [100, 'a', 'MODIFIED', 2],
      [101, 'b', 'MODIFIED', 1],
    ])
    const statuses = [status(1, { startedBy: 'list' }), status(2, { startedBy: 'stream' })]
    const tags = laneTags(twice, statuses, twice.rows())
    const byLabel = Object.fromEntries(
      twice.rows().map((l) => [`${l.label}:${l.watch}`, tags[l.id] ?? null]),
    )
    expect(byLabel).toEqual({
      'watch 1:1': 'w1 list',
      'watch 2:2': 'w2 stream',
      'a:1': 'w1 list',
      'a:2': 'w2 stream',
      'b:1': null,
    })
  })

  it('says the event’s type, lane, resourceVersion and note, kept inside the plot', () => {
    const data = timeline([
      [100, 'a', 'ADDED'],
      [101, 'a', 'ERROR'],
    ])
    data.notes.set(1, { note: 'too old resource version', code: 410 })
    const tip = tooltipOf(data, 1, { x: 900, y: 40 }, 1000)
    expect(tip).toMatchObject({
      type: 'ERROR',
      title: 'ConfigMap · lab / a',
      rv: '101',
      note: 'too old resource version',
      x: 740,
      y: 56,
    })
    expect(tooltipOf(data, 0, { x: 10, y: 0 }, 1000)).toMatchObject({ type: 'ADDED', x: 24 })
  })
})
