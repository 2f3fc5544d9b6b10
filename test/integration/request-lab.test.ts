// The request lab against the real control plane: the seed's four identities, the eight verbs on a
// ConfigMap with the stage each response stopped at, the 422 for Reglages_1, a 415, the bare Pod's
// dry run attributed field by field (and nothing stored), a bounded watch, and no token in sight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BARE_POD_YAML, REGLAGES_YAML } from '@common/lab-seed-manifests'
import type { LabIdentityInfo, LabRequestSpec, LabResult } from '@features/lab/messages'
import type { RequestLogEntry } from '@common/kube-types'
import type { Result } from '@common/result'
import { stageSteps } from '@common/stage-steps'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT, VIEWER_CONTEXT, VIEWER_NAMESPACE } from '../cluster/control-plane'
import { cluster, coreFor, createNamespace, kubectl, waitUntil } from './helpers'

let core: ApiscopeCore
let ns: string

const send = async (spec: Partial<LabRequestSpec>): Promise<LabResult> => {
  const res = (await core.invoke('lab:send', {
    identity: 'kubeconfig',
    group: '',
    version: 'v1',
    resource: 'configmaps',
    namespace: ns,
    verb: 'get',
    ...spec,
  })) as Result<LabResult>
  if (!res.ok) throw new Error(`${res.error.title}: ${res.error.detail}`)
  return res.value
}

const REGLAGES = REGLAGES_YAML
const BARE_POD = BARE_POD_YAML

beforeAll(async () => {
  ns = createNamespace('lab')
  core = coreFor()
  const res = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  expect(res.ok).toBe(true)
  // The controller-manager creates the default ServiceAccount (and, up to 1.23, its token
  // Secret, which the ServiceAccount admission plugin of 1.20 needs for a Pod).
  const tokenSecret = cluster().series === '1.20'
  await waitUntil('the default ServiceAccount', 30_000, () => {
    try {
      return kubectl(
        'get',
        'serviceaccount',
        'default',
        '-n',
        ns,
        '-o',
        tokenSecret ? 'jsonpath={.secrets[0].name}' : 'name',
      )
    } catch {
      return undefined
    }
  })
})
afterAll(() => {
  core?.close()
  kubectl('delete', 'namespace', ns, '--wait=false')
})

