// The one contract between the core (main process) and the renderer. Every host (Electron IPC,
// browser-mode WebSocket) and the renderer import it; it composes the
// features' messages (src-main/features/<feature>/messages.ts).
// Requests from the renderer are untrusted: each has a zod schema the core parses before use.
import { z } from 'zod'
import {
  kubectlProxySchemas,
  type KubectlProxyAnswers,
  type KubectlProxyEvents,
} from '../features/kubectl-proxy/messages'
import {
  sessionSchemas,
  type SessionAnswers,
  type SessionEvents,
} from '../features/session/messages'
import {
  watchesSchemas,
  type WatchesAnswers,
  type WatchesEvents,
} from '../features/watches/messages'
import { labSchemas, type LabAnswers, type LabEvents } from '../features/lab/messages'
import {
  ownershipSchemas,
  type OwnershipAnswers,
  type OwnershipEvents,
} from '../features/ownership/messages'
import {
  recordingSchemas,
  type RecordingAnswers,
  type RecordingEvents,
} from '../features/recording/messages'
import {
  trafficSchemas,
  type TrafficAnswers,
  type TrafficEvents,
} from '../features/traffic/messages'
import {
  walkthroughsSchemas,
  type WalkthroughsAnswers,
  type WalkthroughsEvents,
} from '../features/walkthroughs/messages'

export interface AppInfo {
  name: string
  version: string
  host: 'electron' | 'browser'
  platform: string
}

const empty = z.object({}).strict()

/** Requests the renderer may send, with the schema of their payload and the type of their answer. */
export const invokeSchemas = {
  'app:info': empty,
  ...sessionSchemas,
  ...watchesSchemas,
  // Each feature's own messages (src-main/features/<feature>/messages.ts).
  ...ownershipSchemas,
  ...labSchemas,
  ...trafficSchemas,
  ...recordingSchemas,
  ...walkthroughsSchemas,
  ...kubectlProxySchemas,
} as const

export type InvokeChannel = keyof typeof invokeSchemas
export type InvokePayload<C extends InvokeChannel> = z.infer<(typeof invokeSchemas)[C]>

export interface InvokeAnswers
  extends
    SessionAnswers,
    WatchesAnswers,
    OwnershipAnswers,
    LabAnswers,
    TrafficAnswers,
    RecordingAnswers,
    WalkthroughsAnswers,
    KubectlProxyAnswers {
  'app:info': AppInfo
}

/** Messages the core pushes to the renderer. */
export interface EventPayloads
  extends
    SessionEvents,
    WatchesEvents,
    OwnershipEvents,
    LabEvents,
    TrafficEvents,
    RecordingEvents,
    WalkthroughsEvents,
    KubectlProxyEvents {}
export type EventChannel = keyof EventPayloads

export const invokeChannels = Object.keys(invokeSchemas) as InvokeChannel[]

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && Object.hasOwn(invokeSchemas, value)
}
