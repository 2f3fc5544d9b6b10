// The stages a request crosses inside kube-apiserver, and the one a response shows it stopped at;
// pure, and 'unknown' wherever a response cannot tell. Order and codes from the Kubernetes docs:
// https://kubernetes.io/docs/concepts/security/controlling-access/ , https://kubernetes.io/docs/reference/using-api/api-concepts/

/**
 * Every stage, in the order a write crosses them, then the read branch, then the aggregation
 * layer's relay (a group an APIService hands to another server). Besides the docs'
 * authentication, authorization, admission, validation and etcd, two stages refuse requests of
 * their own: Priority and Fairness, between authentication and authorization
 * (DefaultBuildHandlerChain in k8s.io/apiserver), and decoding (content type, body, defaults),
 * which the handler does before admission.
 */
import { said, type Said } from '@i18n/translate'
import { told as toldParts, type SaidParts } from './said-parts'

export const REQUEST_STAGES = [
  {
    id: 'authentication',
    label: 'Authentication',
    refusal: '401 Unauthorized, with no detail on purpose',
  },
  {
    id: 'flow-control',
    label: 'API Priority and Fairness',
    refusal: '429 Too Many Requests, plain text, with Retry-After',
  },
  {
    id: 'authorization',
    label: 'Authorization (RBAC, Node)',
    refusal: '403 Forbidden naming the user, verb, resource, group and namespace',
  },
  {
    id: 'decoding',
    label: 'Decoding and defaults',
    refusal: '415 Unsupported Media Type, 400 Bad Request',
  },
  {
    id: 'mutating-admission',
    label: 'Mutating admission (plugins, CEL policies, webhooks)',
    refusal: '403 or 404 from a plugin, a webhook’s denial, 500 when a webhook cannot be called',
  },
  {
    id: 'schema-validation',
    label: 'Schema validation',
    refusal: '422 Invalid, with the fields at fault',
  },
  {
    id: 'validating-admission',
    label: 'Validating admission (plugins, CEL policies, webhooks)',
    refusal: '403 from a plugin, a webhook’s or a policy’s denial',
  },
  {
    id: 'persistence',
    label: 'Persistence in etcd',
    refusal: '409 AlreadyExists, 409 Conflict (stale resourceVersion), 404 NotFound',
  },
  {
    id: 'storage-read',
    label: 'Read from the watch cache or etcd',
    refusal: '404 NotFound, 410 Expired',
  },
  {
    id: 'aggregation',
    label: 'Aggregation layer (relayed to an APIService’s server)',
    refusal:
      '503 Service Unavailable when the APIService is not available or its server cannot be reached',
  },
] as const satisfies readonly { id: string; label: string; refusal: string }[]

export type StageId = (typeof REQUEST_STAGES)[number]['id']

/** create, update, patch, delete. */
export const WRITE_PATH: readonly StageId[] = [
  'authentication',
  'flow-control',
  'authorization',
  'decoding',
  'mutating-admission',
  'schema-validation',
  'validating-admission',
  'persistence',
]

/** get, list, watch: no body to decode, no admission. */
export const READ_PATH: readonly StageId[] = [
  'authentication',
  'flow-control',
  'authorization',
  'storage-read',
]

/**
 * A request for a group and version that an APIService hands to a Service (metrics.k8s.io to
 * metrics-server): after the filters, kube-aggregator proxies it, with the front-proxy client
 * certificate and the user in X-Remote-User, to that server, which reads, admits and stores on
 * its own. kube-apiserver's admission and storage are not part of it (kube-aggregator's
 * handler_proxy.go in k8s.io/kube-aggregator, 1.20 and 1.37 alike).
 */
export const AGGREGATED_PATH: readonly StageId[] = [
  'authentication',
  'flow-control',
  'authorization',
  'aggregation',
]

/**
 * Resources the API server computes on the spot and never stores (a successful create leaves
 * nothing in etcd), and whether their create validates the object's fields. From their REST
 * storage in Kubernetes' pkg/registry (1.20 and 1.37 alike): TokenRequest and the access reviews
 * call their Validate* function; TokenReview, SelfSubjectRulesReview and SelfSubjectReview only
 * check that a token or a user is there (a 400, not a 422). Each runs admission (createValidation).
 */
const COMPUTED_RESOURCES: Readonly<Record<string, { validated: boolean }>> = {
  'serviceaccounts/token': { validated: true },
  subjectaccessreviews: { validated: true },
  selfsubjectaccessreviews: { validated: true },
  localsubjectaccessreviews: { validated: true },
  selfsubjectrulesreviews: { validated: false },
  tokenreviews: { validated: false },
  selfsubjectreviews: { validated: false },
}

/** The kind each computed resource answers with, to know one from its answer alone. */
const COMPUTED_KINDS: Readonly<Record<string, string>> = {
  TokenRequest: 'serviceaccounts/token',
  SubjectAccessReview: 'subjectaccessreviews',
  SelfSubjectAccessReview: 'selfsubjectaccessreviews',
  LocalSubjectAccessReview: 'localsubjectaccessreviews',
  SelfSubjectRulesReview: 'selfsubjectrulesreviews',
  TokenReview: 'tokenreviews',
  SelfSubjectReview: 'selfsubjectreviews',
}

/** A resource computed on the spot, never stored ("serviceaccounts/token", "tokenreviews"). */
export function isComputedResource(resource: string | undefined): boolean {
  return resource !== undefined && Object.hasOwn(COMPUTED_RESOURCES, resource)
}

/** What decides a request's path: its verb (or HTTP method) and the resource it names. */
export interface RequestKind {
  verb?: string
  method?: string
  /** "configmaps", or "serviceaccounts/token" with its subresource. */
  resource?: string
  /** A non-resource URL (/readyz, /metrics, /version, discovery): the server answers it itself. */
  nonResource?: boolean
  /** Its group and version are served by another server through an APIService (not Local). */
  aggregated?: boolean
}

/** What a non-resource request crosses: the filters, then a handler that reads no storage. */
export const NON_RESOURCE_PATH: readonly StageId[] = [
  'authentication',
  'flow-control',
  'authorization',
]

const METHOD_VERBS: Record<string, string> = {
  GET: 'get',
  HEAD: 'get',
  POST: 'create',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
}

