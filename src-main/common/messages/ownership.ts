// Field managers (#4): ownership of an object's fields, its history, what-if apply.
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'

export const ownershipSchemas = {} satisfies Record<string, z.ZodType>

export interface OwnershipAnswers {}

export const ownershipMethods = {} as const satisfies Record<keyof typeof ownershipSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface OwnershipEvents {}

export const ownershipEventMethods = {} as const satisfies Record<keyof OwnershipEvents, string>
