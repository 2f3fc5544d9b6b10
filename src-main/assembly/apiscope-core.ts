// The core every host runs: it answers the contract's requests and pushes its events. Plain Node,
// no Electron. Payloads arrive as `unknown` and are parsed by the contract's schemas first.
import {
  invokeSchemas,
  isInvokeChannel,
  type EventChannel,
  type EventPayloads,
  type InvokeAnswers,
  type InvokeChannel,
  type InvokePayload,
} from '@common/contract'
import type { SessionInfo, SessionState } from '@common/kube-types'
import type { StoreBudget } from '@common/watch-types'
import { fail, ok, type Result, type UiError } from '@common/result'
import { saidError } from '@common/said-error'
import { told } from '@common/said-parts'
import { isMessageKey, said } from '@i18n/translate'
import { contextConfig } from '../core/client-config'
import { ClusterSession } from '../core/cluster-session'
import { loadKubeconfig, summarize } from '../core/kubeconfig-loader'
import { RequestLog } from '../core/request-log'
import { AuditBus } from '../core/audit-bus'
import { DEFAULT_STORE_BUDGET_MB } from '../core/watch/version-folding'
import { readSettings, writeSettings } from '../core/settings-file'
import {
  replayRefusal,
  type CoreContext,
  type CoreEventListener,
  type CoreOptions,
  type ReplaySource,
  type WatchesView,
  type World,
} from '../core/core-context'
import { kubectlProxyHandlers } from '../features/kubectl-proxy/handlers'
import { sessionHandlers } from '../features/session/handlers'
import { watchesHandlers } from '../features/watches/handlers'
import { labHandlers } from '../features/lab/handlers'
import { ownershipHandlers } from '../features/ownership/handlers'
import { recordingHandlers } from '../features/recording/handlers'
import { RecordingController } from '../features/recording/recording-controller'
import { trafficHandlers } from '../features/traffic/handlers'
import { walkthroughsHandlers } from '../features/walkthroughs/handlers'

/** The core's options and event listener are declared with the features' context (core-context.ts). */
export type { CoreEventListener, CoreOptions }

type Handlers = {
  [C in InvokeChannel]: (payload: InvokePayload<C>) => Promise<Result<InvokeAnswers[C]>>
}

const replaying = replayRefusal

const notConnected: UiError = saidError(
  'not-connected',
  said('core.err.notConnected'),
  said('core.err.notConnectedDetail'),
  said('core.err.notConnectedNext'),
)

/**
 * Why a payload does not validate, field by field: the path (the contract's names), and the
 * validator's words, or ours where a schema names a catalogue key as its message (messages.ts).
 */
function payloadIssues(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return told(
    issues.map((issue, i) => {
      const path = issue.path.map(String).join('.') || said('core.err.payload')
      const message = isMessageKey(issue.message)
        ? said(issue.message as 'core.err.payload')
        : issue.message
      return said(i === 0 ? 'core.err.issue' : 'core.err.issueNext', { path, message })
    }),
  )
}

/**
 * Two worlds: the live session (its watches, request log, traffic sources) and a replay shown over
 * it. A replay leaves the live session running; each world pushes only while it is on screen.
 */
export class ApiscopeCore {
  /** The live session's request log (a replay has its own, ReplaySource.requests). */
  readonly requestLog = new RequestLog()
  /** The shared audit stream (core/audit-bus.ts). */
  readonly audit = new AuditBus()
  private readonly closeHooks: (() => void | Promise<void>)[] = []
  private session: ClusterSession | null = null
  private replay: ReplaySource | null = null
  /** The live session's state, kept while a replay is on screen. */
  private state: SessionState = { status: 'idle' }
  private readonly listeners = new Set<CoreEventListener>()
  private connectSeq = 0
  /**
   * The store's budget in MB now: `--store-budget` (the options') for this run when given, else
   * the person's setting from the settings file, else the default; the setting changes it.
   */
  private storeBudgetMb: number
  /** The person's setting of the budget; null: the default. */
  private storeBudgetChosen: number | null
  private storeBudgetRemembered: boolean

