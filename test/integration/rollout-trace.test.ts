// The path of a kubectl apply, traced live through the core's rollout:* messages against the real
// kube-apiserver, kube-controller-manager and kube-scheduler, with the SIMULATED node agent
// (test/cluster/simulated-node.ts) standing in for a kubelet: every arrow, its actor and its
// order; a Pod that cannot be scheduled shown waiting with the scheduler's reason; and a node that
// goes quiet explained from its Lease, Ready condition and taints.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RolloutTrace, TraceArrow } from '@features/walkthroughs/messages'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import type { KubeTransport } from '../../src-main/core/kube-transport'
import { ADMIN_CONTEXT, REPO_ROOT } from '../cluster/control-plane'
import { SIMULATED_MANAGER, SimulatedNode } from '../cluster/simulated-node'
import { cluster, coreFor, createNamespace, kubectl, waitUntil } from './helpers'

let core: ApiscopeCore
let transport: KubeTransport
let node: SimulatedNode
let latest: RolloutTrace | null = null
const ns = createNamespace('rollout')
const nodeName = `sim-${ns.slice(-6)}`

beforeAll(async () => {
  core = coreFor()
  core.onEvent((channel, payload) => {
    if (channel === 'rollout:trace') latest = payload as RolloutTrace
  })
  const res = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  if (!res.ok) throw new Error(res.error.title)
  transport = core.currentSession!.transport
  node = SimulatedNode.fromKubeconfig(cluster().kubeconfig, ADMIN_CONTEXT, {
    name: nodeName,
    renewEveryMs: 2000,
  })
  await node.start()
})

afterAll(async () => {
  await core.invoke('rollout:stop', {})
  kubectl('delete', 'pods', '--all', '-n', ns, '--grace-period=0', '--force', '--wait=false')
  kubectl('delete', 'namespace', ns, '--wait=false')
  await node.stop()
  core.close()
})

function deployment(name: string, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [{ name: 'web', image: 'registry.k8s.io/e2e-test-images/agnhost:2.61' }],
          ...extra,
        },
      },
    },
  }
}

async function apply(name: string, extra: Record<string, unknown> = {}) {
  const res = await transport.request({
    method: 'PATCH',
    path: `/apis/apps/v1/namespaces/${ns}/deployments/${name}`,
    query: { fieldManager: 'equipe-web' },
    contentType: 'application/apply-patch+yaml',
    body: deployment(name, extra),
  })
  expect(res.status).toBe(201)
}

async function startTrace(name: string): Promise<RolloutTrace> {
  latest = null
  const res = await core.invoke('rollout:start', { namespace: ns, name })
  if (!res.ok) throw new Error(res.error.title)
  return res.value as RolloutTrace
}

/**
 * With APISCOPE_RECORD_FIXTURES=1, saves the objects the trace was built from, as the server
 * returned them, for the rollout model's unit test (test/fixtures/recorded/rollout/).
 */
async function recordFixture(caseName: string, name: string): Promise<void> {
  if (!process.env.APISCOPE_RECORD_FIXTURES) return
  const get = async (p: string, query: Record<string, string> = {}) => {
    const res = await transport.json<{ items: unknown[] }>({ path: p, query })
    if (!res.ok) throw new Error(res.error.title)
    return res.value.items
  }
  const fixture = {
    recordedFrom:
      'kube-apiserver v1.20.2 with kube-controller-manager, kube-scheduler and the simulated node agent',
    recordedAt: new Date().toISOString(),
    owner: { namespace: ns, name },
    deployments: await get(`/apis/apps/v1/namespaces/${ns}/deployments`, {
      fieldSelector: `metadata.name=${name}`,
    }),
    replicaSets: await get(`/apis/apps/v1/namespaces/${ns}/replicasets`),
    pods: await get(`/api/v1/namespaces/${ns}/pods`),
    events: await get(`/api/v1/namespaces/${ns}/events`),
    nodes: await get('/api/v1/nodes'),
    leases: await get('/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases'),
  }
  const dir = path.join(REPO_ROOT, 'test/fixtures/recorded/rollout')
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, `${caseName}.json`), `${JSON.stringify(fixture, null, 2)}\n`)
}

const byId = (trace: RolloutTrace, prefix: string) =>
  trace.arrows.filter((a) => a.id.startsWith(prefix))
const t = (a: TraceArrow | undefined) => Date.parse(a?.time ?? '')

