// Renderer state of the rollout trace: which owner is traced and the latest trace the core pushed
// (rollout:trace). The core rebuilds the trace from its watches; this only holds the last one.
// In a replay nothing can be traced anew: the traces the recording kept arrive at their time, and
// the owner on screen is the one the recording traced.
import type { ApiscopeApi } from '@common/bridge-types'
import type { RolloutTrace } from '@features/walkthroughs/messages'
import type { Result } from '@common/result'
import { shownValue, toLoadable, type Loadable } from '../../../ui/loadable'

export class RolloutState {
  namespace = $state('')
  name = $state('')
  /** The last trace: asked for (rollout:start), then kept up to date by the core's pushes. */
  traced = $state.raw<Loadable<RolloutTrace>>({ status: 'idle' })
  /** The trace on screen: the last one, kept while a new start is on its way. */
  trace = $derived(shownValue(this.traced) ?? null)
  error = $derived(this.traced.status === 'error' ? this.traced.error : null)
  starting = $derived(this.traced.status === 'loading')
  constructor(
    readonly api: ApiscopeApi,
    private readonly isReplaying: () => boolean = () => false,
  ) {
    api.onRolloutTrace((trace) => {
      if (this.replaying) this.adopt(trace)
      else if (trace.owner.namespace === this.namespace && trace.owner.name === this.name)
        this.show(trace)
    })
    api.onReplayedAnswer(({ channel, answer }) => {
      const res = answer as Result<RolloutTrace>
      if (channel === 'rollout:start' && res.ok) this.adopt(res.value)
    })
  }

  /** A new session, or a replay going back (its traces come again): WorldState.startOver. */
  clear(): void {
    this.traced = { status: 'idle' }
  }

  /** A pushed trace: on screen at once, even while a start is on its way. */
  private show(trace: RolloutTrace): void {
    this.traced =
      this.traced.status === 'loading'
        ? { status: 'loading', previous: trace }
        : { status: 'ready', value: trace }
  }

  get replaying(): boolean {
    return this.isReplaying()
  }

  private adopt(trace: RolloutTrace): void {
    this.namespace = trace.owner.namespace
    this.name = trace.owner.name
    this.traced = { status: 'ready', value: trace }
  }

  async start(namespace: string, name: string): Promise<void> {
    if (this.replaying) return
    this.namespace = namespace
    this.name = name
    const previous = this.trace
    this.traced = { status: 'loading', ...(previous ? { previous } : {}) }
    this.traced = toLoadable(await this.api.rolloutStart({ namespace, name, kind: 'Deployment' }))
  }

  async stop(): Promise<void> {
    if (this.replaying) return
    await this.api.rolloutStop({})
    this.traced = { status: 'idle' }
  }
}
