// Every event the watches delivered, in arrival order, and every object's full version history.
// Events are columns of typed arrays (about 31 bytes each); an object's versions are kept by
// VersionHistory (a worker: each version as bytes, a delta from the one before; version-store.ts).
// An object's versions follow its resourceVersions where they are comparable (docs/adr/0005).
import { compareResourceVersions, numericResourceVersion } from '@common/resource-version'
import type { SaidAs } from '@common/result'
import { grown } from '@common/typed-arrays'
import {
  TIMELINE_EVENT_TYPES,
  type ListPage,
  type ListSnapshot,
  type StoreFolding,
  type TimelineEvent,
  type TimelineEventType,
} from '@common/watch-types'
import { eventsCost } from './version-folding'
import { VersionHistory } from './version-history'
import type { ScannedEvent } from './watch-line-scanner'

type Obj = Record<string, unknown>

/** The versionEvents of an object before its first event (never written to). */
const EMPTY: number[] = []

const TYPES = TIMELINE_EVENT_TYPES
const TYPE_CODE = new Map(TYPES.map((t, i) => [t, i]))

/** What the store keeps of an object beside its versions: what the line scanner reads. */
export type ObjectMeta = Omit<ScannedEvent, 'type'>

export interface ObjectHistory {
  /** Position in the store; the version history knows the object by it. */
  index: number
  uid: string
  kind: string
  apiVersion: string
  namespace: string
  name: string
  /** How many distinct versions were seen. */
  versionCount: number
  /** The event index that produced each version. */
  versionEvents: number[]
  /** The newest resourceVersion held (by Kubernetes 1.35's rule; the last one where not comparable). */
  latestRv: string
  /** The version at latestRv: the last one, unless an older one the store never held came after. */
  latestVersion: number
  /** The last event that touched this object (LISTED repeats included); -1 before the first. */
  lastEvent: number
  deleted: boolean
  /**
   * 0 when every version is kept; else versions 1..foldedBelow-1 were folded away to stay within
   * the store's budget (version-folding.ts): their events stay, their objects are gone.
   */
  foldedBelow: number
  /**
   * Every version up to foldedBelow-1 was folded, the first too: the object was deleted and its
   * versions folded (its events, uid, kind, namespace and name stay).
   */
  foldedAll?: true
}

class GrowableColumns {
  capacity = 1024
  length = 0
  type = new Uint8Array(this.capacity)
  watch = new Uint16Array(this.capacity)
  time = new Float64Array(this.capacity)
  rvn = new Float64Array(this.capacity)
  object = new Int32Array(this.capacity)
  version = new Int32Array(this.capacity)
  list = new Int32Array(this.capacity)

  push(): number {
    if (this.length === this.capacity) this.grow()
    return this.length++
  }

  private grow(): void {
    const cap = this.capacity * 2
    this.type = grown(this.type, cap)
    this.watch = grown(this.watch, cap)
    this.time = grown(this.time, cap)
    this.rvn = grown(this.rvn, cap)
    this.object = grown(this.object, cap)
    this.version = grown(this.version, cap)
    this.list = grown(this.list, cap)
    this.capacity = cap
  }
}

export type StoreListener = (eventIndex: number) => void

/**
 * Every write to the store, with the arguments that made it: a recorder keeps these and a replay
 * feeds them to a fresh store (src-main/features/recording/), which then holds the same events.
 */
export type StoreOp =
  | {
      op: 'object'
      type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'LISTED'
      watch: number
      meta: ObjectMeta
      json: Uint8Array | string
      list: number
    }
  | { op: 'bookmark'; watch: number; rv: string }
  | { op: 'error'; watch: number; note: string; code?: number; rv: string; noteSaid?: SaidAs }
  | { op: 'gone'; watch: number; uid: string; listRv: string; note: string; noteSaid?: SaidAs }
  | { op: 'list'; snapshot: Omit<ListSnapshot, 'id'> }
  | { op: 'list-page'; list: number; page: ListPage }
