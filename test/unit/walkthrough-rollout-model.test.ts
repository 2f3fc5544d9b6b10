// The rollout trace's model on objects recorded from the real control plane (kube-apiserver
// v1.20.2, kube-controller-manager, kube-scheduler and the simulated node agent): see
// test/integration/rollout-trace.test.ts, run with APISCOPE_RECORD_FIXTURES=1 to record again.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  buildRolloutTrace,
  type KubeObject,
  type RolloutInput,
} from '../../src-main/node/rollout/rollout-model'

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
