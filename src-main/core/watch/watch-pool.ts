// The watches of one session, keyed by (context, group/version/resource, namespace, selectors,
// mode) and reference-counted: asking twice for the same watch shares it; the last release stops it.
import type { WatchStatus, WatchTarget } from '@common/watch-types'
import type { KubeTransport } from '../kube-transport'
import type { EventStore } from './event-store'
import { DEFAULT_SUPERVISOR_OPTIONS, type SupervisorOptions } from './supervisor-options'
import { WatchSupervisor } from './watch-supervisor'
import { targetKey } from './watch-target'

interface Entry {
  supervisor: WatchSupervisor
  key: string
  refs: number
}

export class WatchPool {
  private readonly byKey = new Map<string, Entry>()
  private readonly byId = new Map<number, Entry>()
  private nextId = 1

  constructor(
    private readonly context: string,
    private readonly transport: KubeTransport,
    private readonly store: EventStore,
    private readonly onStatus: (status: WatchStatus) => void,
    private readonly options: SupervisorOptions = DEFAULT_SUPERVISOR_OPTIONS,
  ) {}

  /** An id of the pool's numbering for a watch it does not run (one relayed by the kubectl proxy). */
  reserveId(): number {
    return this.nextId++
  }

  acquire(target: WatchTarget): WatchStatus {
    const key = targetKey(this.context, target)
    const existing = this.byKey.get(key)
    if (existing) {
      existing.refs++
      return { ...existing.supervisor.status }
    }
    const supervisor = new WatchSupervisor(
      this.nextId++,
      target,
      this.transport,
      this.store,
      this.onStatus,
      this.options,
    )
    const entry = { supervisor, key, refs: 1 }
    this.byKey.set(key, entry)
    this.byId.set(supervisor.id, entry)
    supervisor.start()
    return { ...supervisor.status }
  }

  /** Drops one reference; stops the watch when none is left. Returns false for an unknown id. */
  release(id: number): boolean {
    const entry = this.byId.get(id)
    if (!entry) return false
    entry.refs--
    if (entry.refs <= 0) {
      entry.supervisor.stop()
      this.byKey.delete(entry.key)
      this.byId.delete(id)
    }
    return true
  }

  statuses(): WatchStatus[] {
    return [...this.byId.values()].map((e) => ({ ...e.supervisor.status }))
  }

  stopAll(): void {
    for (const entry of this.byId.values()) entry.supervisor.stop()
    this.byId.clear()
    this.byKey.clear()
  }
}
