// Normalizing audit events recorded from the real 1.20 server (test/fixtures/recorded/audit/):
// who sent it, where it stopped, how long it took, what authorization said.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  classifyClient,
  normalizeAuditEvent,
  parseAuditTime,
  readAuditEvent,
  type AuditEvent,
} from '../../src-main/features/traffic/audit-event'
import { redactAuditEvent } from '../../src-main/features/traffic/traffic-service'

const FIXTURES = path.join(import.meta.dirname, '../fixtures/recorded/audit/events.jsonl')
const recorded = new Map<string, AuditEvent>(
  readFileSync(FIXTURES, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const value = JSON.parse(line) as { _fixture: string }
      const read = readAuditEvent(value)
      if (!('event' in read)) throw new Error(read.error)
      return [value._fixture, read.event] as const
    }),
)
const fixture = (name: string) => {
  const e = recorded.get(name)
  if (!e) throw new Error(`no fixture ${name}`)
  return structuredClone(e)
}

describe('audit event normalization (recorded from 1.20)', () => {
  it('a create that reached etcd: done, every write stage passed, latency from the timestamps', () => {
    const r = normalizeAuditEvent(fixture('create-201'))
    expect(r).toMatchObject({
      verb: 'create',
      code: 201,
      stoppedAt: 'done',
      client: 'apiscope',
      resource: 'configmaps',
    })
    expect(r.passed).toEqual(
      expect.arrayContaining([
        'authentication',
        'authorization',
        'mutating-admission',
        'persistence',
      ]),
    )
    expect(r.authorizationDecision).toBe('allow')
    expect(r.latencyMs).toBeGreaterThan(0)
    expect(r.latencyMs).toBeLessThan(5000)
  })

  it('409 AlreadyExists and 409 Conflict stop at etcd, told apart', () => {
    expect(normalizeAuditEvent(fixture('create-409-already-exists'))).toMatchObject({
      stoppedAt: 'persistence',
      outcome: 'already-exists',
    })
    const conflict = normalizeAuditEvent(fixture('update-409-conflict'))
    expect(conflict).toMatchObject({
      stoppedAt: 'persistence',
      outcome: 'conflict',
      reason: 'Conflict',
    })
    expect(conflict.message).toMatch(/the object has been modified/)
  })

  it('422 stops at schema validation with its cause', () => {
    const r = normalizeAuditEvent(fixture('create-422-invalid'))
    expect(r).toMatchObject({
      stoppedAt: 'schema-validation',
      outcome: 'invalid',
      name: 'Reglages_1',
    })
    expect(r.causes?.[0]).toMatchObject({ field: 'metadata.name', reason: 'FieldValueInvalid' })
  })

  it('403 from RBAC stops at authorization, with the decision and reason', () => {
    const r = normalizeAuditEvent(fixture('list-403-rbac'))
    expect(r).toMatchObject({
      code: 403,
      stoppedAt: 'authorization',
      user: 'apiscope-viewer',
      client: 'kubectl',
    })
    expect(r.authorizationDecision).toBe('forbid')
  })

  it('a Metadata-level 409 without a message is not guessed', () => {
    const e = fixture('update-409-conflict')
    delete e.responseObject
    e.responseStatus = { metadata: {}, status: 'Failure', reason: 'Conflict', code: 409 } as never
    expect(normalizeAuditEvent(e).stoppedAt).toBe('unknown')
  })

  it('a 1.20 Metadata-level 404 (reason only) says neither a missing object nor a missing type', () => {
    // Recorded from 1.20: a GET of a ConfigMap that does not exist, and of a resource type the
    // server does not have. Both answers keep only reason and code: the row says it cannot tell.
    for (const name of ['get-404-not-found-1.20', 'get-404-no-such-resource-1.20']) {
      const r = normalizeAuditEvent(fixture(name))
      expect(r).toMatchObject({ code: 404, stoppedAt: 'unknown', outcome: 'not-found' })
      expect(r.explanation).toContain('which one cannot be told')
      expect(r.explanation).not.toContain('Nothing is served')
    }
    // 1.37's audit event of the missing ConfigMap names it: read from storage, not found there.
    const e = fixture('get-404-not-found-1.20')
    e.responseStatus = {
      metadata: {},
      status: 'Failure',
      message: 'configmaps "no-such-cm-zz" not found',
      reason: 'NotFound',
      details: { name: 'no-such-cm-zz', kind: 'configmaps' },
      code: 404,
    } as never
    expect(normalizeAuditEvent(e)).toMatchObject({
      stoppedAt: 'storage-read',
      outcome: 'not-found',
    })
  })

  it('a read: served from etcd without resourceVersion, from the watch cache with 0, a watch', () => {
    const e = fixture('get-200')
    expect(normalizeAuditEvent(e)).toMatchObject({ stoppedAt: 'done', servedFrom: 'etcd' })
    e.requestURI += '?resourceVersion=0'
    expect(normalizeAuditEvent(e).servedFrom).toBe('watch-cache')
    e.verb = 'watch'
    e.stage = 'ResponseStarted'
    expect(normalizeAuditEvent(e)).toMatchObject({
      servedFrom: 'watch',
      auditStage: 'ResponseStarted',
    })
  })

  it('a controller-manager request is the controller-manager, under its controller’s account', () => {
    const r = normalizeAuditEvent(fixture('kcm-create-replicaset'))
    expect(r.client).toBe('kube-controller-manager')
    expect(r.user).toBe('system:serviceaccount:kube-system:deployment-controller')
  })

  it('RequestReceived alone has no code yet', () => {
    const e = fixture('create-201')
    e.stage = 'RequestReceived'
    delete e.responseStatus
    expect(normalizeAuditEvent(e)).toMatchObject({ code: null, stoppedAt: 'unknown' })
  })

  it('dry-run from the URI stops before etcd', () => {
    const e = fixture('create-201')
    e.requestURI += '?dryRun=All'
    expect(normalizeAuditEvent(e)).toMatchObject({
      dryRun: true,
      stoppedAt: 'persistence',
      outcome: 'dry-run',
    })
  })
})

