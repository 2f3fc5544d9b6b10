// Turns the store's events into frames for the renderer, {seq, events, lists, statuses}, at most
// about 60 a second. Ingest never waits on this: the store only notes what is new; a timer sends.
// A renderer that sees a gap in seq asks for a snapshot and starts again from it.
import type { WatchFrame, WatchSnapshot, WatchStatus } from '@common/watch-types'
import type { EventStore } from './event-store'

export const FRAME_INTERVAL_MS = 16

export class FrameBatcher {
  private seq = 0
  private sentEvents = 0
  private sentLists = 0
  private readonly changedStatuses = new Map<number, WatchStatus>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private lastFlush = 0
  private readonly offStore: () => void

  constructor(
    private readonly store: EventStore,
    private readonly send: (frame: WatchFrame) => void,
    private readonly allStatuses: () => WatchStatus[],
  ) {
    this.offStore = store.onEvent(() => this.schedule())
  }

  /** The supervisor's live status object; copied when the frame is sent. */
  noteStatus(status: WatchStatus): void {
    this.changedStatuses.set(status.id, status)
    this.schedule()
  }

  private schedule(): void {
    if (this.timer) return
    const wait = Math.max(0, FRAME_INTERVAL_MS - (Date.now() - this.lastFlush))
    this.timer = setTimeout(() => this.flush(), wait)
  }

  /** Sends what is pending now (if anything). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const size = this.store.size
    const lists = this.store.lists.length
    if (size === this.sentEvents && lists === this.sentLists && this.changedStatuses.size === 0)
      return
    const frame: WatchFrame = {
      seq: ++this.seq,
      events: this.store.events(this.sentEvents, size),
      lists: this.store.lists.slice(this.sentLists, lists),
      statuses: [...this.changedStatuses.values()].map((st) => ({ ...st })),
    }
    this.sentEvents = size
    this.sentLists = lists
    this.changedStatuses.clear()
    this.lastFlush = Date.now()
    this.send(frame)
  }

  /** Everything so far, consistent with the frame numbered `seq`; frames after it continue it. */
  snapshot(): WatchSnapshot {
    this.flush()
    return {
      seq: this.seq,
      events: this.store.events(0, this.sentEvents),
      lists: this.store.lists.slice(0, this.sentLists),
      statuses: this.allStatuses(),
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.offStore()
  }
}