describe('the four identities', () => {
  it('anonymous is refused at authorization, naming system:anonymous', async () => {
    const r = await send({ identity: 'anonymous', verb: 'list' })
    expect(r.status).toBe(403)
    expect(r.verdict.stoppedAt).toBe('authorization')
    expect(r.verdict.details.rbac?.user).toBe('system:anonymous')
    expect(r.verdict.passed).toEqual(['authentication', 'flow-control'])
    expect(r.curl).not.toContain('Authorization')
  })

  it('a made-up token is refused at authentication (401); the curl shows $TOKEN only', async () => {
    const r = await send({ identity: 'made-up-token', verb: 'list' })
    expect(r.status).toBe(401)
    expect(r.verdict.stoppedAt).toBe('authentication')
    expect(r.curl).toContain('Authorization: Bearer $TOKEN')
    expect(r.kubectl).toContain('--token "$TOKEN"')
    expect(JSON.stringify(r)).not.toMatch(/apiscope-made-up-[0-9a-f]/)
  })

  it('a ServiceAccount token from TokenRequest is refused by RBAC, naming the account', async () => {
    const before = (await core.invoke('lab:identities', {})) as Result<LabIdentityInfo[]>
    expect(before.ok && before.value.find((i) => i.kind === 'service-account')?.ready).toBe(false)
    const notYet = (await core.invoke('lab:send', {
      identity: 'service-account',
      verb: 'list',
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: ns,
    })) as Result<LabResult>
    expect(notYet.ok).toBe(false)
    // It names the namespace the request is for (the one the Mint button names), not the
    // kubeconfig's default.
    if (!notYet.ok) {
      expect(notYet.error.title).toBe('No ServiceAccount token minted yet')
      expect(notYet.error.detail).toContain(`system:serviceaccount:${ns}:default`)
      expect(notYet.error.detail).toContain(
        `POST /api/v1/namespaces/${ns}/serviceaccounts/default/token`,
      )
      expect(notYet.error.nextStep).toBe(
        `Press “Mint token in ${ns}” next to the identity, then send again.`,
      )
      expect(JSON.stringify(notYet.error)).not.toContain('namespace default')
    }

    const minted = (await core.invoke('lab:mint-token', {
      namespace: ns,
    })) as Result<LabIdentityInfo>
    if (!minted.ok) throw new Error(minted.error.title)
    expect(minted.value).toMatchObject({ kind: 'service-account', ready: true })
    expect(minted.value.label).toBe(`ServiceAccount default/${ns}`)
    expect(Date.parse(minted.value.expiresAt ?? '')).toBeGreaterThan(Date.now())
    // Only a description crosses to the renderer: no JWT anywhere in it.
    expect(JSON.stringify(minted.value)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)

    const r = await send({ identity: 'service-account', verb: 'list' })
    expect(r.status).toBe(403)
    expect(r.verdict.stoppedAt).toBe('authorization')
    expect(r.verdict.details.rbac?.user).toBe(`system:serviceaccount:${ns}:default`)
    expect(JSON.stringify(r)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
  })

  it('minting in a namespace without a default ServiceAccount says so', async () => {
    const res = (await core.invoke('lab:mint-token', {
      namespace: 'apiscope-nowhere',
    })) as Result<LabIdentityInfo>
    expect(res.ok).toBe(false)
    if (!res.ok)
      expect(res.error.title).toBe('No ServiceAccount default in namespace apiscope-nowhere')
  })

  it('a kubeconfig user without the right to mint gets a clear RBAC denial', async () => {
    const viewer = coreFor()
    try {
      expect((await viewer.invoke('kube:connect', { context: VIEWER_CONTEXT })).ok).toBe(true)
      const res = (await viewer.invoke('lab:mint-token', {
        namespace: VIEWER_NAMESPACE,
      })) as Result<LabIdentityInfo>
      expect(res.ok).toBe(false)
      if (res.ok) return
      expect(res.error.kind).toBe('forbidden')
      expect(res.error.title).toBe(
        `Your kubeconfig user may not mint tokens for ${VIEWER_NAMESPACE}/default`,
      )
      expect(res.error.detail).toContain('serviceaccounts/token')
      expect(res.error.nextStep).toContain('kubectl auth can-i create serviceaccounts/token')
    } finally {
      viewer.close()
    }
  })

  it('the kubeconfig user (system:masters) reads the list, with APF names resolved', async () => {
    const r = await send({ identity: 'kubeconfig', verb: 'list' })
    expect(r.status).toBe(200)
    expect(r.verdict.stoppedAt).toBe('done')
    expect(r.headers['audit-id']).toMatch(/^[0-9a-f-]{36}$/)
    // system:masters requests go to the exempt flow schema and priority level.
    expect(r.flow.flowSchema?.name).toBe('exempt')
    expect(r.flow.priorityLevel?.name).toBe('exempt')
  })

  it('no token reaches the request log either', async () => {
    const log = (await core.invoke('kube:request-log', {})) as Result<RequestLogEntry[]>
    expect(log.ok).toBe(true)
    if (log.ok) expect(JSON.stringify(log.value)).not.toMatch(/eyJ[\w-]+\.|apiscope-made-up-/)
  })
})

describe('the eight verbs on a ConfigMap', () => {
  let createdRv = ''

  it('create 201, stored in etcd', async () => {
    const r = await send({
      verb: 'create',
      body: REGLAGES,
      bodyFormat: 'yaml',
      fieldManager: 'lab',
    })
    expect(r.status).toBe(201)
    expect(r.verdict.stoppedAt).toBe('done')
    expect(r.kubectl).toContain('create -f body.yaml')
    createdRv = (r.body as { metadata: { resourceVersion: string } }).metadata.resourceVersion
  })

  it('create again: 409 AlreadyExists at etcd', async () => {
    const r = await send({ verb: 'create', body: REGLAGES })
    expect(r.status).toBe(409)
    expect(r.verdict.outcome).toBe('already-exists')
    expect(r.verdict.stoppedAt).toBe('persistence')
  })

  it('get and list (as Table)', async () => {
    expect((await send({ verb: 'get', name: 'reglages' })).status).toBe(200)
    const table = await send({ verb: 'list', asTable: true })
    expect(table.status).toBe(200)
    expect((table.body as { kind: string }).kind).toBe('Table')
  })

  it('merge patch, then JSON patch', async () => {
    const merge = await send({
      verb: 'patch',
      name: 'reglages',
      patchType: 'merge',
      body: '{"data":{"taille":"grande"}}',
      bodyFormat: 'json',
    })
    expect(merge.status).toBe(200)
    expect(merge.verdict.stoppedAt).toBe('done')
    expect(merge.verdict.passed).toContain('mutating-admission')
    expect(merge.request.contentType).toBe('application/merge-patch+json')
    expect(merge.kubectl).toContain('--type merge')
    const json = await send({
      verb: 'patch',
      name: 'reglages',
      patchType: 'json',
      body: '[{"op":"replace","path":"/data/couleur","value":"rouge"}]',
      bodyFormat: 'json',
    })
    expect(json.status).toBe(200)
    expect(json.request.contentType).toBe('application/json-patch+json')
    expect((json.body as { data: Record<string, string> }).data).toEqual({
      couleur: 'rouge',
      taille: 'grande',
    })
  })

  it('a patch with a wrong Content-Type: 415 at decoding', async () => {
    const r = await send({
      verb: 'patch',
      name: 'reglages',
      patchType: 'merge',
      contentTypeOverride: 'application/x-www-form-urlencoded',
      body: '{"data":{"x":"y"}}',
      bodyFormat: 'json',
    })
    expect(r.status).toBe(415)
    expect(r.verdict.stoppedAt).toBe('decoding')
    expect(r.kubectl).toContain('only curl sends application/x-www-form-urlencoded')
  })

  it('PUT with the current resourceVersion: 200; the precondition rides in the body', async () => {
    const live = await send({ verb: 'get', name: 'reglages' })
    const rv = (live.body as { metadata: { resourceVersion: string } }).metadata.resourceVersion
    const r = await send({
      verb: 'update',
      name: 'reglages',
      body: REGLAGES.replace('bleu', 'vert'),
      resourceVersion: rv,
    })
    expect(r.status).toBe(200)
    expect(r.verdict.stoppedAt).toBe('done')
    expect(r.kubectl).toContain('replace -f body.yaml')
  })

  it('PUT with a stale resourceVersion: 409 Conflict at etcd', async () => {
    const r = await send({
      verb: 'update',
      name: 'reglages',
      body: REGLAGES,
      resourceVersion: createdRv,
    })
    expect(r.status).toBe(409)
    expect(r.verdict.outcome).toBe('conflict')
    expect(r.verdict.stoppedAt).toBe('persistence')
    expect(JSON.parse(r.request.body ?? '{}').metadata.resourceVersion).toBe(createdRv)
  })

  it('the precondition comes before validation: a stale PUT of an invalid object is a 409, no ✓ on validation', async () => {
    // The same invalid object (a data key with a space and a "!"), once with a stale
    // resourceVersion, once with none: the server answers 409 first, 422 only without one.
    const invalid = REGLAGES.replace('couleur: bleu', 'couleur: bleu\n  bad key!: x')
    const stale = await send({
      verb: 'update',
      name: 'reglages',
      body: invalid,
      resourceVersion: createdRv,
    })
    expect(stale.status).toBe(409)
    expect(stale.verdict.outcome).toBe('conflict')
    const marks = (r: LabResult) =>
      Object.fromEntries(stageSteps(r.verdict, r.request.verb).map((s) => [s.id, s.mark]))
    expect(marks(stale)['schema-validation']).toBe('not-reached')
    expect(marks(stale)['validating-admission']).toBe('not-reached')
    expect(marks(stale).persistence).toBe('refused')

    const unconditional = await send({ verb: 'update', name: 'reglages', body: invalid })
    expect(unconditional.status).toBe(422)
    expect(unconditional.verdict.details.causes?.[0]?.field).toBe('data[bad key!]')
    expect(marks(unconditional)['schema-validation']).toBe('refused')
    expect(marks(unconditional).persistence).toBe('not-reached')
  })

  it('a bounded watch shows the first events, then closes', async () => {
    const r = await send({ verb: 'watch', watchSeconds: 1.5 })
    expect(r.status).toBe(200)
    expect(r.watch?.events.some((e) => e.type === 'ADDED' && e.name === 'reglages')).toBe(true)
    expect(r.watch?.closedAfterMs).toBeLessThan(4000)
  })

  it('delete, then deletecollection', async () => {
    const del = await send({ verb: 'delete', name: 'reglages' })
    expect(del.status).toBe(200)
    expect(del.verdict.stoppedAt).toBe('done')
    // A delete is not schema-validated: that stage is not part of it, and never gets a ✓.
    const delMarks = Object.fromEntries(
      stageSteps(del.verdict, 'delete').map((s) => [s.id, s.mark]),
    )
    expect(delMarks['schema-validation']).toBe('not-applicable')
    expect(delMarks.persistence).toBe('passed')
    const gone = await send({ verb: 'get', name: 'reglages' })
    expect(gone.status).toBe(404)
    const all = await send({ verb: 'deletecollection', labelSelector: 'lab=none' })
    expect(all.status).toBe(200)
  })

  it('422 for the name Reglages_1, with its cause, at schema validation', async () => {
    const r = await send({ verb: 'create', body: REGLAGES.replace('reglages', 'Reglages_1') })
    expect(r.status).toBe(422)
    expect(r.verdict.stoppedAt).toBe('schema-validation')
    expect(r.verdict.details.causes?.[0]).toMatchObject({
      field: 'metadata.name',
      reason: 'FieldValueInvalid',
    })
  })
})

describe('the bare Pod dry run', () => {
  it('nine lines in, a full object out, each addition attributed, nothing stored', async () => {
    const r = await send({ verb: 'create', resource: 'pods', body: BARE_POD, dryRun: true })
    expect(r.status).toBe(201)
    expect(r.verdict.outcome).toBe('dry-run')
    const diff = r.dryRunDiff
    if (!diff) throw new Error('no dry-run diff')
    expect(diff.sentLines).toBe(8) // the seed's pod-nu.yaml, as typed
    expect(diff.returnedLines).toBeGreaterThan(50)
    const by = (path: string) => diff.entries.find((e) => e.path === path)?.attribution
    expect(by('metadata.uid')?.source).toBe('server-metadata')
    expect(by('spec.restartPolicy')?.source).toBe('defaulting')
    expect(by('spec.containers[c].imagePullPolicy')?.source).toBe('defaulting')
    expect(by('spec.serviceAccountName')?.by).toBe('ServiceAccount')
    expect(by('spec.tolerations[node.kubernetes.io/not-ready]')?.by).toBe(
      'DefaultTolerationSeconds',
    )
    expect(by('spec.tolerations[node.kubernetes.io/unreachable]')?.by).toBe(
      'DefaultTolerationSeconds',
    )
    expect(by('spec.priority')?.by).toBe('Priority')
    expect(by('status.qosClass')?.source).toBe('computed')
    const volume = diff.entries.find((e) => e.path.startsWith('spec.volumes['))
    expect(volume?.attribution?.by).toBe('ServiceAccount')
    expect(diff.counts.unattributed).toBe(0)
    // The lab lists MutatingWebhookConfigurations to say what it can about webhooks.
    expect(diff.webhookNote).toMatch(/no MutatingWebhookConfiguration|Configured on this server/)
    expect(r.kubectl).toContain('--dry-run=server')

    const after = await send({ verb: 'get', resource: 'pods', name: 'nu' })
    expect(after.status).toBe(404)
  })
})

describe('subresources', () => {
  it('a TokenRequest composed in the lab: 201, and the token in the answer is redacted', async () => {
    const r = await send({
      verb: 'create',
      resource: 'serviceaccounts',
      name: 'default',
      subresource: 'token',
      body: '{"apiVersion":"authentication.k8s.io/v1","kind":"TokenRequest","spec":{}}',
      bodyFormat: 'json',
    })
    expect(r.status).toBe(201)
    expect(r.request.path).toBe(`/api/v1/namespaces/${ns}/serviceaccounts/default/token`)
    expect((r.body as { status: { token: string } }).status.token).toBe('<redacted>')
    expect(r.redacted).toEqual(['/status/token'])
    expect(JSON.stringify(r)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
    // Computed on the spot: etcd is not part of a TokenRequest, and gets no ✓.
    const marks = Object.fromEntries(stageSteps(r.verdict, 'create').map((s) => [s.id, s.mark]))
    expect(marks.persistence).toBe('not-applicable')
    expect(marks['validating-admission']).toBe('passed')
  })

  it('a subresource discovery does not list is refused before sending', async () => {
    const res = (await core.invoke('lab:send', {
      identity: 'kubeconfig',
      verb: 'get',
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: ns,
      name: 'x',
      subresource: 'scale',
    })) as Result<LabResult>
    expect(res.ok).toBe(false)
    if (!res.ok) expect(res.error.title).toBe('configmaps has no subresource scale')
  })
})

describe('bad input', () => {
  it('a resource discovery does not list, and a get without a name, are clear errors', async () => {
    const unknown = (await core.invoke('lab:send', {
      identity: 'kubeconfig',
      verb: 'list',
      group: 'nowhere.example',
      version: 'v1',
      resource: 'things',
    })) as Result<LabResult>
    expect(unknown.ok).toBe(false)
    if (!unknown.ok) expect(unknown.error.title).toContain('does not serve things')
    const noName = (await core.invoke('lab:send', {
      identity: 'kubeconfig',
      verb: 'get',
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: ns,
    })) as Result<LabResult>
    expect(noName.ok).toBe(false)
  })
})
