// Everything the server announces: groups, versions, resources (with verbs, short names,
// categories, subresources), and the APIServices behind them. Aggregated discovery where served,
// else the legacy walk that kubectl does (one request per group version, a few at a time).
import {
  AGGREGATED_ACCEPT,
  groupsWithCounts,
  markServerPreferred,
  resourcesFromAggregated,
  resourcesFromLegacyList,
  summarizeApiServices,
  type AggregatedGroup,
  type LegacyApiResource,
  type LegacyGroup,
} from '@common/discovery-parse'
import type { DiscoveredResource, DiscoveryReport } from '@common/kube-types'
import { ok, type Result } from '@common/result'
import type { KubeTransport } from './kube-transport'

const PARALLEL = 6

async function mapLimited<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i] as T)
    }
  })
  await Promise.all(workers)
  return out
}

export async function fetchDiscovery(transport: KubeTransport): Promise<Result<DiscoveryReport>> {
  let requestCount = 0
  const get = <T>(path: string, accept?: string) => {
    requestCount++
    return transport.json<T>({ path, ...(accept ? { accept } : {}) })
  }
  const core = await get<{ kind?: string; versions?: string[]; items?: AggregatedGroup[] }>(
    '/api',
    AGGREGATED_ACCEPT,
  )
  if (!core.ok) return core
  const apis = await get<{ kind?: string; groups?: LegacyGroup[]; items?: AggregatedGroup[] }>(
    '/apis',
    AGGREGATED_ACCEPT,
  )
  if (!apis.ok) return apis

  let report: Omit<DiscoveryReport, 'apiServices' | 'requestCount' | 'fetchedAt'>
  if (core.value.kind === 'APIGroupDiscoveryList' && apis.value.kind === 'APIGroupDiscoveryList') {
    const c = resourcesFromAggregated(core.value.items ?? [], true)
    const a = resourcesFromAggregated(apis.value.items ?? [], false)
    report = {
      mode: 'aggregated',
      groups: [...c.groups, ...a.groups],
      resources: [...c.resources, ...a.resources],
      failedGroupVersions: [],
    }
  } else {
    const legacyGroups = [
      {
        name: '',
        versions: core.value.versions ?? ['v1'],
        preferredVersion: core.value.versions?.[0] ?? 'v1',
      },
      ...(apis.value.groups ?? []).map((g) => ({
        name: g.name,
        versions: g.versions.map((v) => v.version),
        preferredVersion: g.preferredVersion?.version ?? g.versions[0]?.version ?? '',
      })),
    ]
    const jobs = legacyGroups.flatMap((g) =>
      g.versions.map((v) => ({ group: g.name, version: v, preferred: v === g.preferredVersion })),
    )
    const failedGroupVersions: DiscoveryReport['failedGroupVersions'] = []
    const lists = await mapLimited(jobs, PARALLEL, async (job) => {
      const path = job.group === '' ? `/api/${job.version}` : `/apis/${job.group}/${job.version}`
      const res = await get<{ resources?: LegacyApiResource[] }>(path)
      if (!res.ok) {
        failedGroupVersions.push({
          groupVersion: job.group ? `${job.group}/${job.version}` : job.version,
          error: res.error.detail,
        })
        return [] as DiscoveredResource[]
      }
      return resourcesFromLegacyList(
        job.group,
        job.version,
        job.preferred,
        res.value.resources ?? [],
      )
    })
    const resources = markServerPreferred(legacyGroups, lists.flat())
    report = {
      mode: 'legacy',
      groups: groupsWithCounts(legacyGroups, resources),
      resources,
      failedGroupVersions,
    }
  }

  const services = await get<{ items?: Parameters<typeof summarizeApiServices>[0] }>(
    '/apis/apiregistration.k8s.io/v1/apiservices',
  )
  return ok({
    ...report,
    apiServices: services.ok ? summarizeApiServices(services.value.items ?? []) : [],
    ...(services.ok ? {} : { apiServicesError: services.error.detail }),
    requestCount,
    fetchedAt: new Date().toISOString(),
  })
}
