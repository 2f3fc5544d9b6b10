// One in-process audit stream for every feature: the live-traffic sources (webhook, log tail)
// publish the audit events they receive; the lab looks up its own request by Audit-Id, the rollout
// trace subscribes. Events stay in the core (they can hold objects and credentials); what reaches
// the renderer goes through each feature's own redaction.
import { z } from 'zod'

// What an audit.k8s.io/v1 Event is, here rather than in traffic/ so that the lab, the rollout
// trace, the kubectl proxy and traffic share it without importing each other.
// https://kubernetes.io/docs/reference/config-api/apiserver-audit.v1/
const objectRef = z
  .object({
    resource: z.string().optional(),
    subresource: z.string().optional(),
    namespace: z.string().optional(),
    name: z.string().optional(),
    apiGroup: z.string().optional(),
    apiVersion: z.string().optional(),
  })
  .passthrough()

/** The fields Apiscope reads; everything else is kept as received for the detail view. */
export const auditEventSchema = z
  .object({
    kind: z.literal('Event').optional(),
    apiVersion: z.string().optional(),
    level: z.string().optional(),
    auditID: z.string().min(1),
    stage: z.string().min(1),
    requestURI: z.string(),
    verb: z.string(),
    user: z
      .object({ username: z.string().optional(), groups: z.array(z.string()).optional() })
      .passthrough(),
    userAgent: z.string().optional(),
    objectRef: objectRef.optional(),
    responseStatus: z
      .object({
        code: z.number().optional(),
        reason: z.string().optional(),
        message: z.string().optional(),
        status: z.string().optional(),
        details: z.unknown().optional(),
      })
      .passthrough()
      .optional(),
    responseObject: z.unknown().optional(),
    requestObject: z.unknown().optional(),
    requestReceivedTimestamp: z.string().optional(),
    stageTimestamp: z.string().optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  })
  .passthrough()

export type AuditEvent = z.infer<typeof auditEventSchema>

export type AuditListener = (events: readonly AuditEvent[]) => void

export interface AuditLookupOptions {
  /** How long to wait for the event when it has not arrived yet (batches arrive late). */
  waitMs?: number
  /** Stages that answer the lookup (default: a finished request, ResponseComplete or Panic). */
  stages?: readonly string[]
}

/** What features read (core.audit). */
export interface AuditStream {
  /** Every batch of events as it arrives; returns the unsubscribe function. */
  subscribe(listener: AuditListener): () => void
  /** The event of a request, waiting up to waitMs for it; undefined when it did not come. */
  lookup(auditId: string, options?: AuditLookupOptions): Promise<AuditEvent | undefined>
  /** Events kept, oldest first (a trace started after the fact reads what came before). */
  recent(): readonly AuditEvent[]
  /** Whether a source is receiving now: without one, no event will come. */
  isStreaming(): boolean
}

const FINISHED = ['ResponseComplete', 'Panic']
/** About a busy minute of a small cluster; older requests are not looked up. */
const KEPT = 5000

interface Waiter {
  auditId: string
  stages: readonly string[]
  resolve(event: AuditEvent | undefined): void
}

export class AuditBus implements AuditStream {
  private readonly listeners = new Set<AuditListener>()
  private readonly waiters = new Set<Waiter>()
  private kept: AuditEvent[] = []
  private streaming: () => boolean = () => false
  private observedSink: ((events: AuditEvent[]) => void) | null = null

  /** The live-traffic feature says how to tell whether a source is running. */
  setStreamingProbe(probe: () => boolean): void {
    this.streaming = probe
  }

  isStreaming(): boolean {
    return this.streaming()
  }

  /** The live-traffic feature takes in what others observed themselves (see observe). */
  setObservedSink(sink: (events: AuditEvent[]) => void): void {
    this.observedSink = sink
  }

  /**
   * Requests Apiscope saw itself rather than from an audit source (the kubectl proxy's relayed
   * requests, shaped as audit events): they enter the live-traffic stream like a source's events,
   * and reach subscribers from there. Without the traffic feature, subscribers get them directly.
   */
  observe(events: AuditEvent[]): void {
    if (this.observedSink) this.observedSink(events)
    else this.publish(events)
  }

  publish(events: readonly AuditEvent[]): void {
    if (events.length === 0) return
    this.kept.push(...events)
    if (this.kept.length > KEPT * 1.2) this.kept = this.kept.slice(-KEPT)
    for (const waiter of [...this.waiters]) {
      const event = events.find(
        (e) => e.auditID === waiter.auditId && waiter.stages.includes(e.stage),
      )
      if (event) {
        this.waiters.delete(waiter)
        waiter.resolve(event)
      }
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(events)
      } catch {
        // One feature's bug must not stop the others (or the traffic view) from receiving.
      }
    }
  }

  subscribe(listener: AuditListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  recent(): readonly AuditEvent[] {
    return this.kept
  }

  lookup(auditId: string, options: AuditLookupOptions = {}): Promise<AuditEvent | undefined> {
    const stages = options.stages ?? FINISHED
    for (let i = this.kept.length - 1; i >= 0; i--) {
      const e = this.kept[i]
      if (e && e.auditID === auditId && stages.includes(e.stage)) return Promise.resolve(e)
    }
    const waitMs = options.waitMs ?? 0
    if (waitMs <= 0 || !auditId) return Promise.resolve(undefined)
    return new Promise((resolve) => {
      const waiter: Waiter = {
        auditId,
        stages,
        resolve: (event) => {
          clearTimeout(timer)
          resolve(event)
        },
      }
      const timer = setTimeout(() => {
        this.waiters.delete(waiter)
        resolve(undefined)
      }, waitMs)
      this.waiters.add(waiter)
    })
  }

  close(): void {
    for (const waiter of this.waiters) waiter.resolve(undefined)
    this.waiters.clear()
    this.listeners.clear()
  }
}
