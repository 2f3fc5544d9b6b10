// Turns the store's events into frames for the renderer, {seq, events, lists, statuses}: a
// trickle at most about 60 a second, a backlog as fast as the page takes full frames (below).
// Ingest never waits on this: the store only notes what is new; a timer sends.
// A frame holds at most about FRAME_BUDGET_BYTES of events (a list of 50,000 objects goes as
// some twenty frames, not one 10 MB message the renderer handles in one long task); what is
// left goes in the next frames, one per interval, or sooner: once a page says it took the last
// frame sent (taken) and a full frame's worth waits, the next goes at once. So a backlog (a list
// arriving faster than a frame an interval carries) drains at the pace the page takes it, in full
// frames; what is less than a frame, a trickle of events too, still goes at most 60 frames a
// second. A list that grew a page is sent again whole.
// A renderer that sees a gap in seq asks for a snapshot and starts again from it.
import type {
  ListSnapshot,
  TimelineEvent,
  WatchFrame,
  WatchSnapshot,
  WatchStatus,
} from '@common/watch-types'
import { realClock, type Clock, type TimerHandle } from '@common/clock'
import type { EventStore } from './event-store'

export const FRAME_INTERVAL_MS = 16
/** About 500 KB of JSON a frame: some 2,500 events of 200 bytes. */
export const FRAME_BUDGET_BYTES = 512 * 1024

/** A TimelineEvent's JSON length, near enough: its strings plus the fixed keys and numbers. */
function eventBytes(e: TimelineEvent): number {
  return (
    150 +
    e.uid.length +
    e.kind.length +
    e.ns.length +
    e.name.length +
    e.rv.length +
    (e.note ? e.note.length + 10 : 0)
  )
}

export class FrameBatcher {
  private seq = 0
  private sentEvents = 0
  private sentLists = 0
  private readonly changedStatuses = new Map<number, WatchStatus>()
  private timer: TimerHandle | null = null
  private lastFlush = 0
  /** The last frame a page said it took (taken). */
  private takenSeq = 0
  /** Events in the last frame the budget filled (0: none yet): what "a full frame" counts. */
  private fullCount = 0
  /** Whether the timer set is one of 0 ms (the page took the last frame, a full one waits). */
  private timerEarly = false
  private readonly offStore: () => void

  constructor(
    private readonly store: EventStore,
    private readonly send: (frame: WatchFrame) => void,
    private readonly allStatuses: () => WatchStatus[],
    private readonly budgetBytes = FRAME_BUDGET_BYTES,
    private readonly clock: Clock = realClock,
  ) {
    this.offStore = store.onEvent(() => this.schedule())
  }

  /** The supervisor's live status object; copied when the frame is sent. */
  noteStatus(status: WatchStatus): void {
    this.changedStatuses.set(status.id, status)
    this.schedule()
  }

  /**
   * A page took frame `seq` (applied it): when that is the last frame sent and a full frame's
   * worth of events waits, the next goes now rather than at the interval's end. Any page's word
   * counts (a browser host serves several tabs; one that falls behind waits in its own queue,
   * tab-queue.ts); a frame number this batcher did not send changes nothing.
   */
  taken(seq: number): void {
    if (seq > this.seq || seq <= this.takenSeq) return
    this.takenSeq = seq
    this.schedule()
  }

  /** The page took the last frame sent and a full frame's worth waits: no reason to wait. */
  private early(): boolean {
    return (
      this.takenSeq === this.seq &&
      this.fullCount > 0 &&
      this.store.size - this.sentEvents >= this.fullCount
    )
  }

  /** Runs at every event stored: cheap unless the timer can be brought forward. */
  private schedule(): void {
    if (this.timer) {
      if (this.timerEarly || !this.early()) return
      this.clock.clearTimeout(this.timer)
    }
    this.timerEarly = this.early()
    const wait = this.timerEarly
      ? 0
      : Math.max(0, FRAME_INTERVAL_MS - (this.clock.now() - this.lastFlush))
    this.timer = this.clock.setTimeout(() => this.flush(), wait)
  }

  /** Sends what is pending now (if anything), up to the budget; schedules the rest. */
  flush(): void {
    if (this.timer) this.clock.clearTimeout(this.timer)
    this.timer = null
    const size = this.store.size
    const lists = this.store.lists.length
    const grown = this.store.takeChangedLists().filter((id) => id < this.sentLists)
    const folds = this.store.takeEventFolds()
    if (
      size === this.sentEvents &&
      lists === this.sentLists &&
      grown.length === 0 &&
      folds.length === 0 &&
      this.changedStatuses.size === 0
    )
      return
    const events: TimelineEvent[] = []
    let bytes = 0
    let to = this.sentEvents
    while (to < size && (bytes < this.budgetBytes || events.length === 0)) {
      // A mark folded before it was sent is not sent (the page's copy folds the same way).
      if (!this.store.has(to)) {
        to++
        continue
      }
      const e = this.store.event(to++)
      bytes += eventBytes(e)
      events.push(e)
    }
    // A list goes with the frame that carries its first event (or any, once all are sent).
    let listsTo = this.sentLists
    while (listsTo < lists && (this.store.lists[listsTo] as ListSnapshot).firstEvent <= to)
      listsTo++
    const frame: WatchFrame = {
      seq: ++this.seq,
      events,
      lists: [
        ...grown.map((id) => this.store.lists[id] as ListSnapshot),
        ...this.store.lists.slice(this.sentLists, listsTo),
      ].map((l) => ({ ...l, pages: [...l.pages] })),
      statuses: [...this.changedStatuses.values()].map((st) => ({ ...st })),
      ...(folds.length ? { folds } : {}),
    }
    this.sentEvents = to
    this.sentLists = listsTo
    this.changedStatuses.clear()
    this.lastFlush = this.clock.now()
    if (to < size) this.fullCount = events.length
    this.send(frame)
    if (to < size || listsTo < lists) this.schedule()
  }

  /** Sends everything pending now, in as many frames as the budget needs. */
  flushAll(): void {
    do this.flush()
    while (this.sentEvents < this.store.size || this.sentLists < this.store.lists.length)
  }

  /** Everything so far, consistent with the frame numbered `seq`; frames after it continue it. */
  snapshot(): WatchSnapshot {
    this.flushAll()
    return {
      seq: this.seq,
      events: this.store.events(0, this.sentEvents),
      lists: this.store.lists.slice(0, this.sentLists),
      statuses: this.allStatuses(),
    }
  }

  close(): void {
    if (this.timer) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.offStore()
  }
}
