// Where every audit event lands, from any source: deduplicated by audit ID (a request has up to
// three events: RequestReceived, ResponseStarted for a watch, ResponseComplete), normalized, and
// pushed to the renderer at most ten times a second. Over PUSH_LIMIT requests in one push the
// rest go as counts per path, so a busy cluster never floods the renderer.
import type {
  TrafficAggregate,
  TrafficBatch,
  TrafficRequest,
  TrafficSourceStatus,
} from '@features/traffic/messages'
import { realClock, type Clock, type TimerHandle } from '@common/clock'
import { said, type Said } from '@i18n/translate'
import { normalizeAuditEvent, type AuditEvent } from './audit-event'

export const PUSH_INTERVAL_MS = 100
export const PUSH_LIMIT = 60
export const KEPT_IDS = 5000
/**
 * How long a request still open (a watch at ResponseStarted) is kept past KEPT_IDS: the API server
 * ends a watch within 30 to 60 minutes (--min-request-timeout 1800 s, times up to two), so an
 * entry older than this has lost its last event and may go.
 */
export const OPEN_KEPT_MS = 65 * 60_000
const RECENT = 300

interface Entry {
  events: AuditEvent[]
  request: TrafficRequest
  emitted: boolean
}

export function aggregateKey(r: TrafficRequest): string {
  return [
    r.client,
    r.clientLabel,
    r.user,
    r.verb,
    r.resource,
    r.namespace ?? '',
    r.code,
    r.stoppedAt,
  ].join('\u0000')
}

/** Adds the FlowSchema's name to a 429 from Priority and Fairness (in place, once). */
function withFlow(request: TrafficRequest, flow: NonNullable<TrafficRequest['flow']>): void {
  if (request.code !== 429 || request.flow) return
  request.flow = flow
  const added = flowSentence(flow)
  request.explanation += added.text
  // Joined with nothing, like the explanation's own parts; an explanation without parts stays English.
  if (request.explanationSaid) request.explanationSaid = [...request.explanationSaid, added.as]
}

/** The sentence added to a 429's explanation: the FlowSchema and priority level its headers named. */
export function flowSentence(flow: NonNullable<TrafficRequest['flow']>): Said {
  const { flowSchema, priorityLevel } = flow
  if (flowSchema !== null && priorityLevel !== null)
    return said('traffic.flow.named', { flowSchema, priorityLevel })
  if (flowSchema !== null) return said('traffic.flow.noLevel', { flowSchema })
  if (priorityLevel !== null) return said('traffic.flow.noSchema', { priorityLevel })
  return said('traffic.flow.neither')
}

export class TrafficStream {
  private readonly entries = new Map<string, Entry>()
  private readonly flows = new Map<string, NonNullable<TrafficRequest['flow']>>()
  private pending: TrafficRequest[] = []
  private recentRequests: TrafficRequest[] = []
  private timer: TimerHandle | null = null
  private lastPush = 0
  private seq = 0

  constructor(
    private readonly push: (batch: TrafficBatch) => void,
    private readonly sources: () => TrafficSourceStatus[],
    private readonly intervalMs = PUSH_INTERVAL_MS,
    private readonly clock: Clock = realClock,
  ) {}

  /**
   * Names the FlowSchema and priority level of a request Apiscope sent and the server refused with
   * a 429 (from its answer's headers): its audit events, before or after, say so in live traffic.
   */
  noteFlow(auditId: string, flow: NonNullable<TrafficRequest['flow']>): void {
    this.flows.set(auditId, flow)
    if (this.flows.size > KEPT_IDS) {
      const oldest = this.flows.keys().next()
      if (!oldest.done) this.flows.delete(oldest.value)
    }
    const entry = this.entries.get(auditId)
    if (entry) withFlow(entry.request, flow)
  }

