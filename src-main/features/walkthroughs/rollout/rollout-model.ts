// The path of a kubectl apply as a sequence of arrows, computed from the objects themselves: who
// wrote the Deployment (managedFields), the ReplicaSet and Pods its controllers created
// (ownerReferences), the scheduler's binding (PodScheduled condition, events), the node agent's
// status (Ready condition) and the status rolling back up. Pure: the tracer feeds it watch state.
// Ref: https://kubernetes.io/docs/concepts/overview/components/ , seed 004 "Le chemin d'un kubectl apply".
import type {
  NodeHeartbeat,
  RolloutTrace,
  TraceActor,
  TraceActorId,
  TraceArrow,
} from '@features/walkthroughs/messages'
import { said, type Said } from '@i18n/translate'
import { told } from '@common/said-parts'

/** A waiting arrow's reason: its English, and the catalogue message to say it in French. */
const because = (s: Said) => ({ reason: s.text, reasonSaid: s.as })
/** Which fields and events show an arrow: the API's names, in a sentence of the catalogue. */
const shownBy = (s: Said) => ({ evidence: s.text, evidenceSaid: s.as })
/** A reason that is the server's own text (a condition's message): as it came, in both languages. */
const serverSays = (message: string) => ({ reason: message })
/** An arrow's label that holds words of ours ("of", "ready"), with its catalogue message. */
const labelled = (s: Said) => ({ label: s.text, labelSaid: s.as })

export interface KubeObject {
  kind?: string
  metadata: {
    name: string
    namespace?: string
    uid: string
    creationTimestamp?: string
    labels?: Record<string, string>
    ownerReferences?: { kind: string; name: string; uid: string; controller?: boolean }[]
    managedFields?: { manager?: string; operation?: string; time?: string; fieldsV1?: unknown }[]
  }
  spec?: Record<string, unknown>
  status?: Record<string, unknown>
  // Events
  involvedObject?: { kind?: string; name?: string; uid?: string }
  reason?: string
  message?: string
  source?: { component?: string; host?: string }
  reportingComponent?: string
  lastTimestamp?: string | null
  eventTime?: string | null
}

interface Condition {
  type: string
  status: string
  reason?: string
  message?: string
  lastTransitionTime?: string
}

export interface RolloutInput {
  owner: { namespace: string; name: string }
  deployment: KubeObject | null
  replicaSets: KubeObject[]
  pods: KubeObject[]
  events: KubeObject[]
  nodes: KubeObject[]
  leases: KubeObject[]
  /** Lease renewTimes the watch delivered, per node. */
  renewals: ReadonlyMap<string, readonly string[]>
  /** When the tracer's watches first delivered each arrow, by arrow id. */
  observed: ReadonlyMap<string, string>
  /**
   * The order the Pod watch delivered each Pod step in (created, bound, Ready), by arrow id: one
   * watch's events come in the order the API server wrote them, finer than the objects' seconds.
   */
  order?: ReadonlyMap<string, number>
  now: number
}

/** The node-monitor grace period and the default toleration, as documented for kube-controller-manager. */
export const NODE_MONITOR_GRACE_SECONDS = 40
export const DEFAULT_TOLERATION_SECONDS = 300
export const SIMULATED_LABEL = 'apiscope.io/simulated-node'

const conditions = (obj: KubeObject | null | undefined): Condition[] =>
  ((obj?.status?.conditions as Condition[] | undefined) ?? []).filter((c) => c && c.type)

const condition = (obj: KubeObject | null | undefined, type: string) =>
  conditions(obj).find((c) => c.type === type)

const ownedBy = (obj: KubeObject, owner: KubeObject) =>
  (obj.metadata.ownerReferences ?? []).some((r) => r.uid === owner.metadata.uid)

const num = (value: unknown): number => (typeof value === 'number' ? value : 0)

/** The manager that wrote an object first: its creator, as far as managedFields can tell. */
function creatorOf(obj: KubeObject): string {
  const entries = [...(obj.metadata.managedFields ?? [])].sort((a, b) =>
    (a.time ?? '').localeCompare(b.time ?? ''),
  )
  const spec = entries.find((e) => JSON.stringify(e.fieldsV1 ?? {}).includes('"f:spec"'))
  return spec?.manager ?? entries[0]?.manager ?? 'unknown'
}