/**
 * The stages this kind of request crosses, in order. A read goes to the watch cache or etcd; a
 * delete has no object to schema-validate (the store runs admission on the stored object,
 * k8s.io/apiserver registry/rest AdmissionToValidateObjectDeleteFunc); a computed resource is
 * answered without etcd. Everything else crosses the whole write path.
 */
export function requestPath(request: RequestKind): StageId[] {
  // Before the non-resource rule: /apis/<group>/<version> itself is relayed too.
  if (request.aggregated) return [...AGGREGATED_PATH]
  if (request.nonResource) return [...NON_RESOURCE_PATH]
  const verb = request.verb?.toLowerCase() ?? METHOD_VERBS[request.method?.toUpperCase() ?? '']
  if (verb === 'get' || verb === 'list' || verb === 'watch') return [...READ_PATH]
  if (verb === 'delete' || verb === 'deletecollection')
    return WRITE_PATH.filter((stage) => stage !== 'schema-validation')
  const computed = request.resource ? COMPUTED_RESOURCES[request.resource] : undefined
  if (computed)
    return WRITE_PATH.filter(
      (stage) => stage !== 'persistence' && (computed.validated || stage !== 'schema-validation'),
    )
  return [...WRITE_PATH]
}

export type StageOutcome =
  | 'success'
  | 'dry-run'
  | 'unauthenticated'
  | 'throttled'
  | 'forbidden-rbac'
  | 'forbidden-admission'
  /** A 403 whose message and audit annotations do not say who refused. */
  | 'forbidden'
  | 'denied-by-webhook'
  | 'denied-by-policy'
  | 'webhook-call-failed'
  /** 503 from the aggregation layer: the APIService is not available, its server not reachable. */
  | 'aggregated-unavailable'
  | 'namespace-not-found'
  | 'bad-request'
  | 'unsupported-media-type'
  | 'not-found'
  | 'expired'
  | 'already-exists'
  | 'conflict'
  | 'apply-conflict'
  | 'invalid'
  | 'too-many-requests'
  | 'server-error'
  | 'unrecognized'

/** One item of a Status object's details.causes. */
export interface StatusCause {
  field?: string
  reason?: string
  message?: string
}

/** What a 403 from an authorizer says, parsed from its fixed sentence. */
export interface RbacDenial {
  user: string
  verb: string
  /** For a resource request: "configmaps", or "pods" for pods/exec. */
  resource?: string
  subresource?: string
  /** "" is the core group. */
  group?: string
  /** Absent at cluster scope. */
  namespace?: string
  /** The object's name, when the request named one. */
  name?: string
  /** For a non-resource URL such as /metrics. */
  path?: string
  /** What the authorizers appended, e.g. `RBAC: clusterrole.rbac.authorization.k8s.io "x" not found`. */
  authorizerReason?: string
}

/** A mutating webhook call, from a mutation.webhook.admission.k8s.io/round_N_index_M annotation. */
export interface MutatingWebhookCall {
  configuration: string
  webhook: string
  mutated: boolean
  round: number
  index: number
}

/**
 * A ValidatingAdmissionPolicy validation that failed, and what its binding's validationActions
 * made of it: Deny refuses the request (its Status message), Warn adds a `Warning:` header to the
 * response, Audit writes the audit annotation validation.policy.admission.k8s.io/validation_failure.
 * https://kubernetes.io/docs/reference/access-authn-authz/validating-admission-policy/#validation-actions
 */
export interface PolicyFailure {
  policy: string
  binding: string
  message: string
  /** The binding's actions, where the audit annotation lists them; else those the answer shows. */
  actions: string[]
  /** Where Apiscope read it: the refusal's Status, a Warning header, the audit annotation. */
  seenIn: ('status' | 'warning' | 'audit-annotation')[]
}

export interface StageDetails {
  httpStatus: number
  /** The Status object's reason, e.g. "Forbidden", "AlreadyExists". */
  reason?: string
  message?: string
  rbac?: RbacDenial
  causes?: StatusCause[]
  retryAfterSeconds?: number
  admissionPlugin?: string
  webhook?: string
  /** A ValidatingAdmissionPolicy (1.26+) and its binding. */
  policy?: string
  policyBinding?: string
  /** Every failed policy validation the answer shows, whatever its action (Deny, Warn, Audit). */
  policyFailures?: PolicyFailure[]
  /** Every mutating webhook the audit annotations say was called. */
  mutatingWebhooks?: MutatingWebhookCall[]
  /** authorization.k8s.io/decision and /reason from the audit annotations. */
  authorizationDecision?: string
  authorizationReason?: string
  flowSchemaUid?: string
  priorityLevelUid?: string
  auditId?: string
}

export interface StageVerdict {
  stoppedAt: StageId | 'done' | 'unknown'
  /** Only the stages the response proves the request went through, in order. */
  passed: StageId[]
  /**
   * The stages this kind of request crosses (requestPath); a stage outside it is not part of the
   * request. Absent from verdicts recorded before it was added: derive it from the verb then.
   */
  path?: StageId[]
  /** When stoppedAt is 'unknown': the stages it may have stopped at, if the response narrows it down. */
  candidates: StageId[]
  outcome: StageOutcome
  /** One or two sentences a trainer can read aloud. */
  explanation: string
  /**
   * The same as catalogue messages, to say it in the person's language: joined with nothing in
   * between (each part carries its own spaces). Absent where a part is not in the catalogue yet.
   */
  explanationSaid?: SaidParts
  details: StageDetails
}

export interface ApiResponse {
  /** The HTTP method sent. */
  method: string
  /** The Kubernetes verb (get, list, watch, create, update, patch, delete...), when known: an audit event names it. */
  verb?: string
  /** The request carried dryRun=All. */
  dryRun?: boolean
  /** The resource, with its subresource ("serviceaccounts/token"), when known. */
  resource?: string
  /** A non-resource URL (/readyz, /metrics, /version, /apis): no storage behind it. */
  nonResource?: boolean
  /** The group and version are served through an APIService by another server (aggregated-apis.ts). */
  aggregated?: boolean
  status: number
  /** Parsed JSON or raw text: a 429 from Priority and Fairness is plain text. */
  body: unknown
  /** Response headers, names in any case. */
  headers?: Readonly<Record<string, string | readonly string[] | undefined>>
  /** The annotations of the request's audit event, when an audit log or webhook supplied them. */
  auditAnnotations?: Readonly<Record<string, string>>
}

