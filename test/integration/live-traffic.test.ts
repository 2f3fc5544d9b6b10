// The live request stream against the real control plane: kube-apiserver posts audit batches to
// Apiscope's webhook (the URL the control plane reserved), and writes the JSON audit log that the
// log tail follows. Also /metrics deltas and API Priority and Fairness.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  ApfReport,
  AuditSetup,
  MetricsSample,
  TrafficBatch,
  TrafficEventDetail,
  TrafficRequest,
  TrafficSourceStatus,
} from '../../src-main/features/traffic/messages'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import type { KubeResponse } from '../../src-main/core/kube-transport'
import { normalizeAuditEvent } from '../../src-main/features/traffic/audit-event'
import { cluster, coreFor, createNamespace, kubectl, onOldest, unwrap, waitUntil } from './helpers'

/** A core connected to the test cluster that keeps every request the stream pushes. */
async function streamingCore() {
  const core = coreFor()
  const seen = new Map<string, TrafficRequest>()
  const batches: TrafficBatch[] = []
  core.onEvent((channel, payload) => {
    if (channel !== 'traffic:batch') return
    const batch = payload as TrafficBatch
    batches.push(batch)
    for (const r of batch.requests) seen.set(r.auditId, r)
  })
  unwrap(await core.invoke('kube:connect', {}))
  return { core, seen, batches }
}

const auditId = (res: KubeResponse) => String(res.headers['audit-id'] ?? '')

