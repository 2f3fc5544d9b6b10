// Redaction everywhere (#6): Secret values, tokens, keys and certificates never leave the core in
// clear, in pushed events, recordings and exports; presenter mode hides URLs, IPs and user names.
import { describe, expect, it } from 'vitest'
import { maskIdentifiers, redact, REDACTED, scrubText } from '@common/redaction'

// The names these tests were written with, both the core's one redaction now.
const redactObject = <T>(value: T) => redact(value)
const redactDeep = <T>(value: T) => redact(value).value

const CANARY = 'canary-7f3a9c'
const jwt =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6IiJ9.eyJpc3MiOiJrdWJlcm5ldGVzL3NlcnZpY2VhY2NvdW50In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ'
const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----'

describe('redaction', () => {
  it('redacts a Secret’s data, stringData and last-applied annotation, and says where', () => {
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name: 's',
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration': `{"stringData":{"k":"${CANARY}"}}`,
        },
      },
      data: { k: Buffer.from(CANARY).toString('base64') },
      stringData: { 'a/b': CANARY },
    }
    const { value, redacted } = redactObject(secret)
    expect(JSON.stringify(value)).not.toContain(CANARY)
    expect(JSON.stringify(value)).not.toContain(Buffer.from(CANARY).toString('base64'))
    expect(redacted).toEqual([
      '/data/k',
      '/stringData/a~1b',
      '/metadata/annotations/kubectl.kubernetes.io~1last-applied-configuration',
    ])
    expect(secret.data.k).not.toBe(REDACTED) // the input is left alone
  })

  it('redacts a TokenRequest’s token', () => {
    const tr = {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      status: { token: jwt, expirationTimestamp: 'x' },
    }
    expect(redactObject(tr).value.status).toEqual({ token: REDACTED, expirationTimestamp: 'x' })
  })

  it('finds secrets anywhere in a pushed payload: nested objects, audit bodies, strings', () => {
    const payload = {
      items: [{ kind: 'Secret', apiVersion: 'v1', data: { k: CANARY } }],
      audit: {
        objectRef: { resource: 'secrets', name: 's' },
        requestObject: { stringData: { k: CANARY } },
        responseObject: { kind: 'Secret', apiVersion: 'v1', data: { k: CANARY }, type: 'Opaque' },
      },
      header: `Authorization: Bearer ${CANARY}-abcdefgh`,
      jwt: `token is ${jwt} here`,
      kubeconfig: {
        users: [{ user: { token: CANARY, 'client-key-data': 'LS0tLS1CRUdJTiBSU0E=' } }],
      },
      key: pem,
      curl: 'curl -H "Authorization: Bearer $TOKEN" https://x',
    }
    const out = JSON.stringify(redactDeep(payload))
    expect(out).not.toContain(CANARY)
    expect(out).not.toContain('eyJhbGci')
    expect(out).not.toContain('MIIEow')
    expect(out).toContain('Bearer $TOKEN') // the shell variable stays: it is not a secret
    expect(out).toContain('"type":"Opaque"')
  })

  it('scrubs base64 PEM as kubeconfigs hold it', () => {
    const b64 = Buffer.from(pem).toString('base64')
    expect(scrubText(`client-certificate-data: ${b64}`)).toBe(
      `client-certificate-data: ${REDACTED}`,
    )
  })

  it('hides server URLs, IP addresses and user names in presenter mode', () => {
    expect(
      maskIdentifiers('GET https://192.168.49.2:8443/api/v1 as minikube-user from 10.0.0.7', [
        'minikube-user',
      ]),
    ).toBe('GET https://server/api/v1 as ‹user› from ‹ip›')
  })
})