// ---------------------------------------------------------------------------------------------
// The RBAC message
// ---------------------------------------------------------------------------------------------

// Go's %q: a double-quoted string where only \" and \\ matter for names found in the API.
const QUOTED = String.raw`"((?:[^"\\]|\\.)*)"`
const unquote = (text: string | undefined) => text?.replace(/\\(["\\])/g, '$1')

// forbiddenMessage() in k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go,
// wrapped by NewForbidden as `<resource>[ "<name>"] is forbidden: ` (or `forbidden: ` alone).
const RESOURCE_DENIAL = new RegExp(
  String.raw`^(?:\S+(?: ${QUOTED})? is )?forbidden: User ${QUOTED} cannot (\S+) resource ${QUOTED} in API group ${QUOTED} (?:in the namespace ${QUOTED}|at the cluster scope)(?:: ([\s\S]*))?$`,
)
const PATH_DENIAL = new RegExp(
  String.raw`^forbidden: User ${QUOTED} cannot (\S+) path ${QUOTED}(?:: ([\s\S]*))?$`,
)

/** Parses the authorizers' 403 sentence; undefined for any other message (an admission 403, say). */
export function parseRbacForbiddenMessage(message: string): RbacDenial | undefined {
  const resourceMatch = RESOURCE_DENIAL.exec(message)
  if (resourceMatch) {
    const [, name, user, verb, fullResource, group, namespace, reason] = resourceMatch
    const [resource, subresource] = (unquote(fullResource) ?? '').split('/', 2)
    return withoutUndefined({
      user: unquote(user) ?? '',
      verb: verb ?? '',
      resource,
      subresource,
      group: unquote(group),
      namespace: unquote(namespace),
      name: unquote(name),
      authorizerReason: reason || undefined,
    })
  }
  const pathMatch = PATH_DENIAL.exec(message)
  if (pathMatch) {
    const [, user, verb, path, reason] = pathMatch
    return withoutUndefined({
      user: unquote(user) ?? '',
      verb: verb ?? '',
      path: unquote(path),
      authorizerReason: reason || undefined,
    })
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// Reading a response
// ---------------------------------------------------------------------------------------------

interface KubeStatus {
  reason?: string
  message?: string
  details: { name?: string; kind?: string; causes: StatusCause[]; retryAfterSeconds?: number }
}

/** Everything stageOfResponse reads from one response, gathered once. */
interface Evidence {
  status: number
  method: string
  verb?: string
  isRead: boolean
  /** The stages this kind of request crosses. */
  path: StageId[]
  /** A computed resource (TokenRequest, the access reviews): answered, never stored. */
  computed: boolean
  nonResource: boolean
  aggregated: boolean
  dryRun: boolean
  kubeStatus?: KubeStatus
  /** The Status message, or '' when there is none. */
  message: string
  /** The body when it is text and not JSON. */
  text?: string
  bodyObject?: Record<string, unknown>
  mutatingWebhooks: MutatingWebhookCall[]
  policyFailures: PolicyFailure[]
  retryAfterSeconds?: number
  base: StageDetails
}

type JsonRecord = Record<string, unknown>

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function stringField(record: JsonRecord, key: string): string | undefined {
  const value = record[key]
  return typeof value === 'string' ? value : undefined
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

function parsedBody(body: unknown): unknown {
  if (typeof body !== 'string') return body
  try {
    return JSON.parse(body) as unknown
  } catch {
    return body
  }
}

function readStatus(body: unknown): KubeStatus | undefined {
  if (!isRecord(body) || body.kind !== 'Status') return undefined
  const details = isRecord(body.details) ? body.details : {}
  const causes = Array.isArray(details.causes) ? details.causes.filter(isRecord) : []
  const retryAfter = details.retryAfterSeconds
  return {
    reason: stringField(body, 'reason'),
    message: stringField(body, 'message'),
    details: withoutUndefined({
      name: stringField(details, 'name'),
      kind: stringField(details, 'kind'),
      causes: causes.map((cause) =>
        withoutUndefined({
          field: stringField(cause, 'field'),
          reason: stringField(cause, 'reason'),
          message: stringField(cause, 'message'),
        }),
      ),
      retryAfterSeconds: typeof retryAfter === 'number' ? retryAfter : undefined,
    }),
  }
}

function headerReader(headers: ApiResponse['headers']) {
  const byLowerName = new Map<string, string>()
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue
    byLowerName.set(name.toLowerCase(), typeof value === 'string' ? value : value.join(', '))
  }
  return (name: string) => byLowerName.get(name.toLowerCase())
}

const MUTATION_ANNOTATION = /^mutation\.webhook\.admission\.k8s\.io\/round_(\d+)_index_(\d+)$/

function mutatingWebhookCalls(annotations: Readonly<Record<string, string>> | undefined) {
  const calls: MutatingWebhookCall[] = []
  for (const [key, value] of Object.entries(annotations ?? {})) {
    const match = MUTATION_ANNOTATION.exec(key)
    if (!match) continue
    const parsed = parsedBody(value)
    if (!isRecord(parsed)) continue
    calls.push({
      configuration: stringField(parsed, 'configuration') ?? '',
      webhook: stringField(parsed, 'webhook') ?? '',
      mutated: parsed.mutated === true,
      round: Number(match[1]),
      index: Number(match[2]),
    })
  }
  return calls.sort((a, b) => a.round - b.round || a.index - b.index)
}

// ---------------------------------------------------------------------------------------------
// ValidatingAdmissionPolicy failures: the Status of a Deny, the Warning of a Warn, the annotation
// of an Audit (k8s.io/apiserver pkg/admission/plugin/policy/validating, dispatcher.go; the forms
// below are those kube-apiserver 1.37.2 sent, see test/integration/admission-policies.test.ts)
// ---------------------------------------------------------------------------------------------

const POLICY_DENIAL =
  /ValidatingAdmissionPolicy '([^']+)'(?: with binding '([^']+)')? denied request(?:: ([\s\S]*))?$/
/** `299 - "Validation failed for ValidatingAdmissionPolicy 'p' with binding 'b': message"` */
const POLICY_WARNING =
  /^\d{3} \S+ "Validation failed for ValidatingAdmissionPolicy '([^']+)' with binding '([^']+)': ((?:[^"\\]|\\.)*)"/
export const POLICY_FAILURE_ANNOTATION = 'validation.policy.admission.k8s.io/validation_failure'

/** Splits a Warning header holding several warnings (`299 - "a", 299 - "b"`) into each one. */
export function splitWarnings(header: string): string[] {
  return [...header.matchAll(/\d{3} \S+ "(?:[^"\\]|\\.)*"(?: "[^"]*")?/g)].map((m) => m[0])
}

