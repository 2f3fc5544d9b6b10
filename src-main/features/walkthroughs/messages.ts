// Walkthroughs and the rollout trace (#7).
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'
import type { ObjectRef } from '@features/ownership/messages'
import type { StageVerdict } from '@common/request-stages'
import type { RequestIdentity } from '@common/request-identities'
import type { Scenario } from '@features/walkthroughs/common/scenario-format'
import type { SaidAs } from '@common/result'
import type { SaidParts } from '@common/said-parts'

const id = z
  .string()
  .regex(/^[a-z0-9-]+$/)
  .max(80)
const labNamespace = z.string().regex(/^apiscope-lab-[0-9a-f]{6}$/)
const k8sName = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/)
  .max(253)

export const walkthroughsSchemas = {
  'walkthroughs:catalog': z.object({}).strict(),
  'walkthroughs:plan': z.object({ scenarioId: id }).strict(),
  'walkthroughs:start': z
    .object({
      scenarioId: id,
      namespace: labNamespace,
      /** The person saw the plan (namespace and objects) and agreed to the writes. */
      confirmWrites: z.literal(true),
      /** The person confirmed a context that does not look local. */
      confirmNotLocal: z.boolean().default(false),
    })
    .strict(),
  'walkthroughs:step': z.object({ runId: z.number().int().positive() }).strict(),
  'walkthroughs:finish': z.object({ runId: z.number().int().positive() }).strict(),
  'walkthroughs:cleanup-leftovers': z.object({}).strict(),
  'rollout:start': z
    .object({
      namespace: k8sName,
      name: k8sName,
      kind: z.enum(['Deployment']).default('Deployment'),
    })
    .strict(),
  'rollout:stop': z.object({}).strict(),
} satisfies Record<string, z.ZodType>

/** One comparison between what a scenario expects and what the server did. */
export interface CheckResult {
  label: string
  expected: string
  observed: string
  /** By key where Apiscope's words say them (`present`, `contains "…"`), for the person's language. */
  labelSaid?: SaidAs
  /** The scenario's own words for the check, in both languages (its `label`). */
  labelText?: { en: string; fr: string }
  expectedSaid?: SaidAs
  observedSaid?: SaidAs
  ok: boolean
  /** A difference here is shown but is not a failure (servers differ by version). */
  soft: boolean
}

/** What a step is about to send, shown before it is sent. Never holds a credential. */
export interface RequestPreview {
  method: string
  path: string
  /** Path and query, as sent. */
  url: string
  identity: RequestIdentity
  /** Who that is, in words ("anonymous: no credentials at all"). */
  identityLabel: string
  contentType?: string
  accept?: string
  /** The body as it will be sent, pretty-printed. */
  body?: string
  /** A watch: how many lines it reads, for how long at most. */
  stream?: { lines: number; ms: number }
  /** It writes: the runner checked it stays in the walkthrough's namespace. */
  writes: boolean
  /** Copyable lines that send the same (credentials as $CERT, $KEY, $TOKEN, $CA). */
  curl?: string
  /** `kubectl get --raw` and its siblings, or why no kubectl sends it (a PATCH). */
  kubectl?: string
}

/** What admission did to a dry-run write, from its audit event and the lab's attribution rules. */
export interface AdmissionSummary {
  /** Whether the request's audit event came (it names the mutating webhooks called). */
  audit: 'received' | 'missing' | 'off'
  /** Each mutating webhook the audit annotations say was called, in call order. */
  webhooks: { configuration: string; webhook: string; mutated: boolean }[]
  /** Each field admission or defaulting added or changed, and who did (null: no rule says). */
  changes: {
    path: string
    change: string
    /** admission-attribution's source (mutating-webhook, admission-plugin, defaulting...). */
    source: string | null
    /** The plugin or webhook by name, when the rule or the annotations say. */
    by: string | null
  }[]
  /** What can be said about webhooks, in a sentence. */
  note: string
  /** The same as catalogue messages, one sentence each, joined with a space (like `note`). */
  noteSaid?: SaidParts
}

export interface RequestOutcome {
  preview: RequestPreview
  status: number | null
  statusText: string
  ms: number
  /** Where the request stopped (request-stages.ts); null when no HTTP answer came. */
  verdict: StageVerdict | null
  /** The response body, pretty-printed, redacted, cut to a few KB. */
  body: string
  /** How many characters of the body were cut (the renderer says so in the person's language). */
  bodyMore?: number
  /** A watch's lines, each cut to one line. */
  lines?: string[]
  /** A list's continue token, decoded ({"v","rv","start"} on the servers we know). */
  continueToken?: { raw: string; decoded: unknown }
  checks: CheckResult[]
  /**
   * Which of the answers the scenario allows came (expect.cases), and what the walkthrough says of
   * it, in both languages (scenario text, as a step's narration is).
   */
  answerCase?: { id: string; says: { en: string; fr: string } }
  /** A Table answer (as=Table), as kubectl get prints it: column names and cells, redacted. */
  table?: { columns: string[]; rows: string[][] }
  /** A dry-run write's admission: the webhooks called and who made each change (no values). */
  admission?: AdmissionSummary
  /** Every hard check held. */
  ok: boolean
  attempts: number
  /** A transport failure, in words. */
  error?: string
  errorSaid?: SaidAs
}