describe('live traffic through a real audit webhook', () => {
  let core: ApiscopeCore
  let seen: Map<string, TrafficRequest>
  let ns: string
  let webhook: TrafficSourceStatus
  const url = new URL(cluster().auditWebhookUrl ?? '')

  beforeAll(async () => {
    ;({ core, seen } = await streamingCore())
    ns = createNamespace('traffic')
    webhook = unwrap(
      await core.invoke('traffic:start-webhook', {
        host: '127.0.0.1',
        port: Number(url.port),
        path: url.pathname,
      }),
    )
  })

  afterAll(async () => {
    await core.invoke('traffic:stop-source', { id: webhook.id })
    core.close()
    kubectl('delete', 'namespace', ns, '--wait=false')
  })

  const send = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    contentType?: string,
  ) => {
    const session = core.currentSession
    if (!session) throw new Error('not connected')
    return session.transport.request({
      method,
      path,
      ...(body === undefined ? {} : { body }),
      ...(contentType ? { contentType } : {}),
    })
  }

  // Every request the stream received: pushed one by one, or (in a burst, such as the backlog
  // the API server delivers once a receiver listens) counted in the view and kept in the core.
  const received = () => [...seen.values(), ...core.audit.recent().map(normalizeAuditEvent)]
  const arrived = (res: KubeResponse) =>
    waitUntil(`audit event ${auditId(res)} in the stream`, 20_000, () =>
      received().find((r) => r.auditId === auditId(res)),
    )

  it('the eight-verb sequence on a ConfigMap arrives with its codes and stages', async () => {
    const base = `/api/v1/namespaces/${ns}/configmaps`
    const cm = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'reglages' },
      data: { a: '1' },
    }
    const created = await send('POST', base, cm)
    const again = await send('POST', base, cm)
    const got = await send('GET', `${base}/reglages`)
    const listed = await send('GET', base)
    const merged = await send(
      'PATCH',
      `${base}/reglages`,
      { data: { b: '2' } },
      'application/merge-patch+json',
    )
    const jsonPatched = await send(
      'PATCH',
      `${base}/reglages`,
      [{ op: 'add', path: '/data/c', value: '3' }],
      'application/json-patch+json',
    )
    const stale = await send('PUT', `${base}/reglages`, {
      ...cm,
      metadata: {
        name: 'reglages',
        resourceVersion: JSON.parse(created.body).metadata.resourceVersion,
      },
    })
    const deleted = await send('DELETE', `${base}/reglages`)
    expect(
      [created, again, got, listed, merged, jsonPatched, stale, deleted].map((r) => r.status),
    ).toEqual([201, 409, 200, 200, 200, 200, 409, 200])

    const c = await arrived(created)
    expect(c).toMatchObject({
      verb: 'create',
      code: 201,
      stoppedAt: 'done',
      client: 'apiscope',
      resource: 'configmaps',
      namespace: ns,
      name: 'reglages',
    })
    expect(c.passed).toContain('persistence')
    expect(c.authorizationDecision).toBe('allow')
    expect(c.latencyMs).toBeGreaterThanOrEqual(0)

    expect(await arrived(again)).toMatchObject({
      verb: 'create',
      code: 409,
      reason: 'AlreadyExists',
      stoppedAt: 'persistence',
      outcome: 'already-exists',
    })
    expect(await arrived(got)).toMatchObject({
      verb: 'get',
      code: 200,
      stoppedAt: 'done',
      servedFrom: 'etcd',
    })
    expect(await arrived(listed)).toMatchObject({ verb: 'list', code: 200, stoppedAt: 'done' })
    expect(await arrived(merged)).toMatchObject({ verb: 'patch', code: 200, stoppedAt: 'done' })
    expect(await arrived(jsonPatched)).toMatchObject({
      verb: 'patch',
      code: 200,
      stoppedAt: 'done',
    })
    const conflict = await arrived(stale)
    expect(conflict).toMatchObject({
      verb: 'update',
      code: 409,
      reason: 'Conflict',
      stoppedAt: 'persistence',
      outcome: 'conflict',
    })
    expect(conflict.passed).toContain('mutating-admission')
    expect(await arrived(deleted)).toMatchObject({ verb: 'delete', code: 200, stoppedAt: 'done' })

    // The detail: every audit event for that ID, the Status in the response object.
    const detail = unwrap<TrafficEventDetail>(
      await core.invoke('traffic:event-detail', { auditId: auditId(stale) }),
    )
    expect(detail.events.length).toBeGreaterThanOrEqual(1)
    expect(JSON.stringify(detail.events)).toContain('the object has been modified')
  })

  it('a 422 for the name Reglages_1 arrives with its cause', async () => {
    const res = await send('POST', `/api/v1/namespaces/${ns}/configmaps`, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'Reglages_1' },
    })
    expect(res.status).toBe(422)
    const r = await arrived(res)
    expect(r).toMatchObject({
      code: 422,
      reason: 'Invalid',
      stoppedAt: 'schema-validation',
      outcome: 'invalid',
    })
    expect(r.causes?.[0]?.field).toBe('metadata.name')
    expect(r.explanation).toContain('metadata.name')
  })

  it('kubectl is a kubectl client; a 403 stops at authorization', async () => {
    const before = seen.size
    kubectl('get', 'configmaps', '-n', ns)
    const k = await waitUntil('a kubectl list', 20_000, () =>
      received().find((r) => r.client === 'kubectl' && r.verb === 'list' && r.namespace === ns),
    )
    expect(k.userAgent).toMatch(/^kubectl\//)
    expect(seen.size).toBeGreaterThan(before)
    const c = cluster()
    try {
      kubectl('--context=apiscope-viewer', 'get', 'secrets', '-n', ns)
    } catch {
      // 403 expected
    }
    const denied = await waitUntil('the viewer 403', 20_000, () =>
      received().find((r) => r.user === 'apiscope-viewer' && r.code === 403 && r.namespace === ns),
    )
    expect(denied).toMatchObject({ stoppedAt: 'authorization', authorizationDecision: 'forbid' })
    expect(c.viewerNamespace).toBeTruthy()
  })

  it('a Deployment shows kube-controller-manager requests in the stream', async () => {
    kubectl('create', 'deployment', 'web', '--image=nginx', '-n', ns)
    const kcm = await waitUntil('the controller-manager creating the ReplicaSet', 30_000, () =>
      received().find(
        (r) =>
          r.client === 'kube-controller-manager' &&
          r.verb === 'create' &&
          r.resource === 'replicasets' &&
          r.namespace === ns,
      ),
    )
    expect(kcm.user).toBe('system:serviceaccount:kube-system:deployment-controller')
    // No node to run it on: the scheduler records that on the Pod (its status, an Event).
    const scheduler = await waitUntil('the scheduler writing about the Pod', 30_000, () =>
      received().find(
        (r) => r.client === 'kube-scheduler' && r.namespace === ns && r.verb !== 'get',
      ),
    )
    expect(scheduler.user).toBe('system:kube-scheduler')
  })

  it('a malformed batch gets a clear 400 and the receiver goes on', async () => {
    const bad = await fetch(url, { method: 'POST', body: '{"kind":"EventList","items":"nope"}' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toMatch(
      /malformed audit batch: expected an audit.k8s.io EventList with items/,
    )
    const notJson = await fetch(url, { method: 'POST', body: 'not json' })
    expect(notJson.status).toBe(400)
    const res = await send('GET', `/api/v1/namespaces/${ns}/configmaps`)
    await arrived(res)
    const status = unwrap<{ sources: TrafficSourceStatus[] }>(
      await core.invoke('traffic:status', {}),
    )
    const source = status.sources.find((s) => s.id === webhook.id)
    expect(source?.rejected).toBeGreaterThanOrEqual(2)
    expect(source?.state).toBe('running')
    expect(source?.lastError).toMatch(/not JSON/)
  })

  it('at a high rate the pushes stay at about ten a second and the surplus arrives as counts', async () => {
    const pushes: { at: number; requests: number; counted: number }[] = []
    const off = core.onEvent((channel, payload) => {
      if (channel !== 'traffic:batch') return
      const batch = payload as TrafficBatch
      const mine = (r: { verb: string; namespace?: string; resource: string }) =>
        r.verb === 'list' && r.namespace === ns && r.resource === 'secrets'
      pushes.push({
        at: Date.now(),
        requests: batch.requests.filter(mine).length,
        counted: batch.aggregated.filter(mine).reduce((n, a) => n + a.count, 0),
      })
    })
    const total = 2000
    let next = 0
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < total) {
          next++
          await send('GET', `/api/v1/namespaces/${ns}/secrets`)
        }
      }),
    )
    await waitUntil('every list in the stream, one by one or counted', 30_000, () =>
      pushes.reduce((n, p) => n + p.requests + p.counted, 0) >= total ? true : undefined,
    )
    off()
    expect(pushes.some((p) => p.counted > 0)).toBe(true)
    // No more than about ten pushes in any second.
    for (const p of pushes) {
      const inSecond = pushes.filter((q) => q.at >= p.at && q.at < p.at + 1000).length
      expect(inSecond).toBeLessThanOrEqual(11)
    }
  })

  it('the setup helper sees events arriving and no kube-apiserver Pod', async () => {
    const setup = unwrap<AuditSetup>(await core.invoke('traffic:setup', { port: 9443 }))
    expect(setup.receiving).toBe(true)
    expect(setup.apiserverFlags.found).toBe(false)
    // The test control plane runs kube-apiserver as a process: none of minikube, kind, kubeadm.
    expect(setup.detected).toBeNull()
    expect(setup.guides.minikube.webhookUrl).toBe(
      'http://host.minikube.internal:9443/apiscope-audit',
    )
    expect(setup.guides.minikube.commands.map((c) => c.command).join('\n')).toContain(
      '--extra-config=apiserver.audit-webhook-config-file=/etc/ssl/certs/apiscope-audit-webhook.kubeconfig',
    )
    // kubeadm's webhook URL names the address this machine reaches the API server from: loopback.
    expect(setup.guides.kubeadm.webhookUrl).toBe('http://127.0.0.1:9443/apiscope-audit')
    expect(setup.guides.kubeadm.listenHost).toBe('127.0.0.1')
  })

  it('every kube-apiserver flag the setup guides pass is one the real kube-apiserver knows', async () => {
    const setup = unwrap<AuditSetup>(await core.invoke('traffic:setup', { port: 9443 }))
    const help = execFileSync(path.join(cluster().binDir, 'kube-apiserver'), ['--help'], {
      encoding: 'utf8',
    })
    const known = new Set([...help.matchAll(/^\s+--([a-z0-9-]+)/gm)].map((m) => m[1]))
    const passed = new Set<string>()
    for (const guide of Object.values(setup.guides))
      for (const c of [...guide.commands, ...guide.logCommands]) {
        // minikube's --extra-config=apiserver.<flag>=, the manifest's --<flag>=, kubeadm's and
        // kind's extraArgs (`name: <flag>` or `<flag>: value`).
        for (const m of c.command.matchAll(
          /apiserver\.(audit-[a-z-]+)=|--(audit-[a-z-]+)=|\b(audit-[a-z-]+):|name: (audit-[a-z-]+)/g,
        ))
          passed.add(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '')
      }
    expect([...passed].sort()).toEqual([
      'audit-log-path',
      'audit-policy-file',
      'audit-webhook-batch-max-wait',
      'audit-webhook-config-file',
      'audit-webhook-mode',
    ])
    for (const flag of passed) expect(known, `kube-apiserver --${flag}`).toContain(flag)
  })

  it('/metrics deltas move after requests; 409s surge', async () => {
    unwrap<MetricsSample>(await core.invoke('traffic:metrics', { reset: true }))
    const base = `/api/v1/namespaces/${ns}/configmaps`
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'twice' } }
    await send('POST', base, cm)
    for (let i = 0; i < 4; i++) expect((await send('POST', base, cm)).status).toBe(409)
    const sample = unwrap<MetricsSample>(await core.invoke('traffic:metrics', {}))
    expect(sample.intervalMs).toBeGreaterThan(0)
    const conflicts = sample.deltas.find(
      (d) => d.verb === 'POST' && d.resource === 'configmaps' && d.code === '409',
    )
    expect(conflicts?.delta).toBeGreaterThanOrEqual(4)
    expect(conflicts?.surge).toBe(true)
    const created = sample.deltas.find(
      (d) => d.verb === 'POST' && d.resource === 'configmaps' && d.code === '201',
    )
    expect(created?.delta).toBeGreaterThanOrEqual(1)
  })

  it('lists API Priority and Fairness in the newest version served', async () => {
    const apf = unwrap<ApfReport>(await core.invoke('traffic:apf', {}))
    // flowcontrol.apiserver.k8s.io/v1 went GA in 1.29; 1.20 serves v1beta1 only.
    expect(apf.groupVersion).toBe(
      onOldest() ? 'flowcontrol.apiserver.k8s.io/v1beta1' : 'flowcontrol.apiserver.k8s.io/v1',
    )
    expect(apf.flowSchemas.map((f) => f.name)).toContain('exempt')
    expect(apf.flowSchemas.find((f) => f.name === 'exempt')?.priorityLevel).toBe('exempt')
    const global = apf.priorityLevels.find((p) => p.name === 'global-default')
    expect(global).toMatchObject({ type: 'Limited' })
    expect(global?.queues).toBeGreaterThan(0)
    expect(global?.concurrencyShares).toBeGreaterThan(0)
    expect(apf.priorityLevels.some((p) => p.seatLimit !== undefined)).toBe(true)
  })
})

