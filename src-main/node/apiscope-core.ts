// The core every host runs: it answers the contract's requests and pushes its events. Plain Node,
// no Electron. Payloads arrive as `unknown` and are parsed by the contract's schemas first.
import {
  invokeSchemas,
  isInvokeChannel,
  type AppInfo,
  type EventChannel,
  type EventPayloads,
  type InvokeAnswers,
  type InvokeChannel,
  type InvokePayload,
} from '@common/contract'
import type { SessionState } from '@common/kube-types'
import { fail, ok, type Result, type UiError } from '@common/result'
import { contextConfig } from './client-config'
import { ClusterSession } from './cluster-session'
import { fetchHealth } from './health'
import { fetchAccessRules, fetchIdentity } from './identity'
import { loadKubeconfig, summarize } from './kubeconfig-loader'
import { RequestLog } from './request-log'
import type { CoreContext } from './features/core-context'
import { labHandlers } from './features/lab-handlers'
import { ownershipHandlers } from './features/ownership-handlers'
import { recordingHandlers } from './features/recording-handlers'
import { trafficHandlers } from './features/traffic-handlers'
import { walkthroughsHandlers } from './features/walkthroughs-handlers'
import type { SupervisorOptions } from './watch/watch-supervisor'

export type CoreEventListener = <E extends EventChannel>(
  channel: E,
  payload: EventPayloads[E],
) => void

export interface CoreOptions {
  host: AppInfo['host']
  version: string
  env?: NodeJS.ProcessEnv
  home?: string
  /** Watch tuning (tests shorten timeouts). */
  watch?: Partial<SupervisorOptions>
}

type Handlers = {
  [C in InvokeChannel]: (payload: InvokePayload<C>) => Promise<Result<InvokeAnswers[C]>>
}

const notConnected: UiError = {
  kind: 'not-connected',
  title: 'Not connected to a cluster',
  detail: 'Pick a context to connect to.',
  nextStep: 'Choose a context in the bar at the top.',
}

export class ApiscopeCore {
  readonly requestLog = new RequestLog()
  private session: ClusterSession | null = null
  private state: SessionState = { status: 'idle' }
  private readonly listeners = new Set<CoreEventListener>()
  private connectSeq = 0

  constructor(private readonly options: CoreOptions) {
    this.requestLog.subscribe((entry) => this.emit('kube:request-logged', entry))
  }

  onEvent(listener: CoreEventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit<E extends EventChannel>(channel: E, payload: EventPayloads[E]): void {
    for (const l of this.listeners) l(channel, payload)
  }

  private setState(state: SessionState): void {
    this.state = state
    this.emit('kube:session', state)
  }

  get sessionState(): SessionState {
    return this.state
  }

  /** Entry point for every host: untrusted channel and payload in, a Result out, never a throw. */
  async invoke(channel: unknown, payload: unknown): Promise<Result<unknown>> {
    if (!isInvokeChannel(channel)) {
      return fail({
        kind: 'bad-request',
        title: 'Unknown request',
        detail: String(channel).slice(0, 80),
        nextStep: '',
      })
    }
    const parsed = invokeSchemas[channel].safeParse(payload ?? {})
    if (!parsed.success) {
      return fail({
        kind: 'bad-request',
        title: `Malformed ${channel} request`,
        detail: parsed.error.issues
          .map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`)
          .join('; '),
        nextStep: '',
      })
    }
    try {
      const handler = this.handlers[channel] as (p: unknown) => Promise<Result<unknown>>
      return await handler(parsed.data)
    } catch (error) {
      return fail({
        kind: 'internal',
        title: 'Unexpected error',
        detail: error instanceof Error ? error.message : String(error),
        nextStep: 'Please report this, with the request log.',
      })
    }
  }

  private requireSession(): Result<ClusterSession> {
    return this.session ? ok(this.session) : fail(notConnected)
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
    emit: (channel, payload) => core.emit(channel, payload),
  }))(this)

  private readonly handlers: Handlers = {
    ...ownershipHandlers(this.context),
    ...labHandlers(this.context),
    ...trafficHandlers(this.context),
    ...recordingHandlers(this.context),
    ...walkthroughsHandlers(this.context),
    'app:info': async () =>
      ok({
        name: 'Apiscope',
        version: this.options.version,
        host: this.options.host,
        platform: process.platform,
      }),

    'kube:contexts': async () => {
      const loaded = loadKubeconfig(this.options.env, this.options.home)
      return loaded.ok ? ok(summarize(loaded.value)) : loaded
    },

    'kube:connect': async ({ context }) => {
      const seq = ++this.connectSeq
      const loaded = loadKubeconfig(this.options.env, this.options.home)
      if (!loaded.ok) {
        this.closeSession()
        this.setState({ status: 'failed', context: context ?? '', error: loaded.error })
        return loaded
      }
      const name = context ?? summarize(loaded.value).defaultContext
      if (!name) {
        const error: UiError = {
          kind: 'unknown-context',
          title: 'The kubeconfig has no context',
          detail: `${loaded.value.files.join(', ')} define no context.`,
          nextStep: 'Create one (kubectl config set-context) or start minikube.',
        }
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
      })
      if (seq !== this.connectSeq) {
        // A newer connect superseded this one while it waited on the network.
        if (opened.ok) opened.value.close()
        return fail({
          kind: 'internal',
          title: 'Superseded by another connection',
          detail: '',
          nextStep: '',
        })
      }
      if (!opened.ok) {
        this.setState({ status: 'failed', context: name, error: opened.error })
        return opened
      }
      this.session = opened.value
      this.setState({ status: 'connected', info: opened.value.info })
      return ok(opened.value.info)
    },

    'kube:identity': async () => {
      const s = this.requireSession()
      if (!s.ok) return s
      const discovery = await s.value.getDiscovery()
      return fetchIdentity(s.value.transport, discovery.ok ? discovery.value.resources : [])
    },

    'kube:access-rules': async ({ namespace }) => {
      const s = this.requireSession()
      return s.ok ? fetchAccessRules(s.value.transport, namespace) : s
    },

    'kube:health': async () => {
      const s = this.requireSession()
      return s.ok ? ok(await fetchHealth(s.value.transport)) : s
    },

    'kube:discovery': async ({ refresh }) => {
      const s = this.requireSession()
      return s.ok ? s.value.getDiscovery(refresh === true) : s
    },

    'kube:request-log': async () => ok(this.requestLog.snapshot()),

    'watch:start': async ({ target }) => {
      const s = this.requireSession()
      return s.ok ? ok(s.value.watches.start(target)) : s
    },

    'watch:stop': async ({ id }) => {
      const s = this.requireSession()
      return s.ok ? ok({ stopped: s.value.watches.stop(id) }) : s
    },

    'watch:snapshot': async () => {
      const s = this.requireSession()
      return s.ok
        ? ok(s.value.watches.snapshot())
        : ok({ seq: 0, events: [], lists: [], statuses: [] })
    },

    'watch:event-detail': async ({ index }) => {
      const s = this.requireSession()
      if (!s.ok) return s
      const detail = await s.value.watches.detail(index)
      return detail
        ? ok(detail)
        : fail({
            kind: 'bad-request',
            title: `No object behind event ${index}`,
            detail: 'Bookmarks and errors carry no object.',
            nextStep: '',
          })
    },
  }

  /** The current session, for hosts and tests that drive it directly. */
  get currentSession(): ClusterSession | null {
    return this.session
  }

  private closeSession(): void {
    this.session?.close()
    this.session = null
  }

  close(): void {
    this.closeSession()
    this.listeners.clear()
  }
}
