// The latency annotations of a real audit event: a ConfigMap create that a mutating webhook held
// up for 800 ms, recorded from kube-apiserver 1.37.2 (test/cluster/record-latency-audit.ts).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  auditLatency,
  latencyOfEvents,
  parseGoDuration,
} from '@features/traffic/common/audit-latency'
import { readAuditEvent } from '../../src-main/features/traffic/audit-event'

const recorded = JSON.parse(
  readFileSync('test/fixtures/recorded/1.37/audit-latency/slow-webhook-create.json', 'utf8'),
) as { annotations: Record<string, string> }

describe('audit latency annotations', () => {
  it('reads each part of the recorded slow create, in the order a request meets them', () => {
    expect('event' in readAuditEvent(recorded)).toBe(true)
    const latency = latencyOfEvents([{ stage: 'ResponseStarted' }, recorded])
    expect(latency?.totalMs).toBeCloseTo(828.820583, 6)
    expect(latency?.parts.map((p) => [p.part, p.raw])).toEqual([
      ['authentication', '83.134µs'],
      ['authorization', '2.294µs'],
      ['mutating-webhook', '822.730448ms'],
      ['transform-response-object', '381ns'],
      ['serialize-response-object', '36.504µs'],
      ['response-write', '1.452µs'],
    ])
    expect(latency?.parts[2]).toMatchObject({ label: 'Mutating admission webhooks' })
    expect(latency?.parts[2]?.ms).toBeCloseTo(822.730448, 6)
    expect(latency?.parts[0]?.ms).toBeCloseTo(0.083134, 9)
  })

  it('is null for an event without them (a fast request, or a server that writes none)', () => {
    expect(auditLatency({ 'authorization.k8s.io/decision': 'allow' })).toBeNull()
    expect(latencyOfEvents([{}, null, 'x'])).toBeNull()
  })

  it('keeps a part it has no words for under its own name, after the known ones', () => {
    const l = auditLatency({
      'apiserver.latency.k8s.io/zzz-new-part': '2ms',
      'apiserver.latency.k8s.io/etcd': '1.5s',
      'apiserver.latency.k8s.io/total': '2s',
    })
    expect(l?.parts.map((p) => [p.label, p.ms])).toEqual([
      ['etcd', 1500],
      ['zzz-new-part', 2],
    ])
  })

  it('parses Go durations', () => {
    expect(parseGoDuration('1m2.5s')).toBe(62_500)
    expect(parseGoDuration('381ns')).toBeCloseTo(0.000381, 9)
    expect(parseGoDuration('1h')).toBe(3_600_000)
    expect(parseGoDuration('0s')).toBe(0)
    expect(parseGoDuration('0')).toBe(0)
    expect(parseGoDuration('12')).toBeNull()
    expect(parseGoDuration('1.5 s')).toBeNull()
    expect(parseGoDuration('')).toBeNull()
  })
})
