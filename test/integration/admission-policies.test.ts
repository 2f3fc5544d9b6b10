// CEL admission policies against the real API server, through the request lab and live traffic:
// a ValidatingAdmissionPolicy's Deny stops a Deployment at validating admission and the lab names
// the policy and its binding from the server's own message; Warn comes back as a Warning header,
// Audit as the audit annotation validation.policy.admission.k8s.io/validation_failure (read from the
// audit log the server writes); MutatingAdmissionPolicies' changes in a dry run are attributed to
// the policies whose bindings match, by name, all of them where more than one could have made it.
// On 1.20 neither API is served: the POSTs answer 404 and the lab says nothing about policies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LabRequestSpec, LabResult } from '@features/lab/messages'
import type { TrafficBatch, TrafficRequest, TrafficSourceStatus } from '@features/traffic/messages'
import { stageSteps } from '@common/stage-steps'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { auditLogLines } from '../cluster/audit-log-lines'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { cluster, coreFor, createNamespace, kubectl, onOldest, unwrap, waitUntil } from './helpers'

let core: ApiscopeCore
let ns: string
let otherNs: string
let tail: TrafficSourceStatus | undefined
const seen = new Map<string, TrafficRequest>()
/** Cluster-scoped objects this file created, deleted at the end. */
const created: string[] = []

const ADMISSION = '/apis/admissionregistration.k8s.io/v1'

const deployment = (name: string, replicas: number, labels: Record<string, string> = {}) =>
  JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [{ name: 'c', image: 'registry.k8s.io/e2e-test-images/agnhost:2.61' }],
        },
      },
    },
  })

const send = async (spec: Partial<LabRequestSpec>): Promise<LabResult> =>
  unwrap<LabResult>(
    await core.invoke('lab:send', {
      identity: 'kubeconfig',
      group: 'apps',
      version: 'v1',
      resource: 'deployments',
      namespace: ns,
      verb: 'create',
      dryRun: true,
      ...spec,
    }),
  )

/** POSTs a cluster-scoped admission object as the admin; its status code. */
async function post(resource: string, body: unknown): Promise<number> {
  const res = await core.currentSession!.transport.request({
    method: 'POST',
    path: `${ADMISSION}/${resource}`,
    body,
  })
  if (res.status === 201) {
    const name = (body as { metadata: { name: string } }).metadata.name
    created.push(`${resource}/${name}`)
  }
  return res.status
}

const onlyIn = (namespace: string) => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } },
})

function maxReplicasPolicy(name: string) {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingAdmissionPolicy',
    metadata: { name },
    spec: {
      failurePolicy: 'Fail',
      matchConstraints: {
        resourceRules: [
          {
            apiGroups: ['apps'],
            apiVersions: ['v1'],
            operations: ['CREATE', 'UPDATE'],
            resources: ['deployments'],
          },
        ],
      },
      validations: [
        {
          expression: 'object.spec.replicas <= 5',
          message: 'replicas must be at most 5',
          reason: 'Invalid',
        },
      ],
    },
  }
}

function binding(kind: 'Validating' | 'Mutating', name: string, policy: string, extra = {}) {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: `${kind}AdmissionPolicyBinding`,
    metadata: { name },
    spec: { policyName: policy, matchResources: onlyIn(ns), ...extra },
  }
}

/** A MutatingAdmissionPolicy on Deployment creates that merges `metadata` into the object. */
function mutatingPolicy(name: string, metadataCel: string) {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingAdmissionPolicy',
    metadata: { name },
    spec: {
      matchConstraints: {
        resourceRules: [
          {
            apiGroups: ['apps'],
            apiVersions: ['v1'],
            operations: ['CREATE'],
            resources: ['deployments'],
          },
        ],
      },
      reinvocationPolicy: 'Never',
      mutations: [
        {
          patchType: 'ApplyConfiguration',
          applyConfiguration: {
            expression: `Object{metadata: Object.metadata{${metadataCel}}}`,
          },
        },
      ],
    },
  }
}

const suffix = Date.now().toString(36)
const DENY = `apiscope-test-deny-${suffix}`
const WARN = `apiscope-test-warn-${suffix}`
const AUDIT = `apiscope-test-audit-${suffix}`

