// Parsers over responses recorded from the real v1.20.2 server (test/fixtures/recorded).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  groupsWithCounts,
  markServerPreferred,
  resourcesFromAggregated,
  resourcesFromLegacyList,
  summarizeApiServices,
} from '@common/discovery-parse'
import { parseHealthText } from '@common/health-text'

const fixture = (name: string) =>
  readFileSync(path.join(__dirname, '../fixtures/recorded', name), 'utf8')

describe('health text', () => {
  it('reads every check of /readyz?verbose and its closing line', () => {
    const { checks, summary } = parseHealthText(fixture('readyz-verbose.txt'))
    expect(summary).toBe('readyz check passed')
    expect(checks.slice(0, 3).map((c) => c.name)).toEqual(['ping', 'log', 'etcd'])
    expect(checks.every((c) => c.ok && c.message === 'ok')).toBe(true)
    expect(checks.some((c) => c.name === 'informer-sync')).toBe(true)
  })

  it('keeps the reason of a failed check', () => {
    const { checks, summary } = parseHealthText(
      '[+]ping ok\n[-]etcd failed: reason withheld\nreadyz check failed\n',
    )
    expect(checks[1]).toEqual({ name: 'etcd', ok: false, message: 'failed: reason withheld' })
    expect(summary).toBe('readyz check failed')
  })
})

describe('legacy discovery', () => {
  it('folds subresources into their resource: apps/v1 deployments has scale and status', () => {
    const list = JSON.parse(fixture('apis-apps-v1.json')) as { resources: never[] }
    const resources = resourcesFromLegacyList('apps', 'v1', true, list.resources)
    const deployments = resources.find((r) => r.name === 'deployments')
    expect(deployments).toMatchObject({
      group: 'apps',
      version: 'v1',
      kind: 'Deployment',
      namespaced: true,
      shortNames: ['deploy'],
      categories: ['all'],
      rawPath: '/apis/apps/v1/deployments',
    })
    expect(deployments?.subresources.sort()).toEqual(['scale', 'status'])
    expect(resources.every((r) => !r.name.includes('/'))).toBe(true)
  })

  it('counts resources per group from the preferred version, like kubectl api-resources', () => {
    const core = resourcesFromLegacyList(
      '',
      'v1',
      true,
      (JSON.parse(fixture('api-v1.json')) as { resources: never[] }).resources,
    )
    const pods = core.find((r) => r.name === 'pods')
    expect(pods?.rawPath).toBe('/api/v1/pods')
    expect(pods?.subresources).toEqual(
      expect.arrayContaining(['binding', 'eviction', 'exec', 'log', 'status']),
    )
    const groups = groupsWithCounts([{ name: '', versions: ['v1'], preferredVersion: 'v1' }], core)
    expect(groups[0]?.resourceCount).toBe(core.length)
  })

  it('lists a resource served only by an older version at that version, once per group', () => {
    // batch on 1.20 (recorded /apis): v1 is preferred, but CronJobs are served only as v1beta1;
    // kubectl api-resources lists cronjobs at batch/v1beta1 and jobs at batch/v1.
    const batch = (
      JSON.parse(fixture('apis.json')) as {
        groups: {
          name: string
          versions: { version: string }[]
          preferredVersion: { version: string }
        }[]
      }
    ).groups.find((g) => g.name === 'batch')
    if (!batch) throw new Error('no batch group recorded')
    const group = {
      name: 'batch',
      versions: batch.versions.map((v) => v.version),
      preferredVersion: batch.preferredVersion.version,
    }
    expect(group).toEqual({ name: 'batch', versions: ['v1', 'v1beta1'], preferredVersion: 'v1' })
    const item = (name: string, kind: string) => ({ name, kind, namespaced: true })
    const resources = markServerPreferred(
      [group],
      [
        ...resourcesFromLegacyList('batch', 'v1', true, [item('jobs', 'Job')]),
        ...resourcesFromLegacyList('batch', 'v1beta1', false, [item('cronjobs', 'CronJob')]),
      ],
    )
    expect(resources.filter((r) => r.preferred).map((r) => `${r.name} ${r.version}`)).toEqual([
      'jobs v1',
      'cronjobs v1beta1',
    ])
    expect(groupsWithCounts([group], resources)[0]?.resourceCount).toBe(2)
  })

  it('prefers the preferred version over an earlier one that also serves the resource', () => {
    const group = { name: 'g', versions: ['v2', 'v1'], preferredVersion: 'v1' }
    const one = [{ name: 'things', kind: 'Thing', namespaced: false }]
    const resources = markServerPreferred(
      [group],
      [
        ...resourcesFromLegacyList('g', 'v2', false, one),
        ...resourcesFromLegacyList('g', 'v1', true, one),
      ],
    )
    expect(resources.filter((r) => r.preferred).map((r) => r.version)).toEqual(['v1'])
  })

  it('summarizes APIServices: Local or the Service behind, and Available', () => {
    const items = (JSON.parse(fixture('apiservices.json')) as { items: never[] }).items
    const services = summarizeApiServices(items)
    const apps = services.find((s) => s.name === 'v1.apps')
    expect(apps).toMatchObject({ service: 'Local', available: true, group: 'apps', version: 'v1' })
  })
})

describe('aggregated discovery (1.26+)', () => {
  // No server here speaks it (the test control plane is 1.20); this checks the mapping logic on
  // the documented APIGroupDiscoveryList shape, not a recording.
  it('takes the first version as preferred and maps scope and subresources', () => {
    const { groups, resources } = resourcesFromAggregated(
      [
        {
          metadata: { name: 'apps' },
          versions: [
            {
              version: 'v1',
              resources: [
                {
                  resource: 'deployments',
                  responseKind: { kind: 'Deployment' },
                  scope: 'Namespaced',
                  verbs: ['get', 'list'],
                  shortNames: ['deploy'],
                  subresources: [{ subresource: 'scale' }, { subresource: 'status' }],
                },
              ],
            },
          ],
        },
      ],
      false,
    )
    expect(groups).toEqual([
      { name: 'apps', versions: ['v1'], preferredVersion: 'v1', resourceCount: 1 },
    ])
    expect(resources[0]).toMatchObject({
      name: 'deployments',
      namespaced: true,
      subresources: ['scale', 'status'],
      preferred: true,
    })
  })
})
