// Everything the views show of one world: the live session, or one opened replay. Each world has
// its own session, identity, health, discovery, request log, watches, ownership, lab, traffic and
// walkthroughs; its events reach it only while it is on screen (src-main/common/gated-api.ts). The live world
// stays whole while a replay is shown, and catches up with the core on the way back.
import type { ApiscopeApi } from '@common/bridge-types'
import type {
  AccessRules,
  DiscoveryReport,
  HealthReport,
  Identity,
  RequestLogEntry,
  SessionState,
} from '@common/kube-types'
import { gatedApi, type GatedApi } from '@common/gated-api'
import { LabState } from './lab-state.svelte'
import { toLoadable, type Loadable } from './loadable'
import { OwnershipState } from './ownership-state.svelte'
import { TimelineState } from './timeline-state.svelte'
import { TrafficState } from './traffic-state.svelte'
import { WalkthroughsState } from './walkthroughs-state.svelte'

const REQUEST_LOG_LIMIT = 2000

export class WorldState {
  session = $state<SessionState>({ status: 'idle' })
  identity = $state.raw<Loadable<Identity>>({ status: 'idle' })
  rules = $state.raw<Loadable<AccessRules>>({ status: 'idle' })
  health = $state.raw<Loadable<HealthReport>>({ status: 'idle' })
  discovery = $state.raw<Loadable<DiscoveryReport>>({ status: 'idle' })
  requests = $state.raw<RequestLogEntry[]>([])
  readonly timeline: TimelineState
  readonly ownership: OwnershipState
  readonly lab: LabState
  readonly traffic: TrafficState
  readonly walkthroughs: WalkthroughsState
  readonly api: ApiscopeApi
  private readonly gate: GatedApi
  /** Back on screen before the core said which session it is (the page opened on a replay). */
  private catchUpPending = false

  namespace = $derived(
    this.session.status === 'connected' ? this.session.info.namespace : 'default',
  )

  /**
   * @param replaying a replay's world (its views show what the recording kept) or the live one
   * @param isShown whether this world is the one on screen now
   */
  constructor(
    api: ApiscopeApi,
    readonly replaying: boolean,
    isShown: () => boolean,
  ) {
    this.gate = gatedApi(api, isShown)
    this.api = this.gate.api
    const inReplay = () => replaying
    this.timeline = new TimelineState(this.api)
    this.ownership = new OwnershipState(this.api, inReplay)
    this.lab = new LabState(this.api, inReplay)
    this.traffic = new TrafficState(this.api, inReplay)
    this.walkthroughs = new WalkthroughsState(this.api, inReplay)
    this.api.onSession((s) => {
      if (
        s.status === 'connected' &&
        (this.session.status !== 'connected' ||
          this.session.info.connectedAt !== s.info.connectedAt)
      ) {
        this.timeline.clear()
      }
      this.session = s
      if (s.status === 'connected' && this.catchUpPending) void this.catchUp()
    })
    // A replay going back starts its stream again: its requests come again from the start.
    this.api.onReplayReset(() => (this.requests = []))
    this.api.onRequestLogged((entry) => this.logged(entry))
  }

  private logged(entry: RequestLogEntry): void {
    // Already there (the log was read while this entry was on its way): once is enough.
    const last = this.requests.at(-1)
    if (last && entry.seq <= last.seq) return
    const next =
      this.requests.length >= REQUEST_LOG_LIMIT ? this.requests.slice(1) : this.requests.slice()
    next.push(entry)
    this.requests = next
  }

  /** Reads this world's request log from the core (the live log, or the replay's so far). */
  async loadRequests(): Promise<void> {
    const log = await this.api.requestLog({})
    if (log.ok) this.requests = log.value.slice(-REQUEST_LOG_LIMIT)
  }

  /** A replay's world, just opened (or found open at start): what the recording kept, read once. */
  async loadReplay(): Promise<void> {
    await Promise.all([
      this.loadRequests(),
      this.refreshOverview(),
      this.refreshDiscovery(false),
      this.timeline.resync(),
      this.traffic.load(),
    ])
  }

  /**
   * The live world on screen again after a replay: what happened underneath (watch events, requests,
   * traffic) is read from the core; the rest (identity, lab results, the run) stayed as it was.
   */
  async catchUp(): Promise<void> {
    this.catchUpPending = this.session.status !== 'connected'
    if (this.catchUpPending) return
    const selected = this.timeline.selected
    await Promise.all([
      this.loadRequests(),
      this.timeline.resync(),
      this.traffic.catchUp(),
      // Connected while the replay was on screen: nothing of this session was read yet.
      this.identity.status === 'idle' ? this.refreshOverview() : undefined,
      this.discovery.status === 'idle' ? this.refreshDiscovery(false) : undefined,
    ])
    // The store only appends: the event selected before is at the same place in the snapshot.
    if (selected !== null && selected < this.timeline.data.count)
      void this.timeline.select(selected)
  }

  async refreshOverview(): Promise<void> {
    await Promise.all([
      this.refreshIdentity(),
      this.refreshHealth(),
      this.refreshRules(this.namespace),
    ])
  }

  async refreshIdentity(): Promise<void> {
    this.identity = { status: 'loading' }
    this.identity = toLoadable(await this.api.identity({}))
  }

  async refreshRules(namespace: string): Promise<void> {
    this.rules = { status: 'loading' }
    this.rules = toLoadable(await this.api.accessRules({ namespace }))
  }

  async refreshHealth(): Promise<void> {
    const previous = this.health.status === 'ready' ? this.health.value : undefined
    this.health = { status: 'loading', ...(previous ? { previous } : {}) }
    this.health = toLoadable(await this.api.health({}))
  }

  async refreshDiscovery(refresh = true): Promise<void> {
    const previous = this.discovery.status === 'ready' ? this.discovery.value : undefined
    this.discovery = { status: 'loading', ...(previous ? { previous } : {}) }
    this.discovery = toLoadable(await this.api.discovery({ refresh }))
  }

  /** A new connection: the session before leaves nothing (identity, health, discovery, watches). */
  resetOverview(): void {
    this.catchUpPending = false
    this.identity = { status: 'idle' }
    this.rules = { status: 'idle' }
    this.health = { status: 'idle' }
    this.discovery = { status: 'idle' }
    this.timeline.clear()
  }

  /** The world is gone (a replay closed): its listeners go with it. */
  dispose(): void {
    this.gate.dispose()
  }
}