describe('clients', () => {
  it.each([
    ['kubectl/v1.30.0 (linux/amd64) kubernetes/abc', 'me', 'kubectl'],
    [
      'kube-controller-manager/v1.20.2 (linux/amd64) kubernetes/faecb19/system:serviceaccount:kube-system:deployment-controller',
      'x',
      'kube-controller-manager',
    ],
    [
      'kube-scheduler/v1.20.2 (linux/amd64) kubernetes/faecb19/scheduler',
      'system:kube-scheduler',
      'kube-scheduler',
    ],
    ['kubelet/v1.30.0 (linux/amd64) kubernetes/abc', 'system:node:minikube', 'kubelet'],
    ['', 'system:node:n1', 'kubelet'],
    ['apiscope/0.1 (+https://apiscope.invalid)', 'me', 'apiscope'],
    ['argocd-application-controller/v0.0.0', 'sa', 'other'],
  ])('%s is %s', (ua, user, kind) => {
    expect(classifyClient(ua, user).client).toBe(kind)
  })

  it('labels another client by its product name', () => {
    expect(classifyClient('kube-apiserver/v1.20.2 (linux/amd64)', 'system:apiserver').label).toBe(
      'kube-apiserver',
    )
  })
})

describe('reading events', () => {
  it('microsecond timestamps', () => {
    const a = parseAuditTime('2026-11-30T12:34:55.565710Z')
    const b = parseAuditTime('2026-11-30T12:34:55.568726Z')
    expect(b! - a!).toBeCloseTo(3.016, 3)
    expect(parseAuditTime('garbage')).toBeNull()
  })

  it('something that is not an audit event says what is missing', () => {
    expect(readAuditEvent({ kind: 'Event' })).toEqual({
      error: expect.stringMatching(/not an audit event: auditID/),
      errorSaid: [
        { key: 'traffic.source.notEvent', params: expect.objectContaining({ field: 'auditID' }) },
      ],
    })
    expect(readAuditEvent(42)).toMatchObject({ error: expect.stringMatching(/not an audit event/) })
  })

  it('Secrets and tokens are redacted in the detail', () => {
    const e = fixture('create-201')
    e.objectRef = { resource: 'secrets', namespace: 'x', name: 's' }
    e.requestObject = { kind: 'Secret', data: { password: 'aHVudGVyMg==' } }
    const r = redactAuditEvent(e, 0)
    expect(JSON.stringify(r.event)).not.toContain('aHVudGVyMg==')
    expect(r.redacted).toContain('/0/requestObject')
    const other = fixture('create-201')
    other.responseObject = { kind: 'Secret', apiVersion: 'v1', data: { k: 'c2VjcmV0' } }
    expect(JSON.stringify(redactAuditEvent(other, 1).event)).not.toContain('c2VjcmV0')
  })
})

describe('a 429 from API Priority and Fairness, recorded from 1.37.2', () => {
  it('is told from a 429 a handler writes: its audit event holds the code alone', () => {
    // A watch of a ServiceAccount whose FlowSchema sends it to a priority level with no seats
    // (test/cluster/apf-no-seats.ts); user.extra (a token ID) removed from the recorded event.
    const file = path.join(
      import.meta.dirname,
      '../fixtures/recorded/audit/apf-429-rejected-1.37.json',
    )
    const read = readAuditEvent(JSON.parse(readFileSync(file, 'utf8')))
    if (!('event' in read)) throw new Error(read.error)
    expect(read.event.responseStatus).toEqual({ metadata: {}, code: 429 })
    const r = normalizeAuditEvent(read.event)
    expect(r).toMatchObject({ code: 429, stoppedAt: 'flow-control', outcome: 'throttled' })
    expect(r.explanation).toMatch(/^API Priority and Fairness turned it away/)
    const handler = structuredClone(read.event)
    handler.responseStatus = {
      code: 429,
      status: 'Failure',
      reason: 'TooManyRequests',
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
    }
    expect(normalizeAuditEvent(handler).stoppedAt).not.toBe('flow-control')
  })
})