function policyFailuresOf(
  message: string,
  warningHeader: string | undefined,
  annotations: Readonly<Record<string, string>> | undefined,
): PolicyFailure[] {
  const found: PolicyFailure[] = []
  const add = (failure: Omit<PolicyFailure, 'seenIn'>, seen: PolicyFailure['seenIn'][number]) => {
    const same = found.find(
      (f) =>
        f.policy === failure.policy &&
        f.binding === failure.binding &&
        f.message === failure.message,
    )
    if (!same) {
      found.push({ ...failure, seenIn: [seen] })
      return
    }
    if (!same.seenIn.includes(seen)) same.seenIn.push(seen)
    // The annotation lists the binding's actions; the answer only shows one of them.
    if (seen === 'audit-annotation') same.actions = failure.actions
    else if (!same.actions.includes(failure.actions[0] ?? '')) same.actions.push(...failure.actions)
  }
  const annotated = parsedBody(annotations?.[POLICY_FAILURE_ANNOTATION] ?? '[]')
  for (const item of Array.isArray(annotated) ? annotated : []) {
    if (!isRecord(item)) continue
    const actions = Array.isArray(item.validationActions)
      ? item.validationActions.filter((a): a is string => typeof a === 'string')
      : ['Audit']
    add(
      {
        policy: stringField(item, 'policy') ?? '',
        binding: stringField(item, 'binding') ?? '',
        message: stringField(item, 'message') ?? '',
        actions,
      },
      'audit-annotation',
    )
  }
  const denial = POLICY_DENIAL.exec(message)
  if (denial?.[1] !== undefined) {
    add(
      { policy: denial[1], binding: denial[2] ?? '', message: denial[3] ?? '', actions: ['Deny'] },
      'status',
    )
  }
  for (const warning of splitWarnings(warningHeader ?? '')) {
    const match = POLICY_WARNING.exec(warning)
    if (match?.[1] === undefined || match[2] === undefined) continue
    add(
      {
        policy: match[1],
        binding: match[2],
        message: unquote(match[3]) ?? '',
        actions: ['Warn'],
      },
      'warning',
    )
  }
  return found
}

/** `P (binding B)`, or `P` alone when the binding is not known. */
function policyName(failure: Pick<PolicyFailure, 'policy' | 'binding'>): Said | string {
  return failure.binding
    ? said('stages.ex.policyBinding', { policy: failure.policy, binding: failure.binding })
    : failure.policy
}

const READ_VERBS = new Set(['get', 'list', 'watch'])

function readEvidence(response: ApiResponse): Evidence {
  const header = headerReader(response.headers)
  const body = parsedBody(response.body)
  const kubeStatus = readStatus(body)
  const method = response.method.toUpperCase()
  const verb = response.verb?.toLowerCase()
  const annotations = response.auditAnnotations
  const mutatingWebhooks = mutatingWebhookCalls(annotations)
  const policyFailures = policyFailuresOf(kubeStatus?.message ?? '', header('Warning'), annotations)
  const retryAfterHeader = Number.parseInt(header('Retry-After') ?? '', 10)
  const retryAfterSeconds = Number.isFinite(retryAfterHeader)
    ? retryAfterHeader
    : kubeStatus?.details.retryAfterSeconds
  const kind = isRecord(body) ? stringField(body, 'kind') : undefined
  const resource = response.resource ?? (kind ? COMPUTED_KINDS[kind] : undefined)
  return withoutUndefined({
    status: response.status,
    method,
    verb,
    isRead: verb !== undefined ? READ_VERBS.has(verb) : method === 'GET' || method === 'HEAD',
    path: requestPath({
      method,
      ...(verb ? { verb } : {}),
      ...(resource ? { resource } : {}),
      ...(response.nonResource ? { nonResource: true } : {}),
      ...(response.aggregated ? { aggregated: true } : {}),
    }),
    nonResource: response.nonResource === true,
    aggregated: response.aggregated === true,
    computed: isComputedResource(resource),
    dryRun: response.dryRun === true,
    kubeStatus,
    message: kubeStatus?.message ?? '',
    text: typeof body === 'string' ? body : undefined,
    bodyObject: isRecord(body) ? body : undefined,
    mutatingWebhooks,
    policyFailures,
    retryAfterSeconds,
    base: withoutUndefined({
      httpStatus: response.status,
      reason: kubeStatus?.reason,
      message: kubeStatus?.message,
      mutatingWebhooks: mutatingWebhooks.length > 0 ? mutatingWebhooks : undefined,
      policyFailures: policyFailures.length > 0 ? policyFailures : undefined,
      authorizationDecision: annotations?.['authorization.k8s.io/decision'],
      authorizationReason: annotations?.['authorization.k8s.io/reason'],
      flowSchemaUid: header('X-Kubernetes-PF-FlowSchema-UID'),
      priorityLevelUid: header('X-Kubernetes-PF-PriorityLevel-UID'),
      auditId: header('Audit-Id'),
    }),
  })
}

// ---------------------------------------------------------------------------------------------
// Building verdicts
// ---------------------------------------------------------------------------------------------

function pathOf(e: Evidence): readonly StageId[] {
  return e.path
}

function stagesBefore(path: readonly StageId[], stage: StageId): StageId[] {
  const index = path.indexOf(stage)
  return index < 0 ? [] : path.slice(0, index)
}

