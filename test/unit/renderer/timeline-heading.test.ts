// The inspector's heading from what the page holds: an object's event says its type, kind,
// namespace/name and resourceVersion before the core sends the object; a watch lane's event
// (a bookmark) names no object.
import { describe, expect, it } from 'vitest'
import type { TimelineEvent } from '@common/watch-types'
import { TimelineData } from '../../../src-renderer/src/features/watches/timeline/timeline-data'

let i = 0
const ev = (type: TimelineEvent['type'], rv: string, name = '', ns = ''): TimelineEvent => ({
  i: i++,
  watch: 1,
  type,
  t: 0,
  rv,
  rvn: Number(rv),
  uid: name ? `uid-${ns}-${name}` : '',
  kind: name ? (ns ? 'ConfigMap' : 'Namespace') : '',
  ns,
  name,
  v: 0,
})

describe('headingOf', () => {
  it("says an object's event as the inspector heads it, namespaced or not", () => {
    i = 0
    const data = new TimelineData()
    data.append([
      ev('LISTED', '7', 'cm-1', 'scale-42'),
      ev('BOOKMARK', '9'),
      ev('MODIFIED', '12', 'cm-1', 'scale-42'),
      ev('ADDED', '13', 'lab'),
    ])
    expect(data.headingOf(0)).toEqual({
      type: 'LISTED',
      kind: 'ConfigMap',
      ns: 'scale-42',
      name: 'cm-1',
      rv: '7',
    })
    expect(data.headingOf(2)).toMatchObject({ type: 'MODIFIED', rv: '12', name: 'cm-1' })
    expect(data.headingOf(3)).toEqual({
      type: 'ADDED',
      kind: 'Namespace',
      ns: '',
      name: 'lab',
      rv: '13',
    })
  })

  it('names nothing for a watch lane’s event or an index it does not hold', () => {
    i = 0
    const data = new TimelineData()
    data.append([ev('BOOKMARK', '9')])
    expect(data.headingOf(0)).toBeNull()
    expect(data.headingOf(1)).toBeNull()
    expect(data.headingOf(-1)).toBeNull()
  })
})
