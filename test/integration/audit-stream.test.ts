// The core's shared audit stream (core.audit) against the real control plane: kube-apiserver posts
// its audit batches to Apiscope's webhook receiver, and two features read them. The request lab
// names a REAL mutating webhook (an HTTPS server on loopback, registered in a
// MutatingWebhookConfiguration scoped to this test's namespace) from its dry run's own audit
// annotations; the rollout trace names the authenticated users of the controllers and the
// scheduler. Also: without a source the lab says the stream is off, and core.close() closes the
// receiver.
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BARE_POD_YAML } from '@common/lab-seed-manifests'
import type { LabRequestSpec, LabResult } from '@features/lab/messages'
import type { TrafficSourceStatus } from '@features/traffic/messages'
import type { RolloutTrace, TraceArrow } from '@features/walkthroughs/messages'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT, ADMIN_USER } from '../cluster/control-plane'
import { startLabelWebhook, type LabelWebhook, LABEL_WEBHOOK } from '../cluster/label-webhook'
import { SimulatedNode } from '../cluster/simulated-node'
import { cluster, coreFor, createNamespace, kubectl, unwrap, waitUntil } from './helpers'

let core: ApiscopeCore
let receiver: TrafficSourceStatus
let webhook: LabelWebhook
let ns: string
let otherNs: string
const url = new URL(cluster().auditWebhookUrl ?? '')

const labSend = async (target: ApiscopeCore, spec: Partial<LabRequestSpec>): Promise<LabResult> =>
  unwrap<LabResult>(
    await target.invoke('lab:send', {
      identity: 'kubeconfig',
      group: '',
      version: 'v1',
      resource: 'pods',
      verb: 'create',
      body: BARE_POD_YAML,
      dryRun: true,
      ...spec,
    }),
  )

async function defaultServiceAccount(namespace: string): Promise<void> {
  await waitUntil(`the default ServiceAccount of ${namespace}`, 30_000, () => {
    try {
      return kubectl('get', 'serviceaccount', 'default', '-n', namespace, '-o', 'name')
    } catch {
      return undefined
    }
  })
}

beforeAll(async () => {
  core = coreFor()
  unwrap(await core.invoke('kube:connect', { context: ADMIN_CONTEXT }))
  receiver = unwrap<TrafficSourceStatus>(
    await core.invoke('traffic:start-webhook', {
      host: '127.0.0.1',
      port: Number(url.port),
      path: url.pathname,
    }),
  )
  ns = createNamespace('audit-lab')
  otherNs = createNamespace('audit-none')
  await defaultServiceAccount(ns)
  await defaultServiceAccount(otherNs)
  webhook = await startLabelWebhook(cluster(), ns)
  await webhook.ready()
}, 60_000)

afterAll(async () => {
  try {
    await webhook?.close()
  } finally {
    kubectl('delete', 'namespace', ns, otherNs, '--wait=false')
    await core?.close()
  }
})

describe('the request lab with the audit stream on', () => {
  it(
    'attributes a dry-run Pod’s new label to the real mutating webhook, by name, from its audit annotations',
    { timeout: 60_000 },
    async () => {
      expect(core.audit.isStreaming()).toBe(true)
      const result = await labSend(core, { namespace: ns })
      expect(result.status).toBe(201)
      expect(result.verdict.outcome).toBe('dry-run')
      expect(result.audit).toMatchObject({
        state: 'received',
        user: ADMIN_USER,
        auditId: result.headers['audit-id'],
      })
      // Waited no longer than the lab's bound (the test cluster batches every 500 ms).
      expect(result.audit?.waitedMs).toBeLessThan(3_500)
      expect(result.audit?.mutatingWebhooks).toEqual([
        expect.objectContaining({
          configuration: webhook.configuration,
          webhook: LABEL_WEBHOOK,
          mutated: true,
          round: 0,
          index: 0,
        }),
      ])
      const diff = result.dryRunDiff
      if (!diff) throw new Error('no dry-run diff')
      const label = diff.entries.find((e) => e.path === 'metadata.labels.apiscope-webhook')
      expect(label).toMatchObject({ change: 'added', returned: 'yes' })
      expect(label?.attribution).toMatchObject({
        source: 'mutating-webhook',
        stage: 'mutating-admission',
        by: LABEL_WEBHOOK,
      })
      expect(diff.counts.unattributed).toBe(0)
      expect(diff.webhookNote).toContain(LABEL_WEBHOOK)
      // The built-in plugins keep their own attributions.
      expect(diff.entries.find((e) => e.path === 'spec.serviceAccountName')?.attribution?.by).toBe(
        'ServiceAccount',
      )
      // A dry run: nothing stored.
      const after = await core.currentSession!.transport.request({
        method: 'GET',
        path: `/api/v1/namespaces/${ns}/pods/nu`,
      })
      expect(after.status).toBe(404)
    },
  )

  it('says no webhook mutated a Pod outside the webhook’s scope', async () => {
    const result = await labSend(core, { namespace: otherNs })
    expect(result.audit).toMatchObject({ state: 'received', mutatingWebhooks: [] })
    expect(result.dryRunDiff?.webhookNote).toMatch(/audit stream is on.*no webhook mutated/)
    expect(result.dryRunDiff?.counts['mutating-webhook']).toBe(0)
  })

  it('without a source, says the stream is off and answers at once', async () => {
    const quiet = coreFor()
    try {
      unwrap(await quiet.invoke('kube:connect', { context: ADMIN_CONTEXT }))
      expect(quiet.audit.isStreaming()).toBe(false)
      const result = await labSend(quiet, { namespace: ns })
      expect(result.audit).toMatchObject({ state: 'off', waitedMs: 0 })
      // Today's behaviour without audit: the configured webhooks, as candidates only.
      expect(result.dryRunDiff?.webhookNote).toMatch(/Configured on this server: /)
      expect(result.dryRunDiff?.webhookNote).toContain(LABEL_WEBHOOK)
      expect(result.dryRunDiff?.counts['mutating-webhook']).toBe(0)
    } finally {
      await quiet.close()
    }
  })
})

