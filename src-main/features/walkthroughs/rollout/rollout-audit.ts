// The rollout trace's arrows matched to the audit events of the writes they stand for, so each
// names the authenticated user (system:serviceaccount:kube-system:replicaset-controller,
// system:kube-scheduler, system:node:...) and the exact time the API server received it.
// managedFields only name a field manager and a second. Matched by verb, resource, namespace and
// name (the answer's name for a generateName create) and, when the event holds the answer
// (RequestResponse level), by its uid and content; a status arrow takes the first status write
// whose answer shows the state the arrow reports. Pure: the tracer passes the events in.
import type { TraceArrow, TraceAudit } from '@features/walkthroughs/messages'
import type { AuditEvent } from '../../../core/audit-bus'
import type { KubeObject } from './rollout-model'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

const WRITE_VERBS = new Set(['create', 'update', 'patch'])

function answerOf(e: AuditEvent): Json | undefined {
  return isObject(e.responseObject) ? e.responseObject : undefined
}

function metaOf(obj: Json | undefined): Json {
  return obj && isObject(obj.metadata) ? obj.metadata : {}
}

function nameOf(e: AuditEvent): string | undefined {
  return e.objectRef?.name || (metaOf(answerOf(e)).name as string | undefined)
}

function statusOf(obj: Json | undefined): Json {
  return obj && isObject(obj.status) ? obj.status : {}
}

function conditionTrue(obj: Json | undefined, type: string): boolean {
  const conditions = statusOf(obj).conditions
  return (
    Array.isArray(conditions) &&
    conditions.some((c) => isObject(c) && c.type === type && c.status === 'True')
  )
}

function toAudit(e: AuditEvent): TraceAudit {
  const ref = e.objectRef
  return {
    user: e.user.username ?? '',
    at: e.requestReceivedTimestamp ?? e.stageTimestamp ?? '',
    verb: e.verb,
    resource: `${ref?.resource ?? ''}${ref?.subresource ? `/${ref.subresource}` : ''}`,
    code: e.responseStatus?.code ?? null,
    auditId: e.auditID,
    ...(e.userAgent ? { userAgent: e.userAgent } : {}),
  }
}

interface Wanted {
  resource: string
  subresource?: string
  name: string
  /** The object's uid: an answer with another uid is an older object of the same name. */
  uid?: string
  created?: boolean
  /** For status writes: the answer shows what the arrow reports. */
  shows?: (answer: Json) => boolean
}

function matches(e: AuditEvent, namespace: string, w: Wanted): boolean {
  const ref = e.objectRef
  if (!ref || ref.resource !== w.resource || (ref.subresource ?? '') !== (w.subresource ?? ''))
    return false
  if ((ref.namespace ?? '') !== namespace || !WRITE_VERBS.has(e.verb)) return false
  const code = e.responseStatus?.code ?? 0
  if (w.created ? code !== 201 : code < 200 || code >= 300) return false
  if (nameOf(e) !== w.name) return false
  const answer = answerOf(e)
  const uid = metaOf(answer).uid
  if (w.uid && typeof uid === 'string' && uid !== w.uid) return false
  // Without the answer (Metadata level) a status write cannot be told apart from the others.
  if (w.shows) return answer !== undefined && w.shows(answer)
  return true
}

/** What each kind of arrow was, as a write: by its id (rollout-model.ts names them). */
function wantedFor(
  arrow: TraceArrow,
  objects: { deployment: KubeObject | null; replicaSets: KubeObject[]; pods: KubeObject[] },
): Wanted | undefined {
  const [kind, name = ''] = arrow.id.split(':')
  const uidOf = (list: KubeObject[]) => list.find((o) => o.metadata.name === name)?.metadata.uid
  const deployment = objects.deployment
  const num = (v: unknown) => (typeof v === 'number' ? v : 0)
  switch (kind) {
    case 'deployment-created':
      return deployment
        ? {
            resource: 'deployments',
            name: deployment.metadata.name,
            uid: deployment.metadata.uid,
            created: true,
          }
        : undefined
    case 'replicaset-created':
      return { resource: 'replicasets', name, uid: uidOf(objects.replicaSets), created: true }
    case 'pod-created':
      return { resource: 'pods', name, uid: uidOf(objects.pods), created: true }
    case 'pod-bound':
      return { resource: 'pods', subresource: 'binding', name, created: true }
    case 'pod-ready':
      return {
        resource: 'pods',
        subresource: 'status',
        name,
        uid: uidOf(objects.pods),
        shows: (answer) => conditionTrue(answer, 'Ready'),
      }
    case 'replicaset-status': {
      const rs = objects.replicaSets.find((o) => o.metadata.name === name)
      const wanted = num(rs?.spec?.replicas)
      return {
        resource: 'replicasets',
        subresource: 'status',
        name,
        uid: rs?.metadata.uid,
        shows: (answer) => num(statusOf(answer).readyReplicas) >= wanted,
      }
    }
    case 'deployment-status': {
      if (!deployment) return undefined
      const wanted = num(deployment.spec?.replicas ?? 1)
      return {
        resource: 'deployments',
        subresource: 'status',
        name: deployment.metadata.name,
        uid: deployment.metadata.uid,
        shows: (answer) =>
          conditionTrue(answer, 'Available') && num(statusOf(answer).readyReplicas) >= wanted,
      }
    }
    default:
      return undefined
  }
}

/** Sets arrow.audit on every done arrow whose write is among the events; returns how many. */
export function attachAudit(
  arrows: TraceArrow[],
  namespace: string,
  objects: { deployment: KubeObject | null; replicaSets: KubeObject[]; pods: KubeObject[] },
  events: readonly AuditEvent[],
): number {
  // One event per finished request, in the order the API server received them.
  const finished = events
    .filter((e) => e.stage === 'ResponseComplete' && e.objectRef?.namespace === namespace)
    .sort((a, b) =>
      (a.requestReceivedTimestamp ?? '').localeCompare(b.requestReceivedTimestamp ?? ''),
    )
  let matched = 0
  for (const arrow of arrows) {
    if (arrow.state !== 'done') continue
    const wanted = wantedFor(arrow, objects)
    const event = wanted && finished.find((e) => matches(e, namespace, wanted))
    if (!event) continue
    arrow.audit = toAudit(event)
    matched++
  }
  return matched
}
