// How the live traffic reads a watch's start from its URI; the URIs are those kube-apiserver
// 1.37.2 audited for kubectl 1.37.2 (kubectl delete pod, waiting) and for a reflector's watch.
import { describe, expect, it } from 'vitest'
import { watchQueryOf } from '@features/traffic/common/watch-query'

describe('watchQueryOf', () => {
  it('reads kubectl delete’s wait as a streaming list with its parameters', () => {
    const q = watchQueryOf(
      '/api/v1/namespaces/apiscope-view/pods?allowWatchBookmarks=true&fieldSelector=metadata.name%3Dheld&resourceVersionMatch=NotOlderThan&sendInitialEvents=true&timeoutSeconds=590&watch=true',
      'watch',
    )
    expect(q?.streamingList).toBe(true)
    expect(q?.params).toEqual([
      { name: 'allowWatchBookmarks', value: 'true' },
      { name: 'fieldSelector', value: 'metadata.name=held' },
      { name: 'resourceVersionMatch', value: 'NotOlderThan' },
      { name: 'sendInitialEvents', value: 'true' },
      { name: 'timeoutSeconds', value: '590' },
      { name: 'watch', value: 'true' },
    ])
    expect(q?.explanation).toContain('consistent read')
    expect(q?.explanation).toContain('k8s.io/initial-events-end')
  })

  it('reads a watch from a resourceVersion as a plain watch, and a list as no watch', () => {
    const q = watchQueryOf(
      '/api/v1/configmaps?allowWatchBookmarks=true&resourceVersion=812&watch=1',
    )
    expect(q?.streamingList).toBe(false)
    expect(q?.explanation).toContain('after it')
    expect(watchQueryOf('/api/v1/configmaps?limit=500', 'list')).toBeNull()
    // 1.20.2 answered kubectl 1.37's streaming list with a 422.
    const refused = watchQueryOf(
      '/api/v1/namespaces/a/pods?allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&sendInitialEvents=true&watch=true',
      'watch',
      422,
    )
    expect(refused?.streamingList).toBe(true)
    expect(refused?.explanation).toContain('falls back to a list and a watch')
  })
})
