// Renderer state of the traffic feature (messages in src-main/features/traffic/messages.ts): the
// sources, the recent requests (a ring replaced once per pushed batch), the filter, pause, the
// list held while a person is on it, the request in detail, and the setup, /metrics and APF
// panels. The drawing subscribes to arrivals.
import type { ApiscopeApi } from '@common/bridge-types'
import type {
  ApfReport,
  AuditSetup,
  MetricsSample,
  TrafficAggregate,
  TrafficBatch,
  TrafficEventDetail,
  TrafficRequest,
  TrafficSourceStatus,
} from '@features/traffic/messages'
import type { Result, UiError } from '@common/result'
import { matches, NO_FILTER, type TrafficFilter } from './components/traffic-model'
import {
  clearedUnder,
  emptied,
  holdOn,
  listedRows,
  showWaiting,
  take,
  type ListHold,
  type Ring,
} from './components/list-hold'
import { toLoadable, type Loadable } from '../../ui/loadable'
import type { StartOverReason } from '../../shell/session-reset'

export type TrafficTab = 'live' | 'setup' | 'metrics' | 'apf'

const loadable = toLoadable

const KEPT = 1000
export const DEFAULT_WEBHOOK_PORT = 9443

export type ArrivalListener = (requests: TrafficRequest[], aggregated: TrafficAggregate[]) => void

/**
 * The traffic's "now", where the drawing's 10 s of counts end: this machine's clock live, a
 * replay's position in recorded time (read from reactive state, so an effect follows it).
 */
export interface TrafficClock {
  now(): number
  /** A replay's: its requests count at their recorded times, however late they are delivered. */
  recorded: boolean
}

export const LIVE_CLOCK: TrafficClock = { now: () => Date.now(), recorded: false }

export class TrafficState {
  tab = $state<TrafficTab>('live')
  sources = $state.raw<TrafficSourceStatus[]>([])
  /** The recent requests, oldest first, at most KEPT, and how many came in all. */
  private ring = $state.raw<Ring<TrafficRequest>>({ requests: [], taken: 0 })
  /** Requests the core sent as counts only (over its per-push limit). */
  aggregatedCount = $state(0)
  paused = $state(false)
  /** Arrived while paused, shown on resume. */
  heldBack = $state(0)
  filter = $state<TrafficFilter>({ ...NO_FILTER })
  /** The list held still while a person is on it (list-hold.ts); null while it is live. */
  listHold = $state.raw<ListHold<TrafficRequest> | null>(null)
  selectedId = $state<string | null>(null)
  detail = $state.raw<Loadable<TrafficEventDetail>>({ status: 'idle' })
  setup = $state.raw<Loadable<AuditSetup>>({ status: 'idle' })
  metrics = $state.raw<Loadable<MetricsSample>>({ status: 'idle' })
  apf = $state.raw<Loadable<ApfReport>>({ status: 'idle' })
  sourceError = $state.raw<UiError | null>(null)
  webhook = $state({
    port: DEFAULT_WEBHOOK_PORT,
    host: '127.0.0.1' as '127.0.0.1' | '0.0.0.0',
    path: '/apiscope-audit',
  })
  logTail = $state({ path: '', fromStart: false, minikubeProfile: '' })
  metricsAuto = $state(false)
  /** Bumped when the stream starts over (a replay seeking back, a new session): dots go. */
  generation = $state(0)

  /** The list's rows that pass the filter, oldest first, and how many wait above them if held. */
  listed = $derived(listedRows(this.ring, this.listHold, (r) => matches(r, this.filter)))
  receiving = $derived(this.sources.some((s) => s.state === 'running'))

  private held: TrafficRequest[] = []
  private lastSeq = -1
  /**
   * The requests of the sessions before this one: the core's recent list (load, catchUp) still
   * holds them after a new session began, and they do not come back. Not state: nothing renders it.
   */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly before = new Set<string>()
  // Callbacks, not state: nothing renders from this set.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly listeners = new Set<ArrivalListener>()