describe('the rollout trace', () => {
  it(
    'follows a Deployment to two Running Pods, every arrow with its actor, in order',
    { timeout: 90_000 },
    async () => {
      const first = await startTrace('signalements')
      expect(first.found).toBe(false)
      await apply('signalements')
      // Every arrow done, and the controllers' Events in (they name which controller acted).
      const trace = await waitUntil('every arrow done', 60_000, () =>
        latest &&
        latest.arrows.length >= 9 &&
        latest.arrows.every((a) => a.state === 'done') &&
        latest.arrows.filter((a) => a.actorName.includes('-controller in ')).length === 3
          ? latest
          : null,
      )
      await recordFixture('complete', 'signalements')
      const ids = trace.arrows.map((a) => a.id.split(':')[0])
      expect(ids).toEqual([
        'deployment-created',
        'replicaset-created',
        'pod-created',
        'pod-created',
        'pod-bound',
        'pod-bound',
        'pod-ready',
        'pod-ready',
        'replicaset-status',
        'deployment-status',
      ])
      const [created] = byId(trace, 'deployment-created')
      expect(created).toMatchObject({ from: 'writer', actorName: 'equipe-web' })
      const [rs] = byId(trace, 'replicaset-created')
      expect(rs).toMatchObject({
        from: 'deployment-controller',
        actorName: 'deployment-controller in kube-controller-manager',
      })
      for (const pod of byId(trace, 'pod-created'))
        expect(pod).toMatchObject({
          from: 'replicaset-controller',
          actorName: 'replicaset-controller in kube-controller-manager',
        })
      for (const bound of byId(trace, 'pod-bound')) {
        expect(bound.from).toBe('scheduler')
        expect(bound.actorName).toBe('default-scheduler')
        expect(bound.label).toContain(`→ ${nodeName}`)
      }
      for (const ready of byId(trace, 'pod-ready')) {
        expect(ready.from).toBe('node-agent')
        expect(ready.actorName).toBe(`${SIMULATED_MANAGER} on ${nodeName}`)
      }
      expect(byId(trace, 'replicaset-status')[0]).toMatchObject({ from: 'replicaset-controller' })
      expect(byId(trace, 'deployment-status')[0]).toMatchObject({
        from: 'deployment-controller',
        actorName: 'kube-controller-manager',
      })
      // Causal order holds on the objects' own clocks (second precision: equal is fine).
      const chain = [
        created,
        rs,
        byId(trace, 'pod-created')[0],
        byId(trace, 'pod-bound')[0],
        byId(trace, 'pod-ready')[0],
      ]
      for (let i = 1; i < chain.length; i++)
        expect(t(chain[i])).toBeGreaterThanOrEqual(t(chain[i - 1]))
      // Everything happened after the trace started, so the watch saw each arrow arrive.
      for (const arrow of trace.arrows) expect(arrow.observedAt, arrow.id).toBeTruthy()
      const simulatedActor = trace.actors.find((a) => a.id === 'node-agent')
      expect(simulatedActor).toMatchObject({ simulated: true })
      expect(simulatedActor?.label).toContain('simulated')
      const heartbeat = trace.nodes.find((n) => n.name === nodeName)
      expect(heartbeat).toMatchObject({ simulated: true, ready: 'True' })
    },
  )

  it(
    'lists the Pods of each step in the order they happened, not by name',
    { timeout: 150_000 },
    async () => {
      /** Six Pods rolled out and traced, beside the order the API server's own watch delivers. */
      async function rollOut(name: string, withAudit: boolean) {
        const list = await transport.json<{ metadata: { resourceVersion: string } }>({
          path: `/api/v1/namespaces/${ns}/pods`,
        })
        if (!list.ok) throw new Error(list.error.title)
        const watched = await transport.openStream({
          path: `/api/v1/namespaces/${ns}/pods`,
          query: {
            watch: 'true',
            labelSelector: `app=${name}`,
            resourceVersion: list.value.metadata.resourceVersion,
          },
        })
        const created: string[] = []
        const bound: string[] = []
        let buffered = ''
        watched.decoded?.on('data', (chunk: Buffer) => {
          buffered += chunk.toString('utf8')
          const lines = buffered.split('\n')
          buffered = lines.pop() ?? ''
          for (const line of lines.filter(Boolean)) {
            const e = JSON.parse(line) as {
              type: string
              object: { metadata: { name: string }; spec?: { nodeName?: string } }
            }
            const pod = e.object.metadata.name
            if (e.type === 'ADDED' && !created.includes(pod)) created.push(pod)
            if (e.object.spec?.nodeName && !bound.includes(pod)) bound.push(pod)
          }
        })
        try {
          await startTrace(name)
          const res = await transport.request({
            method: 'PATCH',
            path: `/apis/apps/v1/namespaces/${ns}/deployments/${name}`,
            query: { fieldManager: 'equipe-web' },
            contentType: 'application/apply-patch+yaml',
            body: { ...deployment(name), spec: { ...deployment(name).spec, replicas: 6 } },
          })
          expect(res.status).toBe(201)
          const trace = await waitUntil('six Pods Ready', 90_000, () =>
            latest &&
            byId(latest, 'pod-ready:').filter((a) => a.state === 'done').length === 6 &&
            (!withAudit ||
              latest.arrows.filter((a) => a.id.startsWith('pod-') && a.audit).length === 18)
              ? latest
              : null,
          )
          return { trace, created, bound }
        } finally {
          watched.abort()
          kubectl('delete', 'deployment', name, '-n', ns, '--wait=false')
        }
      }
      const names = (trace: RolloutTrace, step: string) =>
        byId(trace, `${step}:`).map((a) => a.id.split(':')[1])

      // Audit off: in the order the watch delivered them (the order the API server stored them).
      // Six Pods named at random: sorted by name, this would hold once in 720 runs.
      const plain = await rollOut('ordre', false)
      expect(plain.trace.arrows.some((a) => a.audit)).toBe(false)
      expect(names(plain.trace, 'pod-created')).toEqual(plain.created)
      expect(names(plain.trace, 'pod-bound')).toEqual(plain.bound)

      // Audit on (the API server's JSON log followed): by when the API server received each
      // write, to the second on the objects' own clock, to the microsecond within a second.
      const tail = await core.invoke('traffic:start-log-tail', { path: cluster().auditLog })
      if (!tail.ok) throw new Error(tail.error.title)
      try {
        const { trace } = await rollOut('ordre-audit', true)
        for (const step of ['pod-created', 'pod-bound', 'pod-ready']) {
          const arrows = byId(trace, `${step}:`)
          expect(arrows).toHaveLength(6)
          for (let i = 1; i < arrows.length; i++) {
            const [a, b] = [arrows[i - 1], arrows[i]]
            const [sa, sb] = [Math.floor(t(a) / 1000), Math.floor(t(b) / 1000)]
            expect(sa, step).toBeLessThanOrEqual(sb)
            if (sa === sb) expect((a?.audit?.at ?? '') <= (b?.audit?.at ?? ''), step).toBe(true)
          }
        }
      } finally {
        await core.invoke('traffic:stop-source', { id: (tail.value as { id: number }).id })
      }
    },
  )

  it(
    'shows a Pod the scheduler cannot place as waiting, with its reason',
    { timeout: 60_000 },
    async () => {
      await startTrace('nulle-part')
      await apply('nulle-part', { nodeSelector: { 'apiscope.io/no-such-node': 'x' } })
      // Both Pods' PodScheduled condition written (a FailedScheduling event may come first).
      const trace = await waitUntil('an unschedulable reason', 30_000, () =>
        latest &&
        byId(latest, 'pod-bound').filter((a) => a.reason?.includes('PodScheduled=False')).length ===
          2
          ? latest
          : null,
      )
      await recordFixture('unschedulable', 'nulle-part')
      const bound = byId(trace, 'pod-bound')
      expect(bound.length).toBe(2)
      for (const arrow of bound) {
        expect(arrow.state).toBe('waiting')
        expect(arrow.reason).toMatch(
          /PodScheduled=False \(Unschedulable\): 0\/\d+ nodes are available/,
        )
      }
      for (const ready of byId(trace, 'pod-ready')) expect(ready.state).toBe('waiting')
      expect(byId(trace, 'deployment-status')[0]?.state).toBe('waiting')
    },
  )

  it(
    'explains a node that goes quiet: NotReady after the grace period, taints, 300 s tolerations',
    { timeout: 120_000 },
    async () => {
      await startTrace('signalements')
      await waitUntil('heartbeats seen', 10_000, () =>
        (latest?.nodes.find((n) => n.name === nodeName)?.renewals.length ?? 0) >= 2 ? latest : null,
      )
      // With every node quiet the node controller blames its own network ("master disruption
      // mode") and taints nothing NoExecute; a second, healthy node makes this one the odd one out.
      const healthy = SimulatedNode.fromKubeconfig(cluster().kubeconfig, ADMIN_CONTEXT, {
        name: `${nodeName}-b`,
        renewEveryMs: 2000,
      })
      await healthy.start()
      node.pause()
      const trace = await waitUntil('the node marked not ready and tainted', 100_000, () => {
        const n = latest?.nodes.find((x) => x.name === nodeName)
        return n && n.ready !== 'True' && n.taints.some((x) => x.effect === 'NoExecute')
          ? latest
          : null
      })
      await recordFixture('quiet-node', 'signalements')
      const quiet = trace.nodes.find((n) => n.name === nodeName)!
      expect(quiet.ready).toBe('Unknown')
      expect(quiet.taints.map((x) => `${x.key}:${x.effect}`)).toContain(
        'node.kubernetes.io/unreachable:NoExecute',
      )
      expect(quiet.explanation).toContain('300 s')
      expect(quiet.explanation).toMatch(/Ready=Unknown/)
      await healthy.stop()
    },
  )
})
