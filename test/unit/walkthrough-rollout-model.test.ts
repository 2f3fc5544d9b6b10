// The rollout trace's model on objects recorded from the real control plane (kube-apiserver
// v1.20.2, kube-controller-manager, kube-scheduler and the simulated node agent): see
// test/integration/rollout-trace.test.ts, run with APISCOPE_RECORD_FIXTURES=1 to record again.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RolloutTrace } from '@features/walkthroughs/messages'
import {
  buildRolloutTrace,
  podsInTimeOrder,
  type KubeObject,
  type RolloutInput,
} from '../../src-main/features/walkthroughs/rollout/rollout-model'

interface Fixture {
  recordedAt: string
  owner: { namespace: string; name: string }
  deployments: KubeObject[]
  replicaSets: KubeObject[]
  pods: KubeObject[]
  events: KubeObject[]
  nodes: KubeObject[]
  leases: KubeObject[]
}

function input(name: string, now?: number): RolloutInput {
  const f = JSON.parse(
    readFileSync(
      path.join(import.meta.dirname, '../fixtures/recorded/rollout', `${name}.json`),
      'utf8',
    ),
  ) as Fixture
  return {
    owner: f.owner,
    deployment: f.deployments[0] ?? null,
    replicaSets: f.replicaSets,
    pods: f.pods,
    events: f.events,
    nodes: f.nodes,
    leases: f.leases,
    renewals: new Map(),
    observed: new Map(),
    now: now ?? Date.parse(f.recordedAt),
  }
}

describe('the rollout trace model', () => {
  it('names every actor of a complete rollout, in causal order', () => {
    const trace = buildRolloutTrace(input('complete'))
    expect(trace.found).toBe(true)
    expect(trace.arrows.map((a) => `${a.id.split(':')[0]} ${a.from} ${a.state}`)).toEqual([
      'deployment-created writer done',
      'replicaset-created deployment-controller done',
      'pod-created replicaset-controller done',
      'pod-created replicaset-controller done',
      'pod-bound scheduler done',
      'pod-bound scheduler done',
      'pod-ready node-agent done',
      'pod-ready node-agent done',
      'replicaset-status replicaset-controller done',
      'deployment-status deployment-controller done',
    ])
    expect(trace.arrows[0]?.actorName).toBe('equipe-web')
    // The controllers name themselves in their Events; managedFields only names the process.
    expect(trace.arrows[1]?.actorName).toBe('deployment-controller in kube-controller-manager')
    expect(trace.arrows[2]?.actorName).toBe('replicaset-controller in kube-controller-manager')
    expect(trace.arrows[4]?.actorName).toBe('default-scheduler')
    // Every arrow has its time from the objects, even seen only after the fact.
    for (const arrow of trace.arrows) expect(arrow.time, arrow.id).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(trace.arrows[6]?.actorName).toMatch(/^apiscope-simulated-node on sim-/)
    expect(trace.actors.find((a) => a.id === 'node-agent')?.label).toBe('Node agent (simulated)')
  })

  it('counts the old ReplicaSet of a finished rollout, scaled to 0, as done', () => {
    const base = input('complete')
    const rs = base.replicaSets[0] as KubeObject
    // The same recorded ReplicaSet as a rollout leaves the previous one: no replicas, no Pods.
    const old = {
      ...rs,
      metadata: { ...rs.metadata, name: `${rs.metadata.name}-old`, uid: 'old-replicaset' },
      spec: { ...(rs.spec as object), replicas: 0 },
      status: { replicas: 0, observedGeneration: 2 },
    } as KubeObject
    const trace = buildRolloutTrace({ ...base, replicaSets: [old, ...base.replicaSets] })
    const status = trace.arrows.find((a) => a.id === `replicaset-status:${old.metadata.name}`)
    expect(status?.state).toBe('done')
    expect(trace.arrows.filter((a) => a.state === 'waiting')).toEqual([])
  })

  it('keeps Pods the scheduler cannot place waiting, with the condition’s reason', () => {
    const trace = buildRolloutTrace(input('unschedulable'))
    const bound = trace.arrows.filter((a) => a.id.startsWith('pod-bound'))
    expect(bound).toHaveLength(2)
    for (const a of bound) {
      expect(a.state).toBe('waiting')
      expect(a.reason).toMatch(
        /^Pending: PodScheduled=False \(Unschedulable\): 0\/\d+ nodes are available/,
      )
    }
    const ready = trace.arrows.filter((a) => a.id.startsWith('pod-ready'))
    expect(
      ready.every(
        (a) => a.reason === 'Waiting for the scheduler: no node yet, so no node agent to run it.',
      ),
    ).toBe(true)
  })

  it('explains a quiet node from its Lease, Ready condition and NoExecute taint', () => {
    const trace = buildRolloutTrace(input('quiet-node'))
    const quiet = trace.nodes.find((n) => n.ready === 'Unknown')
    expect(quiet).toBeDefined()
    expect(quiet?.simulated).toBe(true)
    expect(quiet?.taints.map((t) => `${t.key}:${t.effect}`)).toContain(
      'node.kubernetes.io/unreachable:NoExecute',
    )
    expect(quiet?.explanation).toMatch(/Ready=Unknown \(NodeStatusUnknown\)/)
    expect(quiet?.explanation).toMatch(/tolerate it for 300 s/)
  })

  it('says so when the Deployment does not exist (yet)', () => {
    const trace = buildRolloutTrace({ ...input('complete'), deployment: null })
    expect(trace.found).toBe(false)
    expect(trace.arrows).toEqual([])
  })
})

