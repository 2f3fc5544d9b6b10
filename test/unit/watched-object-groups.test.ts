// The ownership picker's groups: by kind and namespace, filtered by every word typed.
import { describe, expect, it } from 'vitest'
import type { WatchedObject } from '@features/ownership/messages'
import { groupWatchedObjects } from '@features/ownership/common/watched-object-groups'

const obj = (kind: string, namespace: string, name: string, deleted = false): WatchedObject => ({
  uid: `${kind}/${namespace}/${name}`,
  kind,
  apiVersion: 'v1',
  namespace,
  name,
  versions: 1,
  deleted,
})

const objects = [
  obj('ConfigMap', 'ch34', 'reglages', true),
  obj('Deployment', 'default', 'web'),
  obj('ConfigMap', 'ch34', 'carton-1'),
  obj('Namespace', '', 'ch34'),
  obj('ConfigMap', 'default', 'kube-root-ca.crt'),
]

describe('watched object groups', () => {
  it('groups by kind then namespace; live objects first, then by name', () => {
    const groups = groupWatchedObjects(objects)
    expect(groups.map((g) => g.label)).toEqual([
      'ConfigMap · ch34',
      'ConfigMap · default',
      'Deployment · default',
      'Namespace',
    ])
    expect(groups[0]?.objects.map((o) => o.name)).toEqual(['carton-1', 'reglages'])
  })

  it('filters by every word typed, in kind, namespace or name', () => {
    expect(groupWatchedObjects(objects, 'web').map((g) => g.label)).toEqual([
      'Deployment · default',
    ])
    expect(
      groupWatchedObjects(objects, 'configmap DEFAULT')[0]?.objects.map((o) => o.name),
    ).toEqual(['kube-root-ca.crt'])
    expect(groupWatchedObjects(objects, 'ch34/car')[0]?.objects.map((o) => o.name)).toEqual([
      'carton-1',
    ])
    expect(groupWatchedObjects(objects, 'nothing-like-it')).toEqual([])
  })
})
