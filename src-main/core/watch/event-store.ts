// Every event the watches delivered, in arrival order, and every object's full version history.
// Events are columns of typed arrays (about 31 bytes each); an object's versions are kept by
// VersionHistory (a worker: each version as bytes, a delta from the one before; version-store.ts).
// An object's versions follow its resourceVersions where they are comparable (docs/adr/0005).
import { compareResourceVersions, numericResourceVersion } from '@common/resource-version'
import type { SaidAs } from '@common/result'
import { grown, nextCapacity } from '@common/typed-arrays'
import {
  TIMELINE_EVENT_TYPES,
  type ListPage,
  type EventFold,
  type ListSnapshot,
  type StoreFolding,
  type TimelineEvent,
  type TimelineEventType,
} from '@common/watch-types'
import { withKind } from './kind-prefix'
import { ObjectColumns } from './object-columns'
import {
  EVENT_COLUMN_BYTES,
  EVENT_LIST_BYTES,
  EVENT_SLOT_BYTES,
  EVENTS_SHARE,
  eventsCost,
  FOLD_TO,
  FORGOTTEN_OBJECT_BYTES,
  OBJECT_RECORD_BYTES,
} from './version-folding'
import { VersionHistory } from './version-history'
import type { ScannedEvent } from './watch-line-scanner'

type Obj = Record<string, unknown>

const TYPES = TIMELINE_EVENT_TYPES
const TYPE_CODE = new Map(TYPES.map((t, i) => [t, i]))
/** How many times compacted() waits for the worker at most (a fold can set off another). */
const SETTLE_ROUNDS = 8

/** What the store keeps of an object beside its versions: what the line scanner reads. */
export type ObjectMeta = Omit<ScannedEvent, 'type'>

/** An object as the store holds it, taken when asked (the store keeps it in columns). */
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

/**
 * The events' columns, by position. An event's index (the page's frames, the inspector's requests
 * and the recorder's lines name it) is its place in arrival order; it is its position until
 * events are folded (EventStore.foldEvents), then `index` says which event each position holds:
 * positions before `tailPos` hold the events kept by the last fold (found by binary search),
 * those from it on every event since, in order.
 */
class GrowableColumns {
  capacity = 1024
  length = 0
  /** Events ever pushed, folded ones included: the next event's index. */
  total = 0
  private tailPos = 0
  private tailIndex = 0
  type = new Uint8Array(this.capacity)
  watch = new Uint16Array(this.capacity)
  time = new Float64Array(this.capacity)
  rvn = new Float64Array(this.capacity)
  object = new Int32Array(this.capacity)
  version = new Int32Array(this.capacity)
  list = new Int32Array(this.capacity)
  index = new Int32Array(this.capacity)

  /** A new event's position (its index is total - 1). */
  push(): number {
    if (this.length === this.capacity) this.resize(nextCapacity(this.capacity))
    const p = this.length++
    this.index[p] = this.total++
    return p
  }

