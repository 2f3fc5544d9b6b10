// One audit.k8s.io/v1 Event -> one TrafficRequest: who (user, groups, user agent -> client kind),
// what (verb, URI, object), how it ended (code, the stage it stopped at, from request-stages.ts),
// how long it took (the audit timestamps) and what authorization and admission said (annotations).
// Pure: the webhook and the log tail both feed it. https://kubernetes.io/docs/reference/config-api/apiserver-audit.v1/
import { USER_OF_CONTEXT_ANNOTATION, type ClientKind, type TrafficRequest } from './messages'
import {
  isComputedResource,
  POLICY_FAILURE_ANNOTATION,
  stageOfResponse,
  type ApiResponse,
} from '@common/request-stages'
import { addressesCredentials } from '@common/redaction'
import { auditEventSchema, type AuditEvent } from '../../core/audit-bus'
import { methodOfVerb } from '@common/verb-methods'
import type { SaidParts } from '@common/said-parts'
import { said } from '@i18n/translate'
import { toldError } from './source-error'

// The event's shape lives with the audit bus (core/audit-bus.ts), which every feature shares;
// what a TrafficRequest makes of it is traffic's, here.
export type { AuditEvent }

/** RFC 3339 with microseconds ("2026-11-30T12:34:55.565710Z") to ms since the epoch, keeping the µs. */
export function parseAuditTime(value: string | undefined): number | null {
  if (!value) return null
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(value)
  if (!match) return null
  const whole = Date.parse(`${match[1]}${match[3]}`)
  if (Number.isNaN(whole)) return null
  const fraction = match[2] ? Number(`0.${match[2]}`) * 1000 : 0
  return whole + fraction
}

const CLIENT_PRODUCTS: Record<string, ClientKind> = {
  kubectl: 'kubectl',
  'kube-controller-manager': 'kube-controller-manager',
  'kube-scheduler': 'kube-scheduler',
  kubelet: 'kubelet',
  apiscope: 'apiscope',
}

