// One connection to one context: its transport, what /version said, and the discovery it last
// read (identity derivation and, later, watches need it).
import type { DiscoveryReport, ServerVersion, SessionInfo } from '@common/kube-types'
import type { WatchFrame } from '@common/watch-types'
import { ok, type Result } from '@common/result'
import type { ContextConfig } from './client-config'
import { fetchDiscovery, type DiscoveryCache } from './discovery'
import { FlowSchemaNames } from './flow-schema-names'
import { KubeTransport } from './kube-transport'
import type { RequestLog } from './request-log'
import { SessionWatches } from './watch/session-watches'
import { DEFAULT_STORE_BUDGET_MB } from './watch/version-folding'
import type { WatchesOptions } from './watch/watches-options'

export interface SessionOptions {
  onFrame: (frame: WatchFrame) => void
  watch?: WatchesOptions
  /** The store's budget in MB (docs/adr/0019); absent: DEFAULT_STORE_BUDGET_MB; 0: none. */
  storeBudgetMb?: number
}

export class ClusterSession {
  readonly transport: KubeTransport
  readonly watches: SessionWatches
  /** The FlowSchemas and priority levels by UID, for the names behind a 429's headers. */
  readonly flowNames: FlowSchemaNames
  private discovery: Promise<Result<DiscoveryReport>> | null = null
  /** /api and /apis with their ETags: a refresh revalidates them (304 when nothing changed). */
  private readonly discoveryCache: DiscoveryCache = new Map()

  private constructor(
    readonly config: ContextConfig,
    readonly info: SessionInfo,
    transport: KubeTransport,
    options: SessionOptions,
  ) {
    this.transport = transport
    this.flowNames = new FlowSchemaNames(transport)
    this.watches = new SessionWatches(
      config.context,
      transport,
      options.onFrame,
      {
        flowNames: (fs, pl) => this.flowNames.resolve(fs, pl),
        ...options.watch,
      },
      (options.storeBudgetMb ?? DEFAULT_STORE_BUDGET_MB) * 2 ** 20,
    )
  }

  /** Opens the session by asking /version, which every authenticated identity may read. */
  static async open(
    config: ContextConfig,
    log: RequestLog,
    options: SessionOptions,
  ): Promise<Result<ClusterSession>> {
    const transport = new KubeTransport(config, log)
    const version = await transport.json<ServerVersion>({ path: '/version', timeoutMs: 10_000 })
    if (!version.ok) {
      transport.close()
      return version
    }
    const info: SessionInfo = {
      context: config.context,
      server: config.server,
      namespace: config.namespace,
      version: version.value,
      connectedAt: new Date().toISOString(),
    }
    return ok(new ClusterSession(config, info, transport, options))
  }

  /** Discovery, read once and shared by concurrent callers; `refresh` reads it again. */
  getDiscovery(refresh = false): Promise<Result<DiscoveryReport>> {
    if (!this.discovery || refresh) {
      const pending = fetchDiscovery(this.transport, this.discoveryCache)
      this.discovery = pending
      // A failed read is not cached: the next caller tries again.
      void pending.then((res) => {
        if (!res.ok && this.discovery === pending) this.discovery = null
      })
    }
    return this.discovery
  }

  close(): void {
    this.watches.close()
    this.transport.close()
  }
}
