// A walkthrough's "look at this object" on the timeline: the object is matched by group, resource,
// namespace and name, against the lanes the real timeline data builds from watch events.
import { describe, expect, it } from 'vitest'
import type { TimelineEvent } from '@common/watch-types'
import { TimelineData } from '../../../src-renderer/src/features/watches/timeline/timeline-data'
import { latestEventOf } from '../../../src-renderer/src/shell/highlight'

const WATCHED: Record<number, { group: string; resource: string }> = {
  1: { group: '', resource: 'configmaps' },
  2: { group: 'apps', resource: 'deployments' },
  3: { group: '', resource: 'namespaces' },
}
const resourceOf = (watch: number) => WATCHED[watch]

function timeline(
  events: Array<[watch: number, kind: string, ns: string, name: string, uid: string]>,
) {
  const data = new TimelineData()
  data.append(
    events.map(([watch, kind, ns, name, uid], i): TimelineEvent => ({
      i,
      watch,
      type: 'ADDED',
      t: i,
      rv: String(10 + i),
      rvn: 10 + i,
      uid,
      kind,
      ns,
      name,
      v: 0,
    })),
  )
  return data
}

describe('latestEventOf', () => {
  it('tells a ConfigMap from a Deployment of the same name in the same namespace', () => {
    const data = timeline([
      [1, 'ConfigMap', 'lab', 'web', 'cm'],
      [2, 'Deployment', 'lab', 'web', 'deploy'],
    ])
    const cm = { group: '', version: 'v1', resource: 'configmaps', namespace: 'lab', name: 'web' }
    const deploy = { ...cm, group: 'apps', resource: 'deployments' }
    expect(latestEventOf(data.lanes, cm, resourceOf)).toBe(0)
    expect(latestEventOf(data.lanes, deploy, resourceOf)).toBe(1)
  })

  it('matches a namespace exactly, not by its ending', () => {
    const data = timeline([
      [1, 'ConfigMap', 'my-lab', 'web', 'a'],
      [1, 'ConfigMap', 'lab', 'web', 'b'],
    ])
    const ref = { group: '', version: 'v1', resource: 'configmaps', namespace: 'lab', name: 'web' }
    expect(latestEventOf(data.lanes, ref, resourceOf)).toBe(1)
  })

  it('a cluster-scoped object matches no namespaced lane of that name', () => {
    const data = timeline([
      [1, 'ConfigMap', 'lab', 'lab', 'cm'],
      [3, 'Namespace', '', 'lab', 'ns'],
    ])
    const ns = { group: '', version: 'v1', resource: 'namespaces', name: 'lab' }
    expect(latestEventOf(data.lanes, ns, resourceOf)).toBe(1)
    const missing = { group: '', version: 'v1', resource: 'configmaps', name: 'lab' }
    expect(latestEventOf(data.lanes, missing, resourceOf)).toBeNull()
  })

  it('an object deleted and made again: the newest lane wins', () => {
    const data = timeline([
      [1, 'ConfigMap', 'lab', 'web', 'first'],
      [1, 'ConfigMap', 'lab', 'web', 'second'],
      [1, 'ConfigMap', 'lab', 'web', 'first'],
    ])
    const ref = { group: '', version: 'v1', resource: 'configmaps', namespace: 'lab', name: 'web' }
    expect(latestEventOf(data.lanes, ref, resourceOf)).toBe(2)
  })

  it('lanes of a watch the renderer does not know are not matched', () => {
    const data = timeline([[9, 'ConfigMap', 'lab', 'web', 'cm']])
    const ref = { group: '', version: 'v1', resource: 'configmaps', namespace: 'lab', name: 'web' }
    expect(latestEventOf(data.lanes, ref, resourceOf)).toBeNull()
  })
})
