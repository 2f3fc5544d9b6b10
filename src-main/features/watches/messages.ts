// Watches (the core's own messages, a feature like the others since #13): starting and stopping
// a watch, the snapshot the timeline starts from, one event's object, and the frames pushed.
// The engine is below the features (src-main/core/watch/): recording and ownership read it too.
import { z } from 'zod'
import {
  WATCH_MODES,
  type ObjectVersionDetail,
  type StoreBudget,
  type StoreFolding,
  type WatchFrame,
  type WatchSnapshot,
  type WatchStatus,
} from '@common/watch-types'

const empty = z.object({}).strict()

const dnsLabel = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/)
  .max(63)

const selector = z.string().max(1024)

export const watchTargetSchema = z
  .object({
    group: z
      .string()
      .max(253)
      .regex(/^[a-z0-9.-]*$/),
    version: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9]+$/),
    resource: z
      .string()
      .min(1)
      .max(253)
      .regex(/^[a-z0-9.-]+$/),
    namespace: dnsLabel.optional(),
    labelSelector: selector.optional(),
    fieldSelector: selector.optional(),
    pageSize: z.number().int().min(1).max(5000).optional(),
    /** Absent: auto (a streaming list where the server serves one, else list then watch). */
    mode: z.enum(WATCH_MODES).optional(),
  })
  .strict()

export const watchesSchemas = {
  'watch:start': z.object({ target: watchTargetSchema }).strict(),
  'watch:stop': z.object({ id: z.number().int().positive() }).strict(),
  'watch:snapshot': empty,
  /** The page applied the frames up to this one: a backlog's next full frame may go now. */
  'watch:frame-taken': z.object({ seq: z.number().int().positive() }).strict(),
  'watch:event-detail': z.object({ index: z.number().int().nonnegative() }).strict(),
  'watch:store-folding': empty,
  'watch:store-budget': empty,
  /** null: back to the default. Up to 1 TB, in MB. */
  'watch:set-store-budget': z
    .object({
      mb: z
        .number()
        .nonnegative()
        .max(2 ** 20)
        .nullable(),
    })
    .strict(),
} satisfies Record<string, z.ZodType>

export interface WatchesAnswers {
  'watch:start': WatchStatus
  'watch:stop': { stopped: boolean }
  'watch:snapshot': WatchSnapshot
  'watch:frame-taken': null
  'watch:event-detail': ObjectVersionDetail
  'watch:store-folding': StoreFolding
  'watch:store-budget': StoreBudget
  'watch:set-store-budget': StoreBudget
}

export const watchesMethods = {
  'watch:start': 'startWatch',
  'watch:stop': 'stopWatch',
  'watch:snapshot': 'watchSnapshot',
  'watch:frame-taken': 'frameTaken',
  'watch:event-detail': 'eventDetail',
  'watch:store-folding': 'storeFolding',
  'watch:store-budget': 'storeBudget',
  'watch:set-store-budget': 'setStoreBudget',
} as const satisfies Record<keyof typeof watchesSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface WatchesEvents {
  'watch:frame': WatchFrame
}

export const watchesEventMethods = {
  'watch:frame': 'onWatchFrame',
} as const satisfies Record<keyof WatchesEvents, string>
