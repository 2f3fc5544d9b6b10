// API Priority and Fairness: the FlowSchemas and PriorityLevelConfigurations of
// flowcontrol.apiserver.k8s.io, read in the newest version discovery serves (v1beta1 on 1.20,
// v1beta2/v1beta3/v1 later), with each priority level's seats and queues from /metrics.
// https://kubernetes.io/docs/concepts/cluster-administration/flow-control/
import type { DiscoveryReport } from '@common/kube-types'
import type {
  ApfReport,
  FlowcontrolGauge,
  FlowSchemaRow,
  PriorityLevelRow,
} from '@features/traffic/messages'
import { fail, ok, type Result } from '@common/result'
import { titleSaid } from '@common/said-error'
import { said } from '@i18n/translate'
import type { ClusterSession } from '../../core/cluster-session'
import { fetchMetricsText, flowcontrolGauges, parseMetrics } from './metrics'

export const FLOWCONTROL_GROUP = 'flowcontrol.apiserver.k8s.io'
const NEWEST_FIRST = ['v1', 'v1beta3', 'v1beta2', 'v1beta1', 'v1alpha1']

/** The newest flowcontrol version the server serves, or undefined when APF is not there. */
export function pickFlowcontrolVersion(discovery: DiscoveryReport): string | undefined {
  const group = discovery.groups.find((g) => g.name === FLOWCONTROL_GROUP)
  if (!group) return undefined
  return NEWEST_FIRST.find((v) => group.versions.includes(v)) ?? group.preferredVersion
}

type Json = Record<string, unknown>
const rec = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {})
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const numOf = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)

function subjectText(subject: unknown): string {
  const s = rec(subject)
  if (s.kind === 'User') return `user ${str(rec(s.user).name) ?? '?'}`
  if (s.kind === 'Group') return `group ${str(rec(s.group).name) ?? '?'}`
  if (s.kind === 'ServiceAccount') {
    const sa = rec(s.serviceAccount)
    return `serviceaccount ${str(sa.namespace) ?? '?'}/${str(sa.name) ?? '?'}`
  }
  return String(s.kind ?? '?')
}

const list = (values: unknown) =>
  arr(values)
    .map((v) => (v === '' ? '""' : String(v)))
    .join(',')

export function flowSchemaRow(item: unknown): FlowSchemaRow {
  const fs = rec(item)
  const spec = rec(fs.spec)
  const rules = arr(spec.rules).map(rec)
  const row: FlowSchemaRow = {
    name: str(rec(fs.metadata).name) ?? '',
    priorityLevel: str(rec(spec.priorityLevelConfiguration).name) ?? '',
    matchingPrecedence: numOf(spec.matchingPrecedence) ?? 1000,
    subjects: [...new Set(rules.flatMap((r) => arr(r.subjects).map(subjectText)))],
    rules: rules.flatMap((r) => [
      ...arr(r.resourceRules).map((x) => {
        const rr = rec(x)
        return `${list(rr.verbs)} ${list(rr.resources)} (${list(rr.apiGroups)})`
      }),
      ...arr(r.nonResourceRules).map((x) => {
        const nr = rec(x)
        return `${list(nr.verbs)} ${list(nr.nonResourceURLs)}`
      }),
    ]),
  }
  const distinguisher = str(rec(spec.distinguisherMethod).type)
  if (distinguisher) row.distinguisher = distinguisher
  return row
}

export function priorityLevelRow(item: unknown): PriorityLevelRow {
  const pl = rec(item)
  const spec = rec(pl.spec)
  const limited = rec(spec.limited)
  const response = rec(limited.limitResponse)
  const queuing = rec(response.queuing)
  const row: PriorityLevelRow = {
    name: str(rec(pl.metadata).name) ?? '',
    type: str(spec.type) ?? '',
  }
  const shares = numOf(limited.nominalConcurrencyShares) ?? numOf(limited.assuredConcurrencyShares)
  if (shares !== undefined) row.concurrencyShares = shares
  const limitResponse = str(response.type)
  if (limitResponse) row.limitResponse = limitResponse
  const queues = numOf(queuing.queues)
  if (queues !== undefined) row.queues = queues
  const handSize = numOf(queuing.handSize)
  if (handSize !== undefined) row.handSize = handSize
  const queueLengthLimit = numOf(queuing.queueLengthLimit)
  if (queueLengthLimit !== undefined) row.queueLengthLimit = queueLengthLimit
  return row
}

