// The stage model over responses recorded from the real v1.20.2 API server
// (test/fixtures/recorded/1.20/stages, made by scripts/record-stage-fixtures.ts), each with the
// annotations of its audit event, as Apiscope gets them when it can read the audit stream.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  READ_PATH,
  REQUEST_STAGES,
  WRITE_PATH,
  parseRbacForbiddenMessage,
  stageOfResponse,
  type StageId,
  type StageOutcome,
  type StageVerdict,
} from '@common/request-stages'

/** The same requests recorded from both release lines (scripts/record-stage-fixtures.ts). */
const SERIES = ['1.20', '1.37'] as const
type Series = (typeof SERIES)[number]
const fixturesOf = (series: Series) =>
  path.join(__dirname, '../fixtures/recorded', series, 'stages')

interface StageFixture {
  request: { method: string; path: string }
  response: { status: number; headers: Record<string, string>; body: unknown }
  audit: { verb: string; annotations: Record<string, string> } | null
}

const fixture = (name: string, series: Series = '1.20') =>
  JSON.parse(readFileSync(path.join(fixturesOf(series), `${name}.json`), 'utf8')) as StageFixture

/** The verdict on a recorded response; `withAudit: false` reads the response alone. */
function verdictOf(
  name: string,
  { withAudit = true, series = '1.20' as Series } = {},
): StageVerdict {
  const { request, response, audit } = fixture(name, series)
  return stageOfResponse({
    method: request.method,
    ...(withAudit && audit ? { verb: audit.verb, auditAnnotations: audit.annotations } : {}),
    dryRun: request.path.includes('dryRun=All'),
    status: response.status,
    body: response.body,
    headers: response.headers,
  })
}

const before = (pathOfStages: readonly StageId[], stage: StageId) =>
  pathOfStages.slice(0, pathOfStages.indexOf(stage))

const expected: Record<
  string,
  { stoppedAt: StageVerdict['stoppedAt']; outcome: StageOutcome; passed: readonly StageId[] }
> = {
  'identity-invented-token-401': {
    stoppedAt: 'authentication',
    outcome: 'unauthenticated',
    passed: [],
  },
  'identity-anonymous-list-403': {
    stoppedAt: 'authorization',
    outcome: 'forbidden-rbac',
    passed: ['authentication', 'flow-control'],
  },
  'identity-serviceaccount-list-403': {
    stoppedAt: 'authorization',
    outcome: 'forbidden-rbac',
    passed: ['authentication', 'flow-control'],
  },
  'anonymous-list-nodes-403': {
    stoppedAt: 'authorization',
    outcome: 'forbidden-rbac',
    passed: ['authentication', 'flow-control'],
  },
  'anonymous-metrics-403': {
    stoppedAt: 'authorization',
    outcome: 'forbidden-rbac',
    passed: ['authentication', 'flow-control'],
  },
  'viewer-exec-403': {
    stoppedAt: 'authorization',
    outcome: 'forbidden-rbac',
    passed: ['authentication', 'flow-control'],
  },
  'viewer-create-deployment-403': {
    stoppedAt: 'authorization',
    outcome: 'forbidden-rbac',
    passed: ['authentication', 'flow-control'],
  },
  'viewer-create-403': {
    stoppedAt: 'authorization',
    outcome: 'forbidden-rbac',
    passed: ['authentication', 'flow-control'],
  },
  'identity-admin-list-200': { stoppedAt: 'done', outcome: 'success', passed: READ_PATH },
  'get-200': { stoppedAt: 'done', outcome: 'success', passed: READ_PATH },
  'apf-served-200': { stoppedAt: 'done', outcome: 'success', passed: READ_PATH },
  'create-201': { stoppedAt: 'done', outcome: 'success', passed: WRITE_PATH },
  'merge-patch-200': { stoppedAt: 'done', outcome: 'success', passed: WRITE_PATH },
  'json-patch-200': { stoppedAt: 'done', outcome: 'success', passed: WRITE_PATH },
  'delete-200': {
    stoppedAt: 'done',
    outcome: 'success',
    passed: WRITE_PATH.filter((stage) => stage !== 'schema-validation'),
  },
  'webhook-mutated-201': { stoppedAt: 'done', outcome: 'success', passed: WRITE_PATH },
  'dry-run-create-pod-201': {
    stoppedAt: 'persistence',
    outcome: 'dry-run',
    passed: before(WRITE_PATH, 'persistence'),
  },
  'create-again-409-already-exists': {
    stoppedAt: 'persistence',
    outcome: 'already-exists',
    passed: before(WRITE_PATH, 'persistence'),
  },
  // The resourceVersion is compared inside the storage update, after mutating admission and
  // before validation: the stages in between never ran.
  'put-stale-resourceversion-409-conflict': {
    stoppedAt: 'persistence',
    outcome: 'conflict',
    passed: ['authentication', 'flow-control', 'authorization', 'decoding', 'mutating-admission'],
  },
  'apply-conflict-409': {
    stoppedAt: 'decoding',
    outcome: 'apply-conflict',
    passed: ['authentication', 'flow-control', 'authorization'],
  },
  'get-deleted-404': {
    stoppedAt: 'storage-read',
    outcome: 'not-found',
    passed: before(READ_PATH, 'storage-read'),
  },
  'create-in-missing-namespace-404': {
    stoppedAt: 'mutating-admission',
    outcome: 'namespace-not-found',
    passed: before(WRITE_PATH, 'mutating-admission'),
  },
  'namespace-terminating-403': {
    stoppedAt: 'mutating-admission',
    outcome: 'forbidden-admission',
    passed: before(WRITE_PATH, 'mutating-admission'),
  },
  'create-invalid-name-422': {
    stoppedAt: 'schema-validation',
    outcome: 'invalid',
    passed: before(WRITE_PATH, 'schema-validation'),
  },
  'create-malformed-json-400': {
    stoppedAt: 'decoding',
    outcome: 'bad-request',
    passed: before(WRITE_PATH, 'decoding'),
  },
  'patch-form-content-type-415': {
    stoppedAt: 'decoding',
    outcome: 'unsupported-media-type',
    passed: before(WRITE_PATH, 'decoding'),
  },
  'webhook-denied-mutating-403': {
    stoppedAt: 'mutating-admission',
    outcome: 'denied-by-webhook',
    passed: before(WRITE_PATH, 'mutating-admission'),
  },
  'webhook-denied-validating-403': {
    stoppedAt: 'validating-admission',
    outcome: 'denied-by-webhook',
    passed: before(WRITE_PATH, 'validating-admission'),
  },
  'webhook-unreachable-500': {
    stoppedAt: 'mutating-admission',
    outcome: 'webhook-call-failed',
    passed: before(WRITE_PATH, 'mutating-admission'),
  },
  'apf-rejected-429': {
    stoppedAt: 'flow-control',
    outcome: 'throttled',
    passed: ['authentication'],
  },
}

