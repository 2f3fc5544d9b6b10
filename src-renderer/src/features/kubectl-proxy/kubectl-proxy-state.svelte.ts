// Renderer state of the kubectl proxy (messages in src-main/features/kubectl-proxy/messages.ts): its
// status (the line to paste), start and stop, and the -v=8 detail of one relayed request. The
// proxy belongs to the live session: a replay shows its recorded request lines, never a proxy.
import type { ApiscopeApi } from '@common/bridge-types'
import type { KubectlProxyStatus, RelayedExchangeDetail } from '@features/kubectl-proxy/messages'
import type { UiError } from '@common/result'
import { toLoadable, type Loadable } from '../../ui/loadable'

const STOPPED: KubectlProxyStatus = { state: 'stopped', relayed: 0, refused: 0 }

export class KubectlProxyState {
  status = $state.raw<KubectlProxyStatus>(STOPPED)
  busy = $state(false)
  error = $state.raw<UiError | null>(null)
  detail = $state.raw<Loadable<RelayedExchangeDetail>>({ status: 'idle' })
  running = $derived(this.status.state === 'running')

  constructor(
    readonly api: ApiscopeApi,
    private readonly isReplaying: () => boolean = () => false,
  ) {
    api.onKubectlProxyStatus((status) => {
      // A recording replays the pushes it kept: those name a proxy long gone.
      if (!this.isReplaying()) this.status = status
    })
  }

  async refresh(): Promise<void> {
    const res = await this.api.kubectlProxyStatus({})
    if (res.ok) this.status = res.value
  }

  async start(): Promise<void> {
    this.busy = true
    this.error = null
    const res = await this.api.kubectlProxyStart({})
    this.busy = false
    if (res.ok) this.status = res.value
    else this.error = res.error
  }

  async stop(): Promise<void> {
    this.busy = true
    const res = await this.api.kubectlProxyStop({})
    this.busy = false
    if (res.ok) this.status = res.value
  }

  async loadDetail(seq: number): Promise<void> {
    this.detail = { status: 'loading' }
    const res = await this.api.kubectlProxyDetail({ seq })
    this.detail = toLoadable(res)
  }
}
