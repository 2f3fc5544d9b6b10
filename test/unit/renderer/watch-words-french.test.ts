// The Watches view's words built outside the components, in French: the lane tags, the labels
// band, the tooltip, the axis note, the health panel's modes (the core's reasons for a watch:
// watch-reasons-french.test.ts). English stays what it was (the other renderer tests read it).
import { describe, expect, it } from 'vitest'
import type { ListSnapshot, WatchStatus } from '@common/watch-types'
import { chooseAxis } from '../../../src-renderer/src/features/watches/timeline/timeline-axis'
import {
  laneTag,
  packLabels,
  plotScale,
  tooltipOf,
} from '../../../src-renderer/src/features/watches/timeline/timeline-chart-model'
import { TimelineData } from '../../../src-renderer/src/features/watches/timeline/timeline-data'
import { modeName, modeText } from '../../../src-renderer/src/features/watches/watch-mode'

const status = (id: number, over: Partial<WatchStatus>) => ({ id, ...over }) as WatchStatus

function data(): TimelineData {
  const d = new TimelineData()
  d.append([
    {
      i: 0,
      watch: 1,
      type: 'ADDED',
      t: 0,
      rv: 'x1',
      rvn: null,
      uid: 'u',
      kind: 'ConfigMap',
      ns: 'lab',
      name: 'a',
      v: 0,
    },
    {
      i: 1,
      watch: 2,
      type: 'BOOKMARK',
      t: 1,
      rv: 'x2',
      rvn: null,
      uid: '',
      kind: '',
      ns: '',
      name: '',
      v: -1,
    },
  ])
  return d
}

const list = (over: Partial<ListSnapshot>): ListSnapshot => ({
  id: 0,
  watch: 1,
  rv: '100',
  rvn: 100,
  t: 0,
  reason: 'initial',
  pages: [{} as never, {} as never, {} as never],
  items: 8,
  firstEvent: 0,
  ...over,
})

describe('the Watches view in French', () => {
  it('tags lanes by watch and how it started', () => {
    const statuses = [
      status(1, { startedBy: 'list' }),
      status(2, { startedBy: 'stream' }),
      status(3, { relayed: { format: 'table' } as WatchStatus['relayed'] }),
    ]
    expect(laneTag(statuses, 1, 'fr')).toBe('w1 liste')
    expect(laneTag(statuses, 2, 'fr')).toBe('w2 flux')
    expect(laneTag(statuses, 3, 'fr')).toBe('w3 relayé · lignes')
  })

  it('labels lists and streaming lists', () => {
    const d = new TimelineData()
    d.addLists([list({}), list({ id: 1, rv: '200', rvn: 200, way: 'stream', items: 8 })])
    const px = plotScale([0, 300], 1000)
    const packed = packLabels(
      d,
      'rv',
      px,
      { width: 1000, textWidth: (s: string) => s.length * 7, maxRows: 1 },
      'fr',
    )
    expect(packed.labels.map((l) => l.label)).toEqual([
      'LIST @100 · 3 pages',
      'initial-events-end @200 · 8 ADDED',
    ])
  })

  it('says the axis note, the tooltip and the modes', () => {
    const d = data()
    expect(chooseAxis(d, 'rv', 'fr').note).toMatch(
      /^Certaines resourceVersions .*l’ordre d’arrivée\.$/,
    )
    expect(tooltipOf(d, 1, { x: 0, y: 0 }, 1000, 'fr').title).toBe('watch 2')
    expect(modeName('list-watch', 'fr')).toBe('list puis watch')
    expect(modeText(status(1, { mode: 'auto', startedBy: 'stream' }), 'fr')).toBe(
      'auto\u00a0: liste en flux',
    )
    expect(modeText(status(1, { mode: 'auto', startedBy: 'stream' }))).toBe('auto: streaming list')
  })
})
