// The lab's curl and kubectl equivalents and its redaction: credentials stay shell variables, a
// token in a TokenRequest's answer or a Secret's values never reach the renderer.
import { describe, expect, it } from 'vitest'
import type { LabRequestSpec } from '@common/messages/lab'
import { redact, REDACTED } from '@common/redaction'
import {
  labCurl,
  labKubectl,
  type LabEquivalentInput,
} from '../../src-main/node/lab/lab-equivalents'

/** The lab's answers pass the core's one redaction (the address unknown here: by kind alone). */
const redactLabBody = (body: unknown) => redact(body)

const base = (
  spec: Partial<LabRequestSpec>,
  extra: Partial<LabEquivalentInput> = {},
): LabEquivalentInput => ({
  spec: {
    identity: 'kubeconfig',
    verb: 'get',
    group: '',
    version: 'v1',
    resource: 'configmaps',
    namespace: 'demo',
    name: 'reglages',
    ...spec,
  },
  method: 'GET',
  url: 'https://127.0.0.1:8443/api/v1/namespaces/demo/configmaps/reglages',
  context: 'minikube',
  server: 'https://127.0.0.1:8443',
  insecure: false,
  kubeconfigAuth: 'client-certificate',
  accept: 'application/json',
  hasBody: false,
  ...extra,
})

describe('curl', () => {
  it('each identity: certificate, none, $TOKEN', () => {
    expect(labCurl(base({}))).toContain('--cert "$CERT" --key "$KEY"')
    const anonymous = labCurl(base({ identity: 'anonymous' }))
    expect(anonymous).not.toMatch(/Authorization|--cert/)
    expect(labCurl(base({ identity: 'serviceaccount' }))).toContain(
      '-H "Authorization: Bearer $TOKEN"',
    )
    expect(labCurl(base({ identity: 'made-up-token' }))).toContain('$TOKEN')
  })

  it('an apply sends its YAML file', () => {
    const i = base(
      { verb: 'patch', patchType: 'apply' },
      { method: 'PATCH', hasBody: true, contentType: 'application/apply-patch+yaml' },
    )
    expect(labCurl(i)).toContain('--data-binary @body.yaml')
    expect(labCurl(i)).toContain("'Content-Type: application/apply-patch+yaml'")
  })
})

describe('kubectl', () => {
  it('the everyday command for each verb', () => {
    expect(labKubectl(base({}))).toBe(
      'kubectl --context minikube get configmaps reglages -n demo -o yaml',
    )
    expect(labKubectl(base({ verb: 'list', asTable: true }))).toBe(
      'kubectl --context minikube get configmaps -n demo',
    )
    expect(labKubectl(base({ verb: 'create', dryRun: true, fieldManager: 'lab' }))).toBe(
      'kubectl --context minikube create -f body.yaml -n demo --dry-run=server --field-manager=lab',
    )
    expect(labKubectl(base({ verb: 'patch', patchType: 'json' }))).toContain(
      'patch configmaps reglages -n demo --type json',
    )
    expect(labKubectl(base({ verb: 'patch', patchType: 'apply', force: true }))).toContain(
      'apply --server-side --force-conflicts',
    )
    expect(labKubectl(base({ verb: 'deletecollection' }))).toContain(
      'only curl sends one DELETE on the collection',
    )
    expect(labKubectl(base({ group: 'apps', resource: 'deployments', name: 'web' }))).toContain(
      'get deployments.v1.apps web',
    )
  })

  it('another identity: no kubeconfig, the server, the CA and $TOKEN', () => {
    expect(labKubectl(base({ identity: 'serviceaccount' }))).toMatch(
      /^kubectl --kubeconfig \/dev\/null --server https:\/\/127\.0\.0\.1:8443 --certificate-authority "\$CA" --token "\$TOKEN" get/,
    )
    expect(labKubectl(base({ identity: 'anonymous' }))).not.toContain('--token')
  })

  it('says when only curl can send the wrong Content-Type', () => {
    const i = base(
      { verb: 'patch', patchType: 'merge', contentTypeOverride: 'text/plain' },
      {
        method: 'PATCH',
        contentType: 'text/plain',
        rightContentType: 'application/merge-patch+json',
      },
    )
    expect(labKubectl(i)).toContain(
      'kubectl always sends application/merge-patch+json: only curl sends text/plain',
    )
  })
})

describe('redaction of what comes back', () => {
  it('a TokenRequest’s token, a TokenReview’s token, Secret values, in lists too', () => {
    const tr = redactLabBody({
      kind: 'TokenRequest',
      status: { token: 'eyJhbGciOi.x.y', expirationTimestamp: 't' },
    })
    expect(tr.value).toMatchObject({ status: { token: REDACTED, expirationTimestamp: 't' } })
    expect(redactLabBody({ kind: 'TokenReview', spec: { token: 'abc' } }).value).toMatchObject({
      spec: { token: REDACTED },
    })
    const list = redactLabBody({
      kind: 'SecretList',
      items: [{ apiVersion: 'v1', kind: 'Secret', data: { password: 'c2VjcmV0' } }],
    })
    expect(JSON.stringify(list.value)).not.toContain('c2VjcmV0')
    expect(list.redacted).toEqual(['/items/0/data/password'])
    expect(redactLabBody('plain text').value).toBe('plain text')
  })
})
