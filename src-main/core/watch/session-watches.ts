// The watch machinery of one cluster session: its event store, its pool of supervised watches, the
// watches other clients run through the kubectl proxy (read as they pass, relayed-watch.ts) and the
// frame batcher that feeds the renderer.
import type {
  ObjectVersionDetail,
  WatchFrame,
  WatchSnapshot,
  WatchStatus,
  WatchTarget,
} from '@common/watch-types'
import { numberFormat } from '@i18n/number-format'
import type { KubeTransport } from '../kube-transport'
import { EventStore } from './event-store'
import { accountExternalMemoryInGlobalLimit } from './external-memory-limit'
import { FRAME_BUDGET_BYTES, FrameBatcher } from './frame-batcher'
import type { WatchesView } from './watches-view'
import { objectDetail } from './object-detail'
import { RelayedWatch, type RelayedWatchRequest } from './relayed-watch'
import { WatchPool } from './watch-pool'
import { DEFAULT_SUPERVISOR_OPTIONS } from './supervisor-options'
import type { WatchesOptions } from './watches-options'

export class SessionWatches implements WatchesView {
  readonly store: EventStore
  private readonly pool: WatchPool
  private readonly batcher: FrameBatcher
  private readonly relayedWatches = new Map<number, RelayedWatch>()

  constructor(
    context: string,
    transport: KubeTransport,
    send: (frame: WatchFrame) => void,
    { frameBudgetBytes = FRAME_BUDGET_BYTES, ...options }: WatchesOptions = {},
    /** The store's budget (version-folding.ts); 0 keeps every version. */
    storeBudgetBytes = 0,
  ) {
    // The watches' statuses say counts in English (said(): `{{n, number}}`) through one kept
    // Intl.NumberFormat, whose first making in a process loads ICU's data, 15 to 25 ms of CPU:
    // made as the session opens, not in the middle of reading its first list (docs/bench.md).
    numberFormat('en')
    // The socket's reads freed by scavenges, not full markings (external-memory-limit.ts).
    accountExternalMemoryInGlobalLimit()
    this.store = new EventStore(Date.now, storeBudgetBytes)
    this.batcher = new FrameBatcher(
      this.store,
      send,
      () => this.statuses(),
      frameBudgetBytes,
      options.clock,
    )
    this.pool = new WatchPool(context, transport, this.store, (s) => this.batcher.noteStatus(s), {
      ...DEFAULT_SUPERVISOR_OPTIONS,
      ...options,
    })
  }

  start(target: WatchTarget): WatchStatus {
    return this.pool.acquire(target)
  }

  /** A watch relayed by the kubectl proxy, fed its answer's chunks; it leaves when it ends. */
  relayed(request: RelayedWatchRequest): RelayedWatch {
    const id = this.pool.reserveId()
    const watch = new RelayedWatch(
      id,
      request,
      this.store,
      (s) => this.batcher.noteStatus(s),
      () => this.relayedWatches.delete(id),
    )
    this.relayedWatches.set(id, watch)
    return watch
  }

  /** Stops one of Apiscope's watches; a relayed one is cut (its client sees the connection close). */
  stop(id: number): boolean {
    const relayed = this.relayedWatches.get(id)
    if (relayed) return relayed.cut()
    return this.pool.release(id)
  }

  statuses(): WatchStatus[] {
    return [
      ...this.pool.statuses(),
      ...[...this.relayedWatches.values()].map((w) => ({ ...w.status })),
    ].sort((a, b) => a.id - b.id)
  }

  snapshot(): WatchSnapshot {
    return this.batcher.snapshot()
  }

  frameTaken(seq: number): void {
    this.batcher.taken(seq)
  }

  async detail(eventIndex: number): Promise<ObjectVersionDetail | null> {
    return eventIndex >= 0 && eventIndex < this.store.size
      ? objectDetail(this.store, eventIndex)
      : null
  }

  close(): void {
    this.pool.stopAll()
    for (const w of [...this.relayedWatches.values()]) w.abandon('the session closed')
    this.batcher.flushAll()
    this.batcher.close()
    this.store.close()
  }
}
