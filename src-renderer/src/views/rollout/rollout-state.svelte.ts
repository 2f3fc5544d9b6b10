// Renderer state of the rollout trace: which owner is traced and the latest trace the core pushed
// (rollout:trace). The core rebuilds the trace from its watches; this only holds the last one.
// In a replay nothing can be traced anew: the traces the recording kept arrive at their time, and
// the owner on screen is the one the recording traced.
import type { ApiscopeApi } from '@common/bridge-types'
import type { RolloutTrace } from '@common/messages/walkthroughs'
import type { Result, UiError } from '@common/result'

export class RolloutState {
  namespace = $state('')
  name = $state('')
  trace = $state.raw<RolloutTrace | null>(null)
  error = $state.raw<UiError | null>(null)
  starting = $state(false)
  constructor(
    readonly api: ApiscopeApi,
    private readonly isReplaying: () => boolean = () => false,
  ) {
    api.onRolloutTrace((trace) => {
      if (this.replaying) this.adopt(trace)
      else if (trace.owner.namespace === this.namespace && trace.owner.name === this.name)
        this.trace = trace
    })
    api.onReplayedAnswer(({ channel, answer }) => {
      const res = answer as Result<RolloutTrace>
      if (channel === 'rollout:start' && res.ok) this.adopt(res.value)
    })
  }

  /** A new session, or a replay going back (its traces come again): WorldState.startOver. */
  clear(): void {
    this.trace = null
    this.error = null
  }

  get replaying(): boolean {
    return this.isReplaying()
  }

  private adopt(trace: RolloutTrace): void {
    this.namespace = trace.owner.namespace
    this.name = trace.owner.name
    this.error = null
    this.trace = trace
  }

  async start(namespace: string, name: string): Promise<void> {
    if (this.replaying) return
    this.namespace = namespace
    this.name = name
    this.starting = true
    this.error = null
    const res = await this.api.rolloutStart({ namespace, name, kind: 'Deployment' })
    this.starting = false
    if (res.ok) this.trace = res.value
    else {
      this.trace = null
      this.error = res.error
    }
  }

  async stop(): Promise<void> {
    if (this.replaying) return
    await this.api.rolloutStop({})
    this.trace = null
  }
}
