// Field managers against the real API server: the seed's server-side apply sequence adapted to
// 1.20 (apply as equipe-web; an Update by kubectl-patch takes spec.replicas; the re-apply conflicts
// and names it; --force-conflicts takes it back), the three ways out as dry-runs, exercise 3's two
// cases where the what-if prediction must match the real apply, and the ownership history that
// the watch store holds for the same sequence.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findOwnedField, indexOwnership } from '@common/managed-fields'
import type {
  OwnershipHistory,
  OwnershipMap,
  WatchedObject,
  WhatIfResult,
} from '@features/ownership/messages'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { vitrineManifest as vitrine } from '@common/lab-seed-manifests'
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

const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-ssa-'))
function applyFile(manifest: string, ...flags: string[]): { ok: boolean; output: string } {
  const file = path.join(dir, 'vitrine.yaml')
  writeFileSync(file, manifest)
  const c = cluster()
  try {
    const output = execFileSync(
      path.join(c.binDir, 'kubectl'),
      [
        `--kubeconfig=${c.kubeconfig}`,
        `--context=${ADMIN_CONTEXT}`,
        'apply',
        '--server-side',
        '--field-manager=equipe-web',
        ...flags,
        '-f',
        file,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    return { ok: true, output }
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string }
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }
  }
}

const replicasOf = (ns: string) =>
  Number(kubectl('get', 'deployment', 'vitrine', '-n', ns, '-o', 'jsonpath={.spec.replicas}'))
const ownersOfReplicas = (object: unknown) =>
  findOwnedField(indexOwnership(object), '.spec.replicas')?.owners.map((o) => o.manager) ?? []

let core: ApiscopeCore
let ns: string

const call = <T>(channel: string, payload: unknown) => invokeOk<T>(core, channel, payload)
const whatIf = (manifest: string, force = false, resolve?: { way: string; fields: string[] }) =>
  call<WhatIfResult>('ownership:what-if', {
    manifest,
    fieldManager: 'equipe-web',
    force,
    ...(resolve ? { resolve } : {}),
  })
const liveMap = () =>
  call<OwnershipMap>('ownership:map', {
    source: {
      ref: {
        group: 'apps',
        version: 'v1',
        resource: 'deployments',
        namespace: ns,
        name: 'vitrine',
      },
    },
  })

beforeAll(async () => {
  ;({ core, ns } = await adminCoreInNamespace('ssa', DEPLOYMENTS))
})
afterAll(() => closeInNamespace({ core, ns }))

