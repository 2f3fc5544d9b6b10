// The page's copy of the stream folds marks as the core's store did (WatchFrame.folds, docs/adr/0019):
// an object's marks of versions 1..below-1, or every mark of a deleted object and its lane; the
// columns, lanes, groups and watch streams are renumbered; the gaps of a watch's stream that now
// hold folded marks say so ('+n elsewhere or folded').
import { describe, expect, it } from 'vitest'
import type { TimelineEvent } from '@common/watch-types'
import { plotScale } from '../../../src-renderer/src/features/watches/timeline/timeline-axis'
import { watchGaps } from '../../../src-renderer/src/features/watches/timeline/timeline-chart-model'
import { TimelineData } from '../../../src-renderer/src/features/watches/timeline/timeline-data'
import { configMapEvent } from './config-map-event'

/** Events of one watch: [resourceVersion, name, version]. */
function events(specs: [number, string, number][], from = 0): TimelineEvent[] {
  return specs.map(([rv, name, v], k) =>
    configMapEvent(name, rv, {
      i: from + k * 2,
      watch: 1,
      type: v === 0 ? 'ADDED' : 'MODIFIED',
      t: 10_000 + k,
      v,
    }),
  )
}

const label = (d: TimelineData, k: number) =>
  `${d.lanes[d.lane[k] as number]?.label}@${d.rvOf(k)}#${d.index[k]}`

describe('folding marks in the page', () => {
  it('folds a busy object’s older marks and a deleted object whole, renumbering every list', () => {
    const data = new TimelineData()
    data.append(
      events([
        [100, 'busy', 0],
        [101, 'gone', 0],
        [102, 'busy', 1],
        [103, 'busy', 2],
        [104, 'quiet', 0],
        [105, 'busy', 3],
        [106, 'gone', 1],
        [107, 'busy', 4],
      ]),
    )
    data.rows()
    const moved = data.fold([
      { uid: 'uid-busy', below: 3 },
      { uid: 'uid-gone', below: -1 },
    ])
    expect(moved && [...moved]).toEqual([0, -1, -1, -1, 1, 2, -1, 3])
    expect(data.count).toBe(4)
    expect([0, 1, 2, 3].map((k) => label(data, k))).toEqual([
      'busy@100#0',
      'quiet@104#8',
      'busy@105#10',
      'busy@107#14',
    ])
    // The deleted object's lane is gone, the others keep theirs (ids in order again).
    expect(data.lanesOf('uid-gone')).toBe(0)
    expect(data.lanes.map((l) => [l.id, l.key])).toEqual([
      [0, 'watch:1'],
      [1, 'uid-busy'],
      [2, 'uid-quiet'],
    ])
    expect(data.lanes[1]?.events).toEqual([0, 2, 3])
    expect(data.lanes[2]?.events).toEqual([1])
    expect(data.eventsOfGroup('ConfigMap · lab')).toEqual([0, 1, 2, 3])
    expect(data.watchStream.get(1)).toEqual([0, 1, 2, 3])
    expect(data.rows().map((l) => l.key)).toEqual(['watch:1', 'uid-busy', 'uid-quiet'])
    // New events go on after the kept ones.
    data.append(events([[110, 'busy', 5]], 20))
    expect(label(data, 4)).toBe('busy@110#20')
    expect(data.lanes[1]?.events).toEqual([0, 2, 3, 4])
    // Folding what is folded already changes nothing.
    expect(data.fold([{ uid: 'uid-busy', below: 3 }])).toBeNull()
  })

  it('says a gap of the watch holds folded marks, not only versions used elsewhere', () => {
    const data = new TimelineData()
    data.append(
      events([
        [100, 'busy', 0],
        [150, 'busy', 1],
        [200, 'busy', 2],
        [300, 'other', 0],
      ]),
    )
    data.fold([{ uid: 'uid-busy', below: 2 }])
    const px = plotScale([90, 310], 1000)
    const window = { rowTop: 0, plotHeight: 300, laneHeight: 30, width: 1000 }
    const gaps = watchGaps(data, 'rv', px, window)
    expect(gaps.map((g) => [g.n, g.folded ?? false])).toEqual([
      [99, true],
      [99, false],
    ])
  })

  it('folds a deleted object whole when two watches delivered it, each with its lane', () => {
    const data = new TimelineData()
    data.append(
      events([
        [100, 'both', 0],
        [101, 'kept', 0],
      ]),
    )
    data.append(events([[100, 'both', 0]], 10).map((e) => ({ ...e, watch: 2 })))
    expect(data.lanesOf('uid-both')).toBe(2)
    expect(data.sharedObjects).toBe(1)
    expect(data.objectCount).toBe(2)
    data.fold([{ uid: 'uid-both', below: -1 }])
    expect(data.lanesOf('uid-both')).toBe(0)
    expect(data.sharedObjects).toBe(0)
    expect(data.objectCount).toBe(1)
    expect(data.lanes.filter((l) => l.kind === 'object').map((l) => l.key)).toEqual(['uid-kept'])
    // Delivered again, it has one lane again, keyed by its uid.
    data.append(events([[120, 'both', 0]], 30).map((e) => ({ ...e, watch: 2 })))
    expect(data.lanesOf('uid-both')).toBe(1)
    expect(data.lanes.at(-1)?.key).toBe('uid-both')
  })
})
