// A server-side apply conflict decoded from the 409 Status recorded on the real v1.20.2 server
// (deployment-vitrine-4-conflict-status.json, sent against deployment-vitrine-3-edited.json).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { conflictFields, managerOfCause } from '../../src-main/features/ownership/conflict-causes'

const recorded = (name: string) =>
  JSON.parse(
    readFileSync(path.join(__dirname, '../fixtures/recorded/1.20/managed-fields', name), 'utf8'),
  ) as Record<string, unknown>

const status = recorded('deployment-vitrine-4-conflict-status.json')
const live = recorded('deployment-vitrine-3-edited.json')
const manifest = recorded('deployment-vitrine-1-applied.json')

describe('the 409 of a conflicting apply', () => {
  it('lists every field with the manager that owns it and the live and manifest values', () => {
    const { message, conflicts } = conflictFields(status, live, manifest)
    expect(message).toMatch(/^Apply failed with 3 conflicts/)
    expect(conflicts.map((c) => [c.field, c.managers.map((m) => m.manager)])).toEqual([
      ['.spec.replicas', ['kubectl-patch']],
      [
        '.spec.template.spec.containers[name="web"].ports[containerPort=5353,protocol="TCP"].name',
        ['kubectl-patch'],
      ],
      ['.spec.template.spec.containers[name="web"].image', ['kubectl-set']],
    ])
    const [replicas, , image] = conflicts
    expect(replicas).toMatchObject({ liveValue: 4, manifestValue: 2 })
    expect(replicas?.managers[0]).toMatchObject({
      apiVersion: 'apps/v1',
      subresource: null,
      operation: 'Update',
    })
    expect(replicas?.managers[0]?.time).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(String(image?.liveValue)).toContain('agnhost:2.62')
  })

  it('reads the manager, subresource and version of each cause message', () => {
    expect(managerOfCause('conflict with "kubectl-patch" using apps/v1')).toEqual({
      manager: 'kubectl-patch',
      subresource: null,
      apiVersion: 'apps/v1',
    })
    // The seed's newer server names the subresource (1.22+).
    expect(
      managerOfCause('conflict with "kubectl" with subresource "scale" using apps/v1'),
    ).toEqual({
      manager: 'kubectl',
      subresource: 'scale',
      apiVersion: 'apps/v1',
    })
    expect(managerOfCause('something else')).toBeNull()
  })

  it('keeps a cause it cannot read, and never throws on a body that is not a Status', () => {
    const odd = conflictFields(
      { details: { causes: [{ field: '.x', message: 'who knows' }] } },
      live,
      manifest,
    )
    expect(odd.conflicts).toEqual([{ field: '.x', managers: [], message: 'who knows' }])
    expect(conflictFields(null, null, null)).toEqual({ message: '', conflicts: [] })
  })
})
