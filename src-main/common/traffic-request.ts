// What the core and the traffic feature both speak of a request seen in the audit stream: who sent
// it (the client kinds), the request normalized from its audit events, the sources and their status.
// The core's replay source answers with a TrafficStatus; traffic's messages re-export all of it.
import type {
  MutatingWebhookCall,
  PolicyFailure,
  StageId,
  StageOutcome,
  StatusCause,
} from '@common/request-stages'
import type { SaidAs, SaidParts } from '@common/said-parts'

/**
 * The annotation the kubectl proxy puts on a relayed request's audit event when it could not read
 * who the session is: the context's name, so the user is said in the person's language.
 */
export const USER_OF_CONTEXT_ANNOTATION = 'apiscope.io/user-of-context'

/** Who sent a request, from its user agent and user: the clients drawn on the left. */
export const CLIENT_KINDS = [
  'kubectl',
  'kube-controller-manager',
  'kube-scheduler',
  'kubelet',
  'apiscope',
  'other',
] as const
export type ClientKind = (typeof CLIENT_KINDS)[number]

/** One request, normalized from its audit events (deduplicated by audit ID). */
export interface TrafficRequest {
  auditId: string
  /** requestReceivedTimestamp, ms since the epoch. */
  receivedAt: number
  /** From requestReceivedTimestamp to the stage timestamp of the last event seen; null if unknown. */
  latencyMs: number | null
  /** The audit stage of the last event seen: ResponseStarted for a watch still open. */
  auditStage: string
  user: string
  /** The user in words Apiscope wrote (USER_OF_CONTEXT_ANNOTATION), to say in the person's language. */
  userSaid?: SaidAs
  groups: string[]
  userAgent: string
  client: ClientKind
  /** The user agent's product ("kubectl", "kube-apiserver"...), or the user when there is none. */
  clientLabel: string
  verb: string
  uri: string
  /** "configmaps", "pods/status"...; empty for a non-resource URL such as /healthz. */
  resource: string
  apiGroup?: string
  apiVersion?: string
  namespace?: string
  name?: string
  /** HTTP code; null for a request still running (no ResponseStarted yet). */
  code: number | null
  reason?: string
  message?: string
  /** A 422's fields at fault (when the policy logged the response: RequestResponse level). */
  causes?: StatusCause[]
  /** Where the request stopped (request-stages.ts), or 'done'. */
  stoppedAt: StageId | 'done' | 'unknown'
  passed: StageId[]
  /** The stages this kind of request crosses (request-stages.ts requestPath). */
  path?: StageId[]
  outcome: StageOutcome
  explanation: string
  /** The explanation's catalogue parts (request-stages.ts), to say it in the person's language. */
  explanationSaid?: SaidParts
  /**
   * A 429 of Apiscope's own: the FlowSchema and priority level that refused it, from the answer's
   * X-Kubernetes-PF-* headers (an audit event does not say them), joined by audit ID.
   */
  flow?: { flowSchema: string | null; priorityLevel: string | null }
  /** For a read that succeeded: served from the watch cache or etcd, as far as the URI tells. */
  servedFrom?: 'watch-cache' | 'etcd' | 'watch'
  authorizationDecision?: string
  authorizationReason?: string
  mutatingWebhooks?: MutatingWebhookCall[]
  /**
   * Failed ValidatingAdmissionPolicy validations: a denial from the Status message, an Audit
   * action from the validation_failure annotation. An audit event carries no response headers, so
   * a Warn shows here only where the binding also audits.
   */
  policyFailures?: PolicyFailure[]
  dryRun: boolean
}

/** Many requests of one kind, sent as a count when the rate is too high to send each. */
export interface TrafficAggregate {
  client: ClientKind
  clientLabel: string
  user: string
  verb: string
  resource: string
  namespace?: string
  code: number | null
  stoppedAt: TrafficRequest['stoppedAt']
  count: number
  /**
   * The newest requestReceivedTimestamp among them, ms since the epoch: when the drawing counts
   * them. Absent in recordings made before aggregates carried it.
   */
  at?: number
}

export type TrafficSourceKind = 'webhook' | 'log-file' | 'minikube-log'

export interface TrafficSourceStatus {
  id: number
  kind: TrafficSourceKind
  /** What it listens on or reads: a URL, a path, a command line. */
  where: string
  state: 'starting' | 'running' | 'failed' | 'stopped'
  eventsReceived: number
  batchesReceived: number
  /** Lines or batches that could not be read; each one counted, the receiver goes on. */
  rejected: number
  lastError?: string
  /** The same as catalogue parts, joined with nothing; absent when it is a tool's own text. */
  lastErrorSaid?: SaidParts
  lastEventAt?: number
}

/** One push of the live stream, at most about ten a second. */
export interface TrafficBatch {
  seq: number
  requests: TrafficRequest[]
  /** What was over the per-push limit, as counts per path. */
  aggregated: TrafficAggregate[]
  sources: TrafficSourceStatus[]
}

export interface TrafficStatus {
  sources: TrafficSourceStatus[]
  /** The most recent requests, oldest first (a renderer that opens late starts from these). */
  recent: TrafficRequest[]
}
