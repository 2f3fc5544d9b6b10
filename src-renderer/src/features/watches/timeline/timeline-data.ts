// The renderer's copy of the watch stream, in columns (typed arrays) so that a million events
// draw and hit-test fast. Lanes: one per object (grouped by kind and namespace) and one per watch
// for its bookmarks, errors and lists; an object two watches deliver (the same objects watched
// two ways) gets a lane per watch, side by side. Each kind-and-namespace group keeps its own
// lanes in order, its events and a text index of its lanes' names, so that what a frame or a
// filter changes costs the groups it touches, not every lane. Plain TypeScript: the reactive
// wrapper bumps a revision.
import type { SaidAs } from '@common/result'
import { grown } from '@common/typed-arrays'
import {
  TIMELINE_EVENT_TYPES,
  type EventFold,
  type ListSnapshot,
  type TimelineEvent,
  type TimelineEventType,
} from '@common/watch-types'

export const EVENT_TYPES = TIMELINE_EVENT_TYPES
export const TYPE_INDEX: Record<TimelineEventType, number> = Object.fromEntries(
  EVENT_TYPES.map((t, i) => [t, i]),
) as Record<TimelineEventType, number>

export interface Lane {
  /** Its index in `lanes`; a group band (only in rows()) has a negative id. */
  id: number
  /**
   * 'watch' lanes carry BOOKMARK, ERROR and the list lines of one watch; a 'group' band stands
   * for a whole kind-and-namespace group of lanes (`members`), drawn as their density.
   */
  kind: 'object' | 'watch' | 'group'
  key: string
  group: string
  label: string
  /** The object's namespace; '' for a cluster-scoped object and for watch lanes. */
  ns: string
  uid: string
  watch: number
  /** Event indices, in arrival order (and so in resourceVersion order within one object). */
  events: number[]
  /** Sort key: the id of the first lane of its object, so that an object's lanes sit together. */
  order: number
  /** A group band's lanes, in display order. */
  members?: Lane[]
}

/** An event as the inspector's heading says it (the core's TimelineEvent has these too). */
export interface EventHeading {
  type: string
  kind: string
  ns: string
  name: string
  rv: string
}

/**
 * A group (one kind in one namespace) with more object lanes than this shows as one density band
 * until it is expanded or a filter picks lanes out of it: 150,000 lanes of 30 px do not read.
 */
export const COLLAPSE_ABOVE = 200
/** Past this many object lanes in all, groups of more than SMALL_GROUP lanes fold too. */
export const MANY_LANES = 1000
export const SMALL_GROUP = 10

/** Display order: watch lanes first, then by group and name, naturally (cm-9 before cm-10). */
const laneOrder = (a: Lane, b: Lane) =>
  a.kind !== b.kind
    ? a.kind === 'watch'
      ? -1
      : 1
    : compare(a.group, b.group) || compare(a.label, b.label) || a.order - b.order || a.id - b.id

/** A band's count in its label (one formatter: toLocaleString makes one a call). */
const COUNT = new Intl.NumberFormat('en')

/** What rows() did to the lanes: how many are shown, folded into bands, or filtered out. */
export interface RowsSummary {
  objectLanes: number
  /** The group size above which groups fold (COLLAPSE_ABOVE, or SMALL_GROUP past MANY_LANES). */
  foldAbove: number
  bands: number
  folded: number
  matching: number | null
}

import { naturalCompare as compare } from './natural-compare'

