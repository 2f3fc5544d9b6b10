// Renderer state of the lab feature (messages in src-main/features/lab/messages.ts): the composer's
// draft (kept when the view is left), the identities as the core describes them (never a token),
// the last result and a short history. In a replay, the sends the recording kept arrive as
// recording:answer at their time and show as if sent now; the composer sends nothing.
import type { ApiscopeApi } from '@common/bridge-types'
import type { LabIdentityInfo, LabResult } from '@features/lab/messages'
import type { Result, UiError } from '@common/result'
import type { StageVerdict } from '@common/request-stages'
import { toLoadable, type Loadable } from '../../ui/loadable'
import { defaultDraft, specOf, type LabDraft } from './lab-draft'

export interface LabHistoryItem {
  id: number
  line: string
  status: number
  /** The stage it stopped at, `done` or `unknown` (the verdict's stoppedAt), said by the view. */
  stoppedAt: StageVerdict['stoppedAt']
  /** A dry run stops just before etcd on purpose. */
  dryRun: boolean
}

export class LabState {
  draft = $state<LabDraft>(defaultDraft('default'))
  /** The identities as last read (lab:identities), or why they could not be. */
  identityList = $state.raw<Loadable<LabIdentityInfo[]>>({ status: 'idle' })
  /** The last list read, kept while it is read again or when that fails: the composer's choices. */
  identities = $state.raw<LabIdentityInfo[]>([])
  minting = $state(false)
  mintError = $state.raw<UiError | null>(null)
  sending = $state(false)
  result = $state.raw<LabResult | null>(null)
  error = $state.raw<UiError | null>(null)
  /** Bumped on each answer: the stage path plays again. */
  sent = $state(0)
  history = $state.raw<LabHistoryItem[]>([])
  private namespaceSetFor: string | null = null

  constructor(
    readonly api: ApiscopeApi,
    private readonly isReplaying: () => boolean = () => false,
  ) {
    api.onReplayedAnswer(({ channel, answer }) => {
      if (channel === 'lab:send') this.take(answer as Result<LabResult>)
      else if (channel === 'lab:identities' || channel === 'lab:mint-token') {
        const res = answer as Result<LabIdentityInfo[] | LabIdentityInfo>
        if (!res.ok) return
        const got = res.value
        this.identities = Array.isArray(got)
          ? got
          : this.identities.map((i) => (i.kind === got.kind ? got : i))
        this.identityList = { status: 'ready', value: this.identities }
      }
    })
  }

  /** A replay is open: nothing can be sent, the recorded sends come by themselves. */
  get replaying(): boolean {
    return this.isReplaying()
  }

  /** A new session or a replay back at its start (WorldState.startOver): no result of before. */
  forget(): void {
    this.result = null
    this.error = null
    this.history = []
  }

  /** On a new session: the session's namespace in the draft, and the identities afresh. */
  async onSession(connectedAt: string, namespace: string): Promise<void> {
    if (this.namespaceSetFor === connectedAt) return
    this.namespaceSetFor = connectedAt
    this.draft.namespace = namespace
    this.mintError = null
    // A replay asks nothing. The results of the session before went when it began (forget).
    if (this.replaying) return
    await this.refreshIdentities()
  }

  async refreshIdentities(): Promise<void> {
    this.identityList = { status: 'loading', previous: this.identities }
    const res = await this.api.labIdentities({})
    this.identityList = toLoadable(res)
    if (res.ok) this.identities = res.value
  }

  async mint(namespace: string): Promise<void> {
    this.minting = true
    this.mintError = null
    const res = await this.api.labMintToken(namespace ? { namespace } : {})
    this.minting = false
    if (!res.ok) this.mintError = res.error
    await this.refreshIdentities()
  }

  async send(): Promise<void> {
    if (this.sending || this.replaying) return
    this.sending = true
    this.error = null
    const res = await this.api.labSend(specOf(this.draft))
    this.sending = false
    this.take(res)
  }

  /** An answer, sent now or replayed: the stage path plays, the history gains a line. */
  private take(res: Result<LabResult>): void {
    if (!res.ok) {
      this.error = res.error
      return
    }
    this.result = res.value
    this.sent += 1
    const r = res.value
    this.history = [
      {
        id: this.sent,
        line: `${r.request.method} ${r.request.path}`,
        status: r.status,
        stoppedAt: r.verdict.stoppedAt,
        dryRun: r.verdict.outcome === 'dry-run',
      },
      ...this.history,
    ].slice(0, 8)
  }
}
