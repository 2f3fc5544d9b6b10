// The stream: one request per audit ID whatever the stages, at most one push per interval, and
// counts per path over the per-push limit.
import { describe, expect, it } from 'vitest'
import type { TrafficBatch } from '@features/traffic/messages'
import type { AuditEvent } from '../../src-main/features/traffic/audit-event'
import {
  KEPT_IDS,
  OPEN_KEPT_MS,
  PUSH_LIMIT,
  TrafficStream,
  aggregate,
} from '../../src-main/features/traffic/traffic-stream'
import { ManualClock } from '../manual-clock'

const event = (
  id: string,
  stage: string,
  code?: number,
  extra: Partial<AuditEvent> = {},
): AuditEvent => ({
  auditID: id,
  stage,
  requestURI: '/api/v1/namespaces/demo/configmaps',
  verb: 'create',
  user: { username: 'minikube-user', groups: ['system:masters'] },
  userAgent: 'kubectl/v1.30.0 (linux/amd64) kubernetes/abc',
  objectRef: { resource: 'configmaps', namespace: 'demo', name: 'c', apiVersion: 'v1' },
  ...(code === undefined
    ? {}
    : { responseStatus: { code, ...(code === 409 ? { reason: 'AlreadyExists' } : {}) } }),
  requestReceivedTimestamp: '2026-11-30T12:00:00.000000Z',
  stageTimestamp: '2026-11-30T12:00:00.004000Z',
  annotations: { 'authorization.k8s.io/decision': 'allow' },
  ...extra,
})

/** A stream pushing at most every `intervalMs` of a manual clock; its batches; the clock. */
function streamOnManualClock(intervalMs: number) {
  const batches: TrafficBatch[] = []
  const clock = new ManualClock()
  const stream = new TrafficStream(
    (b) => batches.push(b),
    () => [],
    intervalMs,
    clock,
  )
  return { batches, clock, stream }
}

describe('traffic stream', () => {
  it('deduplicates the stages of one request by audit ID', () => {
    const { batches, clock, stream } = streamOnManualClock(20)
    expect(stream.ingest([event('a', 'RequestReceived')])).toBe(0)
    expect(stream.ingest([event('a', 'ResponseComplete', 201)])).toBe(1)
    expect(stream.ingest([event('a', 'ResponseComplete', 201)])).toBe(0) // the same event twice
    clock.advance(40)
    const requests = batches.flatMap((b) => b.requests)
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ auditId: 'a', code: 201, latencyMs: 4 })
    expect(stream.entry('a')?.events.map((e) => e.stage)).toEqual([
      'RequestReceived',
      'ResponseComplete',
    ])
    stream.close()
  })

  it('a watch shows at ResponseStarted and once only', () => {
    const { batches, clock, stream } = streamOnManualClock(10)
    const watch = { verb: 'watch', requestURI: '/api/v1/pods?watch=1' }
    stream.ingest([event('w', 'ResponseStarted', 200, watch)])
    stream.ingest([event('w', 'ResponseComplete', 200, watch)])
    clock.advance(30)
    expect(batches.flatMap((b) => b.requests).map((r) => r.servedFrom)).toEqual(['watch'])
    expect(stream.entry('w')?.request.auditStage).toBe('ResponseComplete')
    stream.close()
  })

  it('keeps a watch still open past the last KEPT_IDS requests: its end is not a new request', () => {
    const { batches, clock, stream } = streamOnManualClock(10)
    const at = (ms: number) => new Date(Date.parse('2026-11-30T12:00:00Z') + ms).toISOString()
    const watch = {
      verb: 'watch',
      requestURI: '/api/v1/pods?watch=1',
      requestReceivedTimestamp: at(0),
    }
    stream.ingest([event('open', 'ResponseStarted', 200, watch)])
    stream.ingest([event('done', 'ResponseComplete', 200, watch)])
    // KEPT_IDS requests later (a minute on): the finished watch is forgotten, the open one is not.
    const later = { requestReceivedTimestamp: at(60_000) }
    stream.ingest(
      Array.from({ length: KEPT_IDS }, (_, i) => event(`r${i}`, 'ResponseComplete', 201, later)),
    )
    expect(stream.entry('done')).toBeUndefined()
    expect(stream.entry('open')?.request.auditStage).toBe('ResponseStarted')
    expect(stream.ingest([event('open', 'ResponseComplete', 200, watch)])).toBe(0)
    clock.advance(30)
    // Two watches pushed in all (the first push's oldest go as counts per path): no third.
    const watches = batches.flatMap((b) => [
      ...b.requests.filter((r) => r.verb === 'watch').map(() => 1),
      ...b.aggregated.filter((a) => a.verb === 'watch').map((a) => a.count),
    ])
    expect(watches.reduce((a, b) => a + b, 0)).toBe(2)
    // An open request older than OPEN_KEPT_MS has lost its last event: it goes like the others.
    const much = { requestReceivedTimestamp: at(OPEN_KEPT_MS + 1) }
    stream.ingest([event('stale', 'ResponseStarted', 200, watch)])
    stream.ingest(
      Array.from({ length: KEPT_IDS }, (_, i) => event(`s${i}`, 'ResponseComplete', 201, much)),
    )
    expect(stream.entry('stale')).toBeUndefined()
    stream.close()
  })

  it('pushes at most once per interval, and counts what is over the limit per path', () => {
    const { batches, clock, stream } = streamOnManualClock(50)
    const many = Array.from({ length: PUSH_LIMIT + 500 }, (_, i) =>
      event(`id${i}`, 'ResponseComplete', i % 2 ? 201 : 409),
    )
    for (let i = 0; i < many.length; i += 50) stream.ingest(many.slice(i, i + 50))
    clock.advance(80)
    expect(batches).toHaveLength(1)
    const [batch] = batches
    expect(batch?.requests).toHaveLength(PUSH_LIMIT)
    // The newest are sent one by one; the oldest 500 are counted.
    expect(batch?.requests[0]?.auditId).toBe('id500')
    expect(batch?.requests.at(-1)?.auditId).toBe(`id${PUSH_LIMIT + 499}`)
    const counted = batch?.aggregated.reduce((n, a) => n + a.count, 0)
    expect(counted).toBe(500)
    expect(batch?.aggregated.map((a) => a.code).sort()).toEqual([201, 409])
    expect(batch?.aggregated.find((a) => a.code === 409)).toMatchObject({
      stoppedAt: 'persistence',
      client: 'kubectl',
      count: 250,
    })
    stream.close()
  })

  it('says when the newest request of each aggregated path was received', () => {
    const { batches, clock, stream } = streamOnManualClock(10)
    stream.ingest([
      event('x', 'ResponseComplete', 201, {
        requestReceivedTimestamp: '2026-11-30T12:00:03.000000Z',
      }),
      event('y', 'ResponseComplete', 201, {
        requestReceivedTimestamp: '2026-11-30T12:00:07.500000Z',
      }),
      event('z', 'ResponseComplete', 201, {
        requestReceivedTimestamp: '2026-11-30T12:00:05.000000Z',
      }),
    ])
    clock.advance(20)
    const requests = batches.flatMap((b) => b.requests)
    expect(requests).toHaveLength(3)
    expect(aggregate(requests)).toEqual([
      expect.objectContaining({ count: 3, at: Date.parse('2026-11-30T12:00:07.500Z') }),
    ])
    stream.close()
  })
})