  constructor(private readonly options: CoreOptions) {
    this.requestLog.subscribe((entry) => this.emit('kube:request-logged', entry))
    const saved = options.settingsFile
      ? readSettings(options.settingsFile).storeBudgetMb
      : undefined
    this.storeBudgetChosen = options.storeBudgetMb === undefined ? (saved ?? null) : null
    this.storeBudgetRemembered = this.storeBudgetChosen !== null
    this.storeBudgetMb = this.storeBudgetChosen ?? options.storeBudgetMb ?? DEFAULT_STORE_BUDGET_MB
  }

  private storeBudgetState(): StoreBudget {
    return {
      budgetMb: this.storeBudgetMb,
      defaultMb: this.options.storeBudgetMb ?? DEFAULT_STORE_BUDGET_MB,
      chosen: this.storeBudgetChosen !== null,
      remembered: this.storeBudgetRemembered,
    }
  }

  /** The setting: applies the budget to the live store at once and remembers it. */
  private setStoreBudget(mb: number | null): StoreBudget {
    this.storeBudgetChosen = mb
    this.storeBudgetMb = mb ?? this.options.storeBudgetMb ?? DEFAULT_STORE_BUDGET_MB
    this.session?.watches.store.setBudget(this.storeBudgetMb * 2 ** 20)
    const file = this.options.settingsFile
    const settings = file ? readSettings(file) : {}
    if (mb === null) delete settings.storeBudgetMb
    else settings.storeBudgetMb = mb
    this.storeBudgetRemembered = file ? writeSettings(file, settings) && mb !== null : false
    return this.storeBudgetState()
  }

