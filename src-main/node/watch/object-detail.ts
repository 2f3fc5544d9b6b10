// What the inspector shows for one event: the object at that version (Secret values redacted),
// the changes from the version before, the manager behind them (from managedFields), and the
// watch event as it came.
import { redactObject } from '@common/redaction'
import type { ObjectVersionDetail } from '@common/watch-types'
import type { EventStore } from './event-store'
import { fieldChanges } from './version-patch'

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

const entryKey = (e: ManagedFieldsEntry) => `${e.manager}|${e.operation}|${e.subresource ?? ''}|${e.apiVersion}`

/**
 * The writer of a version: the managedFields entry that is new or whose time moved since the
 * version before (the server stamps the entry of the manager that wrote); else the newest entry.
 */
export function writerOf(object: Obj, previous: Obj | null): ObjectVersionDetail['manager'] {
  const entries = managedFieldsOf(object)
  const before = new Map(managedFieldsOf(previous).map((e) => [entryKey(e), e.time]))
  const touched = previous ? entries.filter((e) => before.get(entryKey(e)) !== e.time) : entries
  let best: ManagedFieldsEntry | null = null
  for (const e of touched.length ? touched : entries) if (!best || (e.time ?? '') > (best.time ?? '')) best = e
  if (!best) return null
  return {
    manager: best.manager ?? '',
    operation: best.operation ?? '',
    apiVersion: best.apiVersion ?? '',
    time: best.time ?? '',
    ...(best.subresource ? { subresource: best.subresource } : {}),
  }
}

export function objectDetail(store: EventStore, eventIndex: number): ObjectVersionDetail | null {
  const event = store.event(eventIndex)
  if (!event.uid || event.v < 0) return null
  const history = store.history(event.uid)
  const object = store.objectAt(event.uid, event.v)
  if (!history || !object) return null
  const previous = event.v > 0 ? (store.objectAt(event.uid, event.v - 1) ?? null) : null
  const shown = redactObject(object)
  const before = previous ? redactObject(previous).value : null
  const changes = before ? fieldChanges(before, shown.value) : []
  return {
    uid: event.uid,
    version: event.v,
    versions: history.versions.length,
    event,
    object: shown.value,
    previous: before,
    changes,
    manager: writerOf(object, previous),
    rawEvent: { type: event.type, object: shown.value },
    redacted: shown.redacted,
  }
}
