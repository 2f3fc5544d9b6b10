// The kubectl proxy's pure parts: the verb and object kube-apiserver will read from a relayed
// request (its RequestInfo rules), which headers cross the relay, the kubeconfig it writes and the
// line to paste, and a body kept to show while it streams (its first part only, gzip decoded).
import { statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { gzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { REDACTED } from '@common/redaction'
import { BodyCapture, CAPTURE_LIMIT } from '../../src-main/features/kubectl-proxy/body-capture'
import {
  pasteLine,
  proxyKubeconfigText,
  writeProxyKubeconfig,
} from '../../src-main/features/kubectl-proxy/proxy-kubeconfig'
import {
  clientOf,
  requestHeadersToRelay,
  responseHeadersToRelay,
  shownRequestHeaders,
} from '../../src-main/features/kubectl-proxy/relay-headers'
import { RelayedExchange } from '../../src-main/features/kubectl-proxy/relayed-exchange'
import { requestTarget } from '../../src-main/features/kubectl-proxy/request-verb'
import { normalizeAuditEvent } from '../../src-main/features/traffic/audit-event'
import { said, translateSaid } from '@i18n/translate'

describe('requestTarget', () => {
  it('names the verb as kube-apiserver does', () => {
    expect(requestTarget('GET', '/api/v1/namespaces/ch34/pods?limit=500').verb).toBe('list')
    expect(requestTarget('GET', '/api/v1/namespaces/ch34/pods/web').verb).toBe('get')
    expect(requestTarget('GET', '/api/v1/namespaces/ch34/pods?watch=true').verb).toBe('watch')
    expect(requestTarget('GET', '/api/v1/watch/namespaces/ch34/pods').verb).toBe('watch')
    expect(requestTarget('POST', '/api/v1/namespaces/ch34/configmaps').verb).toBe('create')
    expect(requestTarget('PUT', '/api/v1/namespaces/ch34/configmaps/a').verb).toBe('update')
    expect(requestTarget('PATCH', '/apis/apps/v1/namespaces/ch34/deployments/w/scale').verb).toBe(
      'patch',
    )
    expect(requestTarget('DELETE', '/api/v1/namespaces/ch34/configmaps/a').verb).toBe('delete')
    expect(requestTarget('DELETE', '/api/v1/namespaces/ch34/configmaps').verb).toBe(
      'deletecollection',
    )
    expect(requestTarget('GET', '/readyz?verbose')).toEqual({ verb: 'get' })
    expect(requestTarget('GET', '/apis')).toEqual({ verb: 'get' })
  })

  it('reads the object, and the name of a list or watch by metadata.name', () => {
    expect(
      requestTarget('PATCH', '/apis/apps/v1/namespaces/ch34/deployments/w/scale').objectRef,
    ).toEqual({
      resource: 'deployments',
      subresource: 'scale',
      namespace: 'ch34',
      name: 'w',
      apiGroup: 'apps',
      apiVersion: 'v1',
    })
    expect(
      requestTarget(
        'GET',
        '/api/v1/namespaces/ch34/configmaps?fieldSelector=metadata.name%3Dx&watch=true',
      ).objectRef?.name,
    ).toBe('x')
    expect(requestTarget('GET', '/api/v1/namespaces/ch34').objectRef).toMatchObject({
      resource: 'namespaces',
      name: 'ch34',
      namespace: 'ch34',
    })
  })
})

describe('relay headers', () => {
  const raw = [
    'Host',
    '127.0.0.1:4000',
    'Authorization',
    'Bearer proxy-token',
    'Connection',
    'keep-alive, X-Private',
    'X-Private',
    'hop',
    'Transfer-Encoding',
    'chunked',
    'Accept',
    'application/json;as=Table;v=v1;g=meta.k8s.io',
    'Impersonate-User',
    'jane',
    'User-Agent',
    'kubectl/v1.37.2 (linux/amd64) kubernetes/abc1234',
  ]
  it('drops the proxy credential and the hop-by-hop headers, keeps the rest', () => {
    expect(requestHeadersToRelay(raw)).toEqual({
      Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io',
      'Impersonate-User': 'jane',
      'User-Agent': 'kubectl/v1.37.2 (linux/amd64) kubernetes/abc1234',
    })
    expect(shownRequestHeaders(raw)[1]).toEqual(['Authorization', 'Bearer <masked>'])
  })
  it('keeps repeated answer headers (Warning) as they came', () => {
    expect(
      responseHeadersToRelay(['Warning', '299 - "a"', 'Warning', '299 - "b"', 'Audit-Id', 'x']),
    ).toEqual({ Warning: ['299 - "a"', '299 - "b"'], 'Audit-Id': 'x' })
  })
  it('names the client from its User-Agent', () => {
    expect(clientOf('kubectl/v1.37.2 (linux/amd64) kubernetes/abc1234')).toBe('kubectl/v1.37.2')
    expect(clientOf('')).toBe('unknown client')
  })
})

describe('the kubeconfig and the line to paste', () => {
  const input = {
    address: 'https://127.0.0.1:4000',
    caCert: '-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n',
    token: 'proxy-token',
    context: 'minikube',
    namespace: 'ch34',
  }
  it('holds one context to the proxy, its CA and its token only', () => {
    const config = parse(proxyKubeconfigText(input)) as Record<string, unknown>
    expect(config['current-context']).toBe('minikube-via-apiscope')
    expect(config).toMatchObject({
      clusters: [{ cluster: { server: 'https://127.0.0.1:4000' } }],
      users: [{ user: { token: 'proxy-token' } }],
      contexts: [{ context: { namespace: 'ch34' } }],
    })
  })
  it('is written 0600 in a 0700 folder, and removed with it', () => {
    const written = writeProxyKubeconfig(input, tmpdir())
    expect(statSync(written.path).mode & 0o777).toBe(0o600)
    written.remove()
    expect(() => statSync(written.path)).toThrow()
  })
  it('gives the line for a POSIX shell and for PowerShell', () => {
    expect(pasteLine('/tmp/a/kubeconfig', 'linux')).toBe('export KUBECONFIG=/tmp/a/kubeconfig')
    expect(pasteLine('/tmp/a b/kubeconfig', 'darwin')).toBe(
      "export KUBECONFIG='/tmp/a b/kubeconfig'",
    )
    expect(pasteLine('C:\\T\\kubeconfig', 'win32')).toBe("$env:KUBECONFIG = 'C:\\T\\kubeconfig'")
  })
})

describe('BodyCapture', () => {
  it('keeps the first part of a body and counts all of it', () => {
    const capture = new BodyCapture('application/json', false, 10)
    capture.push(Buffer.from('0123456789abcdef'))
    expect(capture.text()).toBe('0123456789')
    expect(capture.truncated).toBe(true)
    expect(capture.bytes).toBe(16)
  })
  it('decodes a gzipped body, member after member, as a 1.37 watch sends it', async () => {
    const capture = new BodyCapture('application/json', true)
    capture.push(gzipSync('{"type":"ADDED"}\n'))
    capture.push(gzipSync('{"type":"MODIFIED"}\n'))
    capture.end()
    // zlib decodes on its own thread: until its output is in, not a fixed wait.
    await vi.waitFor(() => expect(capture.text()).toBe('{"type":"ADDED"}\n{"type":"MODIFIED"}\n'))
  })
})

describe('a body cut at the capture limit', () => {
  const cut = (body: string) => {
    const x = new RelayedExchange(
      'GET',
      '/apis/example.io/v1/things',
      'https://s/apis/example.io/v1/things',
      [],
      0,
    )
    x.onResponse(200, 'OK', ['Content-Type', 'application/json'], 0)
    x.responseBody?.push(Buffer.from(body + ' '.repeat(CAPTURE_LIMIT)))
    return x.detail().responseBody
  }
  it('is replaced whole when it holds an object of a credential’s kind', () => {
    const shown = cut('{"items":[{"kind":"Secret","apiVersion":"v1","data":{"k":"c2VjcmV0"}}')
    expect(shown).toMatchObject({ text: REDACTED, truncated: true })
  })
  it('is kept, scrubbed, when it only mentions the kind (OpenAPI)', () => {
    const shown = cut(
      '{"x-kubernetes-group-version-kind":[{"group":"","kind":"Secret","version":"v1"}]',
    )
    expect(shown?.text.startsWith('{"x-kubernetes-group-version-kind"')).toBe(true)
  })
})

describe('the user of a relayed request when the proxy could not read who the session is', () => {
  const relayed = (impersonate = false) => {
    const x = new RelayedExchange(
      'GET',
      '/api/v1/namespaces/lab/configmaps',
      'https://s/api/v1/namespaces/lab/configmaps',
      ['User-Agent', 'kubectl/v1.37.2', ...(impersonate ? ['Impersonate-User', 'jane'] : [])],
      0,
    )
    x.onResponse(200, 'OK', ['Content-Type', 'application/json'], 0)
    const requester = {
      username: said('traffic.userOfContext', { context: 'kind-kind' }).text,
      groups: [],
      ofContext: 'kind-kind',
    }
    return normalizeAuditEvent(x.auditEvent('ResponseComplete', requester))
  }

  it("is said in the person's language, the context's name kept as it is", () => {
    const r = relayed()
    expect(r.user).toBe('(user of context kind-kind)')
    expect(translateSaid('fr', r.userSaid, r.user)).toBe('(utilisateur du contexte kind-kind)')
    expect(translateSaid('en', r.userSaid, r.user)).toBe('(user of context kind-kind)')
  })

  it('is the impersonated user when kubectl says one (the API server’s word, no key)', () => {
    const r = relayed(true)
    expect(r.user).toBe('jane')
    expect(r.userSaid).toBeUndefined()
  })
})
