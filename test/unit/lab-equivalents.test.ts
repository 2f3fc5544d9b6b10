// The lab's curl and kubectl equivalents and its redaction: credentials stay shell variables, a
// token in a TokenRequest's answer or a Secret's values never reach the renderer.
import { describe, expect, it } from 'vitest'
import type { LabRequestSpec } from '@features/lab/messages'
import { redact, REDACTED } from '@common/redaction'
import {
  labCurl,
  labKubectl,
  type LabEquivalentInput,
} from '../../src-main/features/lab/lab-equivalents'

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
  release: null,
  ...extra,
})

describe('curl', () => {
  it('each identity: certificate, none, $TOKEN', () => {
    expect(labCurl(base({}))).toContain('--cert "$CERT" --key "$KEY"')
    const anonymous = labCurl(base({ identity: 'anonymous' }))
    expect(anonymous).not.toMatch(/Authorization|--cert/)
    expect(labCurl(base({ identity: 'service-account' }))).toContain(
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
      'kubectl --context minikube create -f body.yaml -n demo --dry-run=server --field-manager=lab --validate=warn',
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

  it('field validation: --validate as sent (kubectl alone would send Strict), none on patch or 1.20', () => {
    expect(labKubectl(base({ verb: 'create' }))).toContain(
      'create -f body.yaml -n demo --validate=warn',
    )
    expect(labKubectl(base({ verb: 'update', fieldValidation: 'Strict' }))).toContain(
      '--validate=strict',
    )
    expect(
      labKubectl(base({ verb: 'patch', patchType: 'apply', fieldValidation: 'Ignore' })),
    ).toContain('--validate=ignore')
    const patch = labKubectl(base({ verb: 'patch', patchType: 'merge', fieldValidation: 'Strict' }))
    expect(patch).not.toMatch(/--validate=/)
    expect(patch).toContain('kubectl patch has no --validate')
    const old = labKubectl(base({ verb: 'create' }, { release: { major: 1, minor: 20 } }))
    expect(old).not.toContain('--validate')
  })

  it('another identity: no kubeconfig, the server, the CA and $TOKEN', () => {
    expect(labKubectl(base({ identity: 'service-account' }))).toMatch(
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

describe('kubectl of the connected server’s release', () => {
  const v120 = { release: { major: 1, minor: 20 } }
  const v137 = { release: { major: 1, minor: 37 } }
  const scale = (extra: Partial<LabEquivalentInput>, body = '{"spec": {"replicas": 3}}') =>
    base(
      {
        verb: 'patch',
        group: 'apps',
        resource: 'deployments',
        name: 'web',
        subresource: 'scale',
        patchType: 'merge',
        body,
        bodyFormat: 'json',
      },
      {
        method: 'PATCH',
        url: 'https://127.0.0.1:8443/apis/apps/v1/namespaces/demo/deployments/web/scale',
        hasBody: true,
        ...extra,
      },
    )

  it('a scale patch: --subresource on 1.24+, kubectl scale (the same merge patch) on 1.20', () => {
    expect(labKubectl(scale(v137))).toContain(
      'patch deployments.v1.apps web -n demo --subresource=scale --type merge',
    )
    const old = labKubectl(scale(v120))
    expect(old).not.toContain('--subresource=')
    expect(old).toContain(
      'kubectl --context minikube scale deployments.v1.apps web -n demo --replicas=3',
    )
    expect(old).toContain('# kubectl 1.20 has no --subresource flag (1.24+); kubectl scale sends')
  })

  it('a status patch on 1.20: no kubectl sends it, and it says so', () => {
    const status = scale(v120, '{"status": {"replicas": 3}}')
    status.spec.subresource = 'status'
    expect(labKubectl(status)).toMatch(/^# no kubectl command sends this: kubectl 1\.20 has no /)
    expect(labKubectl(status)).toContain('the curl line does')
  })

  it('a get of a subresource on 1.20 reads it with --raw', () => {
    const i = base(
      { group: 'apps', resource: 'deployments', name: 'web', subresource: 'scale' },
      { url: 'https://127.0.0.1:8443/apis/apps/v1/namespaces/demo/deployments/web/scale', ...v120 },
    )
    expect(labKubectl(i)).toMatch(
      /^kubectl --context minikube get --raw \/apis\/apps\/v1\/namespaces\/demo\/deployments\/web\/scale /,
    )
  })

  it('a TokenRequest: kubectl create token on 1.24+, create --raw on 1.20', () => {
    const token = (extra: Partial<LabEquivalentInput>) =>
      base(
        { verb: 'create', resource: 'serviceaccounts', name: 'default', subresource: 'token' },
        {
          method: 'POST',
          url: 'https://127.0.0.1:8443/api/v1/namespaces/demo/serviceaccounts/default/token',
          hasBody: true,
          ...extra,
        },
      )
    expect(labKubectl(token(v137))).toMatch(
      /^kubectl --context minikube create token default -n demo/,
    )
    expect(labKubectl(token(v120))).toMatch(
      /^kubectl --context minikube create --raw \/api\/v1\/namespaces\/demo\/serviceaccounts\/default\/token -f body\.json/,
    )
    expect(labKubectl(token(v120))).toContain('kubectl 1.20 has no create token command (1.24+)')
  })

  it('a path typed by hand: get --raw, or curl only for a PATCH', () => {
    const raw = (method: string, rawPath: string) =>
      base(
        { rawPath, verb: method === 'GET' ? 'get' : 'patch' },
        { method, url: `https://127.0.0.1:8443${rawPath}`, ...v120 },
      )
    expect(labKubectl(raw('GET', '/readyz?verbose'))).toBe(
      "kubectl --context minikube get --raw '/readyz?verbose'",
    )
    expect(labKubectl(raw('PATCH', '/api/v1/namespaces/demo/configmaps/x'))).toBe(
      '# no kubectl command sends this: kubectl has no --raw form for PATCH; the curl line does',
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