/** An explanation told as catalogue messages: its English, and the parts to say it again. */
type Told = string | Said[]
function told(explanation: Told): Pick<StageVerdict, 'explanation' | 'explanationSaid'> {
  if (typeof explanation === 'string') return { explanation }
  const { text, said } = toldParts(explanation)
  return { explanation: text, explanationSaid: said }
}

/** A refusal at a known stage: every earlier stage of the request's path has run. */
function stoppedAt(
  e: Evidence,
  stage: StageId,
  outcome: StageOutcome,
  explanation: Told,
  extra: Partial<StageDetails> = {},
  passed: StageId[] = stagesBefore(pathOf(e), stage),
): StageVerdict {
  return {
    stoppedAt: stage,
    passed,
    candidates: [],
    outcome,
    ...told(explanation),
    details: { ...e.base, ...withoutUndefined(extra) },
  }
}

/**
 * What the response proves about the request's progress when it does not say where it stopped:
 * Priority and Fairness headers are set once the request is let through (so authentication ran),
 * and an authorization decision of "allow" in the audit annotations means authorization passed.
 */
function provenStages(e: Evidence): StageId[] {
  const decision = e.base.authorizationDecision
  if (decision === 'allow') return ['authentication', 'flow-control', 'authorization']
  if (decision === 'forbid' || e.base.flowSchemaUid !== undefined)
    return ['authentication', 'flow-control']
  return []
}

function unknownStage(
  e: Evidence,
  outcome: StageOutcome,
  explanation: Told,
  candidates: StageId[] = [],
  extra: Partial<StageDetails> = {},
): StageVerdict {
  return {
    stoppedAt: 'unknown',
    passed: provenStages(e),
    candidates,
    outcome,
    ...told(explanation),
    details: { ...e.base, ...withoutUndefined(extra) },
  }
}

/** The server's message as a closing sentence, for answers the model cannot explain further. */
const quoteMessage = (message: string): Said[] =>
  message
    ? [said('stages.ex.serverSays', { message: /[.!?]$/.test(message) ? message : `${message}.` })]
    : []

const withoutFinalPeriod = (text: string) => text.replace(/[.\s]+$/, '')

/** The innermost cause of a wrapped Go error: "...: dial tcp ...: connect: connection refused". */
function innermostCause(message: string): string {
  return (message.split(': ').pop() ?? '').replace(/ \(.*\)$/s, '').trim()
}

function describeGroup(group: string | undefined): Said[] {
  if (group === undefined) return []
  return [group === '' ? said('stages.ex.coreGroup') : said('stages.ex.inGroup', { group })]
}

// ---------------------------------------------------------------------------------------------
// Admission plugins that can be recognised from their messages (Kubernetes source, 1.20 onwards)
// ---------------------------------------------------------------------------------------------

interface AdmissionPluginMatch {
  plugin: string
  stage: StageId
}