  constructor(
    readonly api: ApiscopeApi,
    private readonly isReplaying: () => boolean = () => false,
    readonly clock: TrafficClock = LIVE_CLOCK,
  ) {
    api.onTrafficBatch((batch) => this.onBatch(batch))
    api.onReplayedAnswer(({ channel, answer }) => {
      const res = answer as Result<never>
      if (channel === 'traffic:metrics') this.metrics = loadable<MetricsSample>(res)
      else if (channel === 'traffic:apf') this.apf = loadable<ApfReport>(res)
    })
  }

  /** Oldest first. */
  get requests(): readonly TrafficRequest[] {
    return this.ring.requests
  }

  /** In a replay, /metrics and APF are the answers the recording kept (nothing is asked). */
  get replaying(): boolean {
    return this.isReplaying()
  }

  /**
   * WorldState.startOver: a replay going back sends the stream again from its start, so what came
   * so far goes with its sources; a new session drops the rows, the answers and the dots of the
   * one before (the sources are the core's and keep running).
   */
  startOver(why: StartOverReason): void {
    if (why === 'replay-restart') {
      this.restart()
      return
    }
    for (const r of [...this.requests, ...this.held]) this.before.add(r.auditId)
    this.clear()
    this.setup = { status: 'idle' }
    this.metrics = { status: 'idle' }
    this.apf = { status: 'idle' }
    this.generation++
  }

  private restart(): void {
    this.clear()
    this.lastSeq = -1
    this.sources = []
    this.metrics = { status: 'idle' }
    this.apf = { status: 'idle' }
    this.generation++
  }

  /**
   * Loads what the core already has (sources, the last requests): a view opened late. In a replay
   * the core answers with the recorded traffic so far, never the live sources.
   */
  async load(): Promise<void> {
    const res = await this.api.trafficStatus({})
    if (!res.ok) return
    this.sources = res.value.sources
    if (this.requests.length === 0) this.append(this.ofThisSession(res.value.recent))
    this.followRunningWebhook()
  }

  /**
   * A webhook already runs (one at a time: Start webhook is disabled meanwhile): the form shows
   * where it listens, and the setup's commands name that port and path.
   */
  private followRunningWebhook(): void {
    const running = this.sources.find((s) => s.kind === 'webhook' && s.state === 'running')
    if (!running || this.replaying) return
    const url = URL.canParse(running.where) ? URL.parse(running.where) : null
    if (!url) return
    const port = Number(url.port)
    if (!port || (port === this.webhook.port && url.pathname === this.webhook.path)) return
    this.webhook.port = port
    this.webhook.path = url.pathname
    this.webhook.host = url.hostname === '0.0.0.0' ? '0.0.0.0' : '127.0.0.1'
    if (this.setup.status !== 'idle') void this.detectSetup()
  }

  /** Back from a replay: the requests that arrived meanwhile join the ones kept. */
  async catchUp(): Promise<void> {
    const res = await this.api.trafficStatus({})
    if (!res.ok) return
    this.sources = res.value.sources
    // A local lookup, not state: nothing renders from it.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const known = new Set(this.requests.map((r) => r.auditId))
    const missed = this.ofThisSession(res.value.recent).filter((r) => !known.has(r.auditId))
    if (this.paused) {
      this.held.push(...missed)
      this.heldBack += missed.length
    } else this.append(missed)
  }

  private ofThisSession(recent: TrafficRequest[]): TrafficRequest[] {
    return this.before.size ? recent.filter((r) => !this.before.has(r.auditId)) : recent
  }