/** The first place in old (sorted by laneOrder) from `lo` on where lane belongs. */
function placeOf(old: readonly Lane[], lane: Lane, lo: number): number {
  let hi = old.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (laneOrder(old[mid] as Lane, lane) <= 0) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * old and fresh (each sorted by laneOrder) as one sorted array, old's lanes first among equals:
 * fresh.length binary searches in old, then the runs of old copied between them.
 */
export function mergeSorted(old: readonly Lane[], fresh: readonly Lane[]): Lane[] {
  const merged: Lane[] = new Array(old.length + fresh.length)
  let k = 0
  let from = 0
  for (const lane of fresh) {
    const at = placeOf(old, lane, from)
    while (from < at) merged[k++] = old[from++] as Lane
    merged[k++] = lane
  }
  while (from < old.length) merged[k++] = old[from++] as Lane
  return merged
}

/** One kind-and-namespace group's lanes, in display order, and what a filter found in them. */
interface GroupRows {
  name: string
  lanes: Lane[]
  /** Lanes made since the last rows(), merged in then. */
  fresh: Lane[]
  /** Its lanes' events, in arrival order. */
  events: number[]
  /** With a filter: its lanes that match, in display order. */
  matches: Lane[] | null
  /** Its lanes' 'namespace/name', one a line, and where each starts: made when first searched. */
  text: { all: string; starts: Int32Array } | null
  /** The density band that stands for it when folded (members: its lanes). */
  band: Lane
}

/** The first index in xs (ordered so that `before` holds for a prefix) where `before` is false. */
function upperBound<T>(xs: readonly T[], before: (x: T) => boolean): number {
  let lo = 0
  let hi = xs.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (before(xs[mid] as T)) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * What a filter matches in an object lane: 'namespace/name', lower case. Made when searched (a
 * group's text index, indexGroup), not kept on the lane: at 150,000 lanes a string each, with the
 * parts its concatenation left, was some 8 MB of the page's heap (a heap snapshot, docs/bench.md).
 */
const findText = (lane: Lane): string =>
  (lane.ns ? `${lane.ns}/${lane.label}` : lane.label).toLowerCase()

/** A group's text index: its lanes' names, one a line, and where each starts. */
function indexGroup(g: GroupRows): void {
  const starts = new Int32Array(g.lanes.length)
  let at = 0
  const names: string[] = new Array(g.lanes.length)
  for (let i = 0; i < g.lanes.length; i++) {
    const find = findText(g.lanes[i] as Lane)
    starts[i] = at
    names[i] = find
    at += find.length + 1
  }
  // One flat string (join), not a chain of concatenations flattened at the first search.
  g.text = { all: names.join('\n'), starts }
}

/**
 * The lanes of a group whose 'namespace/name' contains t: with its text index (made while the
 * page is idle, TimelineData.indexSome), the group's names in one string searched with indexOf
 * (native), each hit's lane found from its offset by binary search, about five times faster than
 * includes() on each lane; a group without its index yet has it made first. (Calling
 * includes() on every lane and laying every lane out again took 62 ms of a filter on 50,107
 * lanes in a CPU profile here, at a load of 25.)
 */
function searchGroup(g: GroupRows, t: string): Lane[] {
  // A line break would match across two lanes' names; no name holds one.
  if (t.includes('\n')) return []
  if (!g.text) indexGroup(g)
  const { all, starts } = g.text as { all: string; starts: Int32Array }
  const out: Lane[] = []
  for (let p = all.indexOf(t); p !== -1;) {
    // The lane holding offset p: the last start at or before it.
    let lo = 0
    let hi = starts.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((starts[mid] as number) <= p) lo = mid + 1
      else hi = mid
    }
    const i = lo - 1
    out.push(g.lanes[i] as Lane)
    const next = starts[i + 1]
    if (next === undefined) break
    p = all.indexOf(t, next)
  }
  return out
}

export class TimelineData {
  count = 0
  private capacity = 0
  type = new Uint8Array(0)
  watch = new Uint16Array(0)
  time = new Float64Array(0)
  rvn = new Float64Array(0)
  lane = new Int32Array(0)
  version = new Int32Array(0)
  /** Global event index as the core numbered it (equal to position unless reset). */
  index = new Int32Array(0)
  /** 1 for a streaming list's initial ADDED events (known once its end bookmark came). */
  initial = new Uint8Array(0)
  /**
   * 1 for an event of a watch's stream that came after marks of the same stream that were folded
   * away (fold): the gap before it holds folded versions, not only versions used elsewhere.
   */
  foldedBefore = new Uint8Array(0)
  /** Text of resourceVersions without a place on the axis (numericResourceVersion in common/resource-version.ts). */
  readonly rvText = new Map<number, string>()
  readonly notes = new Map<number, { note: string; code?: number; said?: SaidAs }>()
  readonly lanes: Lane[] = []
  private readonly laneByKey = new Map<string, Lane>()
  lists: ListSnapshot[] = []
  /** Per watch, its delivered events (ADDED, MODIFIED, DELETED, BOOKMARK) in arrival order: the gaps between them are versions used elsewhere. */
  readonly watchStream = new Map<number, number[]>()
  /** False as soon as one resourceVersion is not comparable or too large for a double (a list's too): then the axis is arrival order. */
  allNumeric = true
  /** Watch lanes in display order; those made since the last rows() wait in `freshWatch`. */
  private watchLanes: Lane[] = []
  private freshWatch: Lane[] = []
  /** Each group's rows, by name, and in display order (natural order of their names). */
  private readonly groupRows = new Map<string, GroupRows>()
  private groupList: GroupRows[] = []
  /** Groups with lanes made since the last rows(). */
  private readonly freshGroups = new Set<GroupRows>()
  /** The rows shown: watch lanes, then each group's band, lanes or matches; rebuilt lazily. */
  private order: Lane[] | null = null
  /** Where each group starts in `order`, and how it is shown there. */
  private placed = new Map<GroupRows, { row: number; as: 'band' | 'lanes' | 'matches' }>()
  /** 1 for the rows of every other group (from the first), shaded so that groups read as blocks. */
  private shade: Uint8Array | null = null
  /** The fold threshold the rows were laid out with. */
  private laidFoldAbove = COLLAPSE_ABOVE
  /** Lower-case text a lane's 'namespace/name' must contain to be shown ('' shows all). */
  private filterText = ''
  /** Groups shown lane by lane although they are larger than COLLAPSE_ABOVE. */
  readonly expanded = new Set<string>()
  summary: RowsSummary = {
    objectLanes: 0,
    foldAbove: COLLAPSE_ABOVE,
    bands: 0,
    folded: 0,
    matching: null,
  }

  /** Made again by reset(): what is kept about the data (a band's positions) is for one epoch. */
  epoch = 0

  reset(): void {
    this.epoch++
    this.count = 0
    this.rvText.clear()
    this.notes.clear()
    this.lanes.length = 0
    this.laneByKey.clear()
    this.objects = 0
    this.sharedLanes.clear()
    this.groups.clear()
    this.namespaces.clear()
    this.sharedObjects = 0
    this.watchesWithLane.clear()
    this.lists = []
    this.watchStream.clear()
    this.allNumeric = true
    this.watchLanes = []
    this.freshWatch = []
    this.groupRows.clear()
    this.groupList = []
    this.freshGroups.clear()
    this.order = null
    this.placed = new Map()
    this.shade = null
  }

  get filter(): string {
    return this.filterText
  }

  /** Shows only the object lanes whose 'namespace/name' contains text (case-insensitive). */
  setFilter(text: string): void {
    const t = text.trim().toLowerCase()
    if (t === this.filterText) return
    const narrowing = this.filterText !== '' && t.includes(this.filterText)
    this.filterText = t
    for (const g of this.groupList) {
      if (!t) g.matches = null
      // Typing on, a group without its index yet narrows what it matched; any other, its index.
      else if (narrowing && g.matches && !g.text)
        g.matches = g.matches.filter((l) => findText(l).includes(t))
      else g.matches = searchGroup(g, t)
    }
    this.order = null
  }

  /**
   * Makes the text index of groups that have none (new lanes drop a group's), while `left()`
   * says there is time (ms); true when every group has one. For the page's idle time.
   */
  indexSome(left: () => number): boolean {
    if (this.freshGroups.size) this.rows()
    for (const g of this.groupList) {
      if (g.text) continue
      if (left() < 2) return false
      indexGroup(g)
    }
    return true
  }

  /** The events of a group's lanes, in arrival order (a density band's, band-density.ts). */
  eventsOfGroup(group: string): readonly number[] {
    return this.groupRows.get(group)?.events ?? []
  }

  /** Opens a group's band into its lanes, or folds it back. */
  toggleGroup(group: string): void {
    if (this.expanded.has(group)) this.expanded.delete(group)
    else this.expanded.add(group)
    this.order = null
  }

  private ensure(extra: number): void {
    const need = this.count + extra
    if (need <= this.capacity) return
    let cap = Math.max(1024, this.capacity)
    while (cap < need) cap *= 2
    this.type = grown(this.type, cap, this.count)
    this.watch = grown(this.watch, cap, this.count)
    this.time = grown(this.time, cap, this.count)
    this.rvn = grown(this.rvn, cap, this.count)
    this.lane = grown(this.lane, cap, this.count)
    this.version = grown(this.version, cap, this.count)
    this.index = grown(this.index, cap, this.count)
    this.initial = grown(this.initial, cap, this.count)
    this.foldedBefore = grown(this.foldedBefore, cap, this.count)
    this.capacity = cap
  }

  /**
   * Objects with a lane. An object's first lane is keyed by its uid in laneByKey (no map of its
   * own: at 150,000 objects a second map was some 3.7 MB); `sharedLanes` has every lane of an
   * object two watches or more deliver, the first one first.
   */
  private objects = 0
  private readonly sharedLanes = new Map<string, Lane[]>()
  /** One string per group, shared by its lanes: rows() tells groups apart by identity, fast. */
  private readonly groups = new Map<string, string>()
  /** One string per namespace, shared by its lanes (each event brings its own copy). */
  private readonly namespaces = new Map<string, string>()

  private objectLanes(uid: string): readonly Lane[] {
    const shared = this.sharedLanes.get(uid)
    if (shared) return shared
    const first = this.laneByKey.get(uid)
    return first ? [first] : []
  }

  private namespace(ns: string): string {
    const held = this.namespaces.get(ns)
    if (held !== undefined) return held
    this.namespaces.set(ns, ns)
    return ns
  }

  private groupName(kind: string, ns: string): string {
    const name = `${kind}${ns ? ` · ${ns}` : ''}`
    const held = this.groups.get(name)
    if (held !== undefined) return held
    this.groups.set(name, name)
    return name
  }

  /** The lane of event e, with its position k added to the lane's events. */
  private laneFor(e: TimelineEvent, k: number): Lane {
    const isObject = e.uid !== ''
    const first = isObject ? this.laneByKey.get(e.uid) : undefined
    // The first watch to deliver an object has the lane keyed by its uid; any other, its own.
    const key = !isObject
      ? `watch:${e.watch}`
      : !first || first.watch === e.watch
        ? e.uid
        : `${e.uid}@${e.watch}`
    let lane = this.laneByKey.get(key)
    if (lane) {
      lane.events.push(k)
      return lane
    }
    lane = {
      id: this.lanes.length,
      kind: isObject ? 'object' : 'watch',
      key,
      group: isObject ? this.groupName(e.kind, e.ns) : 'Watches',
      label: isObject ? e.name : `watch ${e.watch}`,
      ns: isObject ? this.namespace(e.ns) : '',
      uid: e.uid,
      watch: e.watch,
      // Made holding its first event: an empty array's first push reserves 17 places, and most
      // listed objects never get a second event (at 150,000, some 9.6 MB of the page's heap).
      events: [k],
      order: first?.id ?? this.lanes.length,
    }
    this.lanes.push(lane)
    this.laneByKey.set(key, lane)
    if (!isObject) {
      this.freshWatch.push(lane)
      return lane
    }
    this.freshIn(lane)
    if (first) {
      const shared = this.sharedLanes.get(e.uid) ?? [first]
      shared.push(lane)
      this.sharedLanes.set(e.uid, shared)
      this.sharedObjects++
    } else this.objects++
    return lane
  }

  /** A new object lane waits in its group (made here if new) until the next rows(). */
  private freshIn(lane: Lane): void {
    let g = this.groupRows.get(lane.group)
    if (!g) {
      const lanes: Lane[] = []
      g = {
        name: lane.group,
        lanes,
        fresh: [],
        events: [],
        matches: null,
        text: null,
        band: {
          id: -1 - this.groupRows.size,
          kind: 'group',
          key: `group:${lane.group}`,
          group: lane.group,
          label: '',
          ns: lane.ns,
          uid: '',
          watch: lane.watch,
          events: [],
          order: 0,
          members: lanes,
        },
      }
      this.groupRows.set(lane.group, g)
      const at = upperBound(this.groupList, (x) => compare(x.name, lane.group) <= 0)
      this.groupList.splice(at, 0, g)
      if (this.filterText) g.matches = []
      this.order = null
    }
    g.fresh.push(lane)
    this.freshGroups.add(g)
  }

  /** Lanes made for an object another watch delivered first (the same objects watched twice). */
  sharedObjects = 0

  /** How many lanes (one per watch that delivered it) an object has. */
  lanesOf(uid: string): number {
    return this.sharedLanes.get(uid)?.length ?? (this.laneByKey.has(uid) ? 1 : 0)
  }

  /** Objects, each once however many watches deliver it. */
  get objectCount(): number {
    return this.objects
  }

  private readonly watchesWithLane = new Set<number>()

  /** Every watch gets its lane (bookmarks, errors, and the gaps between its events), even before a bookmark. */
  private ensureWatchLane(watch: number): void {
    if (this.watchesWithLane.has(watch)) return
    this.watchesWithLane.add(watch)
    const key = `watch:${watch}`
    if (this.laneByKey.has(key)) return
    const lane: Lane = {
      id: this.lanes.length,
      kind: 'watch',
      key,
      group: 'Watches',
      label: `watch ${watch}`,
      ns: '',
      uid: '',
      watch,
      events: [],
      order: this.lanes.length,
    }
    this.lanes.push(lane)
    this.freshWatch.push(lane)
    this.laneByKey.set(key, lane)
  }

  append(events: TimelineEvent[]): void {
    this.ensure(events.length)
    for (const e of events) {
      this.ensureWatchLane(e.watch)
      const k = this.count++
      const lane = this.laneFor(e, k)
      this.type[k] = TYPE_INDEX[e.type]
      this.watch[k] = e.watch
      this.time[k] = e.t
      this.rvn[k] = e.rvn ?? Number.NaN
      if (e.rvn === null) {
        if (e.rv !== '') {
          this.rvText.set(k, e.rv)
          this.allNumeric = false
        }
      }
      this.lane[k] = lane.id
      if (lane.kind === 'object') this.groupRows.get(lane.group)?.events.push(k)
      this.version[k] = e.v
      this.index[k] = e.i
      this.initial[k] = 0
      this.foldedBefore[k] = 0
      if (e.note !== undefined)
        this.notes.set(k, {
          note: e.note,
          ...(e.code !== undefined ? { code: e.code } : {}),
          ...(e.noteSaid ? { said: e.noteSaid } : {}),
        })
      if (
        e.type === 'ADDED' ||
        e.type === 'MODIFIED' ||
        e.type === 'DELETED' ||
        e.type === 'BOOKMARK'
      ) {
        let stream = this.watchStream.get(e.watch)
        if (!stream) this.watchStream.set(e.watch, (stream = []))
        stream.push(k)
      }
    }
  }

  /**
   * Folds marks away as the core's store did (docs/adr/0019, WatchFrame.folds): an object's marks
   * of versions 1..below-1, or every mark of a deleted object and its lanes (below -1). The
   * columns are compacted and every list of positions renumbered; the lanes left keep their ids
   * in order. Returns where each old position went (-1: folded), or null when nothing was.
   */
  fold(folds: readonly EventFold[]): Int32Array | null {
    const keep = new Uint8Array(this.count).fill(1)
    const goneLanes = new Set<Lane>()
    let folded = 0
    for (const f of folds) {
      for (const lane of this.objectLanes(f.uid)) {
        for (const k of lane.events) {
          const v = this.version[k] as number
          if (f.below === -1 || (v >= 1 && v < f.below)) {
            if (keep[k] === 1) folded++
            keep[k] = 0
          }
        }
        if (f.below === -1) goneLanes.add(lane)
      }
    }
    if (folded === 0 && goneLanes.size === 0) return null
    // The gaps of each watch's stream that now hold folded marks: said at the event after them.
    for (const stream of this.watchStream.values()) {
      let pending = false
      for (const k of stream) {
        if (keep[k] !== 1) pending = true
        else if (pending) {
          this.foldedBefore[k] = 1
          pending = false
        }
      }
    }
    const moved = new Int32Array(this.count)
    let w = 0
    for (let k = 0; k < this.count; k++) {
      if (keep[k] !== 1) {
        moved[k] = -1
        continue
      }
      moved[k] = w
      if (w !== k) {
        this.type[w] = this.type[k] as number
        this.watch[w] = this.watch[k] as number
        this.time[w] = this.time[k] as number
        this.rvn[w] = this.rvn[k] as number
        this.lane[w] = this.lane[k] as number
        this.version[w] = this.version[k] as number
        this.index[w] = this.index[k] as number
        this.initial[w] = this.initial[k] as number
        this.foldedBefore[w] = this.foldedBefore[k] as number
      }
      w++
    }
    this.count = w
    const rekey = <T>(m: Map<number, T>) => {
      const entries = [...m]
      m.clear()
      for (const [k, value] of entries)
        if ((moved[k] as number) >= 0) m.set(moved[k] as number, value)
    }
    rekey(this.rvText)
    rekey(this.notes)
    const renumber = (ks: number[]): number[] => {
      const out: number[] = []
      for (const k of ks) if ((moved[k] as number) >= 0) out.push(moved[k] as number)
      return out
    }
    // Lanes that go: out of every index; the others are numbered again in order.
    if (goneLanes.size) {
      for (const lane of goneLanes) {
        this.laneByKey.delete(lane.key)
        this.sharedLanes.delete(lane.uid)
        if (lane.key !== lane.uid) this.sharedObjects--
        else this.objects--
      }
      const laneMoved = new Int32Array(this.lanes.length).fill(-1)
      let n = 0
      for (let id = 0; id < this.lanes.length; id++) {
        const lane = this.lanes[id] as Lane
        if (goneLanes.has(lane)) continue
        laneMoved[id] = n
        lane.id = n
        this.lanes[n++] = lane
      }
      this.lanes.length = n
      for (const lane of this.lanes) lane.order = Math.max(0, laneMoved[lane.order] as number)
      for (let k = 0; k < this.count; k++)
        this.lane[k] = laneMoved[this.lane[k] as number] as number
      for (const g of this.groupRows.values()) {
        g.lanes = g.lanes.filter((l) => !goneLanes.has(l))
        ;(g.band as Lane).members = g.lanes
        g.fresh = g.fresh.filter((l) => !goneLanes.has(l))
        if (g.matches) g.matches = g.matches.filter((l) => !goneLanes.has(l))
        g.text = null
      }
    }
    for (const lane of this.lanes) lane.events = renumber(lane.events)
    for (const g of this.groupRows.values()) g.events = renumber(g.events)
    for (const [watch, stream] of this.watchStream) this.watchStream.set(watch, renumber(stream))
    this.order = null
    this.epoch++
    return moved
  }

  /** New lists, and lists sent again with more pages (by id: they replace the copy held). */
  addLists(lists: ListSnapshot[]): void {
    if (!lists.length) return
    const next = [...this.lists]
    const fresh: ListSnapshot[] = []
    for (const l of lists) {
      const at = next.findIndex((held) => held.id === l.id)
      if (at >= 0) next[at] = l
      else {
        next.push(l)
        fresh.push(l)
      }
    }
    this.lists = next
    lists = fresh
    if (lists.some((l) => l.rvn === null && l.rv !== '')) this.allNumeric = false
    for (const l of lists) if (l.way === 'stream') this.markInitial(l)
  }

  /** A streaming list's objects: the `items` ADDED events of its watch just before its bookmark. */
  private markInitial(l: ListSnapshot): void {
    const stream = this.watchStream.get(l.watch)
    if (!stream) return
    let j = stream.length - 1
    while (j >= 0 && (this.index[stream[j] as number] as number) > l.firstEvent) j--
    if (j < 0 || this.index[stream[j] as number] !== l.firstEvent) return
    let left = l.items
    for (j--; j >= 0 && left > 0; j--) {
      const k = stream[j] as number
      if (this.type[k] !== TYPE_INDEX.ADDED) continue
      this.initial[k] = 1
      left--
    }
  }

  /**
   * Rows in display order: watch lanes, then each group's lanes; a group of more than
   * COLLAPSE_ABOVE lanes (not expanded, no filter) as one band. New lanes are sorted among
   * themselves, then merged into their own group's (binary searches, then runs copied): a list
   * adding a few hundred lanes a frame to 150,000 touches the group or two it fills, not every
   * lane (walking every lane on each frame made a list's frames cost their count times the
   * lanes). The rows are laid out again only when what they show changes: a folded group that
   * grows stays one band.
   */
  rows(): Lane[] {
    if (this.order && !this.freshWatch.length && !this.freshGroups.size) return this.order
    if (this.freshWatch.length) {
      this.watchLanes = mergeSorted(this.watchLanes, this.freshWatch.sort(laneOrder))
      this.freshWatch = []
      this.order = null
    }
    const foldAbove = this.foldAbove()
    if (foldAbove !== this.laidFoldAbove) this.order = null
    for (const g of this.freshGroups) {
      const fresh = g.fresh.sort(laneOrder)
      const wasFolded = this.folds(g, foldAbove)
      g.lanes = mergeSorted(g.lanes, fresh)
      ;(g.band as Lane).members = g.lanes
      g.text = null
      g.fresh = []
      if (g.matches && this.filterText) {
        const hits = fresh.filter((l) => findText(l).includes(this.filterText))
        if (hits.length) {
          g.matches = mergeSorted(g.matches, hits)
          this.order = null
        }
      } else if (!this.filterText && !(wasFolded && this.folds(g, foldAbove))) this.order = null
    }
    this.freshGroups.clear()
    if (!this.order) this.layout(foldAbove)
    else this.countBands(foldAbove)
    return this.order as Lane[]
  }

  /** Past MANY_LANES object lanes in all, groups of more than SMALL_GROUP fold too. */
  private foldAbove(): number {
    return this.lanes.length - this.watchLanes.length - this.freshWatch.length > MANY_LANES
      ? SMALL_GROUP
      : COLLAPSE_ABOVE
  }

  private folds(g: GroupRows, foldAbove: number): boolean {
    return g.lanes.length > foldAbove && !this.expanded.has(g.name)
  }

  private layout(foldAbove: number): void {
    const out: Lane[] = [...this.watchLanes]
    const f = this.filterText
    const placed = new Map<GroupRows, { row: number; as: 'band' | 'lanes' | 'matches' }>()
    for (const g of this.groupList) {
      const row = out.length
      if (f) {
        const matches = g.matches ?? []
        for (const l of matches) out.push(l)
        if (matches.length) placed.set(g, { row, as: 'matches' })
      } else if (this.folds(g, foldAbove)) {
        out.push(g.band)
        placed.set(g, { row, as: 'band' })
      } else {
        for (const l of g.lanes) out.push(l)
        placed.set(g, { row, as: 'lanes' })
      }
    }
    const shade = new Uint8Array(out.length)
    let on = 0
    for (let r = 0; r < out.length; r++) {
      if (r === 0 || out[r]?.group !== out[r - 1]?.group) on ^= 1
      shade[r] = on
    }
    this.order = out
    this.placed = placed
    this.shade = shade
    this.laidFoldAbove = foldAbove
    this.countBands(foldAbove)
  }

  /** The summary, and each band's label: a walk of the groups, not of their lanes. */
  private countBands(foldAbove: number): void {
    let objectLanes = 0
    let bands = 0
    let folded = 0
    let matching = 0
    for (const g of this.groupList) {
      objectLanes += g.lanes.length
      if (g.matches) matching += g.matches.length
      const at = this.placed.get(g)
      if (at?.as !== 'band') continue
      bands++
      folded += g.lanes.length
      g.band.label = `${COUNT.format(g.lanes.length)} objects`
    }
    this.summary = {
      objectLanes,
      foldAbove,
      bands,
      folded,
      matching: this.filterText ? matching : null,
    }
  }

  /** The row showing a lane (its group's band when folded); -1 when the filter hides it. */
  rowOfLane(laneId: number): number {
    const rows = this.rows()
    const lane = this.lanes[laneId]
    if (!lane) return -1
    if (lane.kind === 'watch') return rows.indexOf(lane)
    const g = this.groupRows.get(lane.group)
    const at = g && this.placed.get(g)
    if (!g || !at) return -1
    if (at.as === 'band') return at.row
    const within = at.as === 'lanes' ? g.lanes : (g.matches ?? [])
    const i = upperBound(within, (l) => laneOrder(l, lane) < 0)
    return within[i] === lane ? at.row + i : -1
  }

  /** Whether a row is in a shaded group (every other group, the first one shaded). */
  shaded(row: number): boolean {
    this.rows()
    return (this.shade as Uint8Array)[row] === 1
  }

  /**
   * What the page holds of event k of an object lane (its type, kind, name and resourceVersion):
   * the inspector's heading before the core sends the object. Null for a watch lane's event.
   */
  headingOf(k: number): EventHeading | null {
    if (k < 0 || k >= this.count) return null
    const lane = this.lanes[this.lane[k] as number]
    if (!lane || lane.kind !== 'object') return null
    return {
      type: this.typeOf(k),
      kind: lane.group.split(' · ')[0] ?? '',
      ns: lane.ns,
      name: lane.label,
      rv: this.rvOf(k),
    }
  }

  rvOf(k: number): string {
    const n = this.rvn[k] as number
    return Number.isNaN(n) ? (this.rvText.get(k) ?? '') : String(n)
  }

  typeOf(k: number): TimelineEventType {
    return EVENT_TYPES[this.type[k] as number] as TimelineEventType
  }
}