// Metric names across versions: 1.20 has request_concurrency_limit; newer servers add seats.
const SEAT_LIMIT = ['nominal_limit_seats', 'current_limit_seats', 'request_concurrency_limit']
const SEATS_IN_USE = ['current_executing_seats', 'request_concurrency_in_use']

/** Adds the seats and queue gauges to each priority level, summed over its flow schemas. */
export function withGauges(
  levels: PriorityLevelRow[],
  gauges: readonly FlowcontrolGauge[],
): PriorityLevelRow[] {
  const value = (level: string, names: string[]) => {
    for (const name of names) {
      const matching = gauges.filter((g) => g.priorityLevel === level && g.name === name)
      if (matching.length > 0) return matching.reduce((n, g) => n + g.value, 0)
    }
    return undefined
  }
  return levels.map((level) => {
    const out = { ...level }
    const seatLimit = value(level.name, SEAT_LIMIT)
    if (seatLimit !== undefined) out.seatLimit = seatLimit
    const seatsInUse = value(level.name, SEATS_IN_USE)
    if (seatsInUse !== undefined) out.seatsInUse = seatsInUse
    const executing = value(level.name, ['current_executing_requests'])
    if (executing !== undefined) out.executing = executing
    const waiting = value(level.name, ['current_inqueue_requests'])
    if (waiting !== undefined) out.waiting = waiting
    const rejected = value(level.name, ['rejected_requests_total'])
    if (rejected !== undefined) out.rejected = rejected
    return out
  })
}

export async function fetchApf(session: ClusterSession): Promise<Result<ApfReport>> {
  const discovery = await session.getDiscovery()
  if (!discovery.ok) return discovery
  const version = pickFlowcontrolVersion(discovery.value)
  if (!version) {
    const title = said('traffic.apf.notServed')
    const detail = said('traffic.apf.notServedDetail', { group: FLOWCONTROL_GROUP })
    const nextStep = said('traffic.apf.notServedNext')
    return fail({
      kind: 'http',
      title: title.text,
      detail: detail.text,
      nextStep: nextStep.text,
      said: { title: title.as, detail: [detail.as], nextStep: nextStep.as },
    })
  }
  const base = `/apis/${FLOWCONTROL_GROUP}/${version}`
  const [schemas, levels] = await Promise.all([
    session.transport.json<{ items?: unknown[] }>({ path: `${base}/flowschemas` }),
    session.transport.json<{ items?: unknown[] }>({ path: `${base}/prioritylevelconfigurations` }),
  ])
  if (!schemas.ok) return schemas
  if (!levels.ok) return levels
  let gauges: FlowcontrolGauge[] = []
  let metricsNote = said('traffic.apf.metricsNote')
  const text = await fetchMetricsText(session.transport)
  const families = text.ok ? parseMetrics(text.value) : text
  if (families.ok) gauges = flowcontrolGauges(families.value)
  else metricsNote = said('traffic.apf.noGauges', { why: titleSaid(families.error) })
  return ok({
    groupVersion: `${FLOWCONTROL_GROUP}/${version}`,
    flowSchemas: (schemas.value.items ?? [])
      .map(flowSchemaRow)
      .sort((a, b) => a.matchingPrecedence - b.matchingPrecedence || a.name.localeCompare(b.name)),
    priorityLevels: withGauges((levels.value.items ?? []).map(priorityLevelRow), gauges).sort(
      (a, b) => a.name.localeCompare(b.name),
    ),
    metricsNote: metricsNote.text,
    metricsNoteSaid: metricsNote.as,
  })
}
