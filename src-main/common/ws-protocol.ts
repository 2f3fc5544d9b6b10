// Framing of the browser-mode WebSocket: the same contract as Electron IPC, as JSON messages.
import { z } from 'zod'

export const clientMessageSchema = z.object({
  t: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(64),
  payload: z.unknown(),
})

export type ServerMessage =
  { t: 'result'; id: number; result: unknown } | { t: 'event'; channel: string; payload: unknown }
