// The ownership map's rows over objects recorded on the real v1.20.2 server
// (test/fixtures/recorded/1.20/managed-fields): every field in document order with its owners, fields
// inside atomic values, defaults nobody owns, server-set metadata, co-owned and absent fields.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ownershipRows, type OwnershipRow } from '@common/managed-fields'

const recorded = (name: string) =>
  JSON.parse(
    readFileSync(path.join(__dirname, '../fixtures/recorded/1.20/managed-fields', name), 'utf8'),
  ) as Record<string, unknown>

const applied = recorded('deployment-vitrine-1-applied.json')
const shared = recorded('configmap-reglages-2-shared.json')
const rowsOf = (object: unknown) => new Map(ownershipRows(object).map((r) => [r.text, r]))
const managers = (row: OwnershipRow | undefined) => row?.owners.map((o) => o.manager) ?? []

const WEB = '.spec.template.spec.containers[name="web"]'

describe('ownership rows of the applied Deployment', () => {
  const rows = rowsOf(applied)

  it('colours what equipe-web applied, including list items by their keys', () => {
    expect(rows.get('.spec.replicas')).toMatchObject({ status: 'owned', value: 2, depth: 1 })
    expect(managers(rows.get('.spec.replicas'))).toEqual(['equipe-web'])
    expect(rows.get(WEB)).toMatchObject({
      status: 'owned',
      container: 'map',
      label: '[name="web"]',
    })
    expect(rows.get(WEB)?.owners[0]?.kind).toBe('self')
    const port = rows.get(`${WEB}.ports[containerPort=5353,protocol="UDP"]`)
    expect(port?.status).toBe('owned')
    expect(managers(rows.get(`${WEB}.ports[containerPort=5353,protocol="UDP"].protocol`))).toEqual([
      'equipe-web',
    ])
  })

  it('marks fields inside a value owned whole with the owner of that value', () => {
    const inside = rows.get('.spec.selector.matchLabels.app')
    expect(inside?.status).toBe('inside-owned')
    expect(inside?.inherited?.from).toBe('.spec.selector')
    expect(inside?.inherited?.owners.map((o) => o.manager)).toEqual(['equipe-web'])
  })

  it('shows defaults nobody owns, server-set metadata and structure apart', () => {
    expect(rows.get('.spec.progressDeadlineSeconds')?.status).toBe('unowned')
    expect(rows.get(`${WEB}.terminationMessagePath`)?.status).toBe('unowned')
    expect(rows.get('.metadata.uid')?.status).toBe('server-metadata')
    expect(rows.get('.metadata.managedFields')?.status).toBe('server-metadata')
    expect(rows.get('.metadata.name')?.status).toBe('object-identity')
    expect(rows.get('.spec')?.status).toBe('structure')
    // managedFields is folded into one row: its entries are what the colours draw.
    expect([...rows.keys()].some((text) => text.startsWith('.metadata.managedFields['))).toBe(false)
  })

  it('keeps the object’s order, each child right below its parent', () => {
    const list = ownershipRows(applied)
    const at = (text: string) => list.findIndex((r) => r.text === text)
    expect(at('.metadata')).toBeLessThan(at('.spec'))
    expect(at('.spec')).toBeLessThan(at('.spec.replicas'))
    expect(at('.spec')).toBeLessThan(at('.status'))
    for (const [i, row] of list.entries())
      if (row.depth > 0) expect(list[i - 1]?.depth ?? -1).toBeGreaterThanOrEqual(row.depth - 1)
  })
})

describe('co-owned and absent fields', () => {
  it('gives a label applied with the same value by two appliers both owners', () => {
    const rows = rowsOf(shared)
    expect(managers(rows.get('.metadata.labels.app')).sort()).toEqual([
      'equipe-audit',
      'equipe-web',
    ])
    expect(managers(rows.get('.metadata.labels.tier'))).toEqual(['kubectl-label'])
  })

  it('places an owned path the object lacks under its parent, as absent', () => {
    // Small inline object (not recorded): an entry owning a field the object does not have.
    const object = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'a',
        managedFields: [
          {
            manager: 'm',
            operation: 'Apply',
            apiVersion: 'v1',
            fieldsType: 'FieldsV1',
            fieldsV1: { 'f:data': { 'f:gone': {}, 'f:here': {} } },
          },
        ],
      },
      data: { here: '1' },
    }
    const list = ownershipRows(object)
    const gone = list.findIndex((r) => r.text === '.data.gone')
    expect(list[gone]).toMatchObject({ status: 'absent', depth: 1, label: 'gone' })
    expect(list[gone - 1]?.text).toBe('.data.here')
    expect(list.find((r) => r.text === '.data.here')?.status).toBe('owned')
  })

  it('never throws on something that is not an object', () => {
    expect(ownershipRows(null)).toEqual([])
    expect(ownershipRows('x')).toEqual([])
  })
})
