// A walkthrough step's "Look at …" request: which view to open and what to mark in it. AppState
// holds at most one; the target view reads it, and navigating to any other view drops it.
import type { ObjectRef } from '@common/messages/ownership'
import type { View } from './app-state.svelte'

export interface Highlight {
  view: View
  /** Request-log entries to mark (the Requests view). */
  requestSeqs?: number[]
  /** The step's object (Watches selects its latest event; Ownership opens it). */
  object?: ObjectRef
  /** In words, shown beside the mark. */
  note?: string
}

/** The timeline's latest event of an object, matched by namespace and name (lanes carry no resource). */
export function latestEventOf(
  lanes: readonly { kind: string; group: string; label: string; events: number[] }[],
  object: ObjectRef,
): number | null {
  let latest: number | null = null
  for (const l of lanes) {
    if (l.kind !== 'object' || l.label !== object.name) continue
    if (object.namespace && !l.group.endsWith(` · ${object.namespace}`)) continue
    // An object deleted and made again under the same name has two lanes: the newest wins.
    const last = l.events.at(-1)
    if (last !== undefined && (latest === null || last > latest)) latest = last
  }
  return latest
}