describe('the rollout trace with the audit stream on', () => {
  let node: SimulatedNode
  let rolloutNs: string
  let latest: RolloutTrace | null = null

  beforeAll(async () => {
    rolloutNs = createNamespace('audit-rollout')
    core.onEvent((channel, payload) => {
      if (channel === 'rollout:trace') latest = payload as RolloutTrace
    })
    node = SimulatedNode.fromKubeconfig(cluster().kubeconfig, ADMIN_CONTEXT, {
      name: `sim-${rolloutNs.slice(-6)}`,
      renewEveryMs: 2000,
    })
    await node.start()
  })

  afterAll(async () => {
    await core.invoke('rollout:stop', {})
    kubectl('delete', 'pods', '--all', '-n', rolloutNs, '--grace-period=0', '--force')
    kubectl('delete', 'namespace', rolloutNs, '--wait=false')
    await node.stop()
  })

  it(
    'names the authenticated users of the writer, the controllers, the scheduler and the node agent',
    { timeout: 90_000 },
    async () => {
      unwrap(await core.invoke('rollout:start', { namespace: rolloutNs, name: 'suivie' }))
      const res = await core.currentSession!.transport.request({
        method: 'PATCH',
        path: `/apis/apps/v1/namespaces/${rolloutNs}/deployments/suivie`,
        query: { fieldManager: 'equipe-web' },
        contentType: 'application/apply-patch+yaml',
        body: {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'suivie' },
          spec: {
            replicas: 2,
            selector: { matchLabels: { app: 'suivie' } },
            template: {
              metadata: { labels: { app: 'suivie' } },
              spec: { containers: [{ name: 'web', image: 'registry.k8s.io/pause:3.2' }] },
            },
          },
        },
      })
      expect(res.status).toBe(201)
      const trace = await waitUntil('every arrow done and audited', 60_000, () =>
        latest &&
        latest.arrows.length >= 9 &&
        latest.arrows.every((a) => a.state === 'done' && a.audit)
          ? latest
          : null,
      )
      expect(trace.auditStream).toEqual({ streaming: true, matched: trace.arrows.length })
      const user = (prefix: string) =>
        trace.arrows.filter((a) => a.id.startsWith(prefix)).map((a) => a.audit?.user)
      expect(user('deployment-created')).toEqual([ADMIN_USER])
      expect(user('replicaset-created')).toEqual([
        'system:serviceaccount:kube-system:deployment-controller',
      ])
      expect(user('pod-created')).toEqual([
        'system:serviceaccount:kube-system:replicaset-controller',
        'system:serviceaccount:kube-system:replicaset-controller',
      ])
      expect(user('pod-bound')).toEqual(['system:kube-scheduler', 'system:kube-scheduler'])
      // The simulated node agent writes with the admin credentials it was given.
      expect(user('pod-ready')).toEqual([ADMIN_USER, ADMIN_USER])
      expect(user('replicaset-status')).toEqual([
        'system:serviceaccount:kube-system:replicaset-controller',
      ])
      expect(user('deployment-status')).toEqual([
        'system:serviceaccount:kube-system:deployment-controller',
      ])
      const audit = (a: TraceArrow) => a.audit!
      const created = trace.arrows.find((a) => a.id === 'deployment-created')!
      expect(audit(created)).toMatchObject({ verb: 'patch', resource: 'deployments', code: 201 })
      for (const bound of trace.arrows.filter((a) => a.id.startsWith('pod-bound')))
        expect(audit(bound)).toMatchObject({ verb: 'create', resource: 'pods/binding', code: 201 })
      // Exact times: microseconds, and causal order on the API server's own clock.
      expect(audit(created).at).toMatch(/\.\d{6}Z$/)
      const at = (prefix: string) =>
        Date.parse(trace.arrows.find((a) => a.id.startsWith(prefix))!.audit!.at)
      const chain = ['deployment-created', 'replicaset-created', 'pod-created', 'pod-bound']
      for (let i = 1; i < chain.length; i++)
        expect(at(chain[i]!)).toBeGreaterThanOrEqual(at(chain[i - 1]!))
    },
  )
})

describe('closing the core', () => {
  it('closes the audit webhook receiver (its port is free again)', async () => {
    const closing = coreFor()
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as AddressInfo).port
        probe.close(() => resolve(p))
      })
    })
    unwrap(
      await closing.invoke('traffic:start-webhook', {
        host: '127.0.0.1',
        port,
        path: '/apiscope-audit',
      }),
    )
    expect(closing.audit.isStreaming()).toBe(true)
    await closing.close()
    // Listening again on the same port works only if the receiver let go of it.
    await new Promise<void>((resolve, reject) => {
      const again = net.createServer()
      again.once('error', reject)
      again.listen(port, '127.0.0.1', () => again.close(() => resolve()))
    })
    expect(receiver.state).toBe('running')
  })
})
