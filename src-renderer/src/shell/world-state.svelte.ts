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
import { LabState } from '../features/lab/lab-state.svelte'
import { toLoadable, type Loadable } from '../ui/loadable'
import { OwnershipState } from '../features/ownership/ownership-state.svelte'
import { SessionResets, type StartOverReason } from './session-reset'
import { TimelineState } from '../features/watches/timeline-state.svelte'
import {
  LIVE_CLOCK,
  TrafficState,
  type TrafficClock,
} from '../features/traffic/traffic-state.svelte'
import { WalkthroughsState } from '../features/walkthroughs/walkthroughs-state.svelte'

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
  /** What each state of this world forgets when a new session begins (startOver runs them). */
  readonly resets = new SessionResets()
  private readonly gate: GatedApi
  /** Back on screen before the core said which session it is (the page opened on a replay). */
  private catchUpPending = false
  /** The connectedAt of the session this world holds; null before its first. */
  #connectedAt: string | null = null
  /** A connect started over already: the session it brings needs no second start. */
  #startedOver = false

  namespace = $derived(
    this.session.status === 'connected' ? this.session.info.namespace : 'default',
  )

  /**
   * @param replaying a replay's world (its views show what the recording kept) or the live one
   * @param isShown whether this world is the one on screen now
   * @param trafficClock the live traffic's "now": a replay's position in recorded time
   */
  constructor(
    api: ApiscopeApi,
    readonly replaying: boolean,
    isShown: () => boolean,
    trafficClock: TrafficClock = LIVE_CLOCK,
  ) {
    this.gate = gatedApi(api, isShown)
    this.api = this.gate.api
    const inReplay = () => replaying
    this.timeline = new TimelineState(this.api)
    this.ownership = new OwnershipState(this.api, inReplay)
    this.lab = new LabState(this.api, inReplay)
    this.traffic = new TrafficState(this.api, inReplay, trafficClock)
    this.walkthroughs = new WalkthroughsState(this.api, inReplay)
    this.registerResets()
    this.api.onSession((s) => {
      this.adoptSession(s)
      if (s.status === 'connected' && this.catchUpPending) void this.catchUp()
    })
    this.api.onReplayReset(() => this.startOver('replay-restart'))
    this.api.onRequestLogged((entry) => this.logged(entry))
  }

  /** Every state of this world and what it forgets, in one list. */
  private registerResets(): void {
    const newSession = (why: StartOverReason) => why !== 'replay-restart'
    this.resets.register('overview', (why) => {
      if (!newSession(why)) return
      this.catchUpPending = false
      this.identity = { status: 'idle' }
      this.rules = { status: 'idle' }
      this.health = { status: 'idle' }
      this.discovery = { status: 'idle' }
    })
    // A replay going back starts its stream again: its requests come again from the start.
    this.resets.register('request log', (why) => {
      if (!newSession(why)) this.requests = []
    })
    this.resets.register('timeline', (why) => {
      if (newSession(why)) this.timeline.clear()
    })
    this.resets.register('ownership', () => this.ownership.clear())
    this.resets.register('lab', () => this.lab.forget())
    this.resets.register('traffic', (why) => this.traffic.startOver(why))
    this.resets.register('walkthroughs', (why) => {
      if (newSession(why)) this.walkthroughs.startOver()
    })
    this.resets.register('rollout', () => this.walkthroughs.rollout.clear())
  }

  /**
   * The one place this world's states start over: a connect (before its answer), a session the
   * core reports with a new connectedAt (adoptSession), a replay going back to its start.
   */
  startOver(why: StartOverReason): void {
    if (why === 'connect') this.#startedOver = true
    this.resets.run(why)
  }

  /**
   * The session as the core reports it or a connect answered: a new connectedAt after another
   * one starts this world over, unless a connect already did.
   */
  adoptSession(s: SessionState): void {
    if (s.status === 'failed') this.#startedOver = false
    if (s.status === 'connected' && s.info.connectedAt !== this.#connectedAt) {
      const before = this.#connectedAt
      this.#connectedAt = s.info.connectedAt
      if (this.#startedOver) this.#startedOver = false
      else if (before !== null) {
        this.startOver('session')
        this.session = s
        void Promise.all([this.refreshOverview(), this.refreshDiscovery(false)])
        return
      }
    }
    this.session = s
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

  /** The world is gone (a replay closed): its listeners go with it. */
  dispose(): void {
    this.gate.dispose()
  }
}
