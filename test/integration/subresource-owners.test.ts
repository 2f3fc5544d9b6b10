// Field ownership through subresources (managedFields `subresource`, Kubernetes 1.22), the seed's
// own story to the letter ("Qui possède ce champ ?"), with the control plane's own kubectl: apply
// vitrine as equipe-web; `kubectl scale deploy vitrine --replicas=4` (a PATCH on the scale
// subresource) records `{"manager":"kubectl","operation":"Update","subresource":"scale"}`; the
// re-apply fails with `conflict with "kubectl" with subresource "scale" using apps/v1:
// .spec.replicas`; --force-conflicts takes the field back; exercise 3's two cases. Status writers
// carry `subresource: status` (kube-controller-manager, the simulated node agent).
//
// On 1.20 the same commands run and the test says what that server does instead: a write through
// the scale subresource records no manager at all, so equipe-web still owns spec.replicas, its
// re-apply silently puts 2 back, and exercise 3 (a) falls to the default of 1 like (b).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findOwnedField, indexOwnership, managerLabel } from '@common/managed-fields'
import type { OwnershipHistory, OwnershipMap, WhatIfResult } from '@features/ownership/messages'
import { vitrineManifest as vitrine } from '@common/lab-seed-manifests'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { SIMULATED_MANAGER, SimulatedNode } from '../cluster/simulated-node'
import {
  adminCoreInNamespace,
  closeInNamespace,
  cluster,
  DEPLOYMENTS,
  invokeOk,
  kubectl,
  onOldest,
  untilStoreHasLatest,
  waitUntil,
} from './helpers'

const SEED_CONFLICT =
  'Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas'

const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-subresource-'))

/** kubectl with its exit status kept: stdout and stderr together, as a terminal shows them. */
function run(...args: string[]): { ok: boolean; output: string } {
  const c = cluster()
  const res = spawnSync(
    path.join(c.binDir, 'kubectl'),
    [`--kubeconfig=${c.kubeconfig}`, `--context=${ADMIN_CONTEXT}`, ...args],
    { encoding: 'utf8' },
  )
  return { ok: res.status === 0, output: `${res.stdout}${res.stderr}` }
}

/** `kubectl apply --server-side --field-manager=equipe-web [flags] -f vitrine.yaml`. */
function applyAsEquipeWeb(ns: string, manifest: string, ...flags: string[]) {
  const file = path.join(dir, `${ns}.yaml`)
  writeFileSync(file, manifest)
  return run('apply', '--server-side', '--field-manager=equipe-web', ...flags, '-f', file)
}

/** `kubectl scale deploy <name> --replicas=N`, with -v=6 to see where it wrote. */
function scale(ns: string, name: string, replicas: number): string {
  const res = run('scale', 'deploy', name, `--replicas=${replicas}`, '-n', ns, '-v=6')
  expect(res.ok, res.output).toBe(true)
  return res.output
}

type Entry = { manager: string; operation: string; subresource?: string }
/** The seed's `jq -c '.metadata.managedFields[] | {manager, operation, subresource}'`. */
function managers(
  ns: string,
  name: string,
): { manager: string; operation: string; subresource: string | null }[] {
  // kubectl 1.21+ hides managedFields unless asked; 1.20's has no such flag and always prints them.
  const show = onOldest() ? [] : ['--show-managed-fields']
  const object = JSON.parse(kubectl('get', 'deploy', name, '-n', ns, '-o', 'json', ...show)) as {
    metadata: { managedFields: Entry[] }
  }
  return object.metadata.managedFields.map((e) => ({
    manager: e.manager,
    operation: e.operation,
    subresource: e.subresource ?? null,
  }))
}
const replicasOf = (ns: string, name = 'vitrine') =>
  Number(kubectl('get', 'deploy', name, '-n', ns, '-o', 'jsonpath={.spec.replicas}'))

let core: ApiscopeCore
let ns: string

const call = <T>(channel: string, payload: unknown) => invokeOk<T>(core, channel, payload)
const whatIf = (manifest: string) =>
  call<WhatIfResult>('ownership:what-if', { manifest, fieldManager: 'equipe-web', force: false })
const mapOf = (name: string) =>
  call<OwnershipMap>('ownership:map', {
    source: { ref: { group: 'apps', version: 'v1', resource: 'deployments', namespace: ns, name } },
  })