  onEvent(listener: CoreEventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Pushes an event of `world` when that world is the one on screen (see World). */
  private emit<E extends EventChannel>(
    channel: E,
    payload: EventPayloads[E],
    world: World = 'live',
  ): void {
    if (world === 'live' && this.replay) return
    if (world === 'replay' && !this.replay) return
    for (const l of this.listeners) l(channel, payload)
  }

  private setState(state: SessionState): void {
    this.state = state
    this.emit('kube:session', state)
  }

  /** The session on screen: the replay's while one is open, else the live session's. */
  get sessionState(): SessionState {
    return this.replay ? { status: 'connected', info: this.replay.info } : this.state
  }

  /** The live session's state, also while a replay is on screen. */
  get liveSessionState(): SessionState {
    return this.state
  }

  /** Entry point for every host: untrusted channel and payload in, a Result out, never a throw. */
  async invoke(channel: unknown, payload: unknown): Promise<Result<unknown>> {
    if (!isInvokeChannel(channel)) {
      return fail(
        saidError(
          'bad-request',
          said('core.err.unknownRequest'),
          String(channel).slice(0, 80),
          null,
        ),
      )
    }
    const parsed = invokeSchemas[channel].safeParse(payload ?? {})
    if (!parsed.success) {
      return fail(
        saidError(
          'bad-request',
          said('core.err.malformed', { channel }),
          payloadIssues(parsed.error.issues),
          null,
        ),
      )
    }
    try {
      const handler = this.handlers[channel] as (p: unknown) => Promise<Result<unknown>>
      const result = await handler(parsed.data)
      this.recording.noteAnswer(channel, parsed.data, result)
      return result
    } catch (error) {
      return fail(
        saidError(
          'internal',
          said('fail.unexpected.title'),
          error instanceof Error ? error.message : String(error),
          said('fail.unexpected.next'),
        ),
      )
    }
  }

  private requireSession(): Result<ClusterSession> {
    if (this.replay) return fail(replaying)
    return this.session ? ok(this.session) : fail(notConnected)
  }

  private requireWatches(): Result<WatchesView> {
    if (this.replay) return ok(this.replay.watches)
    return this.session ? ok(this.session.watches) : fail(notConnected)
  }

  /**
   * Shows a replay over the live session, which goes on underneath; with null, closes it and shows
   * the live session again (its state now, its watches still running).
   */
  private setReplay(replay: ReplaySource | null): void {
    const leaving = this.replay
    this.replay = replay
    if (leaving && leaving !== replay) leaving.close()
    if (replay) this.emit('kube:session', { status: 'connected', info: replay.info }, 'replay')
    else this.emit('kube:session', this.state)
  }

  /** What feature handlers see of the core. */
  private readonly context: CoreContext = ((core: ApiscopeCore) => ({
    get options() {
      return core.options
    },
    get requestLog() {
      return core.requestLog
    },
    requireSession: () => core.requireSession(),
    requireWatches: () => core.requireWatches(),
    get liveSession() {
      return core.session
    },
    get replay() {
      return core.replay
    },
    setReplay: (replay) => core.setReplay(replay),
    announceReplay: () => {
      if (core.replay)
        core.emit('kube:session', { status: 'connected', info: core.replay.info }, 'replay')
    },
    onEvent: (listener) => core.onEvent(listener),
    emit: (channel, payload, world) => core.emit(channel, payload, world),
    get audit() {
      return core.audit
    },
    storeBudget: {
      get: () => core.storeBudgetState(),
      set: (mb) => core.setStoreBudget(mb),
    },
    onClose: (fn) => void core.closeHooks.push(fn),
  }))(this)

  /** Recording and replay (#6); hosts use it for --demo and the `record` command. */
  readonly recording = new RecordingController(this.context)

  /** Connects the live session to a context (kube:connect): the session's life is the core's. */
  private async connect(context: string | undefined): Promise<Result<SessionInfo>> {
    // Picking a context from a replay goes live: the replay closes first.
    if (this.replay) this.recording.close()
    const seq = ++this.connectSeq
    const loaded = loadKubeconfig(this.options.env, this.options.home)
    if (!loaded.ok) {
      this.closeSession()
      this.setState({ status: 'failed', context: context ?? '', error: loaded.error })
      return loaded
    }
    const name = context ?? summarize(loaded.value).defaultContext
    if (!name) {
      const error = saidError(
        'unknown-context',
        said('kcfg.noContexts.title'),
        said('kcfg.noContexts.detail', { files: loaded.value.files.join(', ') }),
        said('kcfg.noContexts.next'),
      )
      this.setState({ status: 'failed', context: '', error })
      return fail(error)
    }
    const config = contextConfig(loaded.value, name)
    if (!config.ok) {
      this.setState({ status: 'failed', context: name, error: config.error })
      return config
    }
    this.closeSession()
    this.setState({ status: 'connecting', context: name })
    const opened = await ClusterSession.open(config.value, this.requestLog, {
      onFrame: (frame) => this.emit('watch:frame', frame),
      ...(this.options.watch ? { watch: this.options.watch } : {}),
      storeBudgetMb: this.storeBudgetMb,
    })
    if (seq !== this.connectSeq) {
      // A newer connect superseded this one while it waited on the network.
      if (opened.ok) opened.value.close()
      return fail(saidError('internal', said('core.err.superseded'), '', null))
    }
    if (!opened.ok) {
      this.setState({ status: 'failed', context: name, error: opened.error })
      return opened
    }
    this.session = opened.value
    this.setState({ status: 'connected', info: opened.value.info })
    return ok(opened.value.info)
  }

  private readonly handlers: Handlers = {
    ...ownershipHandlers(this.context),
    ...labHandlers(this.context),
    ...trafficHandlers(this.context),
    ...recordingHandlers(this.context, this.recording),
    ...walkthroughsHandlers(this.context),
    ...kubectlProxyHandlers(this.context),
    ...sessionHandlers(this.context, (context) => this.connect(context)),
    ...watchesHandlers(this.context),
    'app:info': async () =>
      ok({
        name: 'Apiscope',
        version: this.options.version,
        host: this.options.host,
        platform: process.platform,
      }),
  }

  /** The current session, for hosts and tests that drive it directly. */
  get currentSession(): ClusterSession | null {
    return this.session
  }

  /** Closes the live session (a replay on screen stays). */
  private closeSession(): void {
    this.session?.close()
    this.session = null
  }

  /** Closes everything; the promise settles when the features' close hooks have (servers closed). */
  close(): Promise<void> {
    const hooks = this.closeHooks.splice(0).map(async (fn) => {
      try {
        await fn()
      } catch {
        // Closing goes on: one feature failing to stop must not keep the others open.
      }
    })
    this.audit.close()
    this.recording.shutdown()
    this.closeSession()
    this.replay?.close()
    this.replay = null
    this.listeners.clear()
    return Promise.all(hooks).then(() => undefined)
  }
}
