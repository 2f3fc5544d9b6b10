import { describe, expect, it } from 'vitest'
import {
  describeHttpFailure,
  describeTransportFailure,
  networkErrorText,
} from '../../src-main/core/failure-messages'

const server = 'https://192.168.49.2:8443'

describe('transport failures get their own message and next step', () => {
  it.each([
    ['ECONNREFUSED', 'connection-refused', /minikube status/],
    ['ENOTFOUND', 'dns', /DNS/],
    ['EAI_AGAIN', 'dns', /DNS/],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls-ca', /minikube update-context/],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls-ca', /CA/],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls-hostname', /tls-server-name/],
    ['CERT_HAS_EXPIRED', 'cert-expired', /Renew/],
    ['ETIMEDOUT', 'timeout', /reachable/],
  ])('%s -> %s', (code, kind, next) => {
    const e = describeTransportFailure({ phase: 'connect', code, message: 'x' }, server, 'minikube')
    expect(e.kind).toBe(kind)
    expect(e.nextStep).toMatch(next)
    expect(e.title).not.toBe('')
  })

  it('a certificate no CA signed: the kubeconfig’s CA, or the system’s when it names none', () => {
    const f = { phase: 'connect' as const, code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', message: 'x' }
    const kubeconfigCa = describeTransportFailure(f, server, 'minikube')
    expect(kubeconfigCa.title).toContain('the CA this kubeconfig trusts')
    expect(kubeconfigCa.said?.title).toEqual({ key: 'fail.tlsCa.title' })
    const systemCas = describeTransportFailure(f, server, 'minikube', true)
    expect(systemCas.kind).toBe('tls-ca')
    expect(systemCas.title).toBe(
      "The server's certificate is not signed by a CA this computer trusts",
    )
    expect(systemCas.nextStep).toContain('certificate-authority-data')
    expect(systemCas.said).toMatchObject({
      title: { key: 'fail.tlsSystemCa.title' },
      nextStep: { key: 'fail.tlsSystemCa.next' },
    })
    expect(systemCas.detail).toBe('x (UNABLE_TO_VERIFY_LEAF_SIGNATURE)')
  })

  it('a network error reads without the advice Node 24 and newer give to whoever runs Node', () => {
    // The texts of Node 24.22.3 and 20.20.2 connecting to kube-apiserver 1.37.2 without its CA.
    const node24 = Object.assign(
      new Error(
        'unable to verify the first certificate; if the root CA is installed locally, try running Node.js with --use-system-ca',
      ),
      { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' },
    )
    expect(networkErrorText(node24)).toBe('unable to verify the first certificate')
    expect(networkErrorText(new Error('unable to verify the first certificate'))).toBe(
      'unable to verify the first certificate',
    )
    expect(networkErrorText(new Error('connect ECONNREFUSED 127.0.0.1:6443'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:6443',
    )
  })

  it('names a missing exec plugin, and shows a failing one’s stderr', () => {
    const missing = describeTransportFailure(
      { phase: 'credentials', code: 'ENOENT', message: 'spawn aws ENOENT', execCommand: 'aws' },
      server,
      'eks',
    )
    expect(missing.kind).toBe('exec-not-found')
    expect(missing.title).toContain('"aws"')
    const failing = describeTransportFailure(
      {
        phase: 'credentials',
        message: 'error: token expired, run login\n',
        execCommand: 'kubelogin',
      },
      server,
      'aks',
    )
    expect(failing.kind).toBe('exec-failed')
    expect(failing.detail).toBe('error: token expired, run login')
  })
})

describe('HTTP failures', () => {
  const status = (code: number, message: string) =>
    JSON.stringify({ kind: 'Status', code, message, reason: 'X' })
  it('401 is authentication; an expired client certificate is named as such', () => {
    expect(
      describeHttpFailure({
        status: 401,
        body: status(401, 'Unauthorized'),
        path: '/version',
        context: 'c',
      }).kind,
    ).toBe('unauthorized')
    const expired = describeHttpFailure({
      status: 401,
      body: '',
      path: '/version',
      context: 'c',
      clientCertExpiredOn: '2020-01-02T00:00:00.000Z',
    })
    expect(expired.kind).toBe('cert-expired')
    expect(expired.detail).toContain('2020-01-02')
  })
  it('403 keeps the server’s message, which names user, verb and resource', () => {
    const msg = 'configmaps is forbidden: User "system:anonymous" cannot list resource "configmaps"'
    const e = describeHttpFailure({
      status: 403,
      body: status(403, msg),
      path: '/api/v1/configmaps',
      context: 'c',
    })
    expect(e.kind).toBe('forbidden')
    expect(e.detail).toBe(msg)
  })
})
