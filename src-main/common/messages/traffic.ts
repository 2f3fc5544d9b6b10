// Live traffic (#5): the audit stream, the architecture view, /metrics and API Priority and Fairness.
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'

export const trafficSchemas = {} satisfies Record<string, z.ZodType>

export interface TrafficAnswers {}

export const trafficMethods = {} as const satisfies Record<keyof typeof trafficSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface TrafficEvents {}

export const trafficEventMethods = {} as const satisfies Record<keyof TrafficEvents, string>
