// Renderer state of the walkthroughs (messages in src-main/features/walkthroughs/messages.ts): the
// catalog, the chosen scenario and its plan (what it will create, whether the context looks
// local), the running walkthrough as the core reports it, and the rollout trace's state.
import type { ApiscopeApi } from '@common/bridge-types'
import type { RunPlan, RunState } from '@features/walkthroughs/messages'
import type { UiError } from '@common/result'
import type { Language, Scenario } from '@features/walkthroughs/common/scenario-format'
import { RolloutState } from './rollout/rollout-state.svelte'
import type { Loadable } from '../../ui/loadable'

export class WalkthroughsState {
  language = $state<Language>('en')
  /** The scenarios the core ships, read once. */
  catalog = $state.raw<Loadable<Scenario[]>>({ status: 'idle' })
  scenarios = $derived(this.catalog.status === 'ready' ? this.catalog.value : [])
  selectedId = $state<string | null>(null)
  /** What the chosen scenario will create, and where: read again on each choice. */
  planFor = $state.raw<Loadable<RunPlan>>({ status: 'idle' })
  plan = $derived(this.planFor.status === 'ready' ? this.planFor.value : null)
  run = $state.raw<RunState | null>(null)
  /** After a step is sent, its outcome stays on screen until the presenter moves on. */
  showingResult = $state(false)
  confirmNotLocal = $state(false)
  busy = $state(false)
  error = $state.raw<UiError | null>(null)
  cleaned = $state.raw<string[]>([])
  readonly rollout: RolloutState
  private connectedAt: string | null = null
  /** The run left unfinished by the session before: finished once the new one is up. */
  private staleRunId: number | null = null

  selected = $derived(this.scenarios.find((s) => s.id === this.selectedId) ?? null)

  constructor(
    readonly api: ApiscopeApi,
    replaying: () => boolean = () => false,
  ) {
    this.rollout = new RolloutState(api, replaying)
    // On every connection, a crashed run's namespaces go (labelled, owned by a process now gone).
    api.onSession((s) => {
      if (s.status !== 'connected' || s.info.connectedAt === this.connectedAt) return
      this.connectedAt = s.info.connectedAt
      // After the world's own listener: a session it starts over for (startOver) has gone first.
      queueMicrotask(() => this.connected())
    })
  }

  /**
   * A new session (WorldState.startOver): the run and the plan of the one before leave the screen;
   * the run itself is finished once the new session is up (connected).
   */
  startOver(): void {
    const stale = this.run
    if (stale && !stale.finished) this.staleRunId = stale.runId
    this.run = null
    this.planFor = { status: 'idle' }
    this.showingResult = false
  }

  /** On every connection: the run of the session before ends, the plan is read for this one. */
  private connected(): void {
    // A run belongs to the connection it started on: end it there (its namespace goes).
    const stale = this.staleRunId ?? (this.run && !this.run.finished ? this.run.runId : null)
    this.staleRunId = null
    if (stale !== null) void this.api.walkthroughFinish({ runId: stale })
    this.run = null
    if (this.selectedId) void this.select(this.selectedId)
    void this.api.walkthroughCleanupLeftovers({}).then((res) => {
      if (res.ok && res.value.deleted.length) this.cleaned = res.value.deleted
    })
  }

  private async guard<T>(
    work: () => Promise<{ ok: true; value: T } | { ok: false; error: UiError }>,
  ) {
    this.busy = true
    this.error = null
    try {
      const res = await work()
      if (!res.ok) this.error = res.error
      return res.ok ? res.value : null
    } finally {
      this.busy = false
    }
  }

  async load(): Promise<void> {
    if (this.catalog.status === 'ready' || this.catalog.status === 'loading') return
    this.catalog = { status: 'loading' }
    this.catalog = await this.loaded(
      () => this.api.walkthroughCatalog({}),
      (c) => c.scenarios,
    )
  }

  async select(id: string): Promise<void> {
    if (this.run && !this.run.finished) return
    this.selectedId = id
    this.planFor = { status: 'loading' }
    this.confirmNotLocal = false
    this.planFor = await this.loaded(
      () => this.api.walkthroughPlan({ scenarioId: id }),
      (p) => p,
    )
  }

  /** A load through guard (busy while it runs, its error on screen), as a Loadable. */
  private async loaded<T, V>(
    work: () => Promise<{ ok: true; value: T } | { ok: false; error: UiError }>,
    pick: (value: T) => V,
  ): Promise<Loadable<V>> {
    let failed = null as UiError | null
    const value = await this.guard(async () => {
      const res = await work()
      if (!res.ok) failed = res.error
      return res
    })
    if (value !== null) return { status: 'ready', value: pick(value) }
    return failed ? { status: 'error', error: failed } : { status: 'idle' }
  }

  async start(): Promise<void> {
    const plan = this.plan
    if (!plan) return
    const run = await this.guard(() =>
      this.api.walkthroughStart({
        scenarioId: plan.scenarioId,
        namespace: plan.namespace,
        confirmWrites: true,
        confirmNotLocal: this.confirmNotLocal,
      }),
    )
    if (run) {
      this.run = run
      this.showingResult = false
    }
  }

  async step(): Promise<void> {
    const run = this.run
    if (!run || run.done) return
    const next = await this.guard(() => this.api.walkthroughStep({ runId: run.runId }))
    if (next) {
      this.run = next
      this.showingResult = true
    }
  }

  next(): void {
    this.showingResult = false
  }

  async finish(): Promise<void> {
    const run = this.run
    if (!run) return
    await this.guard(() => this.api.walkthroughFinish({ runId: run.runId }))
    this.run = null
    this.showingResult = false
    if (this.selectedId) await this.select(this.selectedId)
  }
}