describe('the seed’s server-side apply sequence, kubectl patch as the other manager', () => {
  it('predicts a creation, then equipe-web’s apply owns what its file sets', async () => {
    const predicted = await whatIf(vitrine(ns, 2))
    expect(predicted.outcome).toBe('applied')
    if (predicted.outcome !== 'applied') return
    expect(predicted.created).toBe(true)
    expect(predicted.gained).toContain('.spec.replicas')
    expect(predicted.url).toContain('dryRun=All')
    expect(predicted.url).toContain('fieldManager=equipe-web')
    expect(predicted.kubectl).toContain('--dry-run=server')
    // The dry-run wrote nothing.
    expect(() => kubectl('get', 'deployment', 'vitrine', '-n', ns)).toThrow()
    // It was logged like every other request.
    expect(
      core.requestLog.snapshot().some((e) => e.method === 'PATCH' && e.url.includes('dryRun=All')),
    ).toBe(true)

    expect(applyFile(vitrine(ns, 2)).ok).toBe(true)
    const map = await liveMap()
    expect(ownersOfReplicas(map.object)).toEqual(['equipe-web'])
    expect(map.source).toBe('server')
  })

  it('an Update by kubectl-patch takes spec.replicas; the re-apply conflicts and names it', async () => {
    kubectl('patch', 'deployment', 'vitrine', '-n', ns, '-p', '{"spec":{"replicas":4}}')
    expect(ownersOfReplicas((await liveMap()).object)).toEqual(['kubectl-patch'])

    const predicted = await whatIf(vitrine(ns, 2))
    expect(predicted.outcome).toBe('conflict')
    if (predicted.outcome !== 'conflict') return
    expect(predicted.conflicts).toHaveLength(1)
    const [conflict] = predicted.conflicts
    expect(conflict?.field).toBe('.spec.replicas')
    expect(conflict?.managers.map((m) => [m.manager, m.apiVersion, m.operation])).toEqual([
      ['kubectl-patch', 'apps/v1', 'Update'],
    ])
    expect(conflict?.liveValue).toBe(4)
    expect(conflict?.manifestValue).toBe(2)

    // The real apply fails the same way.
    const real = applyFile(vitrine(ns, 2))
    expect(real.ok).toBe(false)
    expect(real.output).toContain('conflict with "kubectl-patch"')
    expect(real.output).toContain('.spec.replicas')
    expect(replicasOf(ns)).toBe(4)
  })

  it('each way out is one more dry-run: drop, co-own, force', async () => {
    const dropped = await whatIf(vitrine(ns, 2), false, { way: 'drop', fields: ['.spec.replicas'] })
    expect(dropped.outcome).toBe('applied')
    expect(dropped.edits).toEqual(['dropped .spec.replicas'])
    expect(dropped.manifest).not.toContain('replicas')
    if (dropped.outcome === 'applied')
      expect((dropped.result as { spec: { replicas: number } }).spec.replicas).toBe(4)

    const coOwned = await whatIf(vitrine(ns, 2), false, {
      way: 'co-own',
      fields: ['.spec.replicas'],
    })
    expect(coOwned.outcome).toBe('applied')
    expect(coOwned.manifest).toContain('replicas: 4')
    if (coOwned.outcome === 'applied') {
      expect(ownersOfReplicas(coOwned.result).sort()).toEqual(['equipe-web', 'kubectl-patch'])
      expect(coOwned.gained).toContain('.spec.replicas')
    }

    const forced = await whatIf(vitrine(ns, 2), true)
    expect(forced.outcome).toBe('applied')
    expect(forced.kubectl).toContain('--force-conflicts')
    if (forced.outcome === 'applied') {
      expect(ownersOfReplicas(forced.result)).toEqual(['equipe-web'])
      expect(forced.changes).toContainEqual(
        expect.objectContaining({ op: 'replace', path: '/spec/replicas', value: 2, oldValue: 4 }),
      )
    }
    // None of them wrote.
    expect(replicasOf(ns)).toBe(4)
  })

  it('--force-conflicts: ownership of spec.replicas returns to equipe-web', async () => {
    expect(applyFile(vitrine(ns, 2), '--force-conflicts').ok).toBe(true)
    expect(replicasOf(ns)).toBe(2)
    expect(ownersOfReplicas((await liveMap()).object)).toEqual(['equipe-web'])
  })

  it('the controller-manager writes the status through the status subresource (1.22+)', async () => {
    type Entry = { manager: string; operation: string; subresource?: string }
    const entries = await waitUntil('the controller-manager’s status write', 30_000, () => {
      // kubectl 1.21+ hides managedFields unless asked; 1.20 always prints them.
      const show = onOldest() ? [] : ['--show-managed-fields']
      const found = JSON.parse(
        kubectl('get', 'deployment', 'vitrine', '-n', ns, '-o', 'json', ...show),
      ).metadata.managedFields as Entry[]
      return found.some((e) => e.manager === 'kube-controller-manager') && found
    })
    const status = entries.find((e) => e.manager === 'kube-controller-manager')
    // managedFields[].subresource came in 1.22: 1.20 writes the same entry without it.
    if (onOldest()) expect(status).not.toHaveProperty('subresource')
    else expect(status).toMatchObject({ operation: 'Update', subresource: 'status' })
    // Apiscope decodes it as its own manager identity, as the legend and blame show it.
    const decoded = indexOwnership((await liveMap()).object).entries.find(
      (e) => e.manager === 'kube-controller-manager',
    )
    expect(decoded?.subresource).toBe(onOldest() ? null : 'status')
  })
})

describe('exercise 3: giving up spec.replicas', () => {
  it('(b) equipe-web alone owns it: the what-if predicts the reset to 1, and the apply does it', async () => {
    const predicted = await whatIf(vitrine(ns, null))
    expect(predicted.outcome).toBe('applied')
    if (predicted.outcome !== 'applied') return
    const released = predicted.released.find((r) => r.field === '.spec.replicas')
    expect(released).toEqual({
      field: '.spec.replicas',
      keptBy: [],
      effect: 'reset',
      before: 2,
      after: 1,
    })
    const prediction = (predicted.result as { spec: { replicas: number } }).spec.replicas

    expect(applyFile(vitrine(ns, null)).ok).toBe(true)
    expect(replicasOf(ns)).toBe(prediction)
    expect(prediction).toBe(1)
  })

  it('(a) after another manager took it: the what-if predicts the value kept, and the apply keeps it', async () => {
    expect(applyFile(vitrine(ns, 2), '--force-conflicts').ok).toBe(true)
    kubectl('patch', 'deployment', 'vitrine', '-n', ns, '-p', '{"spec":{"replicas":4}}')
    const predicted = await whatIf(vitrine(ns, null))
    expect(predicted.outcome).toBe('applied')
    if (predicted.outcome !== 'applied') return
    // equipe-web no longer owned it: nothing of it is released.
    expect(predicted.released.map((r) => r.field)).not.toContain('.spec.replicas')
    const prediction = (predicted.result as { spec: { replicas: number } }).spec.replicas
    expect(prediction).toBe(4)

    expect(applyFile(vitrine(ns, null)).ok).toBe(true)
    expect(replicasOf(ns)).toBe(prediction)
  })

  it('(a’) co-owned with the same value: released by equipe-web but kept by the other owner', async () => {
    // equipe-web applies the value kubectl-patch set (4): both own it.
    expect(applyFile(vitrine(ns, 4)).ok).toBe(true)
    expect(ownersOfReplicas((await liveMap()).object).sort()).toEqual([
      'equipe-web',
      'kubectl-patch',
    ])
    const predicted = await whatIf(vitrine(ns, null))
    if (predicted.outcome !== 'applied') throw new Error('expected a result')
    expect(predicted.released.find((r) => r.field === '.spec.replicas')).toEqual({
      field: '.spec.replicas',
      keptBy: ['kubectl-patch'],
      effect: 'kept',
      before: 4,
      after: 4,
    })
    expect(applyFile(vitrine(ns, null)).ok).toBe(true)
    expect(replicasOf(ns)).toBe(4)
  })
})