  /** Takes events in any order; returns how many new requests they made visible. */
  ingest(events: readonly AuditEvent[]): number {
    let visible = 0
    for (const event of events) {
      let entry = this.entries.get(event.auditID)
      if (entry?.events.some((e) => e.stage === event.stage)) continue // the same event twice
      const request = normalizeAuditEvent(event)
      const flow = this.flows.get(event.auditID)
      if (flow) withFlow(request, flow)
      if (!entry) {
        entry = { events: [], request, emitted: false }
        this.entries.set(event.auditID, entry)
        this.forgetOldest(request.receivedAt)
      } else if (stageRank(event.stage) >= stageRank(entry.request.auditStage)) {
        // A later stage knows more (the code, the latency); keep the first receivedAt.
        entry.request = { ...request, receivedAt: entry.request.receivedAt }
      }
      entry.events.push(event)
      // RequestReceived alone has no answer yet; the request shows once it has one.
      if (!entry.emitted && entry.request.code !== null) {
        entry.emitted = true
        this.pending.push(entry.request)
        this.recentRequests.push(entry.request)
        visible++
      }
    }
    if (this.recentRequests.length > RECENT * 2)
      this.recentRequests = this.recentRequests.slice(-RECENT)
    if (this.pending.length > 0) this.schedule()
    return visible
  }

  /**
   * Over KEPT_IDS, the oldest entries go, but not a request still open and younger than
   * OPEN_KEPT_MS (by the server's clock, `now` the newest request's receivedAt): it goes to the
   * back. Forgotten, a long watch's ResponseComplete would come as a request never seen and show
   * a second time.
   */
  private forgetOldest(now: number): void {
    let spared = 0
    while (this.entries.size > KEPT_IDS + spared) {
      const oldest = this.entries.entries().next().value
      if (oldest === undefined) return
      const [id, entry] = oldest
      this.entries.delete(id)
      const open = stageRank(entry.request.auditStage) < stageRank('ResponseComplete')
      if (open && now - entry.request.receivedAt < OPEN_KEPT_MS) {
        this.entries.set(id, entry)
        spared++
      }
    }
  }

  /** The events received for one request, and its normalized form. */
  entry(auditId: string): { events: AuditEvent[]; request: TrafficRequest } | undefined {
    const e = this.entries.get(auditId)
    return e && { events: e.events, request: e.request }
  }

  recent(): TrafficRequest[] {
    return this.recentRequests.slice(-RECENT)
  }

  /** Sources changed (started, failed): push their status even without requests. */
  noteSources(): void {
    this.schedule()
  }

  private schedule(): void {
    if (this.timer) return
    const wait = Math.max(0, this.intervalMs - (this.clock.now() - this.lastPush))
    this.timer = this.clock.setTimeout(() => this.flush(), wait)
  }

  flush(): void {
    if (this.timer) this.clock.clearTimeout(this.timer)
    this.timer = null
    const pending = this.pending
    this.pending = []
    this.lastPush = this.clock.now()
    // Over the limit, the newest go as requests (a live view is about now) and the older ones,
    // a backlog the API server delivered late, as counts per path.
    // "Newest" by when the API server received them: retried batches arrive late but are old.
    const over = Math.max(0, pending.length - PUSH_LIMIT)
    const byTime = over > 0 ? [...pending].sort((a, b) => a.receivedAt - b.receivedAt) : pending
    this.push({
      seq: ++this.seq,
      requests: byTime.slice(over),
      aggregated: aggregate(byTime.slice(0, over)),
      sources: this.sources(),
    })
  }

  close(): void {
    if (this.timer) this.clock.clearTimeout(this.timer)
    this.timer = null
  }
}

const STAGE_ORDER = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic']
const stageRank = (stage: string) => STAGE_ORDER.indexOf(stage)

/** Counts per path (client, user, verb, resource, namespace, code, stage stopped at). */
export function aggregate(requests: readonly TrafficRequest[]): TrafficAggregate[] {
  const byKey = new Map<string, TrafficAggregate>()
  for (const r of requests) {
    const key = aggregateKey(r)
    const found = byKey.get(key)
    if (found) {
      found.count++
      found.at = Math.max(found.at ?? r.receivedAt, r.receivedAt)
      continue
    }
    const row: TrafficAggregate = {
      client: r.client,
      clientLabel: r.clientLabel,
      user: r.user,
      verb: r.verb,
      resource: r.resource,
      code: r.code,
      stoppedAt: r.stoppedAt,
      count: 1,
      at: r.receivedAt,
    }
    if (r.namespace) row.namespace = r.namespace
    byKey.set(key, row)
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count)
}
