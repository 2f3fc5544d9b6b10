// Matching the rollout trace's arrows to audit events (src-main/features/walkthroughs/rollout/rollout-audit.ts):
// pure logic. The real events are asserted in test/integration/audit-stream.test.ts; here,
// the edge cases: an older object of the same name, a Metadata-level event, a status write that
// does not yet show what the arrow reports.
import { describe, expect, it } from 'vitest'
import type { TraceArrow } from '@features/walkthroughs/messages'
import { attachAudit } from '../../src-main/features/walkthroughs/rollout/rollout-audit'
import type { KubeObject } from '../../src-main/features/walkthroughs/rollout/rollout-model'
import type { AuditEvent } from '../../src-main/features/traffic/audit-event'

const ns = 'demo'
const arrow = (id: string): TraceArrow => ({
  id,
  from: 'writer',
  label: id,
  object: id,
  actorName: 'manager',
  time: null,
  state: 'done',
  evidence: '',
})
const pod: KubeObject = { metadata: { name: 'web-1', namespace: ns, uid: 'uid-new' } }

function event(
  id: string,
  at: string,
  fields: Partial<AuditEvent> & { resource: string; subresource?: string; name?: string },
): AuditEvent {
  const { resource, subresource, name, ...rest } = fields
  return {
    auditID: id,
    stage: 'ResponseComplete',
    requestURI: '/',
    verb: 'create',
    user: { username: `user-${id}` },
    requestReceivedTimestamp: at,
    objectRef: {
      resource,
      namespace: ns,
      ...(subresource ? { subresource } : {}),
      ...(name ? { name } : {}),
    },
    responseStatus: { code: 201 },
    ...rest,
  }
}

describe('attachAudit', () => {
  it('skips an older object of the same name, and takes the name from the answer', () => {
    const arrows = [arrow('pod-created:web-1')]
    const events = [
      event('old', '2026-01-01T00:00:01.000001Z', {
        resource: 'pods',
        responseObject: { metadata: { name: 'web-1', uid: 'uid-old' } },
      }),
      event('new', '2026-01-01T00:00:02.000002Z', {
        resource: 'pods',
        responseObject: { metadata: { name: 'web-1', uid: 'uid-new' } },
      }),
    ]
    expect(
      attachAudit(arrows, ns, { deployment: null, replicaSets: [], pods: [pod] }, events),
    ).toBe(1)
    expect(arrows[0]?.audit).toMatchObject({ user: 'user-new', at: '2026-01-01T00:00:02.000002Z' })
  })

  it('a status arrow takes the first write whose answer shows Ready, never a Metadata-level one', () => {
    const ready = (status: string) => ({
      metadata: { name: 'web-1', uid: 'uid-new' },
      status: { conditions: [{ type: 'Ready', status }] },
    })
    const status = { resource: 'pods', subresource: 'status', name: 'web-1' }
    const ok = { verb: 'patch', responseStatus: { code: 200 } }
    const arrows = [arrow('pod-ready:web-1')]
    const events = [
      event('pending', '2026-01-01T00:00:01Z', {
        ...status,
        ...ok,
        responseObject: ready('False'),
      }),
      event('metadata', '2026-01-01T00:00:02Z', { ...status, ...ok }),
      event('ready', '2026-01-01T00:00:03Z', { ...status, ...ok, responseObject: ready('True') }),
      event('again', '2026-01-01T00:00:04Z', { ...status, ...ok, responseObject: ready('True') }),
    ]
    attachAudit(arrows, ns, { deployment: null, replicaSets: [], pods: [pod] }, events)
    expect(arrows[0]?.audit).toMatchObject({ user: 'user-ready', resource: 'pods/status' })
  })

  it('leaves waiting arrows, other namespaces and refused writes alone', () => {
    const waiting = { ...arrow('pod-bound:web-1'), state: 'waiting' as const }
    const bound = arrow('pod-bound:web-1')
    const binding = { resource: 'pods', subresource: 'binding', name: 'web-1' }
    const events = [
      event('refused', '2026-01-01T00:00:01Z', { ...binding, responseStatus: { code: 409 } }),
      {
        ...event('elsewhere', '2026-01-01T00:00:02Z', binding),
        objectRef: { ...binding, namespace: 'x' },
      },
    ]
    const objects = { deployment: null, replicaSets: [], pods: [pod] }
    expect(attachAudit([waiting, bound], ns, objects, events)).toBe(0)
    expect(bound.audit).toBeUndefined()
  })
})