/** The newest managedFields entry covering status fields: who last wrote the status, and when. */
function statusEntryOf(obj: KubeObject): { manager?: string; time?: string } | undefined {
  const entries = [...(obj.metadata.managedFields ?? [])].sort((a, b) =>
    (b.time ?? '').localeCompare(a.time ?? ''),
  )
  return entries.find((e) => JSON.stringify(e.fieldsV1 ?? {}).includes('"f:status"'))
}

function statusWriterOf(obj: KubeObject): string | undefined {
  return statusEntryOf(obj)?.manager
}

function latestEvent(events: KubeObject[], uid: string, reasons: string[]): KubeObject | undefined {
  return events
    .filter((e) => e.involvedObject?.uid === uid && reasons.includes(e.reason ?? ''))
    .sort((a, b) =>
      (a.lastTimestamp ?? a.eventTime ?? '').localeCompare(b.lastTimestamp ?? b.eventTime ?? ''),
    )
    .at(-1)
}

/**
 * The controller that wrote, as its own Event names it ("Created pod: x" from
 * replicaset-controller, "Scaled up replica set x" from deployment-controller), within the process
 * managedFields names (kube-controller-manager runs them all).
 */
function controllerOf(
  events: KubeObject[],
  ownerUid: string,
  reason: string,
  childName: string,
  manager: string,
): { name: string; event: boolean; said?: Said } {
  const event = events.find(
    (e) =>
      e.involvedObject?.uid === ownerUid &&
      e.reason === reason &&
      (e.message ?? '').split(/[\s:]+/).includes(childName),
  )
  const component = event?.reportingComponent || event?.source?.component
  return component && component !== manager
    ? (() => {
        const inside = said('roll.componentIn', { component, manager })
        return { name: inside.text, event: true, said: inside }
      })()
    : { name: manager, event: false }
}

function isSimulated(node: KubeObject | undefined): boolean {
  return node?.metadata.labels?.[SIMULATED_LABEL] === 'true'
}