describe('live traffic through the audit log tail', () => {
  it('follows the JSON audit log the API server writes', async () => {
    const { core, seen } = await streamingCore()
    const tail = unwrap<TrafficSourceStatus>(
      await core.invoke('traffic:start-log-tail', { path: cluster().auditLog }),
    )
    expect(tail).toMatchObject({ kind: 'log-file', state: 'running' })
    const ns = createNamespace('traffic-log')
    try {
      const res = await core.currentSession?.transport.request({
        method: 'POST',
        path: `/api/v1/namespaces/${ns}/configmaps`,
        body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'Reglages_1' } },
      })
      const id = String(res?.headers['audit-id'])
      const r = await waitUntil('the 422 from the log', 20_000, () => seen.get(id))
      expect(r).toMatchObject({ code: 422, stoppedAt: 'schema-validation', client: 'apiscope' })
      const bad = unwrap<TrafficSourceStatus>(
        await core
          .invoke('traffic:start-log-tail', { path: '/nonexistent/audit.log' })
          .then((x) => (x.ok ? x : { ok: true, value: x.error })),
      )
      expect(JSON.stringify(bad)).toMatch(/does not exist/)
    } finally {
      await core.invoke('traffic:stop-source', { id: tail.id })
      core.close()
      kubectl('delete', 'namespace', ns, '--wait=false')
    }
  })
})
