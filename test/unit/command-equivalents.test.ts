import { describe, expect, it } from 'vitest'
import { curlEquivalent, kubectlEquivalent } from '@common/command-equivalents'

const base = { context: 'minikube', insecure: false, hasBody: false }

describe('curl and kubectl equivalents', () => {
  it('elides client certificates into variables', () => {
    const curl = curlEquivalent({
      ...base,
      method: 'GET',
      url: 'https://192.168.49.2:8443/api/v1/namespaces/ch34/configmaps?limit=3',
      authKind: 'client-certificate',
    })
    expect(curl).toBe(
      `curl -sS --cacert "$CA" --cert "$CERT" --key "$KEY" 'https://192.168.49.2:8443/api/v1/namespaces/ch34/configmaps?limit=3'`,
    )
  })
  it('elides tokens, and names the body and content type of a write', () => {
    const curl = curlEquivalent({
      ...base,
      method: 'PATCH',
      url: 'https://h/api/v1/namespaces/a/configmaps/x',
      authKind: 'exec',
      contentType: 'application/merge-patch+json',
      hasBody: true,
    })
    expect(curl).toContain('-H "Authorization: Bearer $TOKEN"')
    expect(curl).toContain(
      `-H 'Content-Type: application/merge-patch+json' --data-binary @body.json`,
    )
    expect(curl).toContain('-X PATCH')
  })
  it('maps verbs to kubectl --raw where kubectl has one', () => {
    const url = 'https://h/readyz?verbose'
    expect(kubectlEquivalent({ ...base, method: 'GET', url, authKind: 'none' })).toBe(
      `kubectl --context 'minikube' get --raw '/readyz?verbose'`,
    )
    expect(
      kubectlEquivalent({ ...base, method: 'POST', url: 'https://h/api/v1/x', authKind: 'none' }),
    ).toContain('create --raw')
    expect(
      kubectlEquivalent({ ...base, method: 'PATCH', url: 'https://h/api/v1/x', authKind: 'none' }),
    ).toMatch(/^# kubectl has no --raw form for PATCH/)
  })
  it('quotes single quotes in the context name for the shell', () => {
    expect(
      kubectlEquivalent({
        ...base,
        context: "it's",
        method: 'GET',
        url: 'https://h/api',
        authKind: 'none',
      }),
    ).toContain(`'it'\\''s'`)
  })
})
