// One colour and one number per field manager, the same in every ownership view. Okabe and Ito's
// palette (https://jfly.uni-koeln.de/color/) stays distinct for the common colour-vision
// deficiencies; the number repeats the identity for anyone who cannot tell two colours apart.
import { scaleOrdinal } from 'd3'
import {
  managerKey,
  managerLabel,
  type FieldOwner,
  type ManagedFieldsEntry,
  type ManagedFieldsOperation,
  type OwnershipRow,
} from '@common/managed-fields'

export const OKABE_ITO = [
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#F0E442',
  '#0072B2',
  '#D55E00',
  '#CC79A7',
  '#BBBBBB',
]

export interface ManagerStyle {
  key: string
  /**
   * managerLabel: the identity the views match on (an ownership change's `label`), never
   * translated; manager-words.ts says it, the manager and the operation in the person's language.
   */
  label: string
  /** As the entry says them: '' for no manager, null for an operation it does not say. */
  manager: string
  operation: ManagedFieldsOperation | null
  subresource: string | null
  apiVersion: string
  time: string | null
  colour: string
  /** 1, 2, 3...: printed on every swatch. */
  glyph: number
  /** Fields (rows) this manager owns directly. */
  count: number
}

/** Text on a swatch: dark on the light colours, white on the two dark ones. */
export const inkOn = (colour: string): string =>
  colour === '#0072B2' || colour === '#D55E00' ? '#ffffff' : '#0b1118'

export function managerStyles(
  entries: readonly ManagedFieldsEntry[],
  rows: readonly OwnershipRow[],
): ManagerStyle[] {
  const keys = [...new Set(entries.map((e) => managerKey(e)))]
  const colour = scaleOrdinal<string, string>().domain(keys).range(OKABE_ITO)
  const counts = new Map<string, number>()
  for (const row of rows)
    for (const owner of row.owners)
      counts.set(managerKey(owner), (counts.get(managerKey(owner)) ?? 0) + 1)
  return keys.map((key, i) => {
    const entry = entries.find((e) => managerKey(e) === key) as ManagedFieldsEntry
    return {
      key,
      label: managerLabel(entry),
      manager: entry.manager,
      operation: entry.operation,
      subresource: entry.subresource,
      apiVersion: entry.apiVersion,
      time: entry.time,
      colour: colour(key),
      glyph: i + 1,
      count: counts.get(key) ?? 0,
    }
  })
}

export function styleOf(
  styles: readonly ManagerStyle[],
  owner: FieldOwner,
): ManagerStyle | undefined {
  const key = managerKey(owner)
  return styles.find((s) => s.key === key)
}

/** Styles for managers seen only in the history (gone from the latest version), after the map's. */
export function withHistoryManagers(
  styles: readonly ManagerStyle[],
  identities: readonly (FieldOwner | Omit<FieldOwner, 'kind'>)[],
): ManagerStyle[] {
  const out = [...styles]
  for (const identity of identities) {
    const key = managerKey(identity)
    if (out.some((s) => s.key === key)) continue
    const colour = OKABE_ITO[out.length % OKABE_ITO.length] as string
    out.push({
      key,
      label: managerLabel(identity),
      manager: identity.manager,
      operation: identity.operation,
      subresource: identity.subresource,
      apiVersion: '',
      time: null,
      colour,
      glyph: out.length + 1,
      count: 0,
    })
  }
  return out
}
