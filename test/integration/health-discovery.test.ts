// Health checks, discovery and the request log against the real API server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoveryReport, HealthReport } from '@common/kube-types'
import type { Result } from '@common/result'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { cluster, coreFor, kubectl, onOldest } from './helpers'

let core: ApiscopeCore
beforeAll(async () => {
  core = coreFor()
  const res = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  expect(res.ok).toBe(true)
})
afterAll(() => core.close())

describe('health', () => {
  it('reads /version, /livez?verbose and /readyz?verbose as a checklist', async () => {
    const res = (await core.invoke('kube:health', {})) as Result<HealthReport>
    expect(res.ok).toBe(true)
    if (!res.ok) return
    expect(res.value.version?.gitVersion).toBe(cluster().version)
    expect(res.value.readyz).toMatchObject({
      path: '/readyz?verbose',
      httpStatus: 200,
      passed: true,
      summary: 'readyz check passed',
    })
    expect(res.value.livez.summary).toBe('livez check passed')
    expect(res.value.readyz.checks.find((c) => c.name === 'etcd')).toEqual({
      name: 'etcd',
      ok: true,
      message: 'ok',
    })
    expect(res.value.readyz.checks.some((c) => c.name === 'informer-sync')).toBe(true)
  })
})

describe('discovery', () => {
  let report: DiscoveryReport
  beforeAll(async () => {
    const res = (await core.invoke('kube:discovery', { refresh: true })) as Result<DiscoveryReport>
    if (!res.ok) throw new Error(res.error.title)
    report = res.value
  })

  it('announces apps/v1 deployments with the scale and status subresources', () => {
    // Aggregated discovery (apidiscovery.k8s.io/v2) from 1.30; 1.20 has only the classic walk.
    expect(report.mode).toBe(onOldest() ? 'legacy' : 'aggregated')
    const d = report.resources.find(
      (r) => r.group === 'apps' && r.version === 'v1' && r.name === 'deployments',
    )
    expect(d).toMatchObject({
      kind: 'Deployment',
      namespaced: true,
      shortNames: ['deploy'],
      preferred: true,
      rawPath: '/apis/apps/v1/deployments',
    })
    expect([...(d?.subresources ?? [])].sort()).toEqual(['scale', 'status'])
    expect([...(d?.verbs ?? [])].sort()).toEqual([
      'create',
      'delete',
      'deletecollection',
      'get',
      'list',
      'patch',
      'update',
      'watch',
    ])
  })

  it('counts resources per group and marks the preferred version', () => {
    const core = report.groups.find((g) => g.name === '')
    expect(core?.preferredVersion).toBe('v1')
    expect(core?.resourceCount).toBe(
      report.resources.filter((r) => r.group === '' && r.preferred).length,
    )
    const autoscaling = report.groups.find((g) => g.name === 'autoscaling')
    // autoscaling/v2 went GA in 1.23 and became the preferred version; the betas are gone by 1.26.
    expect(autoscaling?.versions).toEqual(onOldest() ? ['v1', 'v2beta1', 'v2beta2'] : ['v2', 'v1'])
    expect(autoscaling?.preferredVersion).toBe(onOldest() ? 'v1' : 'v2')
  })

  it('lists and counts each resource once per group at the version kubectl api-resources uses', () => {
    // The kubectl of the server's own release, against the same server.
    const names = kubectl('api-resources', '-o', 'name').trim().split('\n').sort()
    const preferred = report.resources.filter((r) => r.preferred)
    expect(preferred.map((r) => (r.group ? `${r.name}.${r.group}` : r.name)).sort()).toEqual(names)
    const total = report.groups.reduce((n, g) => n + g.resourceCount, 0)
    expect(total).toBe(names.length)
    const batch = report.groups.find((g) => g.name === 'batch')
    expect(batch?.resourceCount).toBe(names.filter((n) => n.endsWith('.batch')).length)
    // Where kubectl prints the version too (1.21+), each one agrees.
    const [header = '', ...lines] = kubectl('api-resources').trim().split('\n')
    const column = header.indexOf('APIVERSION')
    if (column >= 0) {
      const versions = lines.map((line) => line.slice(column).split(/\s+/)[0]).sort()
      expect(
        preferred.map((r) => (r.group ? `${r.group}/${r.version}` : r.version)).sort(),
      ).toEqual(versions)
    }
    // 1.20 serves CronJobs only as batch/v1beta1: kubectl lists them there, and so does Apiscope.
    if (cluster().series === '1.20')
      expect(preferred.find((r) => r.name === 'cronjobs')?.version).toBe('v1beta1')
  })

  it('lists APIServices: Local ones, Available', () => {
    const apps = report.apiServices.find((a) => a.name === 'v1.apps')
    expect(apps).toMatchObject({ service: 'Local', available: true })
    expect(report.apiServices.length).toBeGreaterThan(20)
  })

  it('logs every request with status, milliseconds and credential-free equivalents', () => {
    const log = core.requestLog.snapshot()
    // Aggregated discovery is one request for /apis; the classic walk asks each group version.
    const raw = onOldest() ? '/apis/apps/v1' : '/apis'
    const entry = log.find((e) => e.url.endsWith(raw))
    expect(entry).toMatchObject({
      method: 'GET',
      status: 200,
      statusText: 'OK',
      context: ADMIN_CONTEXT,
    })
    expect(entry?.ms).toBeGreaterThanOrEqual(0)
    expect(entry?.curl).toContain('--cert "$CERT" --key "$KEY"')
    expect(entry?.kubectl).toBe(`kubectl --context '${ADMIN_CONTEXT}' get --raw '${raw}'`)
    expect(
      log.some((e) => /BEGIN|PRIVATE KEY|Bearer [A-Za-z0-9]/.test(e.curl + e.kubectl + e.url)),
    ).toBe(false)
  })
})
