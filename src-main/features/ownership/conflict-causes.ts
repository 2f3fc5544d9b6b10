// Reads the 409 Status of a server-side apply conflict: one cause per field, each naming the
// manager that owns it ("conflict with \"kubectl\" with subresource \"scale\" using apps/v1").
// Format from k8s.io/apimachinery/pkg/util/managedfields (conflict.go), as 1.20 and 1.3x write it.
import { findOwnedField, indexOwnership } from '@common/managed-fields'
import type { ConflictField, ConflictManager } from '@features/ownership/messages'
import { manifestValue } from './manifest-edits'

interface StatusCause {
  reason?: string
  message?: string
  field?: string
}

interface ConflictStatus {
  message?: string
  details?: { causes?: StatusCause[] }
}

const MANAGER =
  /conflicts? with "((?:[^"\\]|\\.)*)"(?: with subresource "((?:[^"\\]|\\.)*)")?(?: using ([^\s:]+))?/

/** Manager, subresource and apiVersion named by one cause's message; null if it names none. */
export function managerOfCause(
  message: string,
): Pick<ConflictManager, 'manager' | 'subresource' | 'apiVersion'> | null {
  const m = MANAGER.exec(message)
  if (!m) return null
  const unquote = (s: string) => s.replace(/\\(.)/g, '$1')
  return {
    manager: unquote(m[1] ?? ''),
    subresource: m[2] !== undefined ? unquote(m[2]) : null,
    apiVersion: m[3] ?? '',
  }
}

/**
 * The conflicting fields, each with every manager the server named for it, completed from the
 * live object's managedFields (operation, time) and with the live and manifest values.
 */
export function conflictFields(
  status: unknown,
  live: unknown,
  manifest: unknown,
): { message: string; conflicts: ConflictField[] } {
  const s = (typeof status === 'object' && status !== null ? status : {}) as ConflictStatus
  const causes = Array.isArray(s.details?.causes) ? s.details.causes : []
  const index = indexOwnership(live)
  const byField = new Map<string, ConflictField>()
  for (const cause of causes) {
    if (cause.reason !== undefined && cause.reason !== 'FieldManagerConflict') continue
    const field = typeof cause.field === 'string' ? cause.field : ''
    const message = typeof cause.message === 'string' ? cause.message : ''
    const named = managerOfCause(message)
    let entry = byField.get(field)
    if (!entry) {
      entry = { field, managers: [], message }
      const owned = findOwnedField(index, field)
      if (owned?.present) entry.liveValue = owned.value
      if (owned) {
        const inManifest = manifestValue(manifest, owned.segments)
        if (inManifest.found) entry.manifestValue = inManifest.value
      }
      byField.set(field, entry)
    } else if (message && !entry.message.includes(message)) entry.message += `; ${message}`
    if (!named) continue
    const match = index.entries.find(
      (e) =>
        e.manager === named.manager &&
        e.subresource === named.subresource &&
        (named.apiVersion === '' || e.apiVersion === named.apiVersion),
    )
    entry.managers.push({
      ...named,
      operation: match?.operation ?? null,
      time: match?.time ?? null,
    })
  }
  return {
    message: typeof s.message === 'string' ? s.message : '',
    conflicts: [...byField.values()],
  }
}