function podArrows(
  pod: KubeObject,
  rs: KubeObject,
  input: RolloutInput,
  nodes: Map<string, KubeObject>,
): { created: TraceArrow; bound: TraceArrow; running: TraceArrow } {
  const name = pod.metadata.name
  const object = `Pod/${name}`
  const creator = controllerOf(
    input.events,
    rs.metadata.uid,
    'SuccessfulCreate',
    name,
    creatorOf(pod),
  )
  const created: TraceArrow = {
    id: `pod-created:${name}`,
    from: 'replicaset-controller',
    label: `create Pod ${name}`,
    object,
    actorName: creator.name,
    ...(creator.said ? { actorSaid: creator.said.as } : {}),
    time: pod.metadata.creationTimestamp ?? null,
    state: 'done',
    ...shownBy(said(creator.event ? 'roll.ev.podCreatedEvent' : 'roll.ev.podCreated')),
  }
  const scheduled = condition(pod, 'PodScheduled')
  const nodeName = typeof pod.spec?.nodeName === 'string' ? pod.spec.nodeName : ''
  const schedEvent = latestEvent(input.events, pod.metadata.uid, ['Scheduled', 'FailedScheduling'])
  const schedulerName =
    schedEvent?.reportingComponent || schedEvent?.source?.component || 'default-scheduler'
  const bound: TraceArrow =
    nodeName && scheduled?.status !== 'False'
      ? {
          id: `pod-bound:${name}`,
          from: 'scheduler',
          label: `bind ${name} → ${nodeName}`,
          object: `Pod/${name} (pods/binding)`,
          actorName: schedulerName,
          time: scheduled?.lastTransitionTime ?? null,
          state: 'done',
          ...shownBy(said('roll.ev.bound')),
        }
      : {
          id: `pod-bound:${name}`,
          from: 'scheduler',
          label: `bind ${name} → ?`,
          object: `Pod/${name} (pods/binding)`,
          actorName: schedulerName,
          time: null,
          state: 'waiting',
          ...because(
            scheduled
              ? said('roll.reason.pendingCondition', {
                  condition: `PodScheduled=${scheduled.status}${scheduled.reason ? ` (${scheduled.reason})` : ''}${scheduled.message ? `: ${scheduled.message}` : ''}`,
                })
              : schedEvent?.message
                ? said('roll.reason.pendingEvent', { message: schedEvent.message })
                : said('roll.reason.notLookedAt'),
          ),
          ...shownBy(said('roll.ev.pending')),
        }
  const ready = condition(pod, 'Ready')
  const node = nodes.get(nodeName)
  const writerOfStatus = statusWriterOf(pod)
  const agent = isSimulated(node)
    ? writerOfStatus
      ? said('roll.agentOn', { agent: writerOfStatus, node: nodeName })
      : said('roll.simulatedOn', { node: nodeName })
    : said('roll.agentOn', { agent: 'kubelet', node: nodeName || '?' })
  const phase = typeof pod.status?.phase === 'string' ? pod.status.phase : 'Pending'
  const running: TraceArrow =
    ready?.status === 'True'
      ? {
          id: `pod-ready:${name}`,
          from: 'node-agent',
          label: `status ${name}: ${phase}, Ready`,
          object: `Pod/${name} (pods/status)`,
          actorName: agent.text,
          time: ready.lastTransitionTime ?? null,
          state: 'done',
          actorSaid: agent.as,
          ...shownBy(said('roll.ev.ready')),
        }
      : {
          id: `pod-ready:${name}`,
          from: 'node-agent',
          label: `status ${name}: Running, Ready`,
          object: `Pod/${name} (pods/status)`,
          actorName: agent.text,
          time: null,
          state: 'waiting',
          ...whyNotRunning(),
          ...shownBy(said('roll.ev.notReady')),
        }
  function whyNotRunning(): Pick<TraceArrow, 'reason' | 'reasonSaid' | 'actorSaid'> {
    const why = !nodeName
      ? said('roll.reason.noNodeYet')
      : !node
        ? said('roll.reason.noNodeObject', { node: nodeName })
        : condition(node, 'Ready')?.status !== 'True'
          ? said('roll.reason.nodeNotReady', {
              node: nodeName,
              status: condition(node, 'Ready')?.status ?? 'missing',
            })
          : said('roll.reason.notReportedYet', {
              node: nodeName,
              phase: `${phase}${ready?.reason ? `, ${ready.reason}` : ''}`,
            })
    return { reason: why.text, reasonSaid: why.as, actorSaid: agent.as }
  }
  return { created, bound, running }
}

