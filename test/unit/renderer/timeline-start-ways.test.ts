// The timeline's data for the two ways of starting: a streaming list's initial ADDED events are
// told from live ones once its end bookmark comes; an object two watches deliver gets a lane each.
import { describe, expect, it } from 'vitest'
import type { ListSnapshot, TimelineEvent } from '@common/watch-types'
import { TimelineData } from '../../../src-renderer/src/features/watches/timeline/timeline-data'

let i = 0
const ev = (watch: number, type: TimelineEvent['type'], rv: string, name = ''): TimelineEvent => ({
  i: i++,
  watch,
  type,
  t: 0,
  rv,
  rvn: Number(rv),
  uid: name ? `uid-${name}` : '',
  kind: name ? 'ConfigMap' : '',
  ns: name ? 'lab' : '',
  name,
  v: 0,
})
const snapshot = (s: Partial<ListSnapshot>): ListSnapshot => ({
  id: 0,
  watch: 1,
  rv: '',
  rvn: null,
  t: 0,
  reason: 'initial',
  pages: [],
  items: 0,
  firstEvent: 0,
  ...s,
})

describe('a streaming list on the timeline', () => {
  it('marks exactly its initial ADDED events, not the live ones after the bookmark', () => {
    i = 0
    const data = new TimelineData()
    const events = [
      ev(2, 'ADDED', '15', 'b'),
      ev(2, 'ADDED', '11', 'a'),
      ev(2, 'BOOKMARK', '20'),
      ev(2, 'ADDED', '21', 'c'),
    ]
    data.append(events)
    data.addLists([
      snapshot({ watch: 2, rv: '20', rvn: 20, items: 2, firstEvent: 2, way: 'stream' }),
    ])
    expect([...data.initial.subarray(0, data.count)]).toEqual([1, 1, 0, 0])
  })

  it('a list (no way: a recording made before streaming lists) marks nothing', () => {
    i = 0
    const data = new TimelineData()
    data.append([ev(1, 'LISTED', '5', 'a'), ev(1, 'ADDED', '6', 'b')])
    data.addLists([snapshot({ rv: '5', rvn: 5, items: 1, firstEvent: 0 })])
    expect([...data.initial.subarray(0, data.count)]).toEqual([0, 0])
  })
})

describe('the same object from two watches', () => {
  it('gets a lane per watch, next to each other, and counts once', () => {
    i = 0
    const data = new TimelineData()
    data.append([
      ev(1, 'LISTED', '5', 'a'),
      ev(1, 'LISTED', '6', 'b'),
      ev(2, 'ADDED', '6', 'b'),
      ev(2, 'ADDED', '5', 'a'),
      ev(2, 'BOOKMARK', '7'),
      ev(1, 'MODIFIED', '8', 'a'),
      ev(2, 'MODIFIED', '8', 'a'),
    ])
    const objects = data.rows().filter((l) => l.kind === 'object')
    expect(objects.map((l) => [l.label, l.watch])).toEqual([
      ['a', 1],
      ['a', 2],
      ['b', 1],
      ['b', 2],
    ])
    expect(objects.map((l) => l.events.length)).toEqual([2, 2, 1, 1])
    expect(data.objectCount).toBe(2)
    expect(data.lanesOf('uid-a')).toBe(2)
    expect(data.sharedObjects).toBe(2)
  })
})