describe('the stages', () => {
  it('lists every stage once, the write path in order, then the read branch and the relay', () => {
    const ids = REQUEST_STAGES.map((stage) => stage.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...WRITE_PATH, 'storage-read', 'aggregation'])
    expect(READ_PATH).toEqual(['authentication', 'flow-control', 'authorization', 'storage-read'])
    expect(REQUEST_STAGES.every((stage) => stage.label.length > 0)).toBe(true)
  })
})

describe.each(SERIES)('stageOfResponse on responses recorded from %s', (series) => {
  it('has an expectation for every recorded fixture', () => {
    const recorded = readdirSync(fixturesOf(series))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''))
    expect(recorded.sort()).toEqual(Object.keys(expected).sort())
  })

  it.each(Object.entries(expected))('%s', (name, { stoppedAt, outcome, passed }) => {
    const verdict = verdictOf(name, { series })
    expect({ stoppedAt: verdict.stoppedAt, outcome: verdict.outcome }).toEqual({
      stoppedAt,
      outcome,
    })
    expect(verdict.passed).toEqual(passed)
    expect(verdict.candidates).toEqual([])
    expect(verdict.details.httpStatus).toBe(fixture(name, series).response.status)
    expect(verdict.explanation).toMatch(/^[A-Z].*\.\)?$/s)
  })
})