function nodeHeartbeat(node: KubeObject, input: RolloutInput, allQuiet: boolean): NodeHeartbeat {
  const name = node.metadata.name
  const lease = input.leases.find((l) => l.metadata.name === name)
  const ready = condition(node, 'Ready')
  const renewTime = (lease?.spec?.renewTime as string | undefined) ?? null
  const duration = (lease?.spec?.leaseDurationSeconds as number | undefined) ?? null
  const taints = ((node.spec?.taints as NodeHeartbeat['taints'] | undefined) ?? []).map((t) => ({
    key: t.key,
    effect: t.effect,
    ...(t.timeAdded ? { timeAdded: t.timeAdded } : {}),
  }))
  const quietFor = renewTime ? Math.max(0, (input.now - Date.parse(renewTime)) / 1000) : null
  const parts: Said[] = []
  const grace = NODE_MONITOR_GRACE_SECONDS
  if (quietFor === null) parts.push(said('roll.node.noLease'))
  else
    parts.push(
      said('roll.node.renewed', {
        seconds: Math.round(quietFor),
        holder: String(lease?.spec?.holderIdentity ?? name),
      }),
    )
  if (ready?.status === 'True') {
    parts.push(
      quietFor !== null && quietFor > NODE_MONITOR_GRACE_SECONDS
        ? said('roll.node.quiet', { grace })
        : said('roll.node.ready'),
    )
  } else if (ready) {
    parts.push(
      said('roll.node.notReady', {
        condition: `Ready=${ready.status}${ready.reason ? ` (${ready.reason})` : ''}`,
        since: ready.lastTransitionTime ?? '?',
        grace,
      }),
    )
  }
  const noExecute = taints.find(
    (t) =>
      t.effect === 'NoExecute' &&
      (t.key === 'node.kubernetes.io/unreachable' || t.key === 'node.kubernetes.io/not-ready'),
  )
  if (noExecute) {
    const since = noExecute.timeAdded ? Date.parse(noExecute.timeAdded) : NaN
    const evictAt = Number.isFinite(since)
      ? new Date(since + DEFAULT_TOLERATION_SECONDS * 1000).toISOString()
      : null
    const seconds = DEFAULT_TOLERATION_SECONDS
    const taint = noExecute.key
    parts.push(
      !noExecute.timeAdded
        ? said('roll.node.tainted', { taint, seconds })
        : evictAt
          ? said('roll.node.taintedAt', { taint, at: noExecute.timeAdded, seconds, evictAt })
          : said('roll.node.taintedAtNoEvict', { taint, at: noExecute.timeAdded, seconds }),
    )
  } else if (taints.length) {
    parts.push(
      said('roll.node.taints', { taints: taints.map((t) => `${t.key}:${t.effect}`).join(', ') }),
    )
  }
  if (!noExecute && ready && ready.status !== 'True' && allQuiet) {
    parts.push(said('roll.node.allQuiet'))
  }
  const explanation = told(parts, ' ')
  return {
    name,
    simulated: isSimulated(node),
    ready: ready?.status ?? 'Unknown',
    readyReason: ready?.reason ?? '',
    readySince: ready?.lastTransitionTime ?? null,
    leaseRenewTime: renewTime,
    leaseDurationSeconds: duration,
    renewals: [...(input.renewals.get(name) ?? [])],
    taints,
    explanation: explanation.text,
    explanationSaid: explanation.said,
  }
}

/** Each actor's name: a catalogue message, or the component's own name (the same in French). */
const ACTOR_LABELS: Record<TraceActorId, Said | string> = {
  writer: said('roll.actor.writer'),
  apiserver: 'kube-apiserver',
  'deployment-controller': said('roll.actor.deploymentController'),
  'replicaset-controller': said('roll.actor.replicasetController'),
  scheduler: 'kube-scheduler',
  'node-agent': said('roll.actor.nodeAgent'),
}
const textOf = (words: Said | string) => (typeof words === 'string' ? words : words.text)
const asOf = (words: Said | string) => (typeof words === 'string' ? undefined : words.as)