  onArrivals(listener: ArrivalListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private onBatch(batch: TrafficBatch): void {
    // Numbers going back: the stream started again (a replay from its start, a new core).
    if (batch.seq <= this.lastSeq) this.restart()
    this.lastSeq = batch.seq
    this.sources = batch.sources
    const counted = batch.aggregated.reduce((n, a) => n + a.count, 0)
    this.aggregatedCount += counted
    if (batch.requests.length === 0 && counted === 0) return
    if (this.paused) {
      this.held.push(...batch.requests)
      this.heldBack += batch.requests.length + counted
      if (this.held.length > KEPT) this.held = this.held.slice(-KEPT)
      return
    }
    this.append(batch.requests)
    for (const l of this.listeners) l(batch.requests, batch.aggregated)
  }

  /**
   * Each request joins the list once: the list is keyed by audit ID (a key seen twice stops Svelte
   * drawing it; seen once in an e2e run here, not reproduced), and the core's recent list (load)
   * and its pushes could overlap, as could a push after the core forgot an old request's ID.
   */
  private append(requests: TrafficRequest[]): void {
    this.ring = take(this.ring, requests, KEPT, (r) => r.auditId)
  }

  /**
   * A person points at the list or has the keyboard's focus in it: its rows stay as they are and
   * arrivals wait above them (the drawing, the counts and the tab's badge go on).
   */
  holdList(): void {
    this.listHold ??= holdOn(this.ring)
  }

  /** "N new": the rows that waited show, and the list stays held from here. */
  showWaiting(): void {
    if (this.listHold) this.listHold = showWaiting(this.listHold, this.ring, this.listed.waiting)
  }

  /** Nobody is on the list any more: it is live again. */
  releaseList(): void {
    this.listHold = null
  }

  togglePause(): void {
    this.paused = !this.paused
    if (!this.paused) {
      this.append(this.held)
      this.held = []
      this.heldBack = 0
    }
  }

  clear(): void {
    this.ring = emptied(this.ring)
    if (this.listHold) this.listHold = clearedUnder(this.listHold, this.ring)
    this.held = []
    this.heldBack = 0
    this.aggregatedCount = 0
    this.selectedId = null
    this.detail = { status: 'idle' }
  }

  async select(auditId: string | null): Promise<void> {
    this.selectedId = auditId
    if (!auditId) {
      this.detail = { status: 'idle' }
      return
    }
    const kept = this.replaying ? this.requests.find((r) => r.auditId === auditId) : undefined
    if (kept) {
      // A recording keeps each request as the list shows it, not its raw audit events.
      this.detail = { status: 'ready', value: { request: kept, events: [], redacted: [] } }
      return
    }
    this.detail = { status: 'loading' }
    const res = await this.api.trafficEventDetail({ auditId })
    if (this.selectedId === auditId) this.detail = loadable(res)
  }

  async startWebhook(): Promise<boolean> {
    const res = await this.api.trafficStartWebhook({ ...this.webhook })
    this.sourceError = res.ok ? null : res.error
    await this.load()
    // The minikube commands name the port and path just chosen.
    if (res.ok) void this.detectSetup()
    return res.ok
  }

  async startLogTail(): Promise<boolean> {
    const { path, fromStart, minikubeProfile } = this.logTail
    const res = await this.api.trafficStartLogTail({
      path,
      fromStart,
      ...(minikubeProfile ? { minikubeProfile } : {}),
    })
    this.sourceError = res.ok ? null : res.error
    await this.load()
    return res.ok
  }

  async stopSource(id: number): Promise<void> {
    await this.api.trafficStopSource({ id })
    await this.load()
  }

  async detectSetup(): Promise<void> {
    this.setup = { status: 'loading' }
    this.setup = loadable(
      await this.api.trafficSetup({ port: this.webhook.port, path: this.webhook.path }),
    )
  }

  async readMetrics(reset = false): Promise<void> {
    if (this.replaying) return
    if (this.metrics.status !== 'ready') this.metrics = { status: 'loading' }
    this.metrics = loadable(await this.api.trafficMetrics(reset ? { reset } : {}))
  }

  async readApf(): Promise<void> {
    if (this.replaying) return
    this.apf = { status: 'loading' }
    this.apf = loadable(await this.api.trafficApf({}))
  }
}
