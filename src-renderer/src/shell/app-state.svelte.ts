// Renderer state of the app: the connection, the view on screen, recording and presenter mode,
// and the worlds views read from: the live session's and, while one is open, a replay's
// (world-state.svelte.ts). A replay never writes into the live world, nor the live into a replay;
// closing the replay shows the live world again as it was, caught up with what happened meanwhile.
import type { ApiscopeApi } from '@common/bridge-types'
import type { AppInfo } from '@common/contract'
import type { ReplayStatus } from '@features/recording/messages'
import type {
  AccessRules,
  DiscoveryReport,
  HealthReport,
  Identity,
  KubeconfigSummary,
  RequestLogEntry,
  SessionState,
} from '@common/kube-types'
import type { Highlight } from './highlight'
import { toLoadable, type Loadable } from '../ui/loadable'
import type { LabState } from '../features/lab/lab-state.svelte'
import type { OwnershipState } from '../features/ownership/ownership-state.svelte'
import { RecordingState } from '../features/recording/recording-state.svelte'
import { replayNow } from '../features/recording/replay-clock'
import { KubectlProxyState } from '../features/kubectl-proxy/kubectl-proxy-state.svelte'
import { StoreBudgetState } from '../features/watches/store-budget-state.svelte'
import type { TimelineState } from '../features/watches/timeline-state.svelte'
import type { TrafficState } from '../features/traffic/traffic-state.svelte'
import type { WalkthroughsState } from '../features/walkthroughs/walkthroughs-state.svelte'
import { WorldState } from './world-state.svelte'
import type { View } from '@common/views'

export type { View }
export type { Loadable }

export class AppState {
  info = $state<AppInfo | null>(null)
  hostLink = $state<'open' | 'closed'>('open')
  #view = $state<View>('overview')
  /** What a walkthrough step asked a view to mark; going to any other view drops it. */
  highlight = $state.raw<Highlight | null>(null)
  get view(): View {
    return this.#view
  }
  set view(next: View) {
    if (this.highlight && this.highlight.view !== next) this.highlight = null
    this.#view = next
  }
  kubeconfig = $state<Loadable<KubeconfigSummary>>({ status: 'idle' })
  readonly recording: RecordingState
  /** The kubectl proxy belongs to the live session, whatever is on screen. */
  readonly kubectlProxy: KubectlProxyState
  /** The store's budget, a setting of the core whatever is on screen. */
  readonly storeBudget: StoreBudgetState
  /** The live session's world: kept whole while a replay is on screen. */
  readonly live: WorldState
  /** The world on screen: the live one, or the open replay's (a new one each time one opens). */
  #world = $state.raw<WorldState>(null as unknown as WorldState)
  #replayOpenId: number | null = null

  get world(): WorldState {
    return this.#world
  }
  get session(): SessionState {
    return this.#world.session
  }
  set session(s: SessionState) {
    this.#world.session = s
  }
  get identity(): Loadable<Identity> {
    return this.#world.identity
  }
  get rules(): Loadable<AccessRules> {
    return this.#world.rules
  }
  get health(): Loadable<HealthReport> {
    return this.#world.health
  }
  get discovery(): Loadable<DiscoveryReport> {
    return this.#world.discovery
  }
  get requests(): RequestLogEntry[] {
    return this.#world.requests
  }
  get timeline(): TimelineState {
    return this.#world.timeline
  }
  get ownership(): OwnershipState {
    return this.#world.ownership
  }
  get lab(): LabState {
    return this.#world.lab
  }
  get traffic(): TrafficState {
    return this.#world.traffic
  }
  get walkthroughs(): WalkthroughsState {
    return this.#world.walkthroughs
  }

  connected = $derived(this.session.status === 'connected')
  namespace = $derived(this.#world.namespace)

  constructor(readonly api: ApiscopeApi) {
    this.recording = new RecordingState(api)
    this.kubectlProxy = new KubectlProxyState(api, () => this.recording.replaying)
    this.storeBudget = new StoreBudgetState(api)
    const live: WorldState = new WorldState(api, false, () => this.#world === live)
    this.live = live
    this.#world = live
    // Told before any of the replay's events (and, on close, before the live session's again).
    this.recording.onReplayChange = (replay) => this.showReplay(replay)
  }

  /** Puts the replay opened (or the live world, with null) on screen. */
  private showReplay(replay: ReplayStatus | null): void {
    const openId = replay?.openId ?? null
    if (openId === this.#replayOpenId) return
    this.#replayOpenId = openId
    const leaving = this.#world
    // A walkthrough's marks name one world's requests and events, not the other's.
    this.highlight = null
    if (replay) {
      const clock = {
        recorded: true,
        now: () => replayNow(this.recording.status.replay),
      }
      const world: WorldState = new WorldState(this.api, true, () => this.#world === world, clock)
      world.adoptSession({ status: 'connected', info: replay.session })
      this.#world = world
      void world.loadReplay()
    } else {
      this.#world = this.live
      void this.live.catchUp()
    }
    if (leaving !== this.live) leaving.dispose()
  }

  async start(): Promise<void> {
    const info = await this.api.appInfo({})
    if (info.ok) this.info = info.value
    await this.loadContexts()
    // A replay opened by the host (--demo, or no cluster answered): show it, connect to nothing.
    await this.recording.refresh()
    if (this.recording.status.replay) return
    await this.live.loadRequests()
    if (this.kubeconfig.status === 'ready' && this.kubeconfig.value.defaultContext) {
      await this.connect(this.kubeconfig.value.defaultContext)
    }
  }

  async loadContexts(): Promise<void> {
    this.kubeconfig = { status: 'loading' }
    this.kubeconfig = toLoadable(await this.api.listContexts({}))
  }

  /** Connects the live world to a context (from a replay: the replay closes first). */
  async connect(context: string): Promise<void> {
    if (this.recording.replaying) await this.recording.close()
    const live = this.live
    // The session before leaves nothing: overview, timeline, lab, traffic, ownership, rollout.
    live.startOver('connect')
    live.adoptSession({ status: 'connecting', context })
    const res = await this.api.connect({ context })
    if (!res.ok) {
      if (live.session.status === 'connecting' && live.session.context === context) {
        live.adoptSession({ status: 'failed', context, error: res.error })
      }
      return
    }
    live.adoptSession({ status: 'connected', info: res.value })
    void this.kubectlProxy.refresh()
    // A replay opened meanwhile answers for itself: the live world reads its own on the way back.
    if (this.#world !== live) return
    await Promise.all([live.refreshOverview(), live.refreshDiscovery(false)])
  }

  refreshOverview(): Promise<void> {
    return this.#world.refreshOverview()
  }

  refreshIdentity(): Promise<void> {
    return this.#world.refreshIdentity()
  }

  refreshRules(namespace: string): Promise<void> {
    return this.#world.refreshRules(namespace)
  }

  refreshHealth(): Promise<void> {
    return this.#world.refreshHealth()
  }

  refreshDiscovery(refresh = true): Promise<void> {
    return this.#world.refreshDiscovery(refresh)
  }
}
