// The watch side of a replay: a real EventStore fed with the recorded writes, stamped with the
// recorded times, and the same frame batcher as a live session, so timeline, inspector and
// ownership read it exactly as they read a live session's watches. No transport: nothing is sent.
import type {
  ObjectVersionDetail,
  WatchFrame,
  WatchSnapshot,
  WatchStatus,
} from '@common/watch-types'
import { EventStore } from '../../core/watch/event-store'
import { FrameBatcher } from '../../core/watch/frame-batcher'
import { objectDetail } from '../../core/watch/object-detail'
import type { WatchesView } from '../../core/watch/watches-view'
import type { StoreLine } from './format'

export class ReplayWatches implements WatchesView {
  readonly store: EventStore
  private readonly batcher: FrameBatcher
  private readonly byId = new Map<number, WatchStatus>()
  /** The recorded time of the line being applied: the store stamps events with it. */
  private now = 0

  constructor(send: (frame: WatchFrame) => void) {
    this.store = new EventStore(() => this.now)
    this.batcher = new FrameBatcher(this.store, send, () => this.statuses())
  }

  apply(line: StoreLine): void {
    this.now = line.t
    switch (line.kind) {
      case 'object': {
        const i = this.store.recordObject(
          line.type,
          line.watch,
          line.meta,
          // Only lines that made a new version carry the object; the store ignores it otherwise.
          line.object === undefined ? '{}' : JSON.stringify(line.object),
          line.list,
        )
        // A version the live store had folded before the recording started: folded here too.
        if (line.folded) this.store.markFolded(i)
        break
      }
      case 'bookmark':
        this.store.recordBookmark(line.watch, line.rv)
        break
      case 'error':
        this.store.recordError(line.watch, line.note, line.code, line.rv, line.noteSaid)
        break
      case 'gone':
        // A GONE for an object the recording never showed (cut by an export): nothing to mark.
        if (this.store.history(line.uid)) {
          this.store.recordGone(line.watch, line.uid, line.listRv, line.note, line.noteSaid)
        }
        break
      case 'list':
        this.store.addList({ ...line.snapshot, firstEvent: this.store.size })
        break
      case 'list-page':
        // A page of a list an export cut before its start: nothing to add it to.
        if (this.store.lists[line.list]) this.store.addListPage(line.list, line.page)
        break
    }
  }

  noteStatuses(statuses: WatchStatus[]): void {
    for (const s of statuses) {
      this.byId.set(s.id, s)
      this.batcher.noteStatus(s)
    }
  }

  statuses(): WatchStatus[] {
    return [...this.byId.values()].map((s) => ({ ...s }))
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
    this.batcher.close()
    this.store.close()
  }
}