describe('the Pods of a rollout, in the order they happened', () => {
  // The recorded rollout's two Pods, created, bound and Ready in the same second.
  const podNames = (trace: RolloutTrace, step: string) =>
    trace.arrows.filter((a) => a.id.startsWith(`${step}:`)).map((a) => a.id.split(':')[1])
  const recorded = input('complete')
  const [first, second] = recorded.pods.map((p) => p.metadata.name).sort()
  const later = second as string
  const earlier = first as string

  it('orders each step by the objects’ own time, not by name', () => {
    // One second earlier for the Pod whose name sorts last: it comes first.
    const pods = recorded.pods.map((p) =>
      p.metadata.name === later
        ? { ...p, metadata: { ...p.metadata, creationTimestamp: '2026-11-30T12:52:09Z' } }
        : p,
    )
    const trace = buildRolloutTrace({ ...recorded, pods })
    expect(podNames(trace, 'pod-created')).toEqual([later, earlier])
  })

  it('in the same second, by the order the Pod watch delivered them', () => {
    const order = new Map([
      [`pod-created:${later}`, 1],
      [`pod-created:${earlier}`, 2],
      [`pod-bound:${earlier}`, 3],
      [`pod-bound:${later}`, 4],
      [`pod-ready:${later}`, 5],
      [`pod-ready:${earlier}`, 6],
    ])
    const trace = buildRolloutTrace({ ...recorded, order })
    expect(podNames(trace, 'pod-created')).toEqual([later, earlier])
    expect(podNames(trace, 'pod-bound')).toEqual([earlier, later])
    expect(podNames(trace, 'pod-ready')).toEqual([later, earlier])
    // The steps stay in causal order around them.
    expect([...new Set(trace.arrows.map((a) => a.id.split(':')[0]))]).toEqual([
      'deployment-created',
      'replicaset-created',
      'pod-created',
      'pod-bound',
      'pod-ready',
      'replicaset-status',
      'deployment-status',
    ])
  })

  it('in the same second, by the audit events’ microseconds when both have one', () => {
    const trace = buildRolloutTrace(recorded)
    const audit = (name: string, at: string) => ({
      user: 'system:serviceaccount:kube-system:replicaset-controller',
      at,
      verb: 'create',
      resource: 'pods',
      code: 201,
      auditId: name,
    })
    const arrows = trace.arrows.map((a) =>
      a.id === `pod-created:${earlier}`
        ? { ...a, audit: audit(earlier, '2026-11-30T12:52:10.700000Z') }
        : a.id === `pod-created:${later}`
          ? { ...a, audit: audit(later, '2026-11-30T12:52:10.200000Z') }
          : a,
    )
    const ordered = podsInTimeOrder(arrows)
    expect(podNames({ ...trace, arrows: ordered }, 'pod-created')).toEqual([later, earlier])
  })

  it('puts the Pods a ReplicaSet has yet to create after the ones it created', () => {
    const replicaSets = recorded.replicaSets.map((rs) => ({
      ...rs,
      spec: { ...rs.spec, replicas: 3 },
    }))
    const trace = buildRolloutTrace({ ...recorded, replicaSets })
    const created = trace.arrows.filter((a) => a.id.startsWith('pod-created:'))
    expect(created.map((a) => a.state)).toEqual(['done', 'done', 'waiting'])
    expect(created[2]?.label).toBe('create Pod 3 of 3')
  })
})
