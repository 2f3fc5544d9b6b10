// The watch machinery of one cluster session: its event store, its pool of supervised watches and
// the frame batcher that feeds the renderer.
import type {
  ObjectVersionDetail,
  WatchFrame,
  WatchSnapshot,
  WatchStatus,
  WatchTarget,
} from '@common/watch-types'
import type { KubeTransport } from '../kube-transport'
import { EventStore } from './event-store'
import { FrameBatcher } from './frame-batcher'
import { objectDetail } from './object-detail'
import { WatchPool } from './watch-pool'
import { DEFAULT_SUPERVISOR_OPTIONS, type SupervisorOptions } from './watch-supervisor'

export class SessionWatches {
  readonly store = new EventStore()
  private readonly pool: WatchPool
  private readonly batcher: FrameBatcher

  constructor(
    context: string,
    transport: KubeTransport,
    send: (frame: WatchFrame) => void,
    options: Partial<SupervisorOptions> = {},
  ) {
    this.batcher = new FrameBatcher(this.store, send, () => this.pool.statuses())
    this.pool = new WatchPool(context, transport, this.store, (s) => this.batcher.noteStatus(s), {
      ...DEFAULT_SUPERVISOR_OPTIONS,
      ...options,
    })
  }

  start(target: WatchTarget): WatchStatus {
    return this.pool.acquire(target)
  }

  stop(id: number): boolean {
    return this.pool.release(id)
  }

  statuses(): WatchStatus[] {
    return this.pool.statuses()
  }

  snapshot(): WatchSnapshot {
    return this.batcher.snapshot()
  }

  async detail(eventIndex: number): Promise<ObjectVersionDetail | null> {
    return eventIndex >= 0 && eventIndex < this.store.size
      ? objectDetail(this.store, eventIndex)
      : null
  }

  close(): void {
    this.pool.stopAll()
    this.batcher.flushAll()
    this.batcher.close()
    this.store.close()
  }
}