export type StoreTap = (op: StoreOp, eventIndex: number) => void

export class EventStore {
  private readonly cols = new GrowableColumns()
  /** resourceVersions that are not plain integers, by event index (rare). */
  private readonly rvText = new Map<number, string>()
  private readonly notes = new Map<number, { note: string; code?: number; said?: SaidAs }>()
  private readonly objects: ObjectHistory[] = []
  private readonly byUid = new Map<string, number>()
  /**
   * Kinds, apiVersions and namespaces, one string each: the scanner reads a fresh copy from every
   * event, and 150,000 objects in 100 namespaces would otherwise keep 150,000 copies.
   */
  private readonly words = new Map<string, string>()
  readonly lists: ListSnapshot[] = []
  /** Lists that gained a page since the frame batcher last took them (takeChangedLists). */
  private readonly changedLists = new Set<number>()
  private readonly listeners = new Set<StoreListener>()
  private readonly taps = new Set<StoreTap>()
  readonly versions: VersionHistory
  private clock: () => number
  private foldedVersions = 0
  private foldedObjects = 0
  private foldedDeleted = 0
  private foldedDeletedVersions = 0
  private historyBytes = 0
  /** Versions seen, every object's (kept and folded). */
  private versionTotal = 0

  /**
   * budget: what the version history and the events may cost, in bytes, before the worker folds
   * versions away (version-folding.ts; 0: every version, forever; a replay's store).
   */
  constructor(
    clock: () => number = Date.now,
    private budget = 0,
  ) {
    this.clock = clock
    this.versions = new VersionHistory(budget, (folds, bytes, dropped) =>
      this.noteFolds(folds, bytes, dropped),
    )
  }

  /** What the version history and the events may cost before versions are folded (0: no limit). */
  get budgetBytes(): number {
    return this.budget
  }

  /** Changes the budget (the setting): past it, the worker folds at once; 0 folds no more. */
  setBudget(bytes: number): void {
    this.budget = bytes
    this.versions.setBudget(bytes)
    if (bytes > 0) this.versions.countEvents(this.eventsBytes())
  }

  /**
   * The worker folded versions away: pairs of object index and its new foldedBelow; pairs of a
   * deleted object's index and its count of versions, every one folded.
   */
  private noteFolds(
    folds: readonly number[],
    bytes: number,
    dropped: readonly number[] = [],
  ): void {
    this.historyBytes = bytes
    for (let k = 0; k < folds.length; k += 2) {
      const h = this.objects[folds[k] as number]
      const below = folds[k + 1] as number
      if (!h || h.foldedAll || below <= h.foldedBelow) continue
      if (h.foldedBelow === 0) this.foldedObjects++
      this.foldedVersions += below - Math.max(1, h.foldedBelow)
      h.foldedBelow = below
    }
    for (let k = 0; k < dropped.length; k += 2) {
      const h = this.objects[dropped[k] as number]
      const count = dropped[k + 1] as number
      if (!h || h.foldedAll) continue
      // Counted among the deleted objects from now on, not the busy ones.
      if (h.foldedBelow > 0) this.foldedObjects--
      this.foldedDeleted++
      this.foldedDeletedVersions += count
      this.foldedVersions += count - Math.max(0, h.foldedBelow - 1)
      h.foldedBelow = count
      h.foldedAll = true
    }
  }

  /**
   * Marks event i's version folded (a replay of a recording whose backfill had none for it): its
   * object's folded range grows to it. Versions are folded from the second one up, in order.
   */
  markFolded(i: number): void {
    const object = this.cols.object[i] as number
    const h = this.objects[object]
    const v = this.cols.version[i] as number
    if (h && v >= Math.max(1, h.foldedBelow)) this.noteFolds([object, v + 1], this.historyBytes)
  }

