// Live traffic (#5): the audit stream, the architecture view, /metrics and API Priority and Fairness.
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'
import type { Said } from '@i18n/translate'
import type {
  TrafficBatch,
  TrafficRequest,
  TrafficSourceStatus,
  TrafficStatus,
} from '@common/traffic-request'

export * from '@common/traffic-request'

export interface TrafficEventDetail {
  request: TrafficRequest
  /** Every audit event received for this audit ID, redacted: Secret values, tokens. */
  events: unknown[]
  redacted: string[]
}

export interface SetupCommand {
  label: string
  command: string
  /** What it does, one sentence. */
  why: string
  /** The label and the sentence by key, for the renderer to say in the person's language. */
  said?: { label: Said['as']; why: Said['as'] }
}

/** The kinds of cluster the setup helper writes commands for. */
export type ClusterFlavour = 'minikube' | 'kind' | 'kubeadm'

/** How to turn audit on in one kind of cluster, for the webhook route and for the log route. */
export interface SetupGuide {
  flavour: ClusterFlavour
  /** Where Apiscope's webhook must listen for kube-apiserver there to reach it. */
  listenHost: '127.0.0.1' | '0.0.0.0'
  /** The URL kube-apiserver posts to, as the commands write it (it may name a shell variable). */
  webhookUrl: string
  /** One line each: how events reach Apiscope on the webhook route and on the log route. */
  webhookRoute: string
  logRoute: string
  said?: { webhookRoute: Said['as']; logRoute: Said['as'] }
  commands: SetupCommand[]
  logCommands: SetupCommand[]
}

export interface AuditSetup {
  /** Any audit event arrived in the last minute, on any source. */
  receiving: boolean
  /** What the kube-apiserver Pod's flags say, when the API server runs as a Pod (minikube, kubeadm). */
  apiserverFlags: {
    found: boolean
    audit: Record<string, string>
    note: string
    /** The note by key, for the renderer to say in the person's language. */
    noteSaid?: Said['as']
  }
  /** The kind of cluster connected, told from the context's name and the kube-apiserver Pod. */
  detected: ClusterFlavour | null
  policy: string
  /** One guide per kind of cluster, for the port and path asked. */
  guides: Record<ClusterFlavour, SetupGuide>
}

export interface MetricDelta {
  verb: string
  resource: string
  code: string
  delta: number
  total: number
  /** 409 or 429 with a delta over the surge threshold. */
  surge: boolean
}

export interface FlowcontrolGauge {
  priorityLevel: string
  flowSchema?: string
  name: string
  value: number
}

export interface MetricsSample {
  at: number
  /** ms since the previous sample; null for the first. */
  intervalMs: number | null
  deltas: MetricDelta[]
  flowcontrol: FlowcontrolGauge[]
  /** How many samples /metrics held, for the footnote. */
  seriesCount: number
}

export interface FlowSchemaRow {
  name: string
  priorityLevel: string
  matchingPrecedence: number
  distinguisher?: string
  subjects: string[]
  /** Rules in short: verbs on resources, non-resource URLs. */
  rules: string[]
}

export interface PriorityLevelRow {
  name: string
  type: string
  /** assuredConcurrencyShares (v1beta1/2) or nominalConcurrencyShares (v1beta3, v1). */
  concurrencyShares?: number
  queues?: number
  handSize?: number
  queueLengthLimit?: number
  limitResponse?: string
  /** From /metrics when present. */
  seatsInUse?: number
  seatLimit?: number
  waiting?: number
  executing?: number
  rejected?: number
}

export interface ApfReport {
  /** flowcontrol.apiserver.k8s.io/<version> read, the newest served. */
  groupVersion: string
  flowSchemas: FlowSchemaRow[]
  priorityLevels: PriorityLevelRow[]
  metricsNote: string
  /** The same note by key, for the renderer to say in the person's language. */
  metricsNoteSaid?: Said['as']
}

const port = z.number().int().min(1).max(65535)
const absolutePath = z
  .string()
  .min(2)
  .max(4096)
  .regex(/^\/[^\0]*$/, 'traffic.schema.absolutePath')

export const trafficSchemas = {
  'traffic:status': z.object({}).strict(),
  'traffic:start-webhook': z
    .object({
      port,
      /** 127.0.0.1 (this machine) or 0.0.0.0 (reachable from a minikube node). */
      host: z.enum(['127.0.0.1', '0.0.0.0']),
      /** The URL path the API server posts to. */
      path: z
        .string()
        .max(200)
        .regex(/^\/[A-Za-z0-9._~/-]*$/),
    })
    .strict(),
  'traffic:start-log-tail': z
    .object({
      path: absolutePath,
      /** Read from the start of the file instead of its current end. */
      fromStart: z.boolean().optional(),
      /** Tail inside a minikube node through `minikube ssh`, with this profile. */
      minikubeProfile: z
        .string()
        .max(63)
        .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]*$/)
        .optional(),
    })
    .strict(),
  'traffic:stop-source': z.object({ id: z.number().int().positive() }).strict(),
  'traffic:event-detail': z.object({ auditId: z.string().min(1).max(100) }).strict(),
  'traffic:setup': z.object({ port, path: z.string().max(200).optional() }).strict(),
  'traffic:metrics': z.object({ reset: z.boolean().optional() }).strict(),
  'traffic:apf': z.object({}).strict(),
} satisfies Record<string, z.ZodType>

export interface TrafficAnswers {
  'traffic:status': TrafficStatus
  'traffic:start-webhook': TrafficSourceStatus
  'traffic:start-log-tail': TrafficSourceStatus
  'traffic:stop-source': { stopped: boolean }
  'traffic:event-detail': TrafficEventDetail
  'traffic:setup': AuditSetup
  'traffic:metrics': MetricsSample
  'traffic:apf': ApfReport
}

export const trafficMethods = {
  'traffic:status': 'trafficStatus',
  'traffic:start-webhook': 'trafficStartWebhook',
  'traffic:start-log-tail': 'trafficStartLogTail',
  'traffic:stop-source': 'trafficStopSource',
  'traffic:event-detail': 'trafficEventDetail',
  'traffic:setup': 'trafficSetup',
  'traffic:metrics': 'trafficMetrics',
  'traffic:apf': 'trafficApf',
} as const satisfies Record<keyof typeof trafficSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface TrafficEvents {
  'traffic:batch': TrafficBatch
}

export const trafficEventMethods = {
  'traffic:batch': 'onTrafficBatch',
} as const satisfies Record<keyof TrafficEvents, string>