describe('ownership over time, from the watch store', () => {
  it('follows spec.replicas: equipe-web -> kubectl-patch -> equipe-web (forced), each at its event', async () => {
    const session = core.currentSession
    if (!session) throw new Error('no session')
    const objects = await call<WatchedObject[]>('ownership:objects', {})
    const mine = objects.find((o) => o.name === 'vitrine' && o.namespace === ns)
    expect(mine?.kind).toBe('Deployment')
    const uid = mine?.uid as string
    expect(
      await untilStoreHasLatest(
        session.watches.store,
        'the last apply in the store',
        'deploy',
        'vitrine',
        ns,
      ),
    ).toBe(uid)
    const history = await call<OwnershipHistory>('ownership:history', { uid })

    const moves = history.steps.flatMap((step) =>
      step.changes
        .filter((c) => c.gained.includes('.spec.replicas') || c.lost.includes('.spec.replicas'))
        .map((c) => `${c.gained.includes('.spec.replicas') ? '+' : '-'}${c.manager}`),
    )
    // Created by the apply; taken by the patch; forced back; taken again; co-owned; released.
    expect(moves.slice(0, 5)).toEqual([
      '+equipe-web',
      '-equipe-web',
      '+kubectl-patch',
      '+equipe-web',
      '-kubectl-patch',
    ])
    for (const step of history.steps) {
      expect(step.eventIndex).toBeGreaterThanOrEqual(0)
      const event = session.watches.store.event(step.eventIndex)
      expect(event.uid).toBe(uid)
      expect(event.rv).toBe(step.rv)
    }
    const takeover = history.steps.find((s) =>
      s.changes.some((c) => c.manager === 'kubectl-patch' && c.gained.includes('.spec.replicas')),
    )
    expect(takeover?.writer).toBe('kubectl-patch (Update)')

    // The map of the watched object says since when each owner has its fields.
    const map = await call<OwnershipMap>('ownership:map', { source: { uid } })
    expect(map.source).toBe('watch')
    // kube-controller-manager may have written status since: more versions, never fewer.
    expect(map.history?.versions).toBeGreaterThanOrEqual(history.steps.length)
    const since = map.since.find((s) => s.field === '.spec.replicas')
    expect(since?.manager).toBe('kubectl-patch (Update)')
  })

  it('never sends a Secret’s values to the renderer, neither in the map nor in a what-if', async () => {
    kubectl('create', 'secret', 'generic', 'coffre', '-n', ns, '--from-literal=motdepasse=hunter2')
    const map = await call<OwnershipMap>('ownership:map', {
      source: {
        ref: { group: '', version: 'v1', resource: 'secrets', namespace: ns, name: 'coffre' },
      },
    })
    expect(JSON.stringify(map)).not.toContain(Buffer.from('hunter2').toString('base64'))
    expect((map.object as { data: Record<string, string> }).data.motdepasse).toBe('<redacted>')
    const predicted = await call<WhatIfResult>('ownership:what-if', {
      manifest: `apiVersion: v1\nkind: Secret\nmetadata:\n  name: coffre\n  namespace: ${ns}\nstringData:\n  autre: secret2\n`,
      fieldManager: 'equipe-web',
      force: false,
    })
    expect(predicted.outcome).toBe('applied')
    const { manifest: _sent, ...answer } = predicted
    const text = JSON.stringify(answer)
    expect(text).not.toContain(Buffer.from('hunter2').toString('base64'))
    expect(text).not.toContain(Buffer.from('secret2').toString('base64'))
  })

  it('answers a clear error for an unknown object and a malformed manifest', async () => {
    const unknown = await core.invoke('ownership:history', { uid: 'no-such-uid' })
    expect(unknown.ok).toBe(false)
    const bad = await core.invoke('ownership:what-if', {
      manifest: 'kind: [',
      fieldManager: 'x',
      force: false,
    })
    expect(!bad.ok && bad.error.title).toBe('The manifest is not valid YAML or JSON')
    const noKind = await core.invoke('ownership:what-if', {
      manifest: 'apiVersion: v1\nkind: Nothing\nmetadata: {name: a}',
      fieldManager: 'x',
      force: false,
    })
    expect(!noKind.ok && noKind.error.title).toBe('The server serves no Nothing in v1')
  })
})