beforeAll(async () => {
  ns = createNamespace('policies')
  otherNs = createNamespace('policies-none')
  core = coreFor()
  core.onEvent((channel, payload) => {
    if (channel !== 'traffic:batch') return
    for (const r of (payload as TrafficBatch).requests) seen.set(r.auditId, r)
  })
  unwrap(await core.invoke('kube:connect', { context: ADMIN_CONTEXT }))
  tail = unwrap<TrafficSourceStatus>(
    await core.invoke('traffic:start-log-tail', { path: cluster().auditLog }),
  )
}, 30_000)

afterAll(async () => {
  try {
    for (const object of created.reverse()) kubectl('delete', object, '--ignore-not-found')
    if (tail) await core.invoke('traffic:stop-source', { id: tail.id })
  } finally {
    kubectl('delete', 'namespace', ns, otherNs, '--wait=false')
    core?.close()
  }
})

/** Sends until the answer is the expected one: a new policy takes a moment to be loaded. */
async function sendUntil(spec: Partial<LabRequestSpec>, done: (r: LabResult) => boolean) {
  let last: LabResult
  const deadline = Date.now() + 20_000
  for (;;) {
    last = await send(spec)
    if (done(last) || Date.now() > deadline) return last
    await new Promise((r) => setTimeout(r, 300))
  }
}

describe.skipIf(onOldest())('ValidatingAdmissionPolicy on 1.30+', () => {
  it(
    'a Deny stops the request at validating admission, naming the policy and binding; the traffic row too',
    { timeout: 60_000 },
    async () => {
      expect(await post('validatingadmissionpolicies', maxReplicasPolicy(DENY))).toBe(201)
      expect(
        await post(
          'validatingadmissionpolicybindings',
          binding('Validating', `${DENY}-binding`, DENY, { validationActions: ['Deny', 'Audit'] }),
        ),
      ).toBe(201)
      const r = await sendUntil({ body: deployment('sept', 7) }, (x) => x.status === 422)
      expect(r.status).toBe(422)
      // The server's own sentence, parsed.
      expect((r.body as { message: string }).message).toBe(
        `deployments.apps "sept" is forbidden: ValidatingAdmissionPolicy '${DENY}' with binding '${DENY}-binding' denied request: replicas must be at most 5`,
      )
      expect(r.verdict).toMatchObject({
        stoppedAt: 'validating-admission',
        outcome: 'denied-by-policy',
        details: { policy: DENY, policyBinding: `${DENY}-binding` },
      })
      expect(r.verdict.explanation).toContain(
        `The ValidatingAdmissionPolicy ${DENY}, through its binding ${DENY}-binding (action Deny), refused it in validating admission: "replicas must be at most 5"`,
      )
      const steps = stageSteps(r.verdict, 'create', 'deployments')
      expect(steps.find((s) => s.mark === 'refused')?.id).toBe('validating-admission')
      expect(steps.filter((s) => s.mark === 'passed').map((s) => s.id)).toContain(
        'schema-validation',
      )
      // The same request in live traffic, from the audit log: stopped there, the binding's
      // Audit action read from its annotation.
      const id = String(r.headers['audit-id'])
      const row = await waitUntil('the denial in live traffic', 20_000, () => seen.get(id))
      expect(row).toMatchObject({ code: 422, stoppedAt: 'validating-admission' })
      expect(row.policyFailures).toEqual([
        {
          policy: DENY,
          binding: `${DENY}-binding`,
          message: 'replicas must be at most 5',
          actions: ['Deny', 'Audit'],
          seenIn: ['audit-annotation', 'status'],
        },
      ])
      // Within the limit, the same request goes through (a dry run: nothing stored).
      const ok = await send({ body: deployment('trois', 3) })
      expect(ok).toMatchObject({ status: 201, verdict: { outcome: 'dry-run' } })
      expect(ok.verdict.details.policyFailures).toBeUndefined()
      // Outside the binding's namespace, no policy applies.
      expect((await send({ namespace: otherNs, body: deployment('sept', 7) })).status).toBe(201)
    },
  )

  it(
    'a Warn comes back as a Warning header, an Audit as the audit annotation',
    { timeout: 60_000 },
    async () => {
      expect(await post('validatingadmissionpolicies', maxReplicasPolicy(WARN))).toBe(201)
      expect(
        await post(
          'validatingadmissionpolicybindings',
          binding('Validating', `${WARN}-binding`, WARN, { validationActions: ['Warn'] }),
        ),
      ).toBe(201)
      expect(await post('validatingadmissionpolicies', maxReplicasPolicy(AUDIT))).toBe(201)
      expect(
        await post(
          'validatingadmissionpolicybindings',
          binding('Validating', `${AUDIT}-binding`, AUDIT, { validationActions: ['Audit'] }),
        ),
      ).toBe(201)
      // Six replicas break the Deny policy's rule too: its binding goes first.
      kubectl('delete', `validatingadmissionpolicybindings/${DENY}-binding`, '--ignore-not-found')
      const r = await sendUntil(
        { body: deployment('six', 6) },
        (x) =>
          x.status === 201 &&
          (x.verdict.details.policyFailures ?? []).some((f) => f.policy === WARN) &&
          x.audit?.state === 'received' &&
          (x.verdict.details.policyFailures ?? []).some((f) => f.policy === AUDIT),
      )
      expect(r.status).toBe(201)
      expect(r.verdict.outcome).toBe('dry-run')
      expect(r.headers.warning).toContain(
        `Validation failed for ValidatingAdmissionPolicy '${WARN}' with binding '${WARN}-binding': replicas must be at most 5`,
      )
      const failures = r.verdict.details.policyFailures ?? []
      expect(failures.find((f) => f.policy === WARN)).toMatchObject({
        binding: `${WARN}-binding`,
        actions: ['Warn'],
        seenIn: ['warning'],
      })
      expect(failures.find((f) => f.policy === AUDIT)).toMatchObject({
        binding: `${AUDIT}-binding`,
        actions: ['Audit'],
        seenIn: ['audit-annotation'],
      })
      expect(r.verdict.explanation).toContain(`${WARN} (binding ${WARN}-binding) failed`)
      expect(r.verdict.explanation).toContain('left a Warning header')
      expect(r.verdict.explanation).toContain('left an audit annotation')
    },
  )
})

