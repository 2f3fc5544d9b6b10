// Ownership over time from a real event store (its version history runs in its worker), fed with
// the Deployment versions recorded on the real v1.20.2 server: applied by equipe-web, patched by
// kubectl-patch, edited by kubectl-set, then re-applied with --force-conflicts.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { EventStore } from '../../src-main/core/watch/event-store'
import {
  MAX_VERSIONS,
  ownershipHistory,
  ownershipSince,
} from '../../src-main/features/ownership/ownership-history'

type Recorded = {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace: string; uid: string; resourceVersion: string }
}
const recorded = (name: string) =>
  JSON.parse(
    readFileSync(path.join(__dirname, '../fixtures/recorded/1.20/managed-fields', name), 'utf8'),
  ) as Recorded

const versions = [
  'deployment-vitrine-1-applied.json',
  'deployment-vitrine-2-patched.json',
  'deployment-vitrine-3-edited.json',
  'deployment-vitrine-5-forced.json',
].map(recorded)

let clock = Date.UTC(2026, 10, 30, 10, 52, 0)
const store = new EventStore(() => (clock += 1000))
afterAll(() => store.close())
for (const [k, object] of versions.entries()) {
  const { name, namespace, uid, resourceVersion } = object.metadata
  store.recordObject(
    k === 0 ? 'ADDED' : 'MODIFIED',
    1,
    { kind: object.kind, apiVersion: object.apiVersion, name, namespace, uid, resourceVersion },
    JSON.stringify(object),
  )
}
const uid = versions[0]?.metadata.uid as string

describe('ownership history', () => {
  it('follows spec.replicas: equipe-web, then kubectl-patch, then equipe-web again', async () => {
    const history = await ownershipHistory(store, uid)
    expect(history?.steps.map((s) => [s.type, s.rv])).toEqual(
      versions.map((v, k) => [k === 0 ? 'ADDED' : 'MODIFIED', v.metadata.resourceVersion]),
    )
    const moves = history?.steps.map((s) =>
      s.changes
        .filter((c) => c.gained.includes('.spec.replicas') || c.lost.includes('.spec.replicas'))
        .map((c) => `${c.gained.includes('.spec.replicas') ? '+' : '-'}${c.manager}`),
    )
    expect(moves).toEqual([
      ['+equipe-web'],
      ['-equipe-web', '+kubectl-patch'],
      [],
      ['+equipe-web', '-kubectl-patch'],
    ])
    expect(history?.steps[1]?.writer).toBe('kubectl-patch (Update)')
    // The third recorded version bundles three writes (set image, a JSON patch, the controller's
    // status): what each manager gained is still told apart.
    expect(history?.steps[2]?.changes.find((c) => c.manager === 'kubectl-set')?.gained).toEqual([
      '.spec.template.spec.containers[name="web"].image',
    ])
    // Each step points at the store's event for that version.
    for (const step of history?.steps ?? [])
      expect(store.event(step.eventIndex).v).toBe(step.version)
  })

  it('says since when each owner has held each field, walking back through the versions', async () => {
    const since = await ownershipSince(store, uid)
    const of = (field: string) => since.filter((s) => s.field === field)
    expect(of('.spec.replicas')).toEqual([
      expect.objectContaining({ manager: 'equipe-web (Apply)', eventIndex: 3, atFirstSeen: false }),
    ])
    // Owned in every version seen: possibly earlier than the first one.
    expect(of('.spec.selector')).toEqual([
      expect.objectContaining({ manager: 'equipe-web (Apply)', eventIndex: 0, atFirstSeen: true }),
    ])
  })

  it('answers nothing for an object the store does not hold', async () => {
    expect(await ownershipHistory(store, 'nope')).toBeNull()
    expect(await ownershipSince(store, 'nope')).toEqual([])
  })
})

describe('a long history', () => {
  it('reads the most recent versions, the oldest of them only as a baseline', async () => {
    // The recorded ConfigMap written 405 times (resourceVersions renumbered here), then shared.
    const applied = recorded('configmap-reglages-1-applied.json')
    const shared = recorded('configmap-reglages-2-shared.json')
    const long = new EventStore()
    try {
      const count = MAX_VERSIONS + 5
      for (let k = 0; k < count; k++) {
        const object = k === count - 1 ? shared : applied
        const resourceVersion = String(1000 + k)
        long.recordObject(
          k === 0 ? 'ADDED' : 'MODIFIED',
          1,
          { ...object.metadata, kind: object.kind, apiVersion: object.apiVersion, resourceVersion },
          JSON.stringify({ ...object, metadata: { ...object.metadata, resourceVersion } }),
        )
      }
      const history = await ownershipHistory(long, applied.metadata.uid)
      expect(history?.versions).toBe(count)
      expect(history?.steps).toHaveLength(MAX_VERSIONS - 1)
      expect(history?.steps[0]?.version).toBe(count - MAX_VERSIONS + 1)
      // Nothing claims to gain everything at the cut; only the last write changes ownership.
      expect(history?.steps.filter((s) => s.changes.length > 0).map((s) => s.version)).toEqual([
        count - 1,
      ])
    } finally {
      long.close()
    }
  })
})
