// Recording, replay and the demo (#6).
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'

export const recordingSchemas = {} satisfies Record<string, z.ZodType>

export interface RecordingAnswers {}

export const recordingMethods = {} as const satisfies Record<keyof typeof recordingSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface RecordingEvents {}

export const recordingEventMethods = {} as const satisfies Record<keyof RecordingEvents, string>