// Which phase each plugin refuses in follows from the interface it implements: Admit (mutating)
// or Validate (validating). NamespaceLifecycle only implements Admit, although it never mutates.
const ADMISSION_PLUGIN_MESSAGES: readonly {
  plugin: string
  stage: StageId
  pattern: RegExp
}[] = [
  {
    plugin: 'NamespaceLifecycle',
    stage: 'mutating-admission',
    pattern: /because it is being terminated|this namespace may not be deleted/,
  },
  // Its Admit step looks the ServiceAccount up first, so a missing account stops the request there.
  {
    plugin: 'ServiceAccount',
    stage: 'mutating-admission',
    pattern: /error looking up service account/,
  },
  {
    plugin: 'LimitRanger',
    stage: 'validating-admission',
    pattern: /(?:maximum|minimum) \S+ usage per |limit to request ratio per /,
  },
  {
    plugin: 'ResourceQuota',
    stage: 'validating-admission',
    pattern: /(?:exceeded|failed) quota: /,
  },
  { plugin: 'PodSecurity', stage: 'validating-admission', pattern: /violates PodSecurity "/ },
]

function admissionPluginOf(e: Evidence): AdmissionPluginMatch | undefined {
  if (e.kubeStatus?.details.causes.some((cause) => cause.reason === 'NamespaceTerminating'))
    return { plugin: 'NamespaceLifecycle', stage: 'mutating-admission' }
  const known = ADMISSION_PLUGIN_MESSAGES.find(({ pattern }) => pattern.test(e.message))
  return known && { plugin: known.plugin, stage: known.stage }
}

/**
 * Which admission phase a webhook belongs to. Every call of a mutating webhook leaves a
 * mutation.webhook.admission.k8s.io annotation, denied or not (1.19 onwards; see
 * https://kubernetes.io/docs/reference/labels-annotations-taints/audit-annotations/), and
 * validating webhooks leave none. So when the audit annotations are at hand (the authorization
 * decision shows they are) and no mutation annotation names the webhook, it was a validating one.
 */
function webhookStage(e: Evidence, webhook: string): StageId | undefined {
  if (e.mutatingWebhooks.some((call) => call.webhook === webhook)) return 'mutating-admission'
  if (e.base.authorizationDecision !== undefined) return 'validating-admission'
  return undefined
}

const ADMISSION_STAGES: StageId[] = ['mutating-admission', 'validating-admission']

// ---------------------------------------------------------------------------------------------
// One function per kind of answer
// ---------------------------------------------------------------------------------------------

function mutationNote(e: Evidence): Said[] {
  const mutators = e.mutatingWebhooks.filter((call) => call.mutated).map((call) => call.webhook)
  const mutated =
    mutators.length > 0 ? [said('stages.ex.mutatedBy', { webhooks: mutators.join(', ') })] : []
  return [...mutated, ...policyNote(e)]
}

/** What policies that failed without denying did: a Warning header, an audit annotation. */
function policyNote(e: Evidence): Said[] {
  return e.policyFailures
    .filter((f) => !f.seenIn.includes('status'))
    .flatMap((f) => {
      const warned = f.seenIn.includes('warning') || f.actions.includes('Warn')
      const audited = f.seenIn.includes('audit-annotation')
      const [first = '', ...more] = f.actions
      return [
        said('stages.ex.policyFailed', {
          policy: policyName(f),
          message: f.message,
          action: first,
        }),
        ...more.map((action) => said('stages.ex.andAction', { action })),
        warned && audited
          ? said('stages.ex.policyLeftBoth')
          : warned
            ? said('stages.ex.policyLeftWarning')
            : said('stages.ex.policyLeftAudit'),
      ]
    })
}

function success(e: Evidence): StageVerdict {
  if (e.aggregated) {
    return {
      stoppedAt: 'done',
      passed: [...e.path],
      candidates: [],
      outcome: e.dryRun ? 'dry-run' : 'success',
      ...told([said('stages.ex.aggregated')]),
      details: e.base,
    }
  }
  if (e.nonResource) {
    return {
      stoppedAt: 'done',
      passed: [...e.path],
      candidates: [],
      outcome: 'success',
      ...told([said('stages.ex.nonResource')]),
      details: e.base,
    }
  }
  if (e.isRead) {
    return {
      stoppedAt: 'done',
      passed: [...READ_PATH],
      candidates: [],
      outcome: 'success',
      ...told([said('stages.ex.read')]),
      details: e.base,
    }
  }
  if (e.computed) {
    const skipped = WRITE_PATH.filter((stage) => !e.path.includes(stage))
    return {
      stoppedAt: 'done',
      passed: [...e.path],
      candidates: [],
      outcome: 'success',
      ...told([
        said(
          skipped.includes('schema-validation')
            ? 'stages.ex.computedNoFields'
            : 'stages.ex.computed',
        ),
      ]),
      details: e.base,
    }
  }
  if (e.dryRun) {
    return stoppedAt(e, 'persistence', 'dry-run', [said('stages.ex.dryRun'), ...mutationNote(e)])
  }
  const metadata = isRecord(e.bodyObject?.metadata) ? e.bodyObject.metadata : {}
  const deleting = e.method === 'DELETE' || e.verb === 'delete' || e.verb === 'deletecollection'
  const stored = deleting || stringField(metadata, 'resourceVersion') !== undefined
  if (!stored) {
    // Something answered without a resourceVersion: what it went through after decoding is not shown.
    return {
      stoppedAt: 'done',
      passed: ['authentication', 'flow-control', 'authorization', 'decoding'],
      candidates: [],
      outcome: 'success',
      ...told([said('stages.ex.notStored')]),
      details: e.base,
    }
  }
  // A delete has no object to validate: admission sees it, schema validation does not (its path).
  const passed = [...e.path]
  const what =
    e.status === 201
      ? said('stages.ex.created')
      : e.status === 202
        ? said('stages.ex.accepted')
        : deleting
          ? said('stages.ex.deleted')
          : said('stages.ex.updated')
  return {
    stoppedAt: 'done',
    passed,
    candidates: [],
    outcome: 'success',
    ...told([what, ...mutationNote(e)]),
    details: e.base,
  }
}

function unauthenticated(e: Evidence): StageVerdict {
  return stoppedAt(e, 'authentication', 'unauthenticated', [said('stages.ex.unauthenticated')])
}

function forbiddenByAuthorizer(e: Evidence, rbac: RbacDenial | undefined): StageVerdict {
  // Impersonation is checked by its own filter, before Priority and Fairness.
  const passed: StageId[] =
    rbac?.verb === 'impersonate' ? ['authentication'] : ['authentication', 'flow-control']
  if (!rbac) {
    return stoppedAt(
      e,
      'authorization',
      'forbidden-rbac',
      [said('stages.ex.forbidDecision'), ...quoteMessage(e.message)],
      {},
      passed,
    )
  }
  const anonymous =
    rbac.user === 'system:anonymous'
      ? said('stages.ex.wasAnonymous')
      : said('stages.ex.wasAuthenticated')
  const who = { user: rbac.user, verb: rbac.verb }
  const target = rbac.path
    ? [said('stages.ex.rbacPath', { ...who, path: rbac.path })]
    : [
        said('stages.ex.rbacResource', {
          ...who,
          resource: `${rbac.resource ?? ''}${rbac.subresource ? `/${rbac.subresource}` : ''}`,
        }),
        ...describeGroup(rbac.group),
        rbac.namespace
          ? said('stages.ex.inNamespace', { namespace: rbac.namespace })
          : said('stages.ex.clusterScope'),
        said('stages.ex.period'),
      ]
  return stoppedAt(e, 'authorization', 'forbidden-rbac', [...target, anonymous], { rbac }, passed)
}

function forbidden(e: Evidence): StageVerdict {
  const rbac = parseRbacForbiddenMessage(e.message)
  const decision = e.base.authorizationDecision
  // An RBAC-shaped message after authorization said "allow" comes from someone else (an admission
  // plugin running its own access check): trust the audit decision over the sentence.
  if (decision !== 'allow' && (rbac || decision === 'forbid')) return forbiddenByAuthorizer(e, rbac)
  const plugin = admissionPluginOf(e)
  if (plugin) {
    return stoppedAt(
      e,
      plugin.stage,
      'forbidden-admission',
      [
        said('stages.ex.pluginRefused', {
          plugin: plugin.plugin,
          message: withoutFinalPeriod(e.message.replace(/^.*? is forbidden: /s, '')),
        }),
      ],
      { admissionPlugin: plugin.plugin, causes: causesOf(e) },
    )
  }
  if (decision === 'allow') {
    return unknownStage(
      e,
      'forbidden',
      [said('stages.ex.forbiddenAfterAllow'), ...quoteMessage(e.message)],
      [...ADMISSION_STAGES, 'schema-validation', 'persistence'],
    )
  }
  return unknownStage(
    e,
    'forbidden',
    [said('stages.ex.forbiddenUnknown'), ...quoteMessage(e.message)],
    ['authorization', ...ADMISSION_STAGES],
  )
}

function causesOf(e: Evidence): StatusCause[] | undefined {
  const causes = e.kubeStatus?.details.causes ?? []
  return causes.length > 0 ? causes : undefined
}

function deniedByWebhook(e: Evidence, webhook: string): StageVerdict {
  const stage = webhookStage(e, webhook)
  const reasonText = e.message.replace(
    /^admission webhook "(?:[^"\\]|\\.)*" denied the request:? ?/,
    '',
  )
  const because = reasonText
    ? said('stages.ex.because', { reason: reasonText })
    : said('stages.ex.withoutWhy')
  if (!stage) {
    return unknownStage(
      e,
      'denied-by-webhook',
      [
        said('stages.ex.webhookRefused', { webhook }),
        because,
        said('stages.ex.webhookPhaseUnknown'),
      ],
      ADMISSION_STAGES,
      { webhook },
    )
  }
  return stoppedAt(
    e,
    stage,
    'denied-by-webhook',
    [
      said(
        stage === 'mutating-admission'
          ? 'stages.ex.mutatingWebhookRefused'
          : 'stages.ex.validatingWebhookRefused',
        { webhook },
      ),
      because,
      said('stages.ex.period'),
    ],
    { webhook },
  )
}