  /** What the budget folded so far (the timeline's note). */
  folding(): StoreFolding {
    return {
      budgetMb: this.budgetBytes / 2 ** 20,
      foldedVersions: this.foldedVersions,
      foldedObjects: this.foldedObjects,
      foldedDeleted: this.foldedDeleted,
      foldedDeletedVersions: this.foldedDeletedVersions,
      historyMb: this.historyBytes / 2 ** 20,
      eventsMb: this.eventsBytes() / 2 ** 20,
    }
  }

  /** What the events cost on this thread, as the budget counts them (version-folding.ts). */
  eventsBytes(): number {
    return eventsCost({
      capacity: this.cols.capacity,
      versions: this.versionTotal,
      objects: this.objects.length,
    })
  }

  /**
   * Whether event i's version was folded away: how many of its object's versions were, and
   * whether all of them were because the object was deleted.
   */
  foldedAt(i: number): { folded: number; deleted?: true } | null {
    if (i < 0 || i >= this.cols.length) return null
    const h = this.objects[this.cols.object[i] as number]
    const v = this.cols.version[i] as number
    if (!h || v < 0) return null
    // A version that came after the fold is not kept either.
    if (h.foldedAll) return { folded: h.versionCount, deleted: true }
    return v >= 1 && v < h.foldedBelow ? { folded: h.foldedBelow - 1 } : null
  }

  get size(): number {
    return this.cols.length
  }

  get objectCount(): number {
    return this.objects.length
  }

  /** Objects, versions kept and folded, and events the store holds (the soak samples it). */
  counts(): { objects: number; versions: number; folded: number; events: number } {
    let versions = 0
    for (const h of this.objects) versions += h.versionCount
    return {
      objects: this.objects.length,
      versions: versions - this.foldedVersions,
      folded: this.foldedVersions,
      events: this.cols.length,
    }
  }