export function buildRolloutTrace(input: RolloutInput): RolloutTrace {
  const { deployment } = input
  const nodes = new Map(input.nodes.map((n) => [n.metadata.name, n]))
  const allQuiet = input.nodes.every((n) => condition(n, 'Ready')?.status !== 'True')
  const heartbeat = input.nodes.map((n) => nodeHeartbeat(n, input, allQuiet))
  const notes = [
    said('roll.note.grace', { grace: NODE_MONITOR_GRACE_SECONDS }),
    said('roll.note.tolerations', { seconds: DEFAULT_TOLERATION_SECONDS }),
  ]
  const owner = { kind: 'Deployment', ...input.owner }
  const base = {
    owner,
    nodes: heartbeat,
    notes: notes.map((n) => n.text),
    notesSaid: notes.map((n) => n.as),
    updatedAt: new Date(input.now).toISOString(),
  }
  const simulatedAgent = input.nodes.some((n) => isSimulated(n))
  const actors = (writer: string): TraceActor[] =>
    (Object.keys(ACTOR_LABELS) as TraceActorId[]).map((id) => {
      const label =
        id === 'node-agent' && simulatedAgent
          ? said('roll.actor.nodeAgentSimulated')
          : ACTOR_LABELS[id]
      const detail =
        id === 'writer'
          ? writer
          : id === 'node-agent'
            ? simulatedAgent
              ? said('roll.actor.noKubelet')
              : 'kubelet'
            : id === 'apiserver'
              ? said('roll.actor.everyWrite')
              : id === 'scheduler'
                ? 'default-scheduler'
                : 'kube-controller-manager'
      const labelAs = asOf(label)
      const detailAs = asOf(detail)
      return {
        id,
        label: textOf(label),
        detail: textOf(detail),
        simulated: id === 'node-agent' && simulatedAgent,
        ...(labelAs || detailAs
          ? {
              said: {
                ...(labelAs ? { label: labelAs } : {}),
                ...(detailAs ? { detail: detailAs } : {}),
              },
            }
          : {}),
      }
    })
  if (!deployment) return { ...base, found: false, actors: actors('?'), arrows: [] }

  const writer = creatorOf(deployment)
  const arrows: TraceArrow[] = [
    {
      id: 'deployment-created',
      from: 'writer',
      label: `create Deployment ${deployment.metadata.name}`,
      object: `Deployment/${deployment.metadata.name}`,
      actorName: writer,
      time: deployment.metadata.creationTimestamp ?? null,
      state: 'done',
      ...shownBy(said('roll.ev.deployment')),
    },
  ]
  const replicaSets = input.replicaSets
    .filter((rs) => ownedBy(rs, deployment))
    .sort((a, b) =>
      (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''),
    )
  if (replicaSets.length === 0) {
    const failure = conditions(deployment).find((c) => c.status !== 'True')
    arrows.push({
      id: 'replicaset-created',
      from: 'deployment-controller',
      label: 'create ReplicaSet',
      object: 'ReplicaSet/?',
      actorName: 'kube-controller-manager',
      time: null,
      state: 'waiting',
      ...(failure?.message
        ? serverSays(failure.message)
        : because(said('roll.reason.noReplicaSet'))),
      ...shownBy(said('roll.ev.replicaSets')),
    })
  }
  const podGroups: ReturnType<typeof podArrows>[] = []
  // Pods a ReplicaSet wants and has not created: after the ones it has.
  const podsToCome: TraceArrow[] = []
  const statusArrows: TraceArrow[] = []
  for (const rs of replicaSets) {
    const creator = controllerOf(
      input.events,
      deployment.metadata.uid,
      'ScalingReplicaSet',
      rs.metadata.name,
      creatorOf(rs),
    )
    arrows.push({
      id: `replicaset-created:${rs.metadata.name}`,
      from: 'deployment-controller',
      label: `create ReplicaSet ${rs.metadata.name}`,
      object: `ReplicaSet/${rs.metadata.name}`,
      actorName: creator.name,
      ...(creator.said ? { actorSaid: creator.said.as } : {}),
      time: rs.metadata.creationTimestamp ?? null,
      state: 'done',
      ...shownBy(said(creator.event ? 'roll.ev.rsCreatedEvent' : 'roll.ev.rsCreated')),
    })
    const pods = input.pods.filter((p) => ownedBy(p, rs))
    for (const pod of pods) podGroups.push(podArrows(pod, rs, input, nodes))
    const wanted = num(rs.spec?.replicas)
    for (let i = pods.length; i < wanted; i++) {
      const failure = condition(rs, 'ReplicaFailure')
      podsToCome.push({
        id: `pod-created:${rs.metadata.name}:${i}`,
        from: 'replicaset-controller',
        ...labelled(said('roll.label.podOf', { n: i + 1, wanted })),
        object: 'Pod/?',
        actorName: 'kube-controller-manager',
        time: null,
        state: 'waiting',
        ...(failure?.message
          ? serverSays(failure.message)
          : because(said('roll.reason.podNotCreated'))),
        ...shownBy(said('roll.ev.pods')),
      })
    }
    const ready = num(rs.status?.readyReplicas)
    // The old ReplicaSet of a finished rollout is scaled to 0: done once its status says no Pods.
    const settled = wanted > 0 ? ready >= wanted : num(rs.status?.replicas) === 0
    statusArrows.push({
      id: `replicaset-status:${rs.metadata.name}`,
      from: 'replicaset-controller',
      ...labelled(said('roll.label.rsStatus', { name: rs.metadata.name, ready, wanted })),
      object: `ReplicaSet/${rs.metadata.name} (status)`,
      actorName: statusWriterOf(rs) ?? 'kube-controller-manager',
      // The status entry's time is the last status write, which for a finished rollout is this one.
      time: settled ? (statusEntryOf(rs)?.time ?? null) : null,
      state: settled ? 'done' : 'waiting',
      ...(settled ? {} : because(said('roll.reason.rsReady', { ready, wanted }))),
      ...shownBy(said('roll.ev.readyReplicas')),
    })
  }
  arrows.push(...podGroups.map((g) => g.created), ...podsToCome)
  arrows.push(...podGroups.map((g) => g.bound))
  arrows.push(...podGroups.map((g) => g.running))
  arrows.push(...statusArrows)
  const available = condition(deployment, 'Available')
  const wanted = num(deployment.spec?.replicas ?? 1)
  const readyReplicas = num(deployment.status?.readyReplicas)
  const done = available?.status === 'True' && readyReplicas >= wanted
  arrows.push({
    id: 'deployment-status',
    from: 'deployment-controller',
    ...labelled(
      said(done ? 'roll.label.deployStatusAvailable' : 'roll.label.deployStatus', {
        ready: readyReplicas,
        wanted,
      }),
    ),
    object: `Deployment/${deployment.metadata.name} (status)`,
    actorName: statusWriterOf(deployment) ?? 'kube-controller-manager',
    time: done ? (available?.lastTransitionTime ?? null) : null,
    state: done ? 'done' : 'waiting',
    ...(done
      ? {}
      : because(
          available
            ? said('roll.reason.available', {
                condition: `Available=${available.status} (${available.reason ?? ''}): ${available.message ?? ''}`,
                ready: readyReplicas,
                wanted,
              })
            : said('roll.reason.noAvailability', { ready: readyReplicas, wanted }),
        )),
    ...shownBy(said('roll.ev.available')),
  })
  // When the watch saw an arrow become done, to the millisecond (objects say it to the second).
  for (const arrow of arrows) {
    const seen = input.observed.get(arrow.id)
    if (seen && arrow.state === 'done') {
      arrow.observedAt = seen
      if (!arrow.time) arrow.time = seen
    }
  }
  return {
    ...base,
    found: true,
    actors: actors(writer),
    arrows: podsInTimeOrder(arrows, input.order),
  }
}