function deniedByPolicy(e: Evidence, policy: string, binding: string | undefined): StageVerdict {
  const failure = e.policyFailures.find((f) => f.seenIn.includes('status'))
  return stoppedAt(
    e,
    'validating-admission',
    'denied-by-policy',
    [
      binding
        ? said('stages.ex.policyDeniedThrough', { policy, binding })
        : said('stages.ex.policyDenied', { policy }),
      ...(failure?.message ? [said('stages.ex.because', { reason: failure.message })] : []),
      said('stages.ex.policyRan'),
      ...(failure?.seenIn.includes('audit-annotation') ? [said('stages.ex.policyAudits')] : []),
    ],
    { policy, policyBinding: binding, causes: causesOf(e) },
  )
}

function webhookCallFailed(e: Evidence, webhook: string): StageVerdict {
  const stage = webhookStage(e, webhook)
  const explanation = [
    said('stages.ex.webhookCallFailed', { webhook, cause: innermostCause(e.message) }),
  ]
  return stage
    ? stoppedAt(e, stage, 'webhook-call-failed', explanation, { webhook })
    : unknownStage(e, 'webhook-call-failed', explanation, ADMISSION_STAGES, { webhook })
}

function notFound(e: Evidence): StageVerdict {
  const details = e.kubeStatus?.details
  if (!e.isRead && e.method === 'POST' && details?.kind === 'namespaces') {
    return stoppedAt(
      e,
      'mutating-admission',
      'namespace-not-found',
      [said('stages.ex.noNamespace', { namespace: details.name ?? '' })],
      { admissionPlugin: 'NamespaceLifecycle' },
    )
  }
  // kube-apiserver 1.20's audit events keep a 404's reason and code only, without its message or
  // details: a missing object and a resource type this server does not have look alike there.
  if (details?.name === undefined && !e.message && e.kubeStatus?.reason === 'NotFound')
    return unknownStage(e, 'not-found', [said('stages.ex.notFoundUntold')])
  if (details?.name === undefined) {
    return unknownStage(e, 'not-found', [
      said('stages.ex.nothingServed'),
      ...quoteMessage(e.message),
    ])
  }
  if (e.isRead) {
    return stoppedAt(e, 'storage-read', 'not-found', [
      details.kind
        ? said('stages.ex.noObjectRead', { kind: details.kind, name: details.name })
        : said('stages.ex.noNamedRead', { name: details.name }),
    ])
  }
  // An update, patch or delete reads the stored object first, before admission runs; a patch
  // is decoded only once that object is found.
  const passed: StageId[] =
    e.method === 'PATCH' || e.verb === 'patch'
      ? ['authentication', 'flow-control', 'authorization']
      : ['authentication', 'flow-control', 'authorization', 'decoding']
  return stoppedAt(
    e,
    'persistence',
    'not-found',
    [
      details.kind
        ? said('stages.ex.noObjectWrite', { kind: details.kind, name: details.name })
        : said('stages.ex.noNamedWrite', { name: details.name }),
    ],
    {},
    passed,
  )
}

function conflict(e: Evidence): StageVerdict {
  const reason = e.kubeStatus?.reason
  if (reason === 'AlreadyExists') {
    return stoppedAt(e, 'persistence', 'already-exists', [
      said('stages.ex.alreadyExists'),
      ...(e.dryRun ? [said('stages.ex.alreadyExistsDryRun')] : []),
    ])
  }
  // An apply conflict names each field in a FieldManagerConflict cause (every release since
  // server-side apply went GA); the message is only read where a server sends no causes.
  const applyConflict =
    (e.kubeStatus?.details.causes ?? []).some((c) => c.reason === 'FieldManagerConflict') ||
    /^Apply failed with \d+ conflicts?/.test(e.message)
  if (applyConflict) {
    // Server-side apply merges the body into the live object before admission runs.
    return stoppedAt(
      e,
      'decoding',
      'apply-conflict',
      [said('stages.ex.applyConflict'), ...quoteMessage(e.message)],
      { causes: causesOf(e) },
      ['authentication', 'flow-control', 'authorization'],
    )
  }
  if (/the object has been modified|Precondition failed/.test(e.message)) {
    // The resourceVersion sent is compared with the stored one inside the storage update, after
    // the update or patch went through mutating admission and before validation runs.
    const updating =
      e.verb === 'update' || e.verb === 'patch' || e.method === 'PUT' || e.method === 'PATCH'
    const passed: StageId[] = updating
      ? ['authentication', 'flow-control', 'authorization', 'decoding', 'mutating-admission']
      : ['authentication', 'flow-control', 'authorization', 'decoding']
    return stoppedAt(e, 'persistence', 'conflict', [said('stages.ex.optimistic')], {}, passed)
  }
  return unknownStage(e, 'conflict', [said('stages.ex.conflict'), ...quoteMessage(e.message)])
}

function expired(e: Evidence): StageVerdict {
  const explanation = [said('stages.ex.expired')]
  return e.isRead
    ? stoppedAt(e, 'storage-read', 'expired', explanation)
    : unknownStage(e, 'expired', explanation)
}

function unsupportedMediaType(e: Evidence): StageVerdict {
  return stoppedAt(e, 'decoding', 'unsupported-media-type', [
    said(e.method === 'PATCH' ? 'stages.ex.mediaTypePatch' : 'stages.ex.mediaType'),
  ])
}

// Messages of the handlers' decoders (transformDecodeError in k8s.io/apiserver, the JSON and
// YAML serializers, patch decoding).
const DECODING_MESSAGE =
  /json parse error|couldn't get version\/kind|cannot be handled as a|the object provided is unrecognized|error decoding|Object 'Kind' is missing|unable to decode|does not match the expected API version|invalid character|unexpected end of JSON input|yaml: /i

