// Renderer state for the connection, identity, health, discovery and request log. Big lists are
// $state.raw and replaced whole; views derive from them.
import type { ApiscopeApi } from '@common/bridge-types'
import type { AppInfo } from '@common/contract'
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
import { toLoadable, type Loadable } from './loadable'
import { LabState } from './lab-state.svelte'
import { OwnershipState } from './ownership-state.svelte'
import { RecordingState } from './recording-state.svelte'
import { TimelineState } from './timeline-state.svelte'
import { TrafficState } from './traffic-state.svelte'
import { WalkthroughsState } from './walkthroughs-state.svelte'

export type View =
  | 'overview'
  | 'discovery'
  | 'timeline'
  | 'requests'
  | 'ownership'
  | 'lab'
  | 'traffic'
  | 'walkthroughs'
  | 'rollout'

export type { Loadable }

const REQUEST_LOG_LIMIT = 2000

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
  readonly recording: RecordingState
  readonly walkthroughs: WalkthroughsState

  connected = $derived(this.session.status === 'connected')
  namespace = $derived(
    this.session.status === 'connected' ? this.session.info.namespace : 'default',
  )

  constructor(readonly api: ApiscopeApi) {
    this.timeline = new TimelineState(api)
    // Views that would ask a cluster read this to show what the recording kept instead.
    const replaying = () => this.recording.replaying
    this.ownership = new OwnershipState(api, replaying)
    this.lab = new LabState(api, replaying)
    this.traffic = new TrafficState(api, replaying)
    this.recording = new RecordingState(api)
    this.walkthroughs = new WalkthroughsState(api, replaying)
    api.onSession((s) => {
      if (
        s.status === 'connected' &&
        (this.session.status !== 'connected' ||
          this.session.info.connectedAt !== s.info.connectedAt)
      ) {
        this.timeline.clear()
      }
      this.session = s
    })
    // A replay going back starts its stream again: its requests come again from the start.
    api.onReplayReset(() => (this.requests = []))
    api.onRequestLogged((entry) => {
      const next =
        this.requests.length >= REQUEST_LOG_LIMIT ? this.requests.slice(1) : this.requests.slice()
      next.push(entry)
      this.requests = next
    })
  }

  async start(): Promise<void> {
    const [info, log] = await Promise.all([this.api.appInfo({}), this.api.requestLog({})])
    if (info.ok) this.info = info.value
    if (log.ok) this.requests = log.value
    await this.loadContexts()
    // A replay opened by the host (--demo, or no cluster answered): show it, connect to nothing.
    await this.recording.refresh()
    const replay = this.recording.status.replay
    if (replay) {
      this.session = { status: 'connected', info: replay.session }
      await Promise.all([this.refreshOverview(), this.refreshDiscovery(false)])
      return
    }
    if (this.kubeconfig.status === 'ready' && this.kubeconfig.value.defaultContext) {
      await this.connect(this.kubeconfig.value.defaultContext)
    }
  }

  async loadContexts(): Promise<void> {
    this.kubeconfig = { status: 'loading' }
    this.kubeconfig = toLoadable(await this.api.listContexts({}))
  }

  async connect(context: string): Promise<void> {
    this.identity = { status: 'idle' }
    this.rules = { status: 'idle' }
    this.health = { status: 'idle' }
    this.discovery = { status: 'idle' }
    this.timeline.clear()
    this.session = { status: 'connecting', context }
    const res = await this.api.connect({ context })
    if (!res.ok) {
      if (this.session.status === 'connecting' && this.session.context === context) {
        this.session = { status: 'failed', context, error: res.error }
      }
      return
    }
    this.session = { status: 'connected', info: res.value }
    await Promise.all([this.refreshOverview(), this.refreshDiscovery(false)])
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
}
