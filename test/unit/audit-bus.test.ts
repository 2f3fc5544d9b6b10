// The core's shared audit stream (src-main/core/audit-bus.ts): pure logic, so plain
// objects stand in for the events kube-apiserver posts (the integration test uses real ones).
import { describe, expect, it, vi } from 'vitest'
import { AuditBus } from '../../src-main/core/audit-bus'
import type { AuditEvent } from '../../src-main/features/traffic/audit-event'

const event = (auditID: string, stage = 'ResponseComplete'): AuditEvent => ({
  auditID,
  stage,
  requestURI: '/api/v1/namespaces/x/pods?dryRun=All',
  verb: 'create',
  user: { username: 'minikube-user' },
})

describe('the audit bus', () => {
  it('answers a lookup from what it kept, or waits for the batch that brings it', async () => {
    const bus = new AuditBus()
    bus.publish([event('a')])
    expect((await bus.lookup('a'))?.auditID).toBe('a')
    const later = bus.lookup('b', { waitMs: 2000 })
    bus.publish([event('b', 'RequestReceived')]) // not finished yet: keeps waiting
    bus.publish([event('b')])
    expect((await later)?.stage).toBe('ResponseComplete')
  })

  it('gives up after the wait, and at once without one', async () => {
    vi.useFakeTimers()
    try {
      const bus = new AuditBus()
      expect(await bus.lookup('nope')).toBeUndefined()
      const waiting = bus.lookup('nope', { waitMs: 500 })
      vi.advanceTimersByTime(501)
      expect(await waiting).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('hands every batch to each subscriber until it unsubscribes; a failing one stops no one', () => {
    const bus = new AuditBus()
    const seen: string[] = []
    bus.subscribe(() => {
      throw new Error('a feature’s bug')
    })
    const off = bus.subscribe((events) => seen.push(...events.map((e) => e.auditID)))
    bus.publish([event('1'), event('2')])
    off()
    bus.publish([event('3')])
    expect(seen).toEqual(['1', '2'])
    expect(bus.recent().map((e) => e.auditID)).toEqual(['1', '2', '3'])
  })

  it('streams only while the traffic feature says a source runs; close ends the waits', async () => {
    const bus = new AuditBus()
    expect(bus.isStreaming()).toBe(false)
    let running = true
    bus.setStreamingProbe(() => running)
    expect(bus.isStreaming()).toBe(true)
    running = false
    expect(bus.isStreaming()).toBe(false)
    const waiting = bus.lookup('c', { waitMs: 60_000 })
    bus.close()
    expect(await waiting).toBeUndefined()
  })
})