const replicaOwners = (object: unknown) =>
  (findOwnedField(indexOwnership(object), '.spec.replicas')?.owners ?? []).map(managerLabel)

beforeAll(async () => {
  ;({ core, ns } = await adminCoreInNamespace('subres', DEPLOYMENTS))
})
afterAll(() => closeInNamespace({ core, ns }))

describe('the seed’s story: kubectl scale owns spec.replicas through the scale subresource', () => {
  it('apply as equipe-web, then kubectl scale --replicas=4 (a PATCH on deployments/scale)', async () => {
    const applied = applyAsEquipeWeb(ns, vitrine(ns, 2))
    expect(applied.output).toContain('deployment.apps/vitrine serverside-applied')

    const output = scale(ns, 'vitrine', 4)
    expect(output).toContain('deployment.apps/vitrine scaled')
    // Both kubectl releases write through the subresource, not the Deployment itself.
    expect(output).toMatch(/PATCH[" ]+(url=")?https:\/\/[^ "]+\/deployments\/vitrine\/scale/)
    expect(replicasOf(ns)).toBe(4)

    const entries = await waitUntil('the controller-manager’s status write', 30_000, () => {
      const found = managers(ns, 'vitrine')
      return found.some((e) => e.manager === 'kube-controller-manager') && found
    })
    if (onOldest()) {
      // 1.20: the write through /scale left no trace in managedFields.
      expect(entries).toEqual([
        { manager: 'equipe-web', operation: 'Apply', subresource: null },
        { manager: 'kube-controller-manager', operation: 'Update', subresource: null },
      ])
      expect(replicaOwners((await mapOf('vitrine')).object)).toEqual(['equipe-web (Apply)'])
    } else {
      // The seed's three lines, in its order.
      expect(entries).toEqual([
        { manager: 'equipe-web', operation: 'Apply', subresource: null },
        { manager: 'kubectl', operation: 'Update', subresource: 'scale' },
        { manager: 'kube-controller-manager', operation: 'Update', subresource: 'status' },
      ])
      // Unlike every other entry, the one written through /scale carries no time.
      const kubectlEntry = indexOwnership((await mapOf('vitrine')).object).entries.find(
        (e) => e.subresource === 'scale',
      )
      expect(kubectlEntry?.time).toBeNull()
      // The ownership map (legend, tree and blame label owners this way).
      expect(replicaOwners((await mapOf('vitrine')).object)).toEqual([
        'kubectl (Update, via scale)',
      ])
    }
  })

  it('the re-apply conflicts, named by the server and by the what-if alike (1.20: no conflict)', async () => {
    const predicted = await whatIf(vitrine(ns, 2))
    if (onOldest()) {
      // Nobody but equipe-web owns replicas: the dry-run would silently put 2 back.
      expect(predicted.outcome).toBe('applied')
      if (predicted.outcome === 'applied')
        expect(predicted.changes).toContainEqual(
          expect.objectContaining({ op: 'replace', path: '/spec/replicas', value: 2, oldValue: 4 }),
        )
      const real = applyAsEquipeWeb(ns, vitrine(ns, 2))
      expect(real).toEqual({ ok: true, output: 'deployment.apps/vitrine serverside-applied\n' })
      expect(replicasOf(ns)).toBe(2)
      // Scaled again, for the force below to have something to take.
      scale(ns, 'vitrine', 4)
      return
    }
    expect(predicted.outcome).toBe('conflict')
    if (predicted.outcome !== 'conflict') return
    expect(predicted.message).toBe(SEED_CONFLICT)
    expect(predicted.conflicts).toHaveLength(1)
    expect(predicted.conflicts[0]).toMatchObject({
      field: '.spec.replicas',
      message: 'conflict with "kubectl" with subresource "scale" using apps/v1',
      liveValue: 4,
      manifestValue: 2,
      managers: [
        { manager: 'kubectl', subresource: 'scale', apiVersion: 'apps/v1', operation: 'Update' },
      ],
    })

    // The real kubectl prints the seed's error, word for word, and changes nothing.
    const real = applyAsEquipeWeb(ns, vitrine(ns, 2))
    expect(real.ok).toBe(false)
    expect(real.output).toContain(`error: ${SEED_CONFLICT}\n`)
    expect(real.output).toContain('command with the `--force-conflicts` flag.')
    expect(replicasOf(ns)).toBe(4)
  })

  it('--force-conflicts gives .spec.replicas back: 2, and kubectl’s entry is gone', async () => {
    const forced = applyAsEquipeWeb(ns, vitrine(ns, 2), '--force-conflicts')
    expect(forced.output).toContain('deployment.apps/vitrine serverside-applied')
    expect(replicasOf(ns)).toBe(2)
    expect(managers(ns, 'vitrine')).toEqual([
      { manager: 'equipe-web', operation: 'Apply', subresource: null },
      {
        manager: 'kube-controller-manager',
        operation: 'Update',
        subresource: onOldest() ? null : 'status',
      },
    ])
    expect(replicaOwners((await mapOf('vitrine')).object)).toEqual(['equipe-web (Apply)'])
  })

  it('the ownership history names the scale subresource at the version that took the field', async () => {
    const session = core.currentSession
    if (!session) throw new Error('no session')
    const uid = await untilStoreHasLatest(
      session.watches.store,
      'the forced apply in the store',
      'deploy',
      'vitrine',
      ns,
    )
    const history = await call<OwnershipHistory>('ownership:history', { uid })
    const moves = history.steps.flatMap((step) =>
      step.changes
        .filter((c) => c.gained.includes('.spec.replicas') || c.lost.includes('.spec.replicas'))
        .map((c) => `${c.gained.includes('.spec.replicas') ? '+' : '-'}${c.label}`),
    )
    if (onOldest()) {
      // Ownership never moved: the scale writes do not show in managedFields.
      expect(moves).toEqual(['+equipe-web (Apply)'])
      return
    }
    expect(moves).toEqual([
      '+equipe-web (Apply)',
      '-equipe-web (Apply)',
      '+kubectl (Update, via scale)',
      '+equipe-web (Apply)',
      '-kubectl (Update, via scale)',
    ])
    const takeover = history.steps.find((s) =>
      s.changes.some((c) => c.subresource === 'scale' && c.gained.includes('.spec.replicas')),
    )
    // The scale subresource's entry carries no time on 1.37: the writer is the entry that is new.
    expect(takeover?.writer).toBe('kubectl (Update, via scale)')
    expect(takeover?.changes).toContainEqual(
      expect.objectContaining({ manager: 'kubectl', operation: 'Update', subresource: 'scale' }),
    )
  })
})

describe('exercise 3: vitrine-sans-replicas.yaml, (a) after kubectl scale, (b) on a fresh Deployment', () => {
  it('(a) just after kubectl scale --replicas=4: the 4 replicas stay (1.20: reset to 1)', async () => {
    scale(ns, 'vitrine', 4)
    const predicted = await whatIf(vitrine(ns, null))
    expect(predicted.outcome).toBe('applied')
    if (predicted.outcome !== 'applied') return
    const prediction = (predicted.result as { spec: { replicas: number } }).spec.replicas
    const applied = applyAsEquipeWeb(ns, vitrine(ns, null))
    expect(applied.ok, applied.output).toBe(true)
    expect(replicasOf(ns)).toBe(prediction)
    if (onOldest()) {
      // equipe-web still owned it alone, so giving it up removed it: the default applies.
      expect(prediction).toBe(1)
      expect(predicted.released).toContainEqual(
        expect.objectContaining({ field: '.spec.replicas', effect: 'reset', before: 4, after: 1 }),
      )
    } else {
      // The seed's "cas 1 : replicas=4": equipe-web gave up a field it no longer owned.
      expect(prediction).toBe(4)
      expect(predicted.released.map((r) => r.field)).not.toContain('.spec.replicas')
      expect(replicaOwners((await mapOf('vitrine')).object)).toEqual([
        'kubectl (Update, via scale)',
      ])
    }
  })

  it('(b) on a Deployment only equipe-web touched: 2 before, 1 after', async () => {
    const fresh = (replicas: number | null) =>
      vitrine(ns, replicas).replace(/vitrine/g, 'vitrine-b')
    expect(applyAsEquipeWeb(ns, fresh(2)).ok).toBe(true)
    expect(replicasOf(ns, 'vitrine-b')).toBe(2)
    const predicted = await whatIf(fresh(null))
    if (predicted.outcome !== 'applied') throw new Error('expected a result')
    expect(predicted.released).toContainEqual({
      field: '.spec.replicas',
      keptBy: [],
      effect: 'reset',
      before: 2,
      after: 1,
    })
    expect(applyAsEquipeWeb(ns, fresh(null)).ok).toBe(true)
    expect(replicasOf(ns, 'vitrine-b')).toBe(1)
  })
})

describe('a second kubectl scale, whose entry has no time to move', () => {
  it('the history still names kubectl via scale as the writer (1.20: nobody owns replicas)', async () => {
    const session = core.currentSession
    if (!session) throw new Error('no session')
    // After (a), kubectl's entry is there already: this scale moves no managedFields time.
    scale(ns, 'vitrine', 5)
    const uid = JSON.parse(kubectl('get', 'deploy', 'vitrine', '-n', ns, '-o', 'json')).metadata
      .uid as string
    // The version the scale made: the first with 5 replicas.
    let version = -1
    for (const deadline = Date.now() + 15_000; version < 0 && Date.now() < deadline;) {
      const h = session.watches.store.history(uid)
      const all = Array.from({ length: h?.versionCount ?? 0 }, (_, k) => k)
      const objects = await session.watches.store.objectsAt(uid, all)
      version = objects.findIndex(
        (o) => (o as { spec?: { replicas?: number } } | null)?.spec?.replicas === 5,
      )
      if (version < 0) await new Promise((r) => setTimeout(r, 100))
    }
    const history = await call<OwnershipHistory>('ownership:history', { uid })
    const step = history.steps.find((s) => s.version === version)
    expect(step?.changes).toEqual([])
    expect(step?.writer).toBe(onOldest() ? null : 'kubectl (Update, via scale)')
  })
})

describe('status writers through the status subresource', () => {
  let node: SimulatedNode

  beforeAll(async () => {
    node = SimulatedNode.fromKubeconfig(cluster().kubeconfig, ADMIN_CONTEXT, {
      name: `sim-${ns.slice(-6)}`,
      renewEveryMs: 2000,
    })
    await node.start()
  })
  afterAll(async () => {
    kubectl('delete', 'pods', '--all', '-n', ns, '--grace-period=0', '--force')
    await node.stop()
  })

  it('the simulated node agent writes the Pod’s and the Node’s status with subresource status', async () => {
    // Bound to the simulated node directly, so the scheduler is not involved.
    kubectl(
      'run',
      'statut',
      '-n',
      ns,
      '--image=registry.k8s.io/e2e-test-images/agnhost:2.61',
      `--overrides={"spec":{"nodeName":"${node.name}"}}`,
    )
    const show = onOldest() ? [] : ['--show-managed-fields']
    const entriesOf = (...target: string[]) =>
      (
        JSON.parse(kubectl('get', ...target, '-o', 'json', ...show)) as {
          metadata: { managedFields: Entry[] }
        }
      ).metadata.managedFields
    const pod = await waitUntil('the node agent’s pods/status write', 30_000, () => {
      const found = entriesOf('pod', 'statut', '-n', ns).find(
        (e) => e.manager === SIMULATED_MANAGER,
      )
      return found ?? null
    })
    const nodeEntry = entriesOf('node', node.name).find((e) => e.manager === SIMULATED_MANAGER)
    if (onOldest()) {
      expect(pod).not.toHaveProperty('subresource')
      expect(nodeEntry).not.toHaveProperty('subresource')
    } else {
      expect(pod).toMatchObject({ operation: 'Update', subresource: 'status' })
      // The Node's status too, PATCHed through nodes/status as a kubelet does.
      expect(nodeEntry).toMatchObject({ operation: 'Update', subresource: 'status' })
    }
    const map = await call<OwnershipMap>('ownership:map', {
      source: {
        ref: { group: '', version: 'v1', resource: 'pods', namespace: ns, name: 'statut' },
      },
    })
    const index = indexOwnership(map.object)
    expect(findOwnedField(index, '.status.phase')?.owners.map(managerLabel)).toEqual([
      onOldest() ? `${SIMULATED_MANAGER} (Update)` : `${SIMULATED_MANAGER} (Update, via status)`,
    ])
  })
})