/** The client kind and a short label, from the user agent first, then the user. */
export function classifyClient(
  userAgent: string,
  user: string,
): { client: ClientKind; label: string } {
  // client-go's default: "<binary>/<version> (<os>/<arch>) kubernetes/<commit>[/<controller>]".
  const product = /^([^/\s]+)/.exec(userAgent)?.[1] ?? ''
  const known = CLIENT_PRODUCTS[product.toLowerCase()]
  if (known) return { client: known, label: known }
  if (user.startsWith('system:node:')) return { client: 'kubelet', label: 'kubelet' }
  if (user === 'system:kube-scheduler') return { client: 'kube-scheduler', label: 'kube-scheduler' }
  if (user === 'system:kube-controller-manager')
    return { client: 'kube-controller-manager', label: 'kube-controller-manager' }
  return { client: 'other', label: product || user || 'unknown' }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function queryOf(uri: string): URLSearchParams {
  const q = uri.indexOf('?')
  return new URLSearchParams(q < 0 ? '' : uri.slice(q + 1))
}

/**
 * Where a successful read was served from, by the rules of the API concepts page
 * (https://kubernetes.io/docs/reference/using-api/api-concepts/#semantics-for-get-and-list):
 * resourceVersion="0" or a watch is served by the watch cache; no resourceVersion is a consistent
 * read, which goes to etcd up to 1.30 (1.31+ may serve it from a fresh cache).
 */
function servedFrom(verb: string, uri: string): TrafficRequest['servedFrom'] {
  const query = queryOf(uri)
  if (verb === 'watch' || query.get('watch') === 'true' || query.get('watch') === '1')
    return 'watch'
  if (verb !== 'get' && verb !== 'list') return undefined
  const rv = query.get('resourceVersion')
  if (rv === '0') return 'watch-cache'
  if (rv === null || rv === '' || query.get('resourceVersionMatch') === 'Exact') return 'etcd'
  return 'watch-cache'
}

/** The body request-stages.ts reads: the Status in responseObject, else one built from responseStatus. */
function responseBody(event: AuditEvent, fullResource: string): unknown {
  if (isRecord(event.responseObject)) return event.responseObject
  const status = event.responseStatus
  const code = status?.code ?? 0
  if (code >= 200 && code < 300) {
    // Metadata level: no object to read a resourceVersion from. Any successful write of a stored
    // resource did reach etcd.
    return isComputedResource(fullResource) ? {} : { metadata: { resourceVersion: '(audit)' } }
  }
  // Priority and Fairness (and the max-in-flight limit) turn a request away with http.Error, plain
  // text ("Too many requests, please try again later."), which an audit event records as the code
  // alone; a Status a handler writes (an eviction a PodDisruptionBudget blocks) has a reason.
  if (code === 429 && !status?.reason && !status?.message && !status?.status)
    return 'Too many requests, please try again later.'
  return { kind: 'Status', ...status }
}

export function normalizeAuditEvent(event: AuditEvent): TrafficRequest {
  const user = event.user.username ?? ''
  const userAgent = event.userAgent ?? ''
  const { client, label } = classifyClient(userAgent, user)
  const ref = event.objectRef
  const resource = ref?.resource
    ? `${ref.resource}${ref.subresource ? `/${ref.subresource}` : ''}`
    : ''
  const received = parseAuditTime(event.requestReceivedTimestamp)
  const stageAt = parseAuditTime(event.stageTimestamp)
  const code = event.responseStatus?.code ?? (event.stage === 'Panic' ? 500 : null)
  const dryRun = queryOf(event.requestURI).getAll('dryRun').includes('All')
  const annotations = event.annotations ?? {}
  // About Secrets and tokens a policy's validation_failure message (a messageExpression) may quote
  // the object: the row names no policy from it (the lab withholds it likewise).
  const credentials = addressesCredentials({
    ...(ref?.apiGroup !== undefined ? { group: ref.apiGroup } : {}),
    ...(ref?.resource ? { resource: ref.resource } : {}),
    ...(ref?.subresource ? { subresource: ref.subresource } : {}),
  })
  const { [POLICY_FAILURE_ANNOTATION]: _withheld, ...withoutPolicyFailures } = annotations
  const response: ApiResponse = {
    method: methodOfVerb(event.verb) ?? 'GET',
    verb: event.verb,
    ...(resource ? { resource } : { nonResource: true }),
    dryRun,
    status: code ?? 0,
    body: responseBody(event, resource),
    auditAnnotations: credentials ? withoutPolicyFailures : annotations,
  }
  const verdict = code === null ? null : stageOfResponse(response)
  const statusBody = isRecord(event.responseObject) ? event.responseObject : undefined
  const message =
    event.responseStatus?.message ??
    (typeof statusBody?.message === 'string' ? statusBody.message : undefined)
  const out: TrafficRequest = {
    auditId: event.auditID,
    receivedAt: received ?? stageAt ?? Date.now(),
    latencyMs: received !== null && stageAt !== null ? Math.max(0, stageAt - received) : null,
    auditStage: event.stage,
    user,
    groups: event.user.groups ?? [],
    userAgent,
    client,
    clientLabel: label,
    verb: event.verb,
    uri: event.requestURI,
    resource,
    code,
    stoppedAt: verdict?.stoppedAt ?? 'unknown',
    passed: verdict?.passed ?? [],
    ...(verdict?.path ? { path: verdict.path } : {}),
    outcome: verdict?.outcome ?? 'unrecognized',
    explanation: verdict?.explanation ?? said('traffic.noAnswerYet').text,
    ...(verdict?.explanationSaid
      ? { explanationSaid: verdict.explanationSaid }
      : verdict
        ? {}
        : { explanationSaid: [said('traffic.noAnswerYet').as] }),
    dryRun,
  }
  // The kubectl proxy's "(user of context …)": Apiscope's words, said again in the person's language.
  const ofContext = annotations[USER_OF_CONTEXT_ANNOTATION]
  if (ofContext !== undefined)
    out.userSaid = said('traffic.userOfContext', { context: ofContext }).as
  if (ref?.apiGroup !== undefined) out.apiGroup = ref.apiGroup
  if (ref?.apiVersion) out.apiVersion = ref.apiVersion
  if (ref?.namespace) out.namespace = ref.namespace
  if (ref?.name) out.name = ref.name
  if (event.responseStatus?.reason) out.reason = event.responseStatus.reason
  if (message) out.message = message
  if (code !== null && code >= 200 && code < 300) {
    const from = servedFrom(event.verb, event.requestURI)
    if (from) out.servedFrom = from
  }
  const decision = annotations['authorization.k8s.io/decision']
  if (decision) out.authorizationDecision = decision
  const reason = annotations['authorization.k8s.io/reason']
  if (reason) out.authorizationReason = reason
  if (verdict?.details.causes) out.causes = verdict.details.causes
  if (verdict?.details.mutatingWebhooks) out.mutatingWebhooks = verdict.details.mutatingWebhooks
  if (verdict?.details.policyFailures) out.policyFailures = verdict.details.policyFailures
  return out
}

/** Reads one untrusted JSON value as an audit event; a clear sentence when it is not one. */
export function readAuditEvent(
  value: unknown,
): { event: AuditEvent } | { error: string; errorSaid: SaidParts } {
  const parsed = auditEventSchema.safeParse(value)
  if (parsed.success) return { event: parsed.data }
  const issue = parsed.error.issues[0]
  const field = issue?.path.join('.')
  // The problem is zod's own sentence, passed through.
  const told = toldError(
    !issue
      ? said('traffic.source.notEventUnreadable')
      : field
        ? said('traffic.source.notEvent', { field, problem: issue.message })
        : said('traffic.source.notEventWhole', { problem: issue.message }),
  )
  return { error: told.text, errorSaid: told.said ?? [] }
}
