// Owners written through a subresource, decoded from objects recorded on the real servers
// (scripts/record-managed-fields-fixtures.ts, steps 6 and 7): `kubectl scale` after the forced
// apply, then equipe-web's re-apply. 1.37 records kubectl with subresource scale (and no time) and
// refuses the re-apply naming it; 1.20 records no manager for the scale write and applies.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  compareOwnership,
  findOwnedField,
  indexOwnership,
  managerLabel,
} from '@common/managed-fields'
import { conflictFields } from '../../src-main/features/ownership/conflict-causes'
import { writerOf } from '../../src-main/core/watch/object-detail'

const recorded = (series: '1.20' | '1.37', name: string) =>
  JSON.parse(
    readFileSync(
      path.join(__dirname, '../fixtures/recorded', series, 'managed-fields', name),
      'utf8',
    ),
  ) as Record<string, unknown>

const replicaOwners = (object: unknown) =>
  (findOwnedField(indexOwnership(object), '.spec.replicas')?.owners ?? []).map(managerLabel)

describe('kubectl scale on 1.37: an owner via the scale subresource', () => {
  const forced = recorded('1.37', 'deployment-vitrine-5-forced.json')
  const scaled = recorded('1.37', 'deployment-vitrine-6-scaled.json')
  const answer = recorded('1.37', 'deployment-vitrine-7-reapply-after-scale.json')

  it('decodes the seed’s three entries; the scale one has no time', () => {
    const index = indexOwnership(scaled)
    expect(index.warnings).toEqual([])
    expect(index.entries.map((e) => [e.manager, e.operation, e.subresource])).toEqual([
      ['equipe-web', 'Apply', null],
      ['kubectl', 'Update', 'scale'],
      ['kube-controller-manager', 'Update', 'status'],
    ])
    expect(index.entries[1]?.time).toBeNull()
    expect(index.entries.map(managerLabel)).toEqual([
      'equipe-web (Apply)',
      'kubectl (Update, via scale)',
      'kube-controller-manager (Update, via status)',
    ])
    expect(replicaOwners(scaled)).toEqual(['kubectl (Update, via scale)'])
  })

  it('the version is written by kubectl via scale, though its entry carries no time', () => {
    expect(writerOf(scaled, forced)).toEqual({
      manager: 'kubectl',
      operation: 'Update',
      apiVersion: 'apps/v1',
      time: '',
      subresource: 'scale',
    })
    const changes = compareOwnership(forced, scaled)
    expect(
      changes.map((c) => [c.label, c.gained.map((p) => p.text), c.lost.map((p) => p.text)]),
    ).toContainEqual(['kubectl (Update, via scale)', ['.spec.replicas'], []])
    expect(changes.find((c) => c.label === 'equipe-web (Apply)')?.lost.map((p) => p.text)).toEqual([
      '.spec.replicas',
    ])
  })

  it('the 409 names the subresource, and the what-if reads it so', () => {
    expect(answer.code).toBe(409)
    const { message, conflicts } = conflictFields(answer, scaled, { spec: { replicas: 2 } })
    expect(message).toBe(
      'Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas',
    )
    expect(conflicts).toEqual([
      {
        field: '.spec.replicas',
        message: 'conflict with "kubectl" with subresource "scale" using apps/v1',
        liveValue: 4,
        manifestValue: 2,
        managers: [
          {
            manager: 'kubectl',
            subresource: 'scale',
            apiVersion: 'apps/v1',
            operation: 'Update',
            time: null,
          },
        ],
      },
    ])
  })
})

describe('kubectl scale on 1.20: no manager recorded', () => {
  const scaled = recorded('1.20', 'deployment-vitrine-6-scaled.json')
  const reapplied = recorded('1.20', 'deployment-vitrine-7-reapply-after-scale.json')

  it('leaves equipe-web the owner of spec.replicas, at 4', () => {
    const index = indexOwnership(scaled)
    expect(index.entries.map((e) => [e.manager, e.operation, e.subresource])).toEqual([
      ['equipe-web', 'Apply', null],
      ['kube-controller-manager', 'Update', null],
    ])
    expect(findOwnedField(index, '.spec.replicas')?.value).toBe(4)
    expect(replicaOwners(scaled)).toEqual(['equipe-web (Apply)'])
  })

  it('so the re-apply is no conflict: the server answered the Deployment, back to 2', () => {
    expect(reapplied.kind).toBe('Deployment')
    expect((reapplied.spec as { replicas: number }).replicas).toBe(2)
  })
})
