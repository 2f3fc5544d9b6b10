// Walkthroughs and the rollout trace (#7).
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'

export const walkthroughsSchemas = {} satisfies Record<string, z.ZodType>

export interface WalkthroughsAnswers {}

export const walkthroughsMethods = {} as const satisfies Record<
  keyof typeof walkthroughsSchemas,
  string
>

/** Messages this feature pushes to the renderer. */
export interface WalkthroughsEvents {}

export const walkthroughsEventMethods = {} as const satisfies Record<
  keyof WalkthroughsEvents,
  string
>
