// The webhook receiver on a loopback port: batches in, malformed ones answered 400 with a reason,
// and the receiver keeps receiving.
import { afterEach, describe, expect, it } from 'vitest'
import type { TrafficSourceStatus } from '@features/traffic/messages'
import type { AuditEvent } from '../../src-main/features/traffic/audit-event'
import { AuditWebhook, readEventBatch } from '../../src-main/features/traffic/audit-webhook'

const item = (id: string) => ({
  kind: 'Event',
  auditID: id,
  stage: 'ResponseComplete',
  requestURI: '/healthz',
  verb: 'get',
  user: { username: 'u' },
  responseStatus: { code: 200 },
})

describe('reading a batch', () => {
  it('an EventList, a single Event, and what is wrong otherwise', () => {
    expect(
      readEventBatch(JSON.stringify({ kind: 'EventList', items: [item('a'), item('b')] })).events,
    ).toHaveLength(2)
    expect(readEventBatch(JSON.stringify(item('c'))).events).toHaveLength(1)
    expect(readEventBatch('{').errors[0]).toMatch(/^the body is not JSON/)
    expect(readEventBatch('[]').errors[0]).toMatch(/not a JSON object/)
    expect(readEventBatch('{"kind":"Pod"}').errors[0]).toMatch(
      /expected an audit.k8s.io EventList with items, got kind "Pod"/,
    )
    const mixed = readEventBatch(
      JSON.stringify({ kind: 'EventList', items: [item('a'), { verb: 'get' }] }),
    )
    expect(mixed.events).toHaveLength(1)
    expect(mixed.errors[0]).toMatch(/^item 1: not an audit event/)
  })
})

let webhook: AuditWebhook | null = null
afterEach(async () => {
  await webhook?.stop()
  webhook = null
})

describe('the receiver', () => {
  it('answers 400 to a malformed batch and goes on receiving', async () => {
    const status: TrafficSourceStatus = {
      id: 1,
      kind: 'webhook',
      where: '',
      state: 'starting',
      eventsReceived: 0,
      batchesReceived: 0,
      rejected: 0,
    }
    const got: AuditEvent[] = []
    webhook = new AuditWebhook(
      { host: '127.0.0.1', port: 0, path: '/audit' },
      status,
      (e) => got.push(...e),
      () => undefined,
    )
    await webhook.start()
    const port = (
      webhook as unknown as { server: { address(): { port: number } } }
    ).server.address().port
    const url = `http://127.0.0.1:${port}/audit`
    const bad = await fetch(url, { method: 'POST', body: 'garbage' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toMatch(/^malformed audit batch: the body is not JSON/)
    // The status keeps the same sentence as catalogue parts, to say it in French.
    expect(status.lastErrorSaid?.map((p) => p.key)).toEqual([
      'traffic.source.batchMalformed',
      'traffic.source.bodyNotJson',
    ])
    expect(
      (await fetch(`http://127.0.0.1:${port}/elsewhere`, { method: 'POST', body: '{}' })).status,
    ).toBe(404)
    expect((await fetch(url)).status).toBe(405)
    const good = await fetch(url, {
      method: 'POST',
      body: JSON.stringify({ kind: 'EventList', items: [item('x'), item('y')] }),
    })
    expect(good.status).toBe(200)
    expect(got.map((e) => e.auditID)).toEqual(['x', 'y'])
    expect(status).toMatchObject({ state: 'running', eventsReceived: 2, rejected: 1 })
  })

  it('a port in use is a clear error', async () => {
    const status = (): TrafficSourceStatus => ({
      id: 1,
      kind: 'webhook',
      where: '',
      state: 'starting',
      eventsReceived: 0,
      batchesReceived: 0,
      rejected: 0,
    })
    webhook = new AuditWebhook(
      { host: '127.0.0.1', port: 0, path: '/a' },
      status(),
      () => undefined,
      () => undefined,
    )
    await webhook.start()
    const port = (
      webhook as unknown as { server: { address(): { port: number } } }
    ).server.address().port
    const second = new AuditWebhook(
      { host: '127.0.0.1', port, path: '/a' },
      status(),
      () => undefined,
      () => undefined,
    )
    await expect(second.start()).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`)
    await second.stop()
  })
})