describe('authentication and authorization', () => {
  it('401 says nothing more, and the model invents nothing', () => {
    const verdict = verdictOf('identity-invented-token-401')
    expect(verdict.details.rbac).toBeUndefined()
    expect(verdict.explanation).toContain('system:anonymous')
  })

  it('names the seed’s anonymous user, verb, resource, core group and namespace', () => {
    const verdict = verdictOf('identity-anonymous-list-403')
    expect(verdict.details.rbac).toEqual({
      user: 'system:anonymous',
      verb: 'list',
      resource: 'configmaps',
      group: '',
      namespace: 'apiscope-stages',
    })
    expect(verdict.details.authorizationDecision).toBe('forbid')
    expect(verdict.explanation).toContain('No credential was sent')
  })

  it('names the ServiceAccount as system:serviceaccount:<ns>:<name>', () => {
    expect(verdictOf('identity-serviceaccount-list-403').details.rbac?.user).toBe(
      'system:serviceaccount:apiscope-stages:default',
    )
  })

  it('reads the viewer’s create in its own namespace', () => {
    const verdict = verdictOf('viewer-create-403')
    expect(verdict.details.rbac).toMatchObject({
      user: 'apiscope-viewer',
      verb: 'create',
      resource: 'configmaps',
      namespace: 'apiscope-view',
    })
    expect(verdict.explanation).toBe(
      'Authorization refused it: no rule lets apiscope-viewer create configmaps (core group) in namespace apiscope-view. Authentication worked: the server knows who is asking.',
    )
  })

  it('reads the cluster scope, a non-resource path, a subresource with a name, and a group', () => {
    expect(verdictOf('anonymous-list-nodes-403').details.rbac).toEqual({
      user: 'system:anonymous',
      verb: 'list',
      resource: 'nodes',
      group: '',
    })
    expect(verdictOf('anonymous-metrics-403').details.rbac).toEqual({
      user: 'system:anonymous',
      verb: 'get',
      path: '/metrics',
    })
    expect(verdictOf('viewer-exec-403').details.rbac).toEqual({
      user: 'apiscope-viewer',
      verb: 'create',
      resource: 'pods',
      subresource: 'exec',
      group: '',
      namespace: 'apiscope-view',
      name: 'nu',
    })
    expect(verdictOf('viewer-create-deployment-403').details.rbac).toMatchObject({
      resource: 'deployments',
      group: 'apps',
    })
  })

  it('still attributes an RBAC 403 to authorization from the message alone', () => {
    const verdict = verdictOf('viewer-create-403', { withAudit: false })
    expect(verdict.stoppedAt).toBe('authorization')
    expect(verdict.details.rbac?.user).toBe('apiscope-viewer')
  })

  it('parseRbacForbiddenMessage leaves admission messages alone', () => {
    const terminating = fixture('namespace-terminating-403').response.body as { message: string }
    expect(parseRbacForbiddenMessage(terminating.message)).toBeUndefined()
  })
})

describe('decoding, admission, validation and etcd', () => {
  it('422 carries its causes: field, reason, message', () => {
    const { details } = verdictOf('create-invalid-name-422')
    expect(details.causes).toHaveLength(1)
    expect(details.causes?.[0]).toMatchObject({
      field: 'metadata.name',
      reason: 'FieldValueInvalid',
    })
    expect(details.causes?.[0]?.message).toMatch(/^Invalid value: "Reglages_1"/)
  })

  it('names NamespaceLifecycle, for a terminating namespace and for a missing one', () => {
    expect(verdictOf('namespace-terminating-403').details.admissionPlugin).toBe(
      'NamespaceLifecycle',
    )
    expect(verdictOf('create-in-missing-namespace-404').details.admissionPlugin).toBe(
      'NamespaceLifecycle',
    )
  })

  it('tells a mutating webhook’s denial from a validating one by the audit annotations', () => {
    expect(verdictOf('webhook-denied-mutating-403').details.webhook).toBe(
      'refuse-early.apiscope.test',
    )
    expect(verdictOf('webhook-denied-validating-403').details.webhook).toBe('refuse.apiscope.test')
  })

  it('without the audit annotations, a webhook’s denial is in admission, phase unknown', () => {
    for (const name of ['webhook-denied-mutating-403', 'webhook-denied-validating-403']) {
      const verdict = verdictOf(name, { withAudit: false })
      expect(verdict.stoppedAt).toBe('unknown')
      expect(verdict.outcome).toBe('denied-by-webhook')
      expect(verdict.candidates).toEqual(['mutating-admission', 'validating-admission'])
      // The Priority and Fairness headers still prove the first two stages.
      expect(verdict.passed).toEqual(['authentication', 'flow-control'])
    }
  })

  it('names the webhook that mutated a created object', () => {
    const verdict = verdictOf('webhook-mutated-201')
    expect(verdict.details.mutatingWebhooks).toEqual([
      {
        configuration: 'apiscope-stages-mutating',
        webhook: 'label.apiscope.test',
        mutated: true,
        round: 0,
        index: 0,
      },
    ])
    expect(verdict.explanation).toContain('label.apiscope.test')
  })

  it('names the webhook the API server could not call', () => {
    const verdict = verdictOf('webhook-unreachable-500')
    expect(verdict.details.webhook).toBe('unreachable.apiscope.test')
    expect(verdict.explanation).toContain('connection refused')
  })

  it('a dry run stops just before etcd', () => {
    const verdict = verdictOf('dry-run-create-pod-201')
    expect(verdict.passed).not.toContain('persistence')
    expect(verdict.explanation).toContain('Nothing was stored')
  })

  it('tells AlreadyExists from a stale resourceVersion Conflict', () => {
    expect(verdictOf('create-again-409-already-exists').details.reason).toBe('AlreadyExists')
    expect(verdictOf('put-stale-resourceversion-409-conflict').details.reason).toBe('Conflict')
  })
})

