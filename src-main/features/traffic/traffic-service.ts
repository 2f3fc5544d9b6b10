// The live-traffic feature in the core: its sources (webhook, log file, minikube log), the stream
// they feed, the detail of one request (redacted), and the /metrics poller. Outlives sessions: an
// audit webhook receives from whatever API server posts to it.
import type {
  TrafficBatch,
  TrafficEventDetail,
  TrafficSourceKind,
  TrafficSourceStatus,
  TrafficStatus,
} from '@features/traffic/messages'
import { redact } from '@common/redaction'
import { fail, ok, type Result, type UiError } from '@common/result'
import { saidError, type SaidDetail } from '@common/said-error'
import type { AuditEvent } from './audit-event'
import { CommandTail, FileTail } from './audit-log-tail'
import { AuditWebhook } from './audit-webhook'
import { MetricsPoller } from './metrics'
import { TrafficStream } from './traffic-stream'
import { said, type Said } from '@i18n/translate'

/** A refusal in the catalogue's words; a detail that is the system's message stays as it came. */
const refusal = (title: Said, detail: SaidDetail, nextStep: Said): UiError =>
  saidError('bad-request', title, detail, nextStep)

interface Source {
  status: TrafficSourceStatus
  stop(): Promise<void>
}

/**
 * A copy of an audit event safe for the renderer, and the JSON Pointers that were masked (under
 * `/<index>`): the core's one redaction, which reads the event's objectRef to know what its
 * requestObject and responseObject are about.
 */
export function redactAuditEvent(
  event: AuditEvent,
  index: number,
): { event: unknown; redacted: string[] } {
  const shown = redact(event)
  return { event: shown.value, redacted: shown.redacted.map((p) => `/${index}${p}`) }
}

export class TrafficService {
  private readonly sources = new Map<number, Source>()
  private nextId = 1
  readonly stream: TrafficStream
  readonly metrics = new MetricsPoller()

  /** publish: every event received, as read, for the core's other features (core/audit-bus.ts). */
  constructor(
    push: (batch: TrafficBatch) => void,
    private readonly publish: (events: AuditEvent[]) => void = () => {},
  ) {
    this.stream = new TrafficStream(push, () => this.sourceStatuses())
  }

  /** Whether a source is receiving now. */
  isStreaming(): boolean {
    return [...this.sources.values()].some((s) => s.status.state === 'running')
  }

  sourceStatuses(): TrafficSourceStatus[] {
    return [...this.sources.values()].map((s) => ({ ...s.status }))
  }

  status(): TrafficStatus {
    return { sources: this.sourceStatuses(), recent: this.stream.recent() }
  }

  private newStatus(kind: TrafficSourceKind, where: string): TrafficSourceStatus {
    return {
      id: this.nextId++,
      kind,
      where,
      state: 'starting',
      eventsReceived: 0,
      batchesReceived: 0,
      rejected: 0,
    }
  }

  /** Events Apiscope observed itself (its kubectl proxy): into the stream like a source's. */
  ingestObserved(events: AuditEvent[]): void {
    this.onEvents(events)
  }

  private readonly onEvents = (events: AuditEvent[]) => {
    this.stream.ingest(events)
    this.publish(events)
  }
  private readonly onChange = () => this.stream.noteSources()

  private async add(
    status: TrafficSourceStatus,
    source: { start(): Promise<void>; stop(): Promise<void> },
    failure: (detail: SaidDetail) => UiError,
  ): Promise<Result<TrafficSourceStatus>> {
    try {
      await source.start()
    } catch (error) {
      await source.stop()
      // A source that told its error in the catalogue's words (a file missing) is said again.
      const told = status.lastErrorSaid
      const detail =
        told && status.lastError ? { text: status.lastError, said: told } : (error as Error).message
      return fail(failure(detail))
    }
    this.sources.set(status.id, { status, stop: () => source.stop() })
    this.stream.noteSources()
    return ok({ ...status })
  }

  async startWebhook(
    host: string,
    port: number,
    path: string,
  ): Promise<Result<TrafficSourceStatus>> {
    for (const s of this.sources.values()) {
      if (
        s.status.kind === 'webhook' &&
        s.status.state === 'running' &&
        s.status.where.includes(`:${port}/`)
      )
        return ok({ ...s.status })
    }
    const status = this.newStatus('webhook', `http://${host}:${port}${path}`)
    const webhook = new AuditWebhook({ host, port, path }, status, this.onEvents, this.onChange)
    return this.add(status, webhook, (detail) =>
      refusal(said('traffic.err.webhook', { host, port }), detail, said('traffic.err.webhookNext')),
    )
  }

  async startLogTail(
    path: string,
    fromStart: boolean,
    minikubeProfile?: string,
  ): Promise<Result<TrafficSourceStatus>> {
    if (minikubeProfile) {
      const args = [
        '-p',
        minikubeProfile,
        'ssh',
        '--',
        'sudo',
        'tail',
        '-F',
        '-n',
        fromStart ? '+1' : '0',
        path,
      ]
      const status = this.newStatus('minikube-log', `minikube ${args.join(' ')}`)
      const tail = new CommandTail('minikube', args, {
        status,
        onEvents: this.onEvents,
        onChange: this.onChange,
      })
      return this.add(status, tail, (detail) =>
        refusal(said('traffic.err.minikube'), detail, said('traffic.err.minikubeNext')),
      )
    }
    const status = this.newStatus('log-file', path)
    const tail = new FileTail(
      path,
      { status, onEvents: this.onEvents, onChange: this.onChange },
      fromStart,
    )
    return this.add(status, tail, (detail) =>
      refusal(said('traffic.err.log'), detail, said('traffic.err.logNext')),
    )
  }

  async stopSource(id: number): Promise<boolean> {
    const source = this.sources.get(id)
    if (!source) return false
    await source.stop()
    this.sources.delete(id)
    this.stream.noteSources()
    return true
  }

  detail(auditId: string): Result<TrafficEventDetail> {
    const found = this.stream.entry(auditId)
    if (!found)
      return fail(
        refusal(
          said('traffic.err.gone'),
          said('traffic.err.goneDetail', { auditId }),
          said('traffic.err.goneNext'),
        ),
      )
    const redacted: string[] = []
    const events = found.events.map((event, i) => {
      const r = redactAuditEvent(event, i)
      redacted.push(...r.redacted)
      return r.event
    })
    return ok({ request: found.request, events, redacted })
  }

  async close(): Promise<void> {
    this.stream.close()
    await Promise.all([...this.sources.values()].map((s) => s.stop()))
    this.sources.clear()
  }
}