  onEvent(listener: StoreListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Sees every write with its arguments, after the store applied it (the recorder's hook). */
  tap(tap: StoreTap): () => void {
    this.taps.add(tap)
    return () => this.taps.delete(tap)
  }

  /** The clock events are stamped with (a replay sets the recorded times). */
  setClock(clock: () => number): void {
    this.clock = clock
  }

  /** The one copy of a kind, apiVersion or namespace. */
  private word(w: string): string {
    const held = this.words.get(w)
    if (held !== undefined) return held
    this.words.set(w, w)
    return w
  }

  private tell(op: StoreOp, i: number): void {
    for (const t of this.taps) t(op, i)
  }

  private push(
    type: TimelineEventType,
    watch: number,
    rv: string,
    objectIdx: number,
    version: number,
    list = -1,
  ): number {
    const c = this.cols
    const i = c.push()
    c.type[i] = TYPE_CODE.get(type) as number
    c.watch[i] = watch
    c.time[i] = this.clock()
    const n = numericResourceVersion(rv)
    c.rvn[i] = n ?? Number.NaN
    if (n === null) this.rvText.set(i, rv)
    c.object[i] = objectIdx
    c.version[i] = version
    c.list[i] = list
    // The events count in the budget: the worker hears what they cost every 1,024 events.
    if ((i & 1023) === 0 && this.budgetBytes > 0) this.versions.countEvents(this.eventsBytes())
    return i
  }

  private announce(i: number): void {
    for (const l of this.listeners) l(i)
  }

  /**
   * Records an object as a watch delivered it (ADDED, MODIFIED, DELETED) or a list returned it
   * (LISTED): what the timeline needs, and its JSON (the bytes of the watch line, or a list item
   * serialized again) for the version history.
   */
  recordObject(
    type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'LISTED',
    watch: number,
    meta: ObjectMeta,
    json: Uint8Array | string,
    list = -1,
  ): number {
    const uid = meta.uid || `${meta.namespace}/${meta.name}`
    const rv = meta.resourceVersion
    let idx = this.byUid.get(uid)
    let h: ObjectHistory
    let version: number
    if (idx === undefined) {
      idx = this.objects.length
      this.byUid.set(uid, idx)
      h = {
        index: idx,
        uid,
        kind: this.word(meta.kind),
        apiVersion: this.word(meta.apiVersion),
        namespace: this.word(meta.namespace),
        name: meta.name,
        versionCount: 0,
        // Filled below with its first event: most objects never get a second version, and an
        // array grown from empty would reserve room for 16.
        versionEvents: EMPTY,
        latestRv: '',
        latestVersion: -1,
        lastEvent: -1,
        deleted: false,
        foldedBelow: 0,
      }
      this.objects.push(h)
    } else {
      h = this.objects[idx] as ObjectHistory
    }
    // The same version seen again (a relist, a second watch); a deletion is a version of its own.
    const same = h.versionCount > 0 && h.latestRv === rv && (type !== 'DELETED' || h.deleted)
    // Older than the latest by the rule (one object, so one resource type: comparable since 1.35):
    // a second watch or a list behind a watch. It changes neither the latest version nor whether
    // the object is deleted.
    const older = !same && compareResourceVersions(rv, h.latestRv) === -1
    const held = older ? this.versionAt(h, rv) : -1
    if (same) {
      version = h.latestVersion
    } else if (held >= 0) {
      version = held
    } else {
      version = h.versionCount++
      this.versionTotal++
      this.versions.add(idx, version, json, type === 'DELETED' && !older)
      // An older version the store never held is kept, after the others (arrival order); a
      // newer one, or one that does not compare, becomes the latest.
      if (!older) {
        h.latestRv = rv
        h.latestVersion = version
        h.deleted = type === 'DELETED'
      }
    }
    if (h.kind === '' && meta.kind) h.kind = this.word(meta.kind)
    const i = this.push(type, watch, rv, idx, version, list)
    if (h.versionEvents === EMPTY) h.versionEvents = [i]
    else if (h.versionEvents.length <= version) h.versionEvents.push(i)
    h.lastEvent = i
    if (this.taps.size) this.tell({ op: 'object', type, watch, meta, json, list }, i)
    this.announce(i)
    return i
  }

  /** The version of h held at resourceVersion rv, newest first (a lagging watch is close); or -1. */
  private versionAt(h: ObjectHistory, rv: string): number {
    // A plain integer (no leading zero) is its number: compared as one, no string made per version.
    const n = numericResourceVersion(rv)
    for (let v = h.versionCount - 1; v >= 0; v--) {
      const i = h.versionEvents[v] as number
      if (n !== null ? this.cols.rvn[i] === n : this.rvOf(i) === rv) return v
    }
    return -1
  }

  private rvOf(i: number): string {
    const n = this.cols.rvn[i] as number
    return Number.isNaN(n) ? (this.rvText.get(i) ?? '') : String(n)
  }

  /** Resolves once every version handed over is stored (benchmarks measure memory after it). */
  compacted(): Promise<void> {
    return this.versions.settled()
  }

  close(): void {
    this.versions.close()
  }

  recordBookmark(watch: number, rv: string): number {
    const i = this.push('BOOKMARK', watch, rv, -1, -1)
    if (this.taps.size) this.tell({ op: 'bookmark', watch, rv }, i)
    this.announce(i)
    return i
  }

  /** `noteSaid`: the note as a catalogue message when it is Apiscope's, not the server's. */
  recordError(watch: number, note: string, code?: number, rv = '', noteSaid?: SaidAs): number {
    const i = this.push('ERROR', watch, rv, -1, -1)
    this.notes.set(i, {
      note,
      ...(code !== undefined ? { code } : {}),
      ...(noteSaid ? { said: noteSaid } : {}),
    })
    if (this.taps.size)
      this.tell(
        {
          op: 'error',
          watch,
          note,
          ...(code !== undefined ? { code } : {}),
          rv,
          ...(noteSaid ? { noteSaid } : {}),
        },
        i,
      )
    this.announce(i)
    return i
  }

  /** An object the store knew that a relist no longer returns: deleted while no watch was open. */
  recordGone(watch: number, uid: string, listRv: string, note: string, noteSaid?: SaidAs): number {
    const idx = this.byUid.get(uid)
    if (idx === undefined) throw new Error(`unknown object ${uid}`)
    const h = this.objects[idx] as ObjectHistory
    h.deleted = true
    const i = this.push('GONE', watch, listRv, idx, h.latestVersion)
    this.notes.set(i, { note, ...(noteSaid ? { said: noteSaid } : {}) })
    h.lastEvent = i
    if (this.taps.size)
      this.tell({ op: 'gone', watch, uid, listRv, note, ...(noteSaid ? { noteSaid } : {}) }, i)
    this.announce(i)
    return i
  }

  addList(snapshot: Omit<ListSnapshot, 'id'>): ListSnapshot {
    const full = { id: this.lists.length, ...snapshot, pages: [...snapshot.pages] }
    this.lists.push(full)
    // A copy: the stored list grows its pages later (addListPage), a recorded line must not.
    if (this.taps.size)
      this.tell({ op: 'list', snapshot: { ...snapshot, pages: [...snapshot.pages] } }, this.size)
    return full
  }

  /**
   * One more page of a list added with addList: the supervisor records a list page by page, as
   * the pages arrive, so the list grows its pages and items while its LISTED events follow.
   */
  addListPage(list: number, page: ListPage): void {
    const l = this.lists[list]
    if (!l) throw new Error(`unknown list ${list}`)
    l.pages.push(page)
    l.items += page.items
    this.changedLists.add(list)
    if (this.taps.size) this.tell({ op: 'list-page', list, page }, this.size)
    this.announce(this.size)
  }

  /** The ids of lists that grew since the last call (each list sent again with its new pages). */
  takeChangedLists(): number[] {
    const ids = [...this.changedLists]
    this.changedLists.clear()
    return ids
  }

  /** Live (not deleted) objects last touched by a given watch, by uid. */
  liveObjectsOfWatch(watch: number): Map<string, ObjectHistory> {
    const out = new Map<string, ObjectHistory>()
    for (const h of this.objects) {
      if (!h.deleted && h.lastEvent >= 0 && this.cols.watch[h.lastEvent] === watch)
        out.set(h.uid, h)
    }
    return out
  }

  event(i: number): TimelineEvent {
    const c = this.cols
    if (i < 0 || i >= c.length) throw new RangeError(`no event ${i}`)
    const objectIdx = c.object[i] as number
    const h = objectIdx >= 0 ? this.objects[objectIdx] : undefined
    const rvn = c.rvn[i] as number
    const numeric = !Number.isNaN(rvn)
    const e: TimelineEvent = {
      i,
      watch: c.watch[i] as number,
      type: TYPES[c.type[i] as number] as TimelineEventType,
      t: c.time[i] as number,
      rv: this.rvOf(i),
      rvn: numeric ? rvn : null,
      uid: h ? h.uid : '',
      kind: h ? h.kind : '',
      ns: h ? h.namespace : '',
      name: h ? h.name : '',
      v: c.version[i] as number,
    }
    const list = c.list[i] as number
    if (list >= 0) e.list = list
    // Notes are rare (errors, inferred deletions): look them up only for those types.
    if (e.type === 'ERROR' || e.type === 'GONE') {
      const note = this.notes.get(i)
      if (note) {
        e.note = note.note
        if (note.code !== undefined) e.code = note.code
        if (note.said) e.noteSaid = note.said
      }
    }
    return e
  }

  events(from = 0, to = this.size): TimelineEvent[] {
    const out: TimelineEvent[] = []
    for (let i = from; i < to; i++) out.push(this.event(i))
    return out
  }

  history(uid: string): ObjectHistory | undefined {
    const idx = this.byUid.get(uid)
    return idx === undefined ? undefined : this.objects[idx]
  }

  /** Objects at the given versions, rebuilt by the version history (null where there is none). */
  async objectsAt(uid: string, versions: number[]): Promise<(Obj | null)[]> {
    const h = this.history(uid)
    if (!h) return versions.map(() => null)
    return this.versions.objectsAt(h.index, versions)
  }
}
