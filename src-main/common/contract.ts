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
import {
  WATCH_MODES,
  type ObjectVersionDetail,
  type WatchFrame,
  type WatchSnapshot,
  type WatchStatus,
} from './watch-types'
import {
  kubectlProxySchemas,
  type KubectlProxyAnswers,
  type KubectlProxyEvents,
} from './messages/kubectl-proxy'
import { labSchemas, type LabAnswers, type LabEvents } from './messages/lab'
import { ownershipSchemas, type OwnershipAnswers, type OwnershipEvents } from './messages/ownership'
import { recordingSchemas, type RecordingAnswers, type RecordingEvents } from './messages/recording'
import { trafficSchemas, type TrafficAnswers, type TrafficEvents } from './messages/traffic'
import {
  walkthroughsSchemas,
  type WalkthroughsAnswers,
  type WalkthroughsEvents,
} from './messages/walkthroughs'

export interface AppInfo {
  name: string
  version: string
  host: 'electron' | 'browser'
  platform: string
}

const empty = z.object({}).strict()
const k8sName = z.string().min(1).max(253)
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
  'watch:start': z.object({ target: watchTargetSchema }).strict(),
  'watch:stop': z.object({ id: z.number().int().positive() }).strict(),
  'watch:snapshot': empty,
  'watch:event-detail': z.object({ index: z.number().int().nonnegative() }).strict(),
  // Each feature's own messages (src-main/common/messages/).
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
    OwnershipAnswers,
    LabAnswers,
    TrafficAnswers,
    RecordingAnswers,
    WalkthroughsAnswers,
    KubectlProxyAnswers {
  'app:info': AppInfo
  'kube:contexts': KubeconfigSummary
  'kube:connect': SessionInfo
  'kube:identity': Identity
  'kube:access-rules': AccessRules
  'kube:health': HealthReport
  'kube:discovery': DiscoveryReport
  'kube:request-log': RequestLogEntry[]
  'watch:start': WatchStatus
  'watch:stop': { stopped: boolean }
  'watch:snapshot': WatchSnapshot
  'watch:event-detail': ObjectVersionDetail
}

/** Messages the core pushes to the renderer. */
export interface EventPayloads
  extends
    OwnershipEvents,
    LabEvents,
    TrafficEvents,
    RecordingEvents,
    WalkthroughsEvents,
    KubectlProxyEvents {
  'kube:session': SessionState
  'kube:request-logged': RequestLogEntry
  'watch:frame': WatchFrame
}
export type EventChannel = keyof EventPayloads

export const invokeChannels = Object.keys(invokeSchemas) as InvokeChannel[]

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && Object.hasOwn(invokeSchemas, value)
}
