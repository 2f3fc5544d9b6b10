// Renderer state of the rollout trace: which owner is traced and the latest trace the core pushed
// (rollout:trace). The core rebuilds the trace from its watches; this only holds the last one.
import type { ApiscopeApi } from '@common/bridge-types'
import type { RolloutTrace } from '@common/messages/walkthroughs'
import type { UiError } from '@common/result'

export class RolloutState {
  namespace = $state('')
  name = $state('')
  trace = $state.raw<RolloutTrace | null>(null)
  error = $state.raw<UiError | null>(null)
  starting = $state(false)

  constructor(readonly api: ApiscopeApi) {
    api.onRolloutTrace((trace) => {
      if (trace.owner.namespace === this.namespace && trace.owner.name === this.name)
        this.trace = trace
    })
  }

  async start(namespace: string, name: string): Promise<void> {
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
    await this.api.rolloutStop({})
    this.trace = null
  }
}
