// A walkthrough step's "Look at …" request: which view to open and what to mark in it. AppState
// holds at most one; the target view reads it, and navigating to any other view drops it.
import type { ObjectRef } from '@features/ownership/messages'
import type { View } from '@common/views'

export interface Highlight {
  view: View
  /** Request-log entries to mark (the Requests view). */
  requestSeqs?: number[]
  /** The step's object (Watches selects its latest event; Ownership opens it). */
  object?: ObjectRef
  /** In words, shown beside the mark. */
  note?: string
}

/** What latestEventOf needs of a lane: its object and the watch that delivered it. */
export interface LaneOfObject {
  kind: 'object' | 'watch' | 'group'
  label: string
  ns: string
  watch: number
  events: readonly number[]
}

/**
 * The timeline's latest event of an object: the lane of the same name and namespace (exactly:
 * a cluster-scoped object has none) delivered by a watch of the same group and resource, so a
 * ConfigMap and a Deployment both named `web` are two objects. `resourceOf` says what a watch
 * watches (undefined for one the renderer does not know: its lanes are not matched).
 */
export function latestEventOf(
  lanes: readonly LaneOfObject[],
  object: ObjectRef,
  resourceOf: (watch: number) => { group: string; resource: string } | undefined,
): number | null {
  let latest: number | null = null
  for (const l of lanes) {
    if (l.kind !== 'object' || l.label !== object.name) continue
    if (l.ns !== (object.namespace ?? '')) continue
    const watched = resourceOf(l.watch)
    if (!watched || watched.group !== object.group || watched.resource !== object.resource) continue
    // An object deleted and made again under the same name has two lanes: the newest wins.
    const last = l.events.at(-1)
    if (last !== undefined && (latest === null || last > latest)) latest = last
  }
  return latest
}
