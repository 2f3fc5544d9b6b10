// What an API path names, for the paths the walkthroughs and the lab send.
import { describe, expect, it } from 'vitest'
import { fullResourceOf, parseApiPath } from '@common/api-path'

describe('api paths', () => {
  it('reads core and group paths, namespaced or not, with subresources', () => {
    expect(parseApiPath('/api/v1/namespaces/ns/serviceaccounts/default/token')).toEqual({
      group: '',
      version: 'v1',
      namespace: 'ns',
      resource: 'serviceaccounts',
      name: 'default',
      subresource: 'token',
    })
    expect(parseApiPath('/apis/apps/v1/namespaces/ns/deployments?limit=3')).toEqual({
      group: 'apps',
      version: 'v1',
      namespace: 'ns',
      resource: 'deployments',
    })
    expect(fullResourceOf('/apis/authorization.k8s.io/v1/selfsubjectaccessreviews')).toBe(
      'selfsubjectaccessreviews',
    )
  })

  it('a namespace is a resource too, with its own subresources', () => {
    expect(fullResourceOf('/api/v1/namespaces/ns')).toBe('namespaces')
    expect(fullResourceOf('/api/v1/namespaces/ns/finalize')).toBe('namespaces/finalize')
    expect(fullResourceOf('/api/v1/namespaces/ns/configmaps')).toBe('configmaps')
  })

  it('non-resource paths name no resource', () => {
    for (const p of ['/readyz?verbose', '/metrics', '/apis', '/api', '/apis/apps/v1', '/version'])
      expect(parseApiPath(p)).toBeNull()
  })
})