describe.skipIf(onOldest())('a policy that quotes a Secret', () => {
  it(
    'shows neither its Warn nor its Audit message about a Secret, in the lab, the live traffic row or its raw audit events',
    { timeout: 60_000 },
    async () => {
      const name = `apiscope-test-quote-${suffix}`
      const canary = `canary-${suffix}`
      expect(
        await post('validatingadmissionpolicies', {
          apiVersion: 'admissionregistration.k8s.io/v1',
          kind: 'ValidatingAdmissionPolicy',
          metadata: { name },
          spec: {
            failurePolicy: 'Fail',
            matchConstraints: {
              resourceRules: [
                {
                  apiGroups: [''],
                  apiVersions: ['v1'],
                  operations: ['CREATE'],
                  resources: ['secrets'],
                },
              ],
            },
            validations: [
              {
                expression: "!has(object.data) || !('motdepasse' in object.data)",
                messageExpression: "'motdepasse is ' + string(object.data['motdepasse'])",
              },
            ],
          },
        }),
      ).toBe(201)
      expect(
        await post(
          'validatingadmissionpolicybindings',
          binding('Validating', `${name}-binding`, name, { validationActions: ['Warn', 'Audit'] }),
        ),
      ).toBe(201)
      const r = await sendUntil(
        {
          group: '',
          resource: 'secrets',
          body: JSON.stringify({
            apiVersion: 'v1',
            kind: 'Secret',
            metadata: { name: 'acces' },
            stringData: { motdepasse: canary },
          }),
        },
        (x) => x.headers.warning !== undefined && x.audit?.state === 'received',
      )
      expect(r.status).toBe(201)
      expect(r.audit?.state).toBe('received')
      const id = String(r.headers['audit-id'])
      const row = await waitUntil('the Secret’s audit event', 20_000, () => seen.get(id))
      expect(row.code).toBe(201)
      // The server quoted the value (as the API holds it, base64) in its audit annotation...
      const quoted = Buffer.from(canary).toString('base64')
      const logged = auditLogLines(cluster().auditLog).filter((line) => line.includes(id))
      expect(logged.join('\n')).toContain(`motdepasse is ${quoted}`)
      // ...and neither the lab nor the live traffic row of the same request shows it.
      for (const shown of [JSON.stringify(r), JSON.stringify(row)]) {
        expect(shown).not.toContain(canary)
        expect(shown).not.toContain(quoted)
      }
      expect(r.verdict.details.policyFailures).toBeUndefined()
      expect(row.policyFailures).toBeUndefined()
      // Nor the request's detail, with its raw audit events: the annotation is redacted there.
      const detail = await core.invoke('traffic:event-detail', { auditId: id })
      if (!detail.ok) throw new Error(detail.error.title)
      const raw = JSON.stringify(detail.value)
      expect(raw).toContain('validation.policy.admission.k8s.io/validation_failure')
      expect(raw).not.toContain(canary)
      expect(raw).not.toContain(quoted)
    },
  )
})

