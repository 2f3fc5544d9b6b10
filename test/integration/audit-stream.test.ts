// The core's shared audit stream (core.audit) against the real control plane: kube-apiserver posts
// its audit batches to Apiscope's webhook receiver, and two features read them. The request lab
// names a REAL mutating webhook (an HTTPS server on loopback, registered in a
// MutatingWebhookConfiguration scoped to this test's namespace) from its dry run's own audit
// annotations; the rollout trace names the authenticated users of the controllers and the
// scheduler. Also: without a source the lab says the stream is off, and core.close() closes the
// receiver.
import { readFileSync } from 'node:fs'
import https from 'node:https'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BARE_POD_YAML } from '@common/lab-seed-manifests'
import type { LabRequestSpec, LabResult } from '@common/messages/lab'
import type { TrafficSourceStatus } from '@common/messages/traffic'
import type { RolloutTrace, TraceArrow } from '@common/messages/walkthroughs'
import type { Result } from '@common/result'
import type { ApiscopeCore } from '../../src-main/node/apiscope-core'
import { ADMIN_CONTEXT, ADMIN_USER } from '../cluster/control-plane'
import { SimulatedNode } from '../cluster/simulated-node'
import { cluster, coreFor, createNamespace, kubectl, waitUntil } from './helpers'

const WEBHOOK = 'label.audit-stream.apiscope.test'
const CONFIGURATION = `apiscope-audit-stream-${process.pid}`
const SCOPE_LABEL = 'apiscope.io/audit-stream-test'

function unwrap<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.title}: ${result.error.detail}`)
  return result.value as T
}

let core: ApiscopeCore
let receiver: TrafficSourceStatus
let webhookServer: https.Server
let ns: string
let otherNs: string
const url = new URL(cluster().auditWebhookUrl ?? '')

/**
 * A mutating admission webhook on loopback, serving with the API server's own certificate (its
 * SAN includes 127.0.0.1, signed by the cluster CA we hand over as caBundle): it labels every Pod
 * apiscope-webhook=yes with a JSONPatch.
 */
async function startWebhookServer(): Promise<https.Server> {
  const pki = path.join(cluster().dir, 'pki')
  const server = https.createServer(
    {
      cert: readFileSync(path.join(pki, 'apiserver.crt')),
      key: readFileSync(path.join(pki, 'apiserver.key')),
    },
    (req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          request: { uid: string; object?: { metadata?: { labels?: Record<string, string> } } }
        }
        const hasLabels = review.request.object?.metadata?.labels !== undefined
        const patch = hasLabels
          ? [{ op: 'add', path: '/metadata/labels/apiscope-webhook', value: 'yes' }]
          : [{ op: 'add', path: '/metadata/labels', value: { 'apiscope-webhook': 'yes' } }]
        res.setHeader('Content-Type', 'application/json')
        res.end(
          JSON.stringify({
            apiVersion: 'admission.k8s.io/v1',
            kind: 'AdmissionReview',
            response: {
              uid: review.request.uid,
              allowed: true,
              patchType: 'JSONPatch',
              patch: Buffer.from(JSON.stringify(patch)).toString('base64'),
            },
          }),
        )
      })
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

async function registerWebhook(port: number): Promise<void> {
  const session = core.currentSession
  if (!session) throw new Error('not connected')
  const caBundle = readFileSync(path.join(cluster().dir, 'pki', 'ca.crt')).toString('base64')
  const res = await session.transport.request({
    method: 'POST',
    path: '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
    contentType: 'application/json',
    body: {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: CONFIGURATION },
      webhooks: [
        {
          name: WEBHOOK,
          clientConfig: { url: `https://127.0.0.1:${port}/mutate`, caBundle },
          rules: [
            { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] },
          ],
          // Only this test's namespace: nothing else in the cluster is touched.
          namespaceSelector: { matchLabels: { [SCOPE_LABEL]: ns } },
          sideEffects: 'None',
          admissionReviewVersions: ['v1'],
          failurePolicy: 'Fail',
          timeoutSeconds: 5,
        },
      ],
    },
  })
  expect(res.status).toBe(201)
}

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
  kubectl('label', 'namespace', ns, `${SCOPE_LABEL}=${ns}`)
  await defaultServiceAccount(ns)
  await defaultServiceAccount(otherNs)
  webhookServer = await startWebhookServer()
  await registerWebhook((webhookServer.address() as AddressInfo).port)
}, 60_000)

afterAll(async () => {
  try {
    kubectl('delete', 'mutatingwebhookconfiguration', CONFIGURATION, '--ignore-not-found')
  } finally {
    webhookServer?.close()
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
      // The API server learns of a new webhook configuration through an informer: retry the dry
      // run until the webhook acts.
      let result: LabResult | undefined
      const deadline = Date.now() + 30_000
      while (Date.now() < deadline) {
        result = await labSend(core, { namespace: ns })
        if (JSON.stringify(result.body).includes('apiscope-webhook')) break
        await new Promise((r) => setTimeout(r, 500))
      }
      if (!result) throw new Error('no answer')
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
          configuration: CONFIGURATION,
          webhook: WEBHOOK,
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
        by: WEBHOOK,
      })
      expect(diff.counts.unattributed).toBe(0)
      expect(diff.webhookNote).toContain(WEBHOOK)
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
      expect(result.dryRunDiff?.webhookNote).toMatch(/Configured on this server: .*audit-stream/)
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
