// The ownership picker's list: the objects the watches hold (live or replayed), filtered by what
// is typed and grouped by kind and namespace, as the timeline groups its lanes. Pure.
import type { WatchedObject } from '../messages'

export interface WatchedObjectGroup {
  /** "Deployment · default", or the kind alone at cluster scope. */
  label: string
  kind: string
  namespace: string
  objects: WatchedObject[]
}

/** Every word typed must appear in the object's kind, namespace or name (any case). */
export function matchesFilter(o: WatchedObject, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const text = `${o.kind} ${o.namespace}/${o.name} ${o.namespace} ${o.name}`.toLowerCase()
  return words.every((w) => text.includes(w))
}

export function groupWatchedObjects(
  objects: readonly WatchedObject[],
  filter = '',
): WatchedObjectGroup[] {
  const groups = new Map<string, WatchedObjectGroup>()
  for (const o of objects) {
    if (!matchesFilter(o, filter)) continue
    const key = `${o.kind}\u0000${o.namespace}`
    let group = groups.get(key)
    if (!group) {
      group = {
        label: o.namespace ? `${o.kind} · ${o.namespace}` : o.kind,
        kind: o.kind,
        namespace: o.namespace,
        objects: [],
      }
      groups.set(key, group)
    }
    group.objects.push(o)
  }
  const sorted = [...groups.values()].sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.namespace.localeCompare(b.namespace),
  )
  // Live objects first, then by name: a deleted one stays pickable, with its history.
  for (const g of sorted)
    g.objects.sort((a, b) => Number(a.deleted) - Number(b.deleted) || a.name.localeCompare(b.name))
  return sorted
}