describe.skipIf(onOldest())('MutatingAdmissionPolicy on 1.36+', () => {
  it(
    'a dry run’s changes are attributed to the matching policies by name, all of them where two could',
    { timeout: 60_000 },
    async () => {
      const team = `apiscope-test-team-${suffix}`
      const teamToo = `apiscope-test-team-too-${suffix}`
      const reviewed = `apiscope-test-reviewed-${suffix}`
      const elsewhere = `apiscope-test-elsewhere-${suffix}`
      expect(
        await post('mutatingadmissionpolicies', mutatingPolicy(team, 'labels: {"team": "web"}')),
      ).toBe(201)
      expect(
        await post('mutatingadmissionpolicies', mutatingPolicy(teamToo, 'labels: {"team": "web"}')),
      ).toBe(201)
      expect(
        await post(
          'mutatingadmissionpolicies',
          mutatingPolicy(reviewed, 'annotations: {"reviewed": "yes"}'),
        ),
      ).toBe(201)
      expect(
        await post(
          'mutatingadmissionpolicies',
          mutatingPolicy(elsewhere, 'labels: {"elsewhere": "yes"}'),
        ),
      ).toBe(201)
      for (const p of [team, teamToo, reviewed])
        expect(
          await post('mutatingadmissionpolicybindings', binding('Mutating', `${p}-binding`, p)),
        ).toBe(201)
      // Bound to the other namespace only: it must not be named.
      expect(
        await post('mutatingadmissionpolicybindings', {
          ...binding('Mutating', `${elsewhere}-binding`, elsewhere),
          spec: { policyName: elsewhere, matchResources: onlyIn(otherNs) },
        }),
      ).toBe(201)
      const r = await sendUntil(
        { body: deployment('vitrine', 2) },
        (x) =>
          (x.body as { metadata?: { annotations?: Record<string, string> } }).metadata?.annotations
            ?.reviewed === 'yes' &&
          (x.body as { metadata?: { labels?: Record<string, string> } }).metadata?.labels?.team ===
            'web',
      )
      expect(r.status).toBe(201)
      const diff = r.dryRunDiff
      if (!diff) throw new Error('no dry-run diff')
      const label = diff.entries.find((e) => e.path === 'metadata.labels.team')
      expect(label).toMatchObject({ change: 'added', returned: 'web' })
      expect(label?.attribution).toMatchObject({
        source: 'mutating-policy',
        stage: 'mutating-admission',
        by: `${team}, ${teamToo}`,
      })
      expect(label?.attribution?.explanation).toContain('more than one could have made it')
      const annotation = diff.entries.find((e) => e.path === 'metadata.annotations.reviewed')
      expect(annotation?.attribution).toMatchObject({ source: 'mutating-policy', by: reviewed })
      expect(annotation?.attribution?.explanation).toContain('the only one that could have made it')
      expect(diff.counts.unattributed).toBe(0)
      expect(diff.policyNote).toContain(`${reviewed} (binding ${reviewed}-binding)`)
      expect(diff.policyNote).not.toContain(elsewhere)
      // The server wrote no audit annotation naming a policy.
      if (r.audit?.state === 'received') expect(JSON.stringify(r.audit)).not.toContain(team)
    },
  )
})

describe.runIf(onOldest())('1.20: no CEL admission policies', () => {
  it('the policy APIs answer 404 and the lab says nothing of policies', async () => {
    expect(await post('validatingadmissionpolicies', maxReplicasPolicy(DENY))).toBe(404)
    expect(
      await post('mutatingadmissionpolicies', mutatingPolicy(DENY, 'labels: {"a": "b"}')),
    ).toBe(404)
    const r = await send({ body: deployment('sept', 7) })
    expect(r).toMatchObject({ status: 201, verdict: { outcome: 'dry-run' } })
    expect(r.verdict.details.policyFailures).toBeUndefined()
    expect(r.dryRunDiff?.policyNote).toBeUndefined()
    expect(r.dryRunDiff?.counts['mutating-policy']).toBe(0)
  })
})
