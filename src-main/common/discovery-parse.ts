// Turns what /api and /apis announce into one flat list of resources, from either form the server
// speaks: aggregated discovery (APIGroupDiscoveryList, 1.26+, one request each) or the legacy
// APIGroupList plus one APIResourceList per group version.
// Ref: https://kubernetes.io/docs/concepts/overview/kubernetes-api/#discovery-api
import type { ApiServiceSummary, DiscoveredGroup, DiscoveredResource } from './kube-types'

export const AGGREGATED_ACCEPT = [
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList',
  'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList',
  'application/json',
].join(',')

export interface LegacyApiResource {
  name: string
  singularName?: string
  namespaced: boolean
  kind: string
  verbs?: string[]
  shortNames?: string[]
  categories?: string[]
}

export interface LegacyGroup {
  name: string
  versions: { groupVersion: string; version: string }[]
  preferredVersion?: { groupVersion: string; version: string }
}

interface AggregatedSubresource {
  subresource: string
  verbs?: string[]
}
interface AggregatedResource {
  resource: string
  responseKind?: { kind?: string }
  scope?: string
  verbs?: string[]
  shortNames?: string[]
  categories?: string[]
  subresources?: AggregatedSubresource[]
}
export interface AggregatedGroup {
  metadata?: { name?: string }
  versions?: { version: string; resources?: AggregatedResource[] }[]
}

export function rawListPath(group: string, version: string, resource: string): string {
  return group === '' ? `/api/${version}/${resource}` : `/apis/${group}/${version}/${resource}`
}

/** One group version's resources from a legacy APIResourceList, with subresources folded in. */
export function resourcesFromLegacyList(
  group: string,
  version: string,
  preferred: boolean,
  list: LegacyApiResource[],
): DiscoveredResource[] {
  const byName = new Map<string, DiscoveredResource>()
  const subs: [string, string][] = []
  for (const r of list) {
    const slash = r.name.indexOf('/')
    if (slash >= 0) {
      subs.push([r.name.slice(0, slash), r.name.slice(slash + 1)])
      continue
    }
    byName.set(r.name, {
      group,
      version,
      name: r.name,
      kind: r.kind,
      namespaced: r.namespaced,
      verbs: r.verbs ?? [],
      shortNames: r.shortNames ?? [],
      categories: r.categories ?? [],
      subresources: [],
      preferred,
      rawPath: rawListPath(group, version, r.name),
    })
  }
  for (const [parent, sub] of subs) byName.get(parent)?.subresources.push(sub)
  return [...byName.values()]
}

export function resourcesFromAggregated(
  items: AggregatedGroup[],
  coreGroup: boolean,
): {
  groups: DiscoveredGroup[]
  resources: DiscoveredResource[]
} {
  const groups: DiscoveredGroup[] = []
  const resources: DiscoveredResource[] = []
  for (const item of items) {
    const name = coreGroup ? '' : (item.metadata?.name ?? '')
    // Aggregated discovery lists a group's versions in order of preference.
    const versions = (item.versions ?? []).map((v) => v.version)
    const preferredVersion = versions[0] ?? ''
    const own: DiscoveredResource[] = []
    for (const v of item.versions ?? []) {
      const preferred = v.version === preferredVersion
      for (const r of v.resources ?? []) {
        own.push({
          group: name,
          version: v.version,
          name: r.resource,
          kind: r.responseKind?.kind ?? '',
          namespaced: r.scope === 'Namespaced',
          verbs: r.verbs ?? [],
          shortNames: r.shortNames ?? [],
          categories: r.categories ?? [],
          subresources: (r.subresources ?? []).map((s) => s.subresource),
          preferred,
          rawPath: rawListPath(name, v.version, r.resource),
        })
      }
    }
    const marked = markServerPreferred([{ name, versions, preferredVersion }], own)
    resources.push(...marked)
    groups.push({
      name,
      versions,
      preferredVersion,
      resourceCount: marked.filter((r) => r.preferred).length,
    })
  }
  return { groups, resources }
}

/**
 * Marks each resource once per group, at the version kubectl uses for it, as client-go's
 * ServerPreferredResources does (what `kubectl api-resources` lists): the group's preferred
 * version when it serves the resource, else the first of the group's versions, in the order the
 * server announces them (newest first), that does. So on 1.20 CronJobs, served only as
 * batch/v1beta1 while batch prefers v1, are listed at v1beta1 instead of missing.
 */
export function markServerPreferred(
  groups: readonly { name: string; versions: readonly string[]; preferredVersion: string }[],
  resources: readonly DiscoveredResource[],
): DiscoveredResource[] {
  const chosen = new Map<string, string>()
  for (const g of groups) {
    const order = [g.preferredVersion, ...g.versions.filter((v) => v !== g.preferredVersion)]
    for (const version of order)
      for (const r of resources)
        if (r.group === g.name && r.version === version && !chosen.has(`${g.name}/${r.name}`))
          chosen.set(`${g.name}/${r.name}`, version)
  }
  return resources.map((r) => ({
    ...r,
    preferred: chosen.get(`${r.group}/${r.name}`) === r.version,
  }))
}

export function groupsWithCounts(
  legacyGroups: { name: string; versions: string[]; preferredVersion: string }[],
  resources: DiscoveredResource[],
): DiscoveredGroup[] {
  return legacyGroups.map((g) => ({
    ...g,
    resourceCount: resources.filter((r) => r.group === g.name && r.preferred).length,
  }))
}

interface ApiServiceObject {
  metadata?: { name?: string }
  spec?: {
    group?: string
    version?: string
    service?: { namespace?: string; name?: string } | null
  }
  status?: { conditions?: { type?: string; status?: string; reason?: string; message?: string }[] }
}

export function summarizeApiServices(items: ApiServiceObject[]): ApiServiceSummary[] {
  return items.map((a) => {
    const available = a.status?.conditions?.find((c) => c.type === 'Available')
    const svc = a.spec?.service
    return {
      name: a.metadata?.name ?? '',
      group: a.spec?.group ?? '',
      version: a.spec?.version ?? '',
      service: svc?.name ? `${svc.namespace ?? ''}/${svc.name}` : 'Local',
      available: available ? available.status === 'True' : null,
      availableReason: available?.reason ?? '',
      availableMessage: available?.message ?? '',
    }
  })
}