/**
 * What strict decoding refused (fieldValidation=Strict, 1.25+): `strict decoding error: unknown
 * field "x"` for a body, or the YAML reader's `line N: key "x" already set in map` for an apply.
 */
function strictDecodingCause(message: string): string | null {
  const body = /strict decoding error: (.+)$/s.exec(message)
  if (body?.[1]) return body[1].trim()
  const patch = /error strict decoding patch: (?:.*unmarshal errors:\s*)?(.+)$/s.exec(message)
  return patch?.[1] ? patch[1].replace(/\s+/g, ' ').trim() : null
}

function badRequest(e: Evidence): StageVerdict {
  const strict = strictDecodingCause(e.message)
  if (strict) {
    return stoppedAt(e, 'decoding', 'bad-request', [said('stages.ex.strict', { cause: strict })])
  }
  if (DECODING_MESSAGE.test(e.message)) {
    return stoppedAt(e, 'decoding', 'bad-request', [
      said('stages.ex.undecodable', { cause: innermostCause(e.message) }),
    ])
  }
  if (/namespace of the provided object does not match/.test(e.message)) {
    // Checked in decoding on recent servers, with the strategy's validation on 1.20.
    return unknownStage(
      e,
      'bad-request',
      [said('stages.ex.otherNamespace')],
      ['decoding', 'schema-validation'],
    )
  }
  return unknownStage(e, 'bad-request', [said('stages.ex.badRequest'), ...quoteMessage(e.message)])
}

function invalid(e: Evidence): StageVerdict {
  const causes = causesOf(e)
  if (e.kubeStatus?.details.kind?.endsWith('Options')) {
    // CreateOptions, UpdateOptions, PatchOptions, DeleteOptions: the query is checked before the body is read.
    return stoppedAt(
      e,
      'decoding',
      'invalid',
      [said('stages.ex.badOptions'), ...quoteMessage(e.message)],
      { causes },
    )
  }
  const fieldCauses = (causes ?? []).filter((cause) => cause.field)
  const first = fieldCauses[0]
  if (!first)
    return unknownStage(e, 'invalid', [said('stages.ex.invalid'), ...quoteMessage(e.message)], [], {
      causes,
    })
  const field = first.field ?? ''
  // Keep the rule the field broke, drop the example and regular expression that follow it.
  const rule = withoutFinalPeriod((first.message ?? first.reason ?? '').split(' (e.g. ')[0] ?? '')
  return stoppedAt(
    e,
    'schema-validation',
    'invalid',
    [
      fieldCauses.length > 1
        ? said('stages.ex.invalidFields', { field, more: fieldCauses.length - 1, rule })
        : said('stages.ex.invalidField', { field, rule }),
    ],
    { causes },
  )
}

function tooManyRequests(e: Evidence): StageVerdict {
  const wait =
    e.retryAfterSeconds !== undefined
      ? said('stages.ex.retryAfter', { seconds: e.retryAfterSeconds })
      : said('stages.ex.retryLater')
  // Priority and Fairness (and the older max-in-flight limit) answer with http.Error: plain text.
  if (!e.kubeStatus && e.text !== undefined && /^Too many requests/i.test(e.text)) {
    return stoppedAt(e, 'flow-control', 'throttled', [said('stages.ex.throttled'), wait], {
      retryAfterSeconds: e.retryAfterSeconds,
    })
  }
  return unknownStage(
    e,
    'too-many-requests',
    [said('stages.ex.tooMany'), ...quoteMessage(e.message), wait],
    [],
    { retryAfterSeconds: e.retryAfterSeconds, causes: causesOf(e) },
  )
}

function serverError(e: Evidence): StageVerdict {
  const webhook = /failed calling webhook "((?:[^"\\]|\\.)*)"/.exec(e.message)?.[1]
  if (webhook !== undefined) return webhookCallFailed(e, unquote(webhook) ?? webhook)
  if (e.aggregated && e.status === 503) {
    // kube-aggregator answers with http.Error: plain text, "service unavailable" when the
    // APIService is not Available, "error trying to reach service: ..." when the dial fails.
    const relayed = (e.message || (e.text ?? '')).trim()
    return stoppedAt(e, 'aggregation', 'aggregated-unavailable', [
      said('stages.ex.aggregatedUnavailable'),
      ...quoteMessage(relayed),
    ])
  }
  const what =
    e.status === 503
      ? said('stages.ex.unavailable')
      : e.status === 504
        ? said('stages.ex.timedOut')
        : said('stages.ex.serverFailed', { status: e.status })
  return unknownStage(e, 'server-error', [
    what,
    ...quoteMessage(e.message || (e.text ?? '').trim()),
  ])
}

/** Maps an API server response to the stage where the request stopped, and why. */
export function stageOfResponse(response: ApiResponse): StageVerdict {
  const e = readEvidence(response)
  return { ...verdictOf(e), path: [...e.path] }
}

function verdictOf(e: Evidence): StageVerdict {
  if (e.status >= 200 && e.status < 300) return success(e)
  // A webhook or policy chooses its own status code: recognise them by message first.
  const webhook = /^admission webhook "((?:[^"\\]|\\.)*)" denied the request/.exec(e.message)?.[1]
  if (webhook !== undefined) return deniedByWebhook(e, unquote(webhook) ?? webhook)
  const policy = POLICY_DENIAL.exec(e.message)
  if (policy?.[1] !== undefined) return deniedByPolicy(e, policy[1], policy[2])
  switch (e.status) {
    case 400:
      return badRequest(e)
    case 401:
      return unauthenticated(e)
    case 403:
      return forbidden(e)
    case 404:
      return notFound(e)
    case 409:
      return conflict(e)
    case 410:
      return expired(e)
    case 415:
      return unsupportedMediaType(e)
    case 422:
      return invalid(e)
    case 429:
      return tooManyRequests(e)
  }
  if (e.status >= 500) return serverError(e)
  return unknownStage(e, 'unrecognized', [
    said('stages.ex.http', { status: e.status }),
    ...quoteMessage(e.message),
  ])
}
