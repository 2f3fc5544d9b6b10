// Field managers (#4): ownership of an object's fields, its history, what-if apply.
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'
import type { ManagerIdentity } from '@common/managed-fields'
import type { FieldChange } from '@common/watch-types'
import type { ServerWarning } from '@common/server-warnings'
import type { SaidAs } from '@common/result'

const segment = (pattern: RegExp) => z.string().max(253).regex(pattern)

export const objectRefSchema = z
  .object({
    group: segment(/^[a-z0-9.-]*$/),
    version: segment(/^[a-z0-9]+$/).min(1),
    resource: segment(/^[a-z0-9.-]+$/).min(1),
    namespace: segment(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/).optional(),
    name: z.string().min(1).max(253),
  })
  .strict()

export type ObjectRef = z.infer<typeof objectRefSchema>

const uid = z.string().min(1).max(300)

export const ownershipSchemas = {
  'ownership:objects': z.object({}).strict(),
  'ownership:map': z
    .object({
      source: z.union([z.object({ uid }).strict(), z.object({ ref: objectRefSchema }).strict()]),
    })
    .strict(),
  'ownership:history': z.object({ uid }).strict(),
  'ownership:what-if': z
    .object({
      manifest: z.string().min(1).max(1_000_000),
      fieldManager: z
        .string()
        .min(1)
        .max(128)
        .regex(/^[\x21-\x7e]+$/, 'own.schema.manager'),
      force: z.boolean(),
      /** A way out of a conflict: edit the manifest first, then send the dry-run. */
      resolve: z
        .object({
          way: z.enum(['drop', 'co-own']),
          fields: z.array(z.string().min(1).max(2000)).min(1).max(200),
        })
        .strict()
        .optional(),
    })
    .strict(),
} satisfies Record<string, z.ZodType>

/** An object the watches hold, to pick from. */
export interface WatchedObject {
  uid: string
  kind: string
  apiVersion: string
  namespace: string
  name: string
  versions: number
  deleted: boolean
}

/** When a manager's ownership of a field began, as far as the watch store has seen. */
export interface FieldSince {
  field: string
  manager: string
  eventIndex: number
  rv: string
  t: number
  /** True when it was already owned in the first version seen: it may be older. */
  atFirstSeen: boolean
}

export interface OwnershipMap {
  /** Where the object came from: the watch store's latest version, or a GET just now. */
  source: 'watch' | 'server'
  ref: ObjectRef | null
  uid: string
  /** Secret values redacted. */
  object: unknown
  resourceVersion: string
  /** When this object has a history in the watch store: its event index per version. */
  history: { versions: number; latestEvent: number } | null
  since: FieldSince[]
  fetchedAt: string
}

export interface OwnershipChangeView extends ManagerIdentity {
  label: string
  gained: string[]
  lost: string[]
}

export interface OwnershipStep {
  version: number
  eventIndex: number
  type: string
  rv: string
  t: number
  /** The manager whose managedFields entry moved with this version. */
  writer: string | null
  changes: OwnershipChangeView[]
}

export interface OwnershipHistory {
  uid: string
  kind: string
  namespace: string
  name: string
  /** Versions in the watch store; steps cover the most recent ones when there are many. */
  versions: number
  steps: OwnershipStep[]
}

export interface ConflictManager {
  manager: string
  apiVersion: string
  subresource: string | null
  operation: string | null
  time: string | null
}

export interface ConflictField {
  field: string
  managers: ConflictManager[]
  /** The live value, when the field resolves in the live object. */
  liveValue?: unknown
  /** The value the manifest sets, when found in it. */
  manifestValue?: unknown
  /** The cause as the server wrote it. */
  message: string
}

/** A field the manager owned and would no longer own after this apply. */
export interface ReleasedField {
  field: string
  /** Other managers that own it in the live object. */
  keptBy: string[]
  before?: unknown
  after?: unknown
  /** removed: gone; reset: the server defaulted it again; kept: unchanged value. */
  effect: 'removed' | 'reset' | 'kept'
}

interface WhatIfBase {
  /** The manifest as sent (after a way out edited it). */
  manifest: string
  /** What the way out changed in the manifest, in words. */
  edits: string[]
  /** The same edits as catalogue messages (i18n/), said again in the person's language. */
  editsSaid?: SaidAs[]
  ref: ObjectRef
  fieldManager: string
  force: boolean
  kubectl: string
  url: string
  /** The answer's Warning headers (a duplicate key, a policy's Warn), redacted. */
  warnings?: ServerWarning[]
}

export type WhatIfResult =
  | (WhatIfBase & {
      outcome: 'applied'
      created: boolean
      live: unknown | null
      result: unknown
      changes: FieldChange[]
      gained: string[]
      released: ReleasedField[]
    })
  | (WhatIfBase & { outcome: 'conflict'; message: string; conflicts: ConflictField[] })

export interface OwnershipAnswers {
  'ownership:objects': WatchedObject[]
  'ownership:map': OwnershipMap
  'ownership:history': OwnershipHistory
  'ownership:what-if': WhatIfResult
}

export const ownershipMethods = {
  'ownership:objects': 'ownershipObjects',
  'ownership:map': 'ownershipMap',
  'ownership:history': 'ownershipHistory',
  'ownership:what-if': 'whatIfApply',
} as const satisfies Record<keyof typeof ownershipSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface OwnershipEvents {}

export const ownershipEventMethods = {} as const satisfies Record<keyof OwnershipEvents, string>