describe('API Priority and Fairness', () => {
  it('a rejected request: plain text, Retry-After, no authorization decision', () => {
    const verdict = verdictOf('apf-rejected-429')
    expect(verdict.details.retryAfterSeconds).toBe(1)
    expect(verdict.details.authorizationDecision).toBeUndefined()
  })

  it('a served one carries its FlowSchema and priority level', () => {
    const { details } = verdictOf('apf-served-200')
    expect(details.flowSchemaUid).toMatch(/^[0-9a-f-]{36}$/)
    expect(details.priorityLevelUid).toMatch(/^[0-9a-f-]{36}$/)
  })
})

// Inputs below are not recorded: the 1.20 test server cannot produce them (newer admission), or
// not on demand (an eviction blocked by a PodDisruptionBudget, an unavailable aggregated API).
// They are pure-logic inputs in the shape the Kubernetes source gives, kept tiny on purpose.
describe('answers the test server does not give', () => {
  const status = (code: number, reason: string, message: string, details: object = {}) => ({
    kind: 'Status',
    apiVersion: 'v1',
    status: 'Failure',
    code,
    reason,
    message,
    details,
  })

  it('a 429 Status (not Priority and Fairness, whose answer is plain text) stays unknown', () => {
    const verdict = stageOfResponse({
      method: 'POST',
      status: 429,
      body: status(
        429,
        'TooManyRequests',
        'Cannot evict pod as it would violate the pod’s disruption budget.',
        {
          causes: [
            { reason: 'DisruptionBudget', message: 'The disruption budget needs 1 healthy pods' },
          ],
        },
      ),
      headers: { 'Retry-After': '10' },
    })
    expect(verdict.stoppedAt).toBe('unknown')
    expect(verdict.outcome).toBe('too-many-requests')
    expect(verdict.details.retryAfterSeconds).toBe(10)
  })

  it('a 503 is a server error at an unknown stage; headers still prove what passed', () => {
    const verdict = stageOfResponse({
      method: 'GET',
      status: 503,
      body: status(
        503,
        'ServiceUnavailable',
        'the server is currently unable to handle the request',
      ),
      headers: {
        'X-Kubernetes-PF-FlowSchema-UID': 'fs',
        'X-Kubernetes-PF-PriorityLevel-UID': 'pl',
      },
    })
    expect(verdict).toMatchObject({
      stoppedAt: 'unknown',
      outcome: 'server-error',
      passed: ['authentication', 'flow-control'],
      candidates: [],
    })
  })

  it('a 403 nobody can attribute lists its candidates instead of guessing', () => {
    const verdict = stageOfResponse({
      method: 'POST',
      status: 403,
      body: status(403, 'Forbidden', 'configmaps "x" is forbidden: some rule of some plugin'),
    })
    expect(verdict.stoppedAt).toBe('unknown')
    expect(verdict.candidates).toEqual([
      'authorization',
      'mutating-admission',
      'validating-admission',
    ])
  })

  it('PodSecurity (1.23+) and ValidatingAdmissionPolicy (1.26+) refuse in validating admission', () => {
    const podSecurity = stageOfResponse({
      method: 'POST',
      status: 403,
      body: status(
        403,
        'Forbidden',
        'pods "nu" is forbidden: violates PodSecurity "restricted:latest": runAsNonRoot != true',
      ),
    })
    expect(podSecurity).toMatchObject({
      stoppedAt: 'validating-admission',
      details: { admissionPlugin: 'PodSecurity' },
    })
    const policy = stageOfResponse({
      method: 'POST',
      status: 422,
      body: status(
        422,
        'Invalid',
        "configmaps \"x\" is forbidden: ValidatingAdmissionPolicy 'no-blue' with binding 'no-blue-binding' denied request: blue is out",
      ),
    })
    expect(policy).toMatchObject({
      stoppedAt: 'validating-admission',
      outcome: 'denied-by-policy',
      details: { policy: 'no-blue', policyBinding: 'no-blue-binding' },
    })
  })
})
