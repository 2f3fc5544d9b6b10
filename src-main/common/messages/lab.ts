// Request lab (#5): compose a request, send it as one of several identities, see where it stopped.
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'

export const labSchemas = {} satisfies Record<string, z.ZodType>

export interface LabAnswers {}

export const labMethods = {} as const satisfies Record<keyof typeof labSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface LabEvents {}

export const labEventMethods = {} as const satisfies Record<keyof LabEvents, string>
