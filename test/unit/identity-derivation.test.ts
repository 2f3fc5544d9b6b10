import { describe, expect, it } from 'vitest'
import { identityFromCertificateSubject, identityFromToken } from '../../src-main/core/identity'

const jwt = (claims: object) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`

describe('identity derived from the credential', () => {
  it('CN is the user and each O a group (the seed’s minikube-user)', () => {
    const id = identityFromCertificateSubject('O=system:masters\nCN=minikube-user')
    expect(id.username).toBe('minikube-user')
    expect(id.groups).toEqual(['system:masters', 'system:authenticated'])
    expect(id.source).toBe('derived')
    expect(id.notes.join(' ')).toContain('without consulting RBAC')
  })
  it('a ServiceAccount token names its account and namespace groups', () => {
    const id = identityFromToken(
      jwt({
        iss: 'https://kubernetes.default.svc',
        sub: 'system:serviceaccount:ch34:default',
        exp: 1700000000,
      }),
    )
    expect(id.username).toBe('system:serviceaccount:ch34:default')
    expect(id.groups).toEqual([
      'system:serviceaccounts',
      'system:serviceaccounts:ch34',
      'system:authenticated',
    ])
    expect(id.notes.some((n) => n.includes('2023-11-14'))).toBe(true)
  })
  it('an opaque token is not guessed', () => {
    const id = identityFromToken('abc')
    expect(id.username).toBe('(unknown)')
    expect(id.method).toBe('opaque bearer token')
  })
})