  /** The position of event i; -1 when it was folded (or never was). */
  pos(i: number): number {
    if (i < 0 || i >= this.total) return -1
    if (i >= this.tailIndex) return this.tailPos + (i - this.tailIndex)
    let lo = 0
    let hi = this.tailPos
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((this.index[mid] as number) < i) lo = mid + 1
      else hi = mid
    }
    return lo < this.tailPos && this.index[lo] === i ? lo : -1
  }

  /**
   * Keeps only the positions where keep[p] is 1, in order, and makes the columns that much
   * smaller (room for a quarter more, at least 1,024): what the fold frees is given back.
   */
  compact(keep: Uint8Array): void {
    let w = 0
    for (let p = 0; p < this.length; p++) {
      if (keep[p] !== 1) continue
      if (w !== p) {
        this.type[w] = this.type[p] as number
        this.watch[w] = this.watch[p] as number
        this.time[w] = this.time[p] as number
        this.rvn[w] = this.rvn[p] as number
        this.object[w] = this.object[p] as number
        this.version[w] = this.version[p] as number
        this.list[w] = this.list[p] as number
        this.index[w] = this.index[p] as number
      }
      w++
    }
    this.length = w
    this.tailPos = w
    this.tailIndex = this.total
    const cap = Math.max(1024, Math.ceil(w * 1.25))
    if (cap < this.capacity) this.resize(cap)
  }

  private resize(cap: number): void {
    this.type = grown(this.type, cap, this.length)
    this.watch = grown(this.watch, cap, this.length)
    this.time = grown(this.time, cap, this.length)
    this.rvn = grown(this.rvn, cap, this.length)
    this.object = grown(this.object, cap, this.length)
    this.version = grown(this.version, cap, this.length)
    this.list = grown(this.list, cap, this.length)
    this.index = grown(this.index, cap, this.length)
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
  private readonly objects = new ObjectColumns()
  /**
   * Kinds, apiVersions and namespaces, one string each, by code (the objects' columns hold codes):
   * the scanner reads a fresh copy from every event, and 150,000 objects in 100 namespaces would
   * otherwise keep 150,000 copies.
   */
  private readonly words: string[] = ['']
  private readonly wordCodes = new Map<string, number>([['', 0]])
  private marks = 0
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
  /** Slots of version events dropped with their folded marks (foldEvents). */
  private slotsDropped = 0
  /** Marks folded away (foldEvents), and the objects whose older marks were. */
  private foldedMarks = 0
  private foldedMarkObjects = 0
  /** Folds the worker reported (compacted() waits until none comes in a wait). */
  private foldReports = 0
  /** What the events cost when foldEvents last could not bring them under their share. */
  private eventsFloor = 0
  /** Folds of marks the page has not been told of yet (takeEventFolds). */
  private eventFolds: EventFold[] = []

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
    this.foldReports++
    this.applyFolds(folds, bytes, dropped)
    if (this.budgetBytes > 0 && (folds.length || dropped.length)) {
      // Versions folded: their marks may fold now, whatever the last try found.
      this.eventsFloor = 0
      this.foldEventsIfOver()
      this.versions.countEvents(this.eventsBytes())
    }
  }

  private applyFolds(folds: readonly number[], bytes: number, dropped: readonly number[]): void {
    this.historyBytes = bytes
    const o = this.objects
    for (let k = 0; k < folds.length; k += 2) {
      const idx = folds[k] as number
      const below = folds[k + 1] as number
      if (idx < 0 || idx >= o.length || o.foldedAll[idx] === 1) continue
      const was = o.foldedBelow[idx] as number
      if (below <= was) continue
      if (was === 0) this.foldedObjects++
      this.foldedVersions += below - Math.max(1, was)
      o.foldedBelow[idx] = below
    }
    for (let k = 0; k < dropped.length; k += 2) {
      const idx = dropped[k] as number
      const count = dropped[k + 1] as number
      if (idx < 0 || idx >= o.length || o.foldedAll[idx] === 1) continue
      const was = o.foldedBelow[idx] as number
      // Counted among the deleted objects from now on, not the busy ones.
      if (was > 0) this.foldedObjects--
      this.foldedDeleted++
      this.foldedDeletedVersions += count
      this.foldedVersions += count - Math.max(0, was - 1)
      o.foldedBelow[idx] = count
      o.foldedAll[idx] = 1
    }
  }

  /**
   * Marks event i's version folded (a replay of a recording whose backfill had none for it): its
   * object's folded range grows to it. Versions are folded from the second one up, in order.
   */
  markFolded(i: number): void {
    const p = this.cols.pos(i)
    if (p < 0) return
    const object = this.cols.object[p] as number
    const v = this.cols.version[p] as number
    if (object >= 0 && v >= Math.max(1, this.objects.foldedBelow[object] as number))
      this.applyFolds([object, v + 1], this.historyBytes, [])
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
      foldedMarks: this.foldedMarks,
      foldedMarkObjects: this.foldedMarkObjects,
      forgottenDeleted: this.objects.forgotten,
    }
  }

  /** The folds of marks since the last call: the frames tell the page (FrameBatcher). */
  takeEventFolds(): EventFold[] {
    const folds = this.eventFolds
    this.eventFolds = []
    return folds
  }

  /** Folds marks when the events cost more than their share of the budget (EVENTS_SHARE). */
  private foldEventsIfOver(): void {
    const share = this.budgetBytes * EVENTS_SHARE
    const cost = this.eventsBytes()
    if (share <= 0 || cost <= share) return
    // Nothing was left to fold at the last try: wait until the events grew 2% of the share more.
    if (this.eventsFloor > 0 && cost < this.eventsFloor + share * 0.02) return
    this.foldEvents(cost - share * FOLD_TO)
    const after = this.eventsBytes()
    this.eventsFloor = after > share ? after : 0
  }

  /**
   * Folds marks away until about `excess` bytes are freed (docs/adr/0019): first every mark of
   * deleted objects whose versions were all folded, the oldest object first (the object is then
   * forgotten: its uid and name go too); then the marks of busy objects' folded versions
   * (1..foldedBelow-1), the most first. Marks of kept versions, bookmarks, errors and lists stay.
   * The columns are compacted (one pass over them) and the page is told (takeEventFolds).
   */
  foldEvents(excess: number): number {
    const c = this.cols
    const o = this.objects
    // What each object would give back: its marks to fold.
    const marks = new Int32Array(o.length)
    for (let p = 0; p < c.length; p++) {
      const k = c.object[p] as number
      if (k < 0) continue
      if (o.foldedAll[k] === 1) marks[k] = (marks[k] as number) + 1
      else {
        const v = c.version[p] as number
        if (v >= 1 && v < (o.foldedBelow[k] as number)) marks[k] = (marks[k] as number) + 1
      }
    }
    const markBytes = EVENT_COLUMN_BYTES * 1.25
    const deleted: number[] = []
    const busy: number[] = []
    for (let k = 0; k < o.length; k++) {
      if (o.foldedAll[k] === 1 && o.isHeld(k)) deleted.push(k)
      else if ((marks[k] as number) > 0 && o.foldedAll[k] === 0) busy.push(k)
    }
    busy.sort((a, b) => (marks[b] as number) - (marks[a] as number) || a - b)
    // plan[k]: -1 folds every mark of k (and forgets it), v > 0 the marks of versions 1..v-1.
    const plan = new Int32Array(o.length)
    let freed = 0
    for (const k of deleted) {
      if (freed >= excess) break
      plan[k] = -1
      freed +=
        (marks[k] as number) * markBytes +
        o.slotsOf(k) * EVENT_SLOT_BYTES +
        (o.slotsOf(k) > 1 ? EVENT_LIST_BYTES : 0) +
        OBJECT_RECORD_BYTES -
        FORGOTTEN_OBJECT_BYTES
    }
    for (const k of busy) {
      if (freed >= excess) break
      plan[k] = o.foldedBelow[k] as number
      const slots = (o.foldedBelow[k] as number) - Math.max(1, o.slotsFrom[k] as number)
      freed += (marks[k] as number) * markBytes + Math.max(0, slots) * EVENT_SLOT_BYTES
    }
    if (freed === 0) return 0
    const keep = new Uint8Array(c.length)
    let folded = 0
    for (let p = 0; p < c.length; p++) {
      const k = c.object[p] as number
      const below = k < 0 ? 0 : (plan[k] as number)
      const v = c.version[p] as number
      const drop = below === -1 || (below > 0 && v >= 1 && v < below)
      if (!drop) {
        keep[p] = 1
        continue
      }
      folded++
      const i = c.index[p] as number
      this.rvText.delete(i)
      this.notes.delete(i)
    }
    c.compact(keep)
    for (let k = 0; k < o.length; k++) {
      const below = plan[k] as number
      if (below === 0) continue
      if (below === -1) {
        this.eventFolds.push({ uid: o.uidAt(k), below: -1 })
        this.slotsDropped += o.forget(k)
      } else {
        if ((o.slotsFrom[k] as number) <= 1) this.foldedMarkObjects++
        this.eventFolds.push({ uid: o.uidAt(k), below })
        const dropped = o.dropSlots(k, below)
        this.slotsDropped += dropped
        // Marks of versions from the old slotsFrom on were already folded: slotsFrom follows.
        if ((o.slotsFrom[k] as number) < below) o.slotsFrom[k] = below
      }
    }
    this.foldedMarks += folded
    if (this.eventFolds.length) for (const l of this.listeners) l(this.size)
    return folded
  }

  /** What the events cost on this thread, as the budget counts them (version-folding.ts). */
  eventsBytes(): number {
    return eventsCost({
      capacity: this.cols.capacity,
      versions: this.versionTotal - this.slotsDropped,
      objects: this.objects.held,
      listed: this.objects.listed,
      forgotten: this.objects.freeSlots,
    })
  }

  /**
   * Whether event i's version was folded away: how many of its object's versions were, and
   * whether all of them were because the object was deleted.
   */
  foldedAt(i: number): { folded: number; deleted?: true } | null {
    const p = this.cols.pos(i)
    if (p < 0) return null
    const object = this.cols.object[p] as number
    const v = this.cols.version[p] as number
    if (object < 0 || object >= this.objects.length || v < 0) return null
    // A version that came after the fold is not kept either.
    if (this.objects.foldedAll[object] === 1)
      return { folded: this.objects.versionCount[object] as number, deleted: true }
    const below = this.objects.foldedBelow[object] as number
    return v >= 1 && v < below ? { folded: below - 1 } : null
  }

  /** Events ever recorded (the next one's index), folded ones included. */
  get size(): number {
    return this.cols.total
  }

  /** Whether event i is held: false once it was folded (foldEvents), or before it came. */
  has(i: number): boolean {
    return this.cols.pos(i) >= 0
  }

  /** Whether event i came but was folded away to stay within the budget. */
  eventFolded(i: number): boolean {
    return i >= 0 && i < this.cols.total && this.cols.pos(i) < 0
  }

  /** Objects held (living, and deleted ones not forgotten yet). */
  get objectCount(): number {
    return this.objects.held
  }

  /**
   * Objects held, versions kept and folded, and events the store holds (the soak samples it);
   * indices: the objects' columns' length, forgotten objects' indices free for new ones among them.
   */
  counts(): { objects: number; versions: number; folded: number; events: number; indices: number } {
    return {
      objects: this.objects.held,
      indices: this.objects.length,
      versions: this.versionTotal - this.foldedVersions,
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

  /** The code of a kind, apiVersion or namespace (its one copy is words[code]). */
  private word(w: string): number {
    const held = this.wordCodes.get(w)
    if (held !== undefined) return held
    this.words.push(w)
    this.wordCodes.set(w, this.words.length - 1)
    return this.words.length - 1
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
    const p = c.push()
    const i = c.total - 1
    c.type[p] = TYPE_CODE.get(type) as number
    c.watch[p] = watch
    c.time[p] = this.clock()
    const n = numericResourceVersion(rv)
    c.rvn[p] = n ?? Number.NaN
    if (n === null) this.rvText.set(i, rv)
    c.object[p] = objectIdx
    c.version[p] = version
    c.list[p] = list
    // The events count in the budget: the worker hears what they cost every 1,024 events, and
    // past their share of it the oldest marks of folded versions are folded too (once the write
    // is whole: announce).
    if ((i & 1023) === 0 && this.budgetBytes > 0) this.countDue = true
    return i
  }

  private countDue = false

  private announce(i: number): void {
    if (this.countDue) {
      this.countDue = false
      this.foldEventsIfOver()
      this.versions.countEvents(this.eventsBytes())
    }
    for (const l of this.listeners) l(i)
  }

  /**
   * Records an object as a watch delivered it (ADDED, MODIFIED, DELETED) or a list returned it
   * (LISTED): what the timeline needs, and its JSON (the bytes of the watch line, or a list item)
   * for the version history. prefix: the list's kind and apiVersion, for an item of a typed list,
   * which carries none (kind-prefix.ts): kept beside its bytes, put in front where the whole
   * object is needed.
   */
  recordObject(
    type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'LISTED',
    watch: number,
    meta: ObjectMeta,
    json: Uint8Array | string,
    list = -1,
    prefix?: Uint8Array,
  ): number {
    const uid = meta.uid || `${meta.namespace}/${meta.name}`
    const rv = meta.resourceVersion
    const o = this.objects
    let idx = o.indexOf(uid)
    if (idx === undefined)
      idx = o.add(
        uid,
        meta.name,
        this.word(meta.kind),
        this.word(meta.apiVersion),
        this.word(meta.namespace),
      )
    let version: number
    const count = o.versionCount[idx] as number
    const latestRv = count > 0 ? this.latestRvOf(idx) : ''
    // The same version seen again (a relist, a second watch); a deletion is a version of its own.
    const same = count > 0 && latestRv === rv && (type !== 'DELETED' || o.deleted[idx] === 1)
    // Older than the latest by the rule (one object, so one resource type: comparable since 1.35):
    // a second watch or a list behind a watch. It changes neither the latest version nor whether
    // the object is deleted.
    const older = !same && count > 0 && compareResourceVersions(rv, latestRv) === -1
    const held = older ? this.versionAt(idx, rv) : -1
    if (same) {
      version = o.latestVersion[idx] as number
    } else if (held >= 0) {
      version = held
    } else {
      version = count
      o.versionCount[idx] = count + 1
      this.versionTotal++
      this.versions.add(idx, version, json, type === 'DELETED' && !older, prefix)
      // An older version the store never held is kept, after the others (arrival order); a
      // newer one, or one that does not compare, becomes the latest.
      if (!older) {
        o.latestVersion[idx] = version
        o.deleted[idx] = type === 'DELETED' ? 1 : 0
      }
    }
    if (o.kind[idx] === 0 && meta.kind) o.kind[idx] = this.word(meta.kind)
    const i = this.push(type, watch, rv, idx, version, list)
    if (version === count && !same && held < 0) o.addVersionEvent(idx, version, i)
    o.lastEvent[idx] = i
    if (this.taps.size) {
      const whole = prefix && typeof json !== 'string' ? withKind(prefix, json) : json
      this.tell({ op: 'object', type, watch, meta, json: whole, list }, i)
    }
    this.announce(i)
    return i
  }

  /** The resourceVersion of an object's latest version ('' before its first). */
  private latestRvOf(idx: number): string {
    const o = this.objects
    if ((o.versionCount[idx] as number) === 0) return ''
    const i = o.versionEvent(idx, o.latestVersion[idx] as number)
    return i < 0 ? '' : this.rvOf(i)
  }

  /** The version of an object held at resourceVersion rv, newest first (a lagging watch is close); or -1. */
  private versionAt(idx: number, rv: string): number {
    // A plain integer (no leading zero) is its number: compared as one, no string made per version.
    const n = numericResourceVersion(rv)
    for (let v = (this.objects.versionCount[idx] as number) - 1; v >= 0; v--) {
      const p = this.cols.pos(this.objects.versionEvent(idx, v))
      if (p < 0) continue
      if (n !== null ? this.cols.rvn[p] === n : this.rvOf(this.cols.index[p] as number) === rv)
        return v
    }
    return -1
  }

  private rvOf(i: number): string {
    const p = this.cols.pos(i)
    if (p < 0) return ''
    const n = this.cols.rvn[p] as number
    return Number.isNaN(n) ? (this.rvText.get(i) ?? '') : String(n)
  }

  /**
   * Resolves once every version handed over is stored and the folding it set off is at rest
   * (benchmarks measure memory after it; tests read the store). A fold the worker reports can
   * make the store fold marks and count the events again, which can make the worker fold once
   * more, after the reply waited for: so it waits again until a wait passes with no fold reported
   * (a few rounds at most: each fold leaves less to fold; SETTLE_ROUNDS bounds it all the same).
   */
  async compacted(): Promise<void> {
    for (let round = 0; round < SETTLE_ROUNDS; round++) {
      const reports = this.foldReports
      await this.versions.settled()
      if (this.foldReports === reports) return
    }
  }

  /** Holds the worker's folding until the release (VersionHistory.holdFolds: a recording's backfill). */
  holdFolds(): () => void {
    return this.versions.holdFolds()
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
    const idx = this.objects.indexOf(uid)
    if (idx === undefined) throw new Error(`unknown object ${uid}`)
    const o = this.objects
    o.deleted[idx] = 1
    const i = this.push('GONE', watch, listRv, idx, o.latestVersion[idx] as number)
    this.notes.set(i, { note, ...(noteSaid ? { said: noteSaid } : {}) })
    o.lastEvent[idx] = i
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
   * the pages arrive, so the list grows its pages and items while its LISTED events follow. A page
   * whose index the list already has replaces that page (the last page, said again once the
   * server refused the token it went on with: continue-refusal.ts); a replay does the same with
   * the recorded line.
   */
  addListPage(list: number, page: ListPage): void {
    const l = this.lists[list]
    if (!l) throw new Error(`unknown list ${list}`)
    const held = l.pages[page.index]
    if (held?.index === page.index) {
      l.pages[page.index] = page
      l.items += page.items - held.items
    } else {
      l.pages.push(page)
      l.items += page.items
    }
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
    for (const k of this.liveOfWatch(watch, 0)) out.set(this.objects.uidAt(k), this.view(k))
    return out
  }

  /** Indices of live objects last touched by `watch` whose mark is not `mark` (0: any). */
  private liveOfWatch(watch: number, mark: number): number[] {
    const o = this.objects
    const out: number[] = []
    for (let k = 0; k < o.length; k++) {
      const last = o.lastEvent[k] as number
      const p = last >= 0 ? this.cols.pos(last) : -1
      if (o.deleted[k] === 0 && p >= 0 && this.cols.watch[p] === watch)
        if (mark === 0 || o.mark[k] !== mark) out.push(k)
    }
    return out
  }

  /**
   * A new mark for a list or a streaming list: each object it holds is marked (markObjectOf), and
   * at its end the watch's live objects left unmarked were deleted while no watch was open.
   */
  newMark(): number {
    return ++this.marks
  }

  /** Marks the object of event i with `mark` (0 takes the mark away). */
  markObjectOf(i: number, mark: number): void {
    const p = this.cols.pos(i)
    const object = p < 0 ? -1 : (this.cols.object[p] as number)
    if (object >= 0) this.objects.mark[object] = mark
  }

  /** Whether the object `meta` names is marked `mark`. */
  isMarked(meta: ObjectMeta, mark: number): boolean {
    const idx = this.objects.indexOf(meta.uid || `${meta.namespace}/${meta.name}`)
    return idx !== undefined && this.objects.mark[idx] === mark
  }

  /**
   * Whether the object `meta` names is held unchanged: marked `mark` (a list of `watch` recorded
   * it), last touched by `watch`, not deleted, its latest version at meta's resourceVersion. If
   * so it is marked `next` instead, and nothing is recorded (a list that starts again after one
   * that gave up does not store the same objects twice).
   */
  heldAgain(meta: ObjectMeta, watch: number, mark: number, next: number): boolean {
    const idx = this.objects.indexOf(meta.uid || `${meta.namespace}/${meta.name}`)
    if (idx === undefined) return false
    const o = this.objects
    if (o.mark[idx] !== mark || o.deleted[idx] === 1) return false
    // The last event's position: once events were folded away it is not its index (-1 when that
    // event itself was folded: the object is then recorded again, as new).
    const last = this.cols.pos(o.lastEvent[idx] as number)
    if (last < 0) return false
    if (this.cols.watch[last] !== watch || this.latestRvOf(idx) !== meta.resourceVersion)
      return false
    o.mark[idx] = next
    return true
  }

  /** The uids of live objects last touched by `watch` that the state marked `mark` did not hold. */
  unmarkedLiveObjectsOfWatch(watch: number, mark: number): string[] {
    return this.liveOfWatch(watch, mark).map((k) => this.objects.uidAt(k))
  }

  /** Object k as an ObjectHistory (a copy, taken now). */
  private view(k: number): ObjectHistory {
    const o = this.objects
    return {
      index: k,
      uid: o.uidAt(k),
      kind: this.words[o.kind[k] as number] as string,
      apiVersion: this.words[o.apiVersion[k] as number] as string,
      namespace: this.words[o.namespace[k] as number] as string,
      name: o.name[k] as string,
      versionCount: o.versionCount[k] as number,
      versionEvents: o.versionEventsOf(k),
      latestRv: this.latestRvOf(k),
      latestVersion: o.latestVersion[k] as number,
      lastEvent: o.lastEvent[k] as number,
      deleted: o.deleted[k] === 1,
      foldedBelow: o.foldedBelow[k] as number,
      ...(o.foldedAll[k] === 1 ? { foldedAll: true as const } : {}),
    }
  }

  event(i: number): TimelineEvent {
    const c = this.cols
    const p = c.pos(i)
    if (p < 0)
      throw new RangeError(i >= 0 && i < c.total ? `event ${i} was folded` : `no event ${i}`)
    const k = c.object[p] as number
    const o = this.objects
    const has = k >= 0 && k < o.length
    const rvn = c.rvn[p] as number
    const numeric = !Number.isNaN(rvn)
    const e: TimelineEvent = {
      i,
      watch: c.watch[p] as number,
      type: TYPES[c.type[p] as number] as TimelineEventType,
      t: c.time[p] as number,
      rv: this.rvOf(i),
      rvn: numeric ? rvn : null,
      uid: has ? o.uidAt(k) : '',
      kind: has ? (this.words[o.kind[k] as number] as string) : '',
      ns: has ? (this.words[o.namespace[k] as number] as string) : '',
      name: has ? (o.name[k] as string) : '',
      v: c.version[p] as number,
    }
    const list = c.list[p] as number
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

  /** The events held from index `from` to `to` (those folded are left out). */
  events(from = 0, to = this.size): TimelineEvent[] {
    const out: TimelineEvent[] = []
    for (let i = from; i < to; i++) if (this.has(i)) out.push(this.event(i))
    return out
  }

  /** The object with this uid as it is now (a copy: ask again after new events). */
  history(uid: string): ObjectHistory | undefined {
    const idx = this.objects.indexOf(uid)
    return idx === undefined ? undefined : this.view(idx)
  }

  /** The event of an object's version (-1 if none): history(uid).versionEvents[v] without the copy. */
  versionEventOf(uid: string, v: number): number {
    const idx = this.objects.indexOf(uid)
    return idx === undefined ? -1 : this.objects.versionEvent(idx, v)
  }

  /** Objects at the given versions, rebuilt by the version history (null where there is none). */
  async objectsAt(uid: string, versions: number[]): Promise<(Obj | null)[]> {
    const idx = this.objects.indexOf(uid)
    if (idx === undefined) return versions.map(() => null)
    return this.versions.objectsAt(idx, versions)
  }
}
