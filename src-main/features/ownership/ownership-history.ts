// Ownership across an object's versions in the watch store: what each manager gained or lost at
// each version (linked to the event that brought it), and since when each field has its owners.
import { compareOwnership, decodeManagedFields, managerLabel } from '@common/managed-fields'
import type { FieldSince, OwnershipHistory, OwnershipStep } from '@features/ownership/messages'
import type { EventStore } from '../../core/watch/event-store'
import { ownerOfChanges, writerOf } from '../../core/watch/object-detail'
import { fieldChanges } from '../../core/watch/field-changes'

type Obj = Record<string, unknown>

/** Long histories (a Lease renewed every 10 s) are read from their most recent versions. */
export const MAX_VERSIONS = 400

async function recentVersions(
  store: EventStore,
  uid: string,
): Promise<{ first: number; objects: (Obj | null)[] } | null> {
  const h = store.history(uid)
  if (!h || h.versionCount === 0) return null
  const first = Math.max(0, h.versionCount - MAX_VERSIONS)
  const versions = Array.from({ length: h.versionCount - first }, (_, k) => first + k)
  return { first, objects: await store.objectsAt(uid, versions) }
}

/** Every version's ownership changes, oldest first; the first one seen gains all it owns. */
export async function ownershipHistory(
  store: EventStore,
  uid: string,
): Promise<OwnershipHistory | null> {
  const h = store.history(uid)
  const loaded = await recentVersions(store, uid)
  if (!h || !loaded) return null
  const steps: OwnershipStep[] = []
  // A long history is cut: its oldest version loaded is only the baseline of the next one, so
  // that the first step shown does not claim every field was gained there.
  const cut = loaded.first > 0
  let previous: Obj | null = null
  for (const [k, object] of loaded.objects.entries()) {
    const version = loaded.first + k
    if (!object) continue
    if (cut && k === 0) {
      previous = object
      continue
    }
    const eventIndex = h.versionEvents[version] ?? -1
    const event = eventIndex >= 0 ? store.event(eventIndex) : null
    const changes = compareOwnership(previous ?? {}, object).map((c) => ({
      ...c.identity,
      label: c.label,
      gained: c.gained.map((p) => p.text),
      lost: c.lost.map((p) => p.text),
    }))
    // As the inspector does: when no entry is new or moved (a second kubectl scale, whose entry
    // has no time on 1.37; two writes in one second), the owner of the changed fields wrote.
    const writer =
      writerOf(object, previous) ??
      (previous ? ownerOfChanges(object, fieldChanges(previous, object)) : null)
    steps.push({
      version,
      eventIndex,
      type: event?.type ?? '',
      rv: event?.rv ?? '',
      t: event?.t ?? 0,
      writer: writer
        ? managerLabel({
            ...writer,
            operation: opOf(writer.operation),
            subresource: writer.subresource ?? null,
          })
        : null,
      changes,
    })
    previous = object
  }
  return {
    uid,
    kind: h.kind,
    namespace: h.namespace,
    name: h.name,
    versions: h.versionCount,
    steps,
  }
}

const opOf = (operation: string) =>
  operation === 'Apply' || operation === 'Update' ? operation : null

const pairsOf = (object: Obj | null): Set<string> => {
  const metadata = (object?.metadata ?? {}) as Obj
  const pairs = new Set<string>()
  for (const entry of decodeManagedFields(metadata.managedFields).entries)
    for (const path of entry.paths) pairs.add(`${path.text}\u0000${managerLabel(entry)}`)
  return pairs
}

/**
 * For each (field, manager) of the latest version: the version from which that manager has owned
 * the field without a break, found by walking back through the history.
 */
export async function ownershipSince(store: EventStore, uid: string): Promise<FieldSince[]> {
  const h = store.history(uid)
  const loaded = await recentVersions(store, uid)
  if (!h || !loaded) return []
  const sets = loaded.objects.map(pairsOf)
  const latest = sets.at(-1) ?? new Set<string>()
  const out: FieldSince[] = []
  for (const pair of latest) {
    let k = sets.length - 1
    while (k > 0 && sets[k - 1]?.has(pair)) k--
    const version = loaded.first + k
    const eventIndex = h.versionEvents[version] ?? -1
    const event = eventIndex >= 0 ? store.event(eventIndex) : null
    const [field = '', manager = ''] = pair.split('\u0000')
    out.push({
      field,
      manager,
      eventIndex,
      rv: event?.rv ?? '',
      t: event?.t ?? 0,
      atFirstSeen: version === 0 || k === 0,
    })
  }
  return out
}
