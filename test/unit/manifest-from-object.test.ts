// The what-if form's starting manifest: the object opened, as a person would apply it (no status,
// no server-set metadata, no annotations written by controllers or kubectl), and the manager whose
// apply wrote it last. Objects recorded from the real v1.20.2 server.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  lastApplyManager,
  manifestFromObject,
} from '@features/ownership/common/manifest-from-object'

const recorded = (file: string) =>
  JSON.parse(
    readFileSync(path.join(__dirname, '../fixtures/recorded/1.20', file), 'utf8'),
  ) as Record<string, unknown>

describe('manifestFromObject', () => {
  it('keeps what a person applies of the vitrine Deployment, and nothing the server set', () => {
    const live = recorded('managed-fields/deployment-vitrine-5-forced.json')
    const manifest = parse(manifestFromObject(live) ?? '') as Record<string, unknown>
    expect(manifest.apiVersion).toBe('apps/v1')
    expect(manifest.kind).toBe('Deployment')
    // The Deployment controller's revision annotation is its own, not the applier's (this
    // recording's vitrine has no labels of its own).
    expect((live.metadata as { annotations: object }).annotations).toHaveProperty([
      'deployment.kubernetes.io/revision',
    ])
    expect(manifest.metadata).toEqual({ name: 'vitrine', namespace: 'ch34' })
    expect(manifest.spec).toEqual(live.spec)
    expect(manifest).not.toHaveProperty('status')
  })

  it("keeps the data of a ConfigMap, leaves out a Secret's values", () => {
    const cm = recorded('managed-fields/configmap-reglages-2-shared.json')
    expect(parse(manifestFromObject(cm) ?? '')).toMatchObject({ kind: 'ConfigMap', data: cm.data })
    const secret = (recorded('redaction/secret-get.json').response as { body: unknown }).body
    const manifest = parse(manifestFromObject(secret) ?? '') as Record<string, unknown>
    expect(manifest.kind).toBe('Secret')
    expect(manifest).not.toHaveProperty('data')
    expect(manifest).not.toHaveProperty('stringData')
    // kubectl's last-applied-configuration holds the values too: it is kubectl's, and left out.
    expect(manifest.metadata).not.toHaveProperty('annotations')
  })

  it('answers null for what is not an object with apiVersion, kind and a name', () => {
    expect(manifestFromObject(null)).toBeNull()
    expect(manifestFromObject({ kind: 'ConfigMap', metadata: { name: 'a' } })).toBeNull()
    expect(manifestFromObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} })).toBeNull()
  })
})

describe('lastApplyManager', () => {
  it('names the latest applier, not an Update manager', () => {
    expect(lastApplyManager(recorded('managed-fields/deployment-vitrine-5-forced.json'))).toBe(
      'equipe-web',
    )
    // equipe-web applied first, equipe-audit after; kubectl-label's Update is not an apply.
    expect(lastApplyManager(recorded('managed-fields/configmap-reglages-2-shared.json'))).toBe(
      'equipe-audit',
    )
  })

  it('answers null when nobody applied the object', () => {
    expect(
      lastApplyManager({
        metadata: { managedFields: [{ manager: 'kubectl-create', operation: 'Update' }] },
      }),
    ).toBeNull()
    expect(lastApplyManager({})).toBeNull()
  })
})
