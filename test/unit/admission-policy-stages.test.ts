// ValidatingAdmissionPolicy answers as kube-apiserver 1.37.2 sent them (copied from curl against
// the test control plane; test/integration/admission-policies.test.ts sends the same live): the
// Status of a Deny, the Warning header of a Warn, the audit annotation of an Audit.
import { describe, expect, it } from 'vitest'
import { splitWarnings, stageOfResponse } from '@common/request-stages'

const DENIAL =
  "ValidatingAdmissionPolicy 'probe-max-replicas' with binding 'probe-max-replicas-binding' denied request: replicas must be at most 5"
const denialBody = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: `deployments.apps "web" is forbidden: ${DENIAL}`,
  reason: 'Invalid',
  details: { name: 'web', group: 'apps', kind: 'deployments', causes: [{ message: DENIAL }] },
  code: 422,
}
const annotation = (actions: string[]) => ({
  'authorization.k8s.io/decision': 'allow',
  'authorization.k8s.io/reason': '',
  'validation.policy.admission.k8s.io/validation_failure': JSON.stringify([
    {
      message: 'replicas must be at most 5',
      policy: 'probe-max-replicas',
      binding: 'probe-max-replicas-binding',
      expressionIndex: 0,
      validationActions: actions,
    },
  ]),
})
const WARNING =
  "299 - \"Validation failed for ValidatingAdmissionPolicy 'probe-max-replicas' with binding 'probe-max-replicas-binding': replicas must be at most 5\""

describe('ValidatingAdmissionPolicy in the stage model', () => {
  it('a Deny stops at validating admission and names the policy and its binding', () => {
    const verdict = stageOfResponse({
      method: 'POST',
      verb: 'create',
      resource: 'deployments',
      dryRun: true,
      status: 422,
      body: denialBody,
    })
    expect(verdict).toMatchObject({
      stoppedAt: 'validating-admission',
      outcome: 'denied-by-policy',
      passed: [
        'authentication',
        'flow-control',
        'authorization',
        'decoding',
        'mutating-admission',
        'schema-validation',
      ],
      details: {
        policy: 'probe-max-replicas',
        policyBinding: 'probe-max-replicas-binding',
        policyFailures: [
          {
            policy: 'probe-max-replicas',
            binding: 'probe-max-replicas-binding',
            message: 'replicas must be at most 5',
            actions: ['Deny'],
            seenIn: ['status'],
          },
        ],
      },
    })
    expect(verdict.explanation).toContain(
      'The ValidatingAdmissionPolicy probe-max-replicas, through its binding probe-max-replicas-binding (action Deny), refused it',
    )
    expect(verdict.explanation).toContain('"replicas must be at most 5"')
  })

  it('Deny with Audit: the annotation lists both actions and the explanation says it audits', () => {
    const verdict = stageOfResponse({
      method: 'POST',
      status: 422,
      body: denialBody,
      auditAnnotations: annotation(['Deny', 'Audit']),
    })
    expect(verdict.details.policyFailures).toEqual([
      {
        policy: 'probe-max-replicas',
        binding: 'probe-max-replicas-binding',
        message: 'replicas must be at most 5',
        actions: ['Deny', 'Audit'],
        seenIn: ['audit-annotation', 'status'],
      },
    ])
    expect(verdict.explanation).toContain('also audits')
  })

  it('a Warn lets the request through and shows as its Warning header', () => {
    const verdict = stageOfResponse({
      method: 'POST',
      verb: 'create',
      resource: 'deployments',
      dryRun: true,
      status: 201,
      body: { kind: 'Deployment', metadata: { name: 'web' } },
      headers: { warning: WARNING },
    })
    expect(verdict.outcome).toBe('dry-run')
    expect(verdict.details.policyFailures).toEqual([
      {
        policy: 'probe-max-replicas',
        binding: 'probe-max-replicas-binding',
        message: 'replicas must be at most 5',
        actions: ['Warn'],
        seenIn: ['warning'],
      },
    ])
    expect(verdict.explanation).toContain(
      'ValidatingAdmissionPolicy probe-max-replicas (binding probe-max-replicas-binding) failed ("replicas must be at most 5") with Warn, not Deny',
    )
    expect(verdict.explanation).toContain('left a Warning header.')
  })

  it('an Audit alone shows only in the audit annotation; Warn and Audit in both', () => {
    const audited = stageOfResponse({
      method: 'POST',
      status: 201,
      body: { kind: 'Deployment', metadata: { name: 'web', resourceVersion: '5' } },
      auditAnnotations: annotation(['Audit']),
    })
    expect(audited.outcome).toBe('success')
    expect(audited.details.policyFailures?.[0]).toMatchObject({
      actions: ['Audit'],
      seenIn: ['audit-annotation'],
    })
    expect(audited.explanation).toContain('with Audit, not Deny')
    expect(audited.explanation).toContain('left an audit annotation.')
    const both = stageOfResponse({
      method: 'POST',
      status: 201,
      body: { kind: 'Deployment', metadata: { name: 'web', resourceVersion: '5' } },
      headers: { Warning: WARNING },
      auditAnnotations: annotation(['Warn', 'Audit']),
    })
    expect(both.details.policyFailures?.[0]).toMatchObject({
      actions: ['Warn', 'Audit'],
      seenIn: ['audit-annotation', 'warning'],
    })
    expect(both.explanation).toContain('a Warning header and an audit annotation')
  })

  it('splits a header that joins several warnings, and ignores warnings that are not a policy’s', () => {
    const other = '299 - "unknown field \\"spec.foo\\""'
    expect(splitWarnings(`${WARNING}, ${other}`)).toEqual([WARNING, other])
    const verdict = stageOfResponse({
      method: 'POST',
      status: 201,
      body: { metadata: { resourceVersion: '5' } },
      headers: { Warning: other },
    })
    expect(verdict.details.policyFailures).toBeUndefined()
  })
})
