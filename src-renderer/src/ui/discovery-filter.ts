// Filter-as-you-type over discovered resources: every word must match the name, kind, a short
// name, a category or the group (so "deploy apps" and "po" both work, as with kubectl).
import type { DiscoveredResource } from '@common/kube-types'

export function matchesQuery(r: DiscoveredResource, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const hay = [
    r.name,
    r.kind.toLowerCase(),
    r.group || 'core',
    `${r.group}/${r.version}`,
    ...r.shortNames,
    ...r.categories,
    ...r.subresources.map((s) => `${r.name}/${s}`),
  ]
  return words.every((w) => hay.some((h) => h.toLowerCase().includes(w)))
}

export function apiVersionOf(r: { group: string; version: string }): string {
  return r.group === '' ? r.version : `${r.group}/${r.version}`
}

export function namespacedPath(r: DiscoveredResource, namespace: string): string {
  if (!r.namespaced) return r.rawPath
  const prefix = r.group === '' ? `/api/${r.version}` : `/apis/${r.group}/${r.version}`
  return `${prefix}/namespaces/${namespace}/${r.name}`
}
