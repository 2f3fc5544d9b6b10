// What the inspector shows for one event: the object at that version (Secret values redacted),
// the changes from the version before, the manager behind them (from managedFields), and the
// watch event as it came.
import { findOwnedField, indexOwnership } from '@common/managed-fields'
import { redact } from '@common/redaction'
import type { ObjectVersionDetail } from '@common/watch-types'
import type { EventStore } from './event-store'
import { fieldChanges } from './field-changes'

type Obj = Record<string, unknown>

interface ManagedFieldsEntry {
  manager?: string
  operation?: string
  apiVersion?: string
  time?: string
  subresource?: string
}

const managedFieldsOf = (object: Obj | null): ManagedFieldsEntry[] =>
  ((object?.metadata as Obj | undefined)?.managedFields ?? []) as ManagedFieldsEntry[]

const entryKey = (e: ManagedFieldsEntry) =>
  `${e.manager}|${e.operation}|${e.subresource ?? ''}|${e.apiVersion}`

/**
 * The writer of a version: the managedFields entry that is new or whose time moved since the
 * version before (the server stamps the entry of the manager that wrote); null when none did.
 */
export function writerOf(object: Obj, previous: Obj | null): ObjectVersionDetail['manager'] {
  const entries = managedFieldsOf(object)
  const before = new Map(managedFieldsOf(previous).map((e) => [entryKey(e), e.time]))
  // A new entry counts even without a time: 1.37 records none on an entry written through the
  // scale subresource (`kubectl scale`).
  const touched = previous
    ? entries.filter((e) => !before.has(entryKey(e)) || before.get(entryKey(e)) !== e.time)
    : entries
  // Nothing moved: the write did not go through field management (a DELETE, a no-op). Say so
  // rather than name a manager that did not write.
  let best: ManagedFieldsEntry | null = null
  for (const e of touched) if (!best || (e.time ?? '') > (best.time ?? '')) best = e
  if (!best) return null
  return {
    manager: best.manager ?? '',
    operation: best.operation ?? '',
    apiVersion: best.apiVersion ?? '',
    time: best.time ?? '',
    ...(best.subresource ? { subresource: best.subresource } : {}),
  }
}

const SERVER_SET = /^\/metadata\/(resourceVersion|managedFields|generation)(\/|$)/

/**
 * When no entry's time moved (times have one-second resolution, so two writes by one manager in
 * the same second look alike), the owner of the changed fields after the change is the writer.
 * Only plain field paths are looked up; list items need their keys, which a JSON Pointer lacks.
 */
export function ownerOfChanges(
  object: Obj,
  changes: { path: string }[],
): ObjectVersionDetail['manager'] {
  const index = indexOwnership(object)
  for (const c of changes) {
    if (SERVER_SET.test(c.path) || /\/[0-9]+(\/|$)/.test(c.path)) continue
    const text = c.path
      .split('/')
      .slice(1)
      .map((t) => `.${t.replace(/~1/g, '/').replace(/~0/g, '~')}`)
      .join('')
    const owner = findOwnedField(index, text)?.owners[0]
    if (owner?.manager) {
      const entry = index.entries.find(
        (e) =>
          e.manager === owner.manager &&
          e.operation === owner.operation &&
          e.subresource === owner.subresource,
      )
      return {
        manager: owner.manager,
        operation: owner.operation ?? '',
        apiVersion: entry?.apiVersion ?? '',
        time: entry?.time ?? '',
        ...(owner.subresource ? { subresource: owner.subresource } : {}),
      }
    }
  }
  return null
}

export async function objectDetail(
  store: EventStore,
  eventIndex: number,
): Promise<ObjectVersionDetail | null> {
  const event = store.event(eventIndex)
  if (!event.uid || event.v < 0) return null
  const history = store.history(event.uid)
  if (!history) return null
  // The version before was folded away (the store's budget): the diff is against the first.
  const beforeFolded = event.v > 1 && event.v - 1 < history.foldedBelow
  const [object, older] = await store.objectsAt(event.uid, [
    event.v,
    beforeFolded ? 0 : event.v - 1,
  ])
  if (!object) return null
  let previous = older
  let diffFrom = beforeFolded && older ? 0 : undefined
  // Folded by the worker after this thread last heard (its message on the way): the first too.
  if (!previous && event.v > 1) {
    ;[previous] = await store.objectsAt(event.uid, [0])
    if (previous) diffFrom = 0
  }
  // Objects from a watch carry their kind (the supervisor gives list items theirs).
  const shown = redact(object)
  const before = previous ? redact(previous).value : null
  const changes = before ? fieldChanges(before, shown.value) : []
  return {
    uid: event.uid,
    version: event.v,
    versions: history.versionCount,
    ...(history.foldedBelow > 1
      ? {
          folded: {
            versions: history.foldedAll ? history.foldedBelow : history.foldedBelow - 1,
            budgetMb: store.budgetBytes / 2 ** 20,
          },
        }
      : {}),
    ...(diffFrom !== undefined ? { diffFrom } : {}),
    event,
    object: shown.value,
    previous: before,
    changes,
    manager:
      event.type === 'DELETED'
        ? null
        : (writerOf(object, previous ?? null) ?? ownerOfChanges(object, changes)),
    rawEvent: { type: event.type, object: shown.value },
    redacted: shown.redacted,
  }
}
