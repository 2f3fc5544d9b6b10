// The one contract between the core (main process) and the renderer. Every host (Electron IPC,
// browser-mode WebSocket) and the renderer import it; add a message here first, then both ends.
// Requests from the renderer are untrusted: each has a zod schema the core parses before use.
import { z } from 'zod'
import type {
  AccessRules,
  DiscoveryReport,
  HealthReport,
  Identity,
  KubeconfigSummary,
  RequestLogEntry,
  SessionInfo,
  SessionState,
} from './kube-types'

export interface AppInfo {
  name: string
  version: string
  host: 'electron' | 'browser'
  platform: string
}

const empty = z.object({}).strict()
const k8sName = z.string().min(1).max(253)

/** Requests the renderer may send, with the schema of their payload and the type of their answer. */
export const invokeSchemas = {
  'app:info': empty,
  'kube:contexts': empty,
  'kube:connect': z.object({ context: k8sName.optional() }).strict(),
  'kube:identity': empty,
  'kube:access-rules': z.object({ namespace: k8sName }).strict(),
  'kube:health': empty,
  'kube:discovery': z.object({ refresh: z.boolean().optional() }).strict(),
  'kube:request-log': empty,
} as const

export type InvokeChannel = keyof typeof invokeSchemas
export type InvokePayload<C extends InvokeChannel> = z.infer<(typeof invokeSchemas)[C]>

export interface InvokeAnswers {
  'app:info': AppInfo
  'kube:contexts': KubeconfigSummary
  'kube:connect': SessionInfo
  'kube:identity': Identity
  'kube:access-rules': AccessRules
  'kube:health': HealthReport
  'kube:discovery': DiscoveryReport
  'kube:request-log': RequestLogEntry[]
}

/** Messages the core pushes to the renderer. */
export interface EventPayloads {
  'kube:session': SessionState
  'kube:request-logged': RequestLogEntry
}
export type EventChannel = keyof EventPayloads

export const invokeChannels = Object.keys(invokeSchemas) as InvokeChannel[]
export const eventChannels: EventChannel[] = ['kube:session', 'kube:request-logged']

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && Object.hasOwn(invokeSchemas, value)
}