export interface StepResult {
  index: number
  requests: RequestOutcome[]
  watch?: { id: number; label: string; labelSaid?: SaidAs }
  watchCheck?: CheckResult
  /** The request-log entries (seq) this step produced, retries included: the Requests view marks them. */
  requestSeqs?: number[]
  /** The object the step wrote last: Watches selects its latest event, Ownership opens it. */
  object?: ObjectRef
  ok: boolean
  /** Something stopped the step before its checks (safety, transport): in words. */
  error?: string
}

export interface RunState {
  runId: number
  scenarioId: string
  namespace: string
  context: string
  /** The next step to run; equals the number of steps once done. */
  stepIndex: number
  done: boolean
  finished: boolean
  results: StepResult[]
  /** What the next step will send (templates filled with what is known so far). */
  next: RequestPreview[]
}

export interface PlannedObject {
  kind: string
  name: string
  /** The step that creates it. */
  step: string
  /** An admission policy or binding: cluster-scoped, named after the namespace, deleted at the end. */
  clusterScoped?: boolean
}

export interface RunPlan {
  scenarioId: string
  namespace: string
  context: string
  server: string
  local: boolean
  localReason: string
  /** The reason by key, for the renderer to say in the person's language. */
  localReasonSaid?: SaidAs
  /** Everything the walkthrough will create, in its namespace. */
  creates: PlannedObject[]
  /** Leftover namespaces of an earlier run (a crash), deleted when this one starts. */
  leftovers: string[]
}

// --- The rollout trace --------------------------------------------------------------------------

export type TraceActorId =
  | 'writer'
  | 'apiserver'
  | 'deployment-controller'
  | 'replicaset-controller'
  | 'scheduler'
  | 'node-agent'

export interface TraceActor {
  id: TraceActorId
  label: string
  /** e.g. the manager name or the node agent's name. */
  detail: string
  simulated: boolean
  /** The label and detail as catalogue messages (i18n/), when they are Apiscope's words. */
  said?: { label?: SaidAs; detail?: SaidAs }
}

export interface TraceArrow {
  id: string
  from: TraceActorId
  label: string
  /** kind/name of the object written. */
  object: string
  /** The actor as the objects name it: a manager, a user, a node. */
  actorName: string
  /** When it happened, from the object's own timestamp (a second's precision). */
  time: string | null
  /** When Apiscope's watch delivered it, to the millisecond (absent if it happened before). */
  observedAt?: string
  state: 'done' | 'waiting'
  /** Waiting: why, from the object's conditions and events. */
  reason?: string
  /** Which fields say so: "ownerReferences + creationTimestamp", "PodScheduled condition"... */
  evidence: string
  evidenceSaid?: SaidAs
  /** The write's own audit event, when the live audit stream is on and has it. */
  audit?: TraceAudit
  /** The label, the reason and the actor as catalogue messages (i18n/), when they hold our words. */
  labelSaid?: SaidAs
  reasonSaid?: SaidAs
  actorSaid?: SaidAs
}

/** Who made a write and when, as the API server's audit event says (authenticated user, µs). */
export interface TraceAudit {
  /** The authenticated user, e.g. system:serviceaccount:kube-system:replicaset-controller. */
  user: string
  /** When the API server received the request (RFC 3339 with microseconds). */
  at: string
  verb: string
  /** The resource and subresource written, e.g. pods/binding. */
  resource: string
  code: number | null
  auditId: string
  userAgent?: string
}

export interface NodeHeartbeat {
  name: string
  simulated: boolean
  ready: string
  readyReason: string
  readySince: string | null
  leaseRenewTime: string | null
  leaseDurationSeconds: number | null
  /** Renewals the lease watch delivered while the trace ran, newest last. */
  renewals: string[]
  taints: { key: string; effect: string; timeAdded?: string }[]
  /** Ready, quiet, NotReady, evicting: explained from the objects. */
  explanation: string
  /** The explanation's sentences as catalogue messages (i18n/), in order. */
  explanationSaid?: SaidParts
}

export interface RolloutTrace {
  owner: { kind: string; namespace: string; name: string }
  found: boolean
  actors: TraceActor[]
  arrows: TraceArrow[]
  nodes: NodeHeartbeat[]
  /** The node-monitor grace period and the default tolerations the explanations use. */
  notes: string[]
  /** The same notes as catalogue messages (i18n/). */
  notesSaid?: SaidAs[]
  updatedAt: string
  /** Whether the live audit stream is on (arrows then carry audit users and times). */
  auditStream?: { streaming: boolean; matched: number }
}

export interface WalkthroughsAnswers {
  'walkthroughs:catalog': { scenarios: Scenario[] }
  'walkthroughs:plan': RunPlan
  'walkthroughs:start': RunState
  'walkthroughs:step': RunState
  'walkthroughs:finish': RunState
  'walkthroughs:cleanup-leftovers': { deleted: string[] }
  'rollout:start': RolloutTrace
  'rollout:stop': { stopped: boolean }
}

export const walkthroughsMethods = {
  'walkthroughs:catalog': 'walkthroughCatalog',
  'walkthroughs:plan': 'walkthroughPlan',
  'walkthroughs:start': 'walkthroughStart',
  'walkthroughs:step': 'walkthroughStep',
  'walkthroughs:finish': 'walkthroughFinish',
  'walkthroughs:cleanup-leftovers': 'walkthroughCleanupLeftovers',
  'rollout:start': 'rolloutStart',
  'rollout:stop': 'rolloutStop',
} as const satisfies Record<keyof typeof walkthroughsSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface WalkthroughsEvents {
  'rollout:trace': RolloutTrace
}

export const walkthroughsEventMethods = {
  'rollout:trace': 'onRolloutTrace',
} as const satisfies Record<keyof WalkthroughsEvents, string>
