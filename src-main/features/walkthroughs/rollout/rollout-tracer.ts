// Keeps a rollout trace live: watches the owner Deployment, the ReplicaSets, Pods and Events of its
// namespace, the Nodes and the node Leases, and rebuilds the trace (rollout-model.ts) when any of
// them changes, at most every 150 ms. Lease renewals seen by the watch become the heartbeat marks.
import type { RolloutTrace } from '@features/walkthroughs/messages'
import type { AuditEvent, AuditStream } from '../../../core/audit-bus'
import type { KubeTransport } from '../../../core/kube-transport'
import { ObjectWatch } from './object-watch'
import { attachAudit } from './rollout-audit'
import { buildRolloutTrace, podsInTimeOrder, type KubeObject } from './rollout-model'

const RENEWALS_KEPT = 30
/** Audit events of the traced namespace kept for matching (a rollout writes a few dozen). */
const AUDIT_KEPT = 2000

export class RolloutTracer {
  private readonly watches: Record<
    'deployment' | 'replicaSets' | 'pods' | 'events' | 'nodes' | 'leases',
    ObjectWatch
  >
  private readonly renewals = new Map<string, string[]>()
  private readonly observed = new Map<string, string>()
  /** Each Pod step's place in the order the Pod watch delivered it (see RolloutInput.order). */
  private readonly podOrder = new Map<string, number>()
  private podEvents = 0
  private started = false
  private timer: NodeJS.Timeout | null = null
  private ticker: NodeJS.Timeout | null = null
  private auditEvents: AuditEvent[] = []
  private unsubscribeAudit: (() => void) | null = null

  constructor(
    transport: KubeTransport,
    private readonly owner: { namespace: string; name: string },
    private readonly onTrace: (trace: RolloutTrace) => void,
    private readonly clock: () => number = Date.now,
    /** The core's audit stream: when a source runs, arrows name the audit user and time. */
    private readonly audit?: AuditStream,
  ) {
    const ns = owner.namespace
    const changed = () => this.schedule()
    const watch = (path: string, query: Record<string, string> = {}) =>
      new ObjectWatch(transport, path, query, changed)
    this.watches = {
      deployment: watch(`/apis/apps/v1/namespaces/${ns}/deployments`, {
        fieldSelector: `metadata.name=${owner.name}`,
      }),
      replicaSets: watch(`/apis/apps/v1/namespaces/${ns}/replicasets`),
      pods: new ObjectWatch(transport, `/api/v1/namespaces/${ns}/pods`, {}, (type, obj) => {
        this.notePod(type, obj)
        changed()
      }),
      events: watch(`/api/v1/namespaces/${ns}/events`),
      nodes: watch('/api/v1/nodes'),
      leases: new ObjectWatch(
        transport,
        '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases',
        {},
        (type, obj) => {
          this.noteRenewal(obj)
          changed()
        },
      ),
    }
  }

  private noteRenewal(lease: KubeObject): void {
    const renewTime = lease.spec?.renewTime
    if (typeof renewTime !== 'string') return
    const list = this.renewals.get(lease.metadata.name) ?? []
    if (list.at(-1) !== renewTime) list.push(renewTime)
    if (list.length > RENEWALS_KEPT) list.splice(0, list.length - RENEWALS_KEPT)
    this.renewals.set(lease.metadata.name, list)
  }

  /** The first event that showed each step of a Pod: created, bound to a node, Ready. */
  private notePod(type: string, pod: KubeObject): void {
    if (type === 'DELETED') return
    const n = ++this.podEvents
    const name = pod.metadata.name
    const mark = (id: string) => {
      if (!this.podOrder.has(id)) this.podOrder.set(id, n)
    }
    mark(`pod-created:${name}`)
    if (typeof pod.spec?.nodeName === 'string' && pod.spec.nodeName) mark(`pod-bound:${name}`)
    const conditions = (pod.status?.conditions ?? []) as { type?: string; status?: string }[]
    if (conditions.some((c) => c.type === 'Ready' && c.status === 'True')) mark(`pod-ready:${name}`)
  }

  private noteAudit(events: readonly AuditEvent[]): boolean {
    const ours = events.filter((e) => e.objectRef?.namespace === this.owner.namespace)
    if (ours.length === 0) return false
    this.auditEvents.push(...ours)
    if (this.auditEvents.length > AUDIT_KEPT)
      this.auditEvents.splice(0, this.auditEvents.length - AUDIT_KEPT)
    return true
  }

  async start(): Promise<RolloutTrace> {
    if (this.audit) {
      // What arrived before the trace started counts too: the rollout may be over already.
      this.noteAudit(this.audit.recent())
      this.unsubscribeAudit = this.audit.subscribe((events) => {
        if (this.noteAudit(events)) this.schedule()
      })
    }
    await Promise.all(Object.values(this.watches).map((w) => w.start()))
    const trace = this.build()
    this.started = true
    // Heartbeat ages and "quiet for" explanations move with the clock, not only with events.
    this.ticker = setInterval(() => this.schedule(), 2000)
    return trace
  }

  private values(watch: ObjectWatch): KubeObject[] {
    return [...watch.objects.values()]
  }

  build(): RolloutTrace {
    const now = this.clock()
    const trace = buildRolloutTrace({
      owner: this.owner,
      deployment: this.values(this.watches.deployment)[0] ?? null,
      replicaSets: this.values(this.watches.replicaSets),
      pods: this.values(this.watches.pods),
      events: this.values(this.watches.events),
      nodes: this.values(this.watches.nodes),
      leases: this.values(this.watches.leases),
      renewals: this.renewals,
      observed: this.observed,
      order: this.podOrder,
      now,
    })
    if (this.audit) {
      const matched = attachAudit(
        trace.arrows,
        this.owner.namespace,
        {
          deployment: this.values(this.watches.deployment)[0] ?? null,
          replicaSets: this.values(this.watches.replicaSets),
          pods: this.values(this.watches.pods),
        },
        this.auditEvents,
      )
      trace.auditStream = { streaming: this.audit.isStreaming(), matched }
      // The audit events' microseconds order what the objects' seconds could not.
      trace.arrows = podsInTimeOrder(trace.arrows, this.podOrder)
    }
    // Arrows done before the trace started carry no observation time ('' marks them).
    let added = false
    for (const arrow of trace.arrows) {
      if (arrow.state === 'done' && !this.observed.has(arrow.id)) {
        this.observed.set(arrow.id, this.started ? new Date(now).toISOString() : '')
        added = true
      }
    }
    return added && this.started ? this.build() : trace
  }

  private schedule(): void {
    if (!this.started || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.onTrace(this.build())
    }, 150)
  }

  stop(): void {
    this.started = false
    this.unsubscribeAudit?.()
    this.unsubscribeAudit = null
    if (this.timer) clearTimeout(this.timer)
    if (this.ticker) clearInterval(this.ticker)
    for (const watch of Object.values(this.watches)) watch.stop()
  }
}
