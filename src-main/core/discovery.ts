// Everything the server announces: groups, versions, resources (with verbs, short names,
// categories, subresources), and the APIServices behind them. Aggregated discovery where served
// (apidiscovery.k8s.io/v2, GA 1.30; v2beta1 from 1.26): one request for /api and one for /apis,
// each revalidated on a refresh with the ETag the server sent (If-None-Match: a 304 while nothing
// changed, a new document and ETag once a CRD or an APIService comes or goes). Else the legacy
// walk that kubectl does (one request per group version, a few at a time).
// https://kubernetes.io/docs/concepts/overview/kubernetes-api/#aggregated-discovery
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
import { fail, ok, type Result } from '@common/result'
import { describeHttpFailure, notJsonFailure } from './failure-messages'
import type { KubeTransport } from './kube-transport'

/** The last /api and /apis documents with their ETags, kept per session for revalidation. */
export type DiscoveryCache = Map<string, { etag: string; body: unknown }>

type Revalidated<T> = { body: T; status: number; etag?: string }

/** GET with If-None-Match when an ETag is cached; a 304 answers with the cached document. */
async function getRevalidated<T>(
  transport: KubeTransport,
  path: string,
  accept: string,
  cache: DiscoveryCache | undefined,
): Promise<Result<Revalidated<T>>> {
  const cached = cache?.get(path)
  let res
  try {
    res = await transport.request({ path, accept, ...(cached ? { ifNoneMatch: cached.etag } : {}) })
  } catch (error) {
    return fail(transport.describe(error))
  }
  if (res.status === 304 && cached) {
    return ok({ body: cached.body as T, status: 304, etag: cached.etag })
  }
  if (res.status < 200 || res.status >= 300) {
    return fail(
      describeHttpFailure({
        status: res.status,
        body: res.body,
        path,
        context: transport.config.context,
      }),
    )
  }
  let body: T
  try {
    body = JSON.parse(res.body) as T
  } catch {
    return fail(notJsonFailure(path, res.body))
  }
  const etag = typeof res.headers.etag === 'string' ? res.headers.etag : undefined
  if (cache) {
    if (etag) cache.set(path, { etag, body })
    else cache.delete(path)
  }
  return ok({ body, status: res.status, ...(etag ? { etag } : {}) })
}

const PARALLEL = 6

const documentOf = (r: Revalidated<unknown>) => ({
  status: r.status,
  ...(r.etag ? { etag: r.etag } : {}),
})

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

export async function fetchDiscovery(
  transport: KubeTransport,
  cache?: DiscoveryCache,
): Promise<Result<DiscoveryReport>> {
  let requestCount = 0
  const get = <T>(path: string, accept?: string) => {
    requestCount++
    return transport.json<T>({ path, ...(accept ? { accept } : {}) })
  }
  requestCount++
  const coreRes = await getRevalidated<{
    kind?: string
    versions?: string[]
    items?: AggregatedGroup[]
  }>(transport, '/api', AGGREGATED_ACCEPT, cache)
  if (!coreRes.ok) return coreRes
  requestCount++
  const apisRes = await getRevalidated<{
    kind?: string
    groups?: LegacyGroup[]
    items?: AggregatedGroup[]
  }>(transport, '/apis', AGGREGATED_ACCEPT, cache)
  if (!apisRes.ok) return apisRes
  const core = coreRes.value.body
  const apis = apisRes.value.body
  const documents: DiscoveryReport['documents'] = [
    { path: '/api', ...documentOf(coreRes.value) },
    { path: '/apis', ...documentOf(apisRes.value) },
  ]

  let report: Omit<DiscoveryReport, 'apiServices' | 'requestCount' | 'fetchedAt' | 'documents'>
  if (core.kind === 'APIGroupDiscoveryList' && apis.kind === 'APIGroupDiscoveryList') {
    const c = resourcesFromAggregated(core.items ?? [], true)
    const a = resourcesFromAggregated(apis.items ?? [], false)
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
        versions: core.versions ?? ['v1'],
        preferredVersion: core.versions?.[0] ?? 'v1',
      },
      ...(apis.groups ?? []).map((g) => ({
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
    documents,
    apiServices: services.ok ? summarizeApiServices(services.value.items ?? []) : [],
    ...(services.ok ? {} : { apiServicesError: services.error.detail }),
    requestCount,
    fetchedAt: new Date().toISOString(),
  })
}