const POD_STEPS = new Set(['pod-created', 'pod-bound', 'pod-ready'])
const stepOf = (arrow: TraceArrow) => arrow.id.split(':')[0] ?? ''
const second = (time: string | null) => (time ? Math.floor(Date.parse(time) / 1000) : NaN)

/**
 * Within each step of the Pods (created, bound, Ready), the arrows in the order they happened:
 * done before waiting; then by the objects' own time (to the second); in the same second by the
 * audit event's time when both have one (the API server's clock, to the microsecond), else by the
 * order the Pod watch delivered them, else by when the trace saw them; then as they were.
 */
export function podsInTimeOrder(
  arrows: readonly TraceArrow[],
  order: ReadonlyMap<string, number> = new Map(),
): TraceArrow[] {
  const index = new Map(arrows.map((a, i) => [a, i]))
  const compare = (a: TraceArrow, b: TraceArrow): number => {
    if (a.state !== b.state) return a.state === 'done' ? -1 : 1
    const [sa, sb] = [second(a.time), second(b.time)]
    if (!Number.isNaN(sa) && !Number.isNaN(sb) && sa !== sb) return sa - sb
    if (a.audit?.at && b.audit?.at && a.audit.at !== b.audit.at)
      return a.audit.at < b.audit.at ? -1 : 1
    const [oa, ob] = [order.get(a.id), order.get(b.id)]
    if (oa !== undefined && ob !== undefined && oa !== ob) return oa - ob
    if (a.observedAt && b.observedAt && a.observedAt !== b.observedAt)
      return a.observedAt < b.observedAt ? -1 : 1
    return (index.get(a) ?? 0) - (index.get(b) ?? 0)
  }
  const out = [...arrows]
  // Each step's arrows sit together (buildRolloutTrace pushes them so): sort each run in place.
  for (let start = 0; start < out.length;) {
    const step = stepOf(out[start] as TraceArrow)
    let end = start + 1
    while (end < out.length && stepOf(out[end] as TraceArrow) === step) end++
    if (POD_STEPS.has(step)) out.splice(start, end - start, ...out.slice(start, end).sort(compare))
    start = end
  }
  return out
}
