// Every event the watches delivered, in arrival order, and every object's full version history.
// Events are columns of typed arrays (about 31 bytes each); an object's versions are its first
// version whole, then encoded patches (version-patch.ts), with a keyframe every 64 versions.
// docs/adr/0005 says why resourceVersions are compared only as numbers when they all are integers.
import { numericResourceVersion } from '@common/resource-version'
import { grown } from '@common/typed-arrays'
import type { ListSnapshot, TimelineEvent, TimelineEventType } from '@common/watch-types'
import { applyPatch, encodePatch, KEYFRAME_EVERY } from './version-patch'

type Obj = Record<string, unknown>

const TYPES: TimelineEventType[] = [
  'ADDED',
  'MODIFIED',
  'DELETED',
  'BOOKMARK',
  'ERROR',
  'LISTED',
  'GONE',
]
const TYPE_CODE = new Map(TYPES.map((t, i) => [t, i]))

export interface ObjectHistory {
  uid: string
  kind: string
  apiVersion: string
  namespace: string
  name: string
  /** Whole objects (keyframes) or encoded patches from the version before. */
  versions: (Obj | string)[]
  /** The event index that produced each version. */
  versionEvents: number[]
  /** The newest version, whole, so the next one diffs without a rebuild. */
  latest: Obj
  latestRv: string
  /** Every event index that touched this object (LISTED repeats included). */
  events: number[]
  deleted: boolean
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

export class EventStore {
  private readonly cols = new GrowableColumns()
  /** resourceVersions that are not plain integers, by event index (rare). */
  private readonly rvText = new Map<number, string>()
  private readonly notes = new Map<number, { note: string; code?: number }>()
  private readonly objects: ObjectHistory[] = []
  private readonly byUid = new Map<string, number>()
  readonly lists: ListSnapshot[] = []
  private readonly listeners = new Set<StoreListener>()
  private clock: () => number

  constructor(clock: () => number = Date.now) {
    this.clock = clock
  }

  get size(): number {
    return this.cols.length
  }

  get objectCount(): number {
    return this.objects.length
  }

  onEvent(listener: StoreListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
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
    return i
  }

  private announce(i: number): void {
    for (const l of this.listeners) l(i)
  }

  /** Records an object as a watch delivered it (ADDED, MODIFIED, DELETED) or a list returned it (LISTED). */
  recordObject(
    type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'LISTED',
    watch: number,
    object: Obj,
    list = -1,
  ): number {
    const meta = (object.metadata ?? {}) as Obj
    const uid = String(meta.uid ?? `${String(meta.namespace ?? '')}/${String(meta.name ?? '')}`)
    const rv = String(meta.resourceVersion ?? '')
    let idx = this.byUid.get(uid)
    let version: number
    if (idx === undefined) {
      idx = this.objects.length
      this.byUid.set(uid, idx)
      this.objects.push({
        uid,
        kind: String(object.kind ?? ''),
        apiVersion: String(object.apiVersion ?? ''),
        namespace: String(meta.namespace ?? ''),
        name: String(meta.name ?? ''),
        versions: [object],
        versionEvents: [],
        latest: object,
        latestRv: rv,
        events: [],
        deleted: false,
      })
      version = 0
    } else {
      const h = this.objects[idx] as ObjectHistory
      if (h.latestRv === rv && type !== 'DELETED') {
        version = h.versions.length - 1 // the same version seen again (a relist, a second watch)
      } else {
        version = h.versions.length
        h.versions.push(version % KEYFRAME_EVERY === 0 ? object : encodePatch(h.latest, object))
        h.latest = object
        h.latestRv = rv
      }
      h.deleted = type === 'DELETED'
      if (type !== 'DELETED' && h.kind === '') h.kind = String(object.kind ?? '')
    }
    const h = this.objects[idx] as ObjectHistory
    const i = this.push(type, watch, rv, idx, version, list)
    if (h.versionEvents.length <= version) h.versionEvents.push(i)
    h.events.push(i)
    this.announce(i)
    return i
  }

  recordBookmark(watch: number, rv: string): number {
    const i = this.push('BOOKMARK', watch, rv, -1, -1)
    this.announce(i)
    return i
  }

  recordError(watch: number, note: string, code?: number, rv = ''): number {
    const i = this.push('ERROR', watch, rv, -1, -1)
    this.notes.set(i, { note, ...(code !== undefined ? { code } : {}) })
    this.announce(i)
    return i
  }

  /** An object the store knew that a relist no longer returns: deleted while no watch was open. */
  recordGone(watch: number, uid: string, listRv: string, note: string): number {
    const idx = this.byUid.get(uid)
    if (idx === undefined) throw new Error(`unknown object ${uid}`)
    const h = this.objects[idx] as ObjectHistory
    h.deleted = true
    const i = this.push('GONE', watch, listRv, idx, h.versions.length - 1)
    this.notes.set(i, { note })
    h.events.push(i)
    this.announce(i)
    return i
  }

  addList(snapshot: Omit<ListSnapshot, 'id'>): ListSnapshot {
    const full = { id: this.lists.length, ...snapshot }
    this.lists.push(full)
    return full
  }

  /** Live (not deleted) objects last touched by a given watch, by uid. */
  liveObjectsOfWatch(watch: number): Map<string, ObjectHistory> {
    const out = new Map<string, ObjectHistory>()
    for (const h of this.objects) {
      if (h.deleted) continue
      const last = h.events[h.events.length - 1]
      if (last !== undefined && this.cols.watch[last] === watch) out.set(h.uid, h)
    }
    return out
  }

  event(i: number): TimelineEvent {
    const c = this.cols
    if (i < 0 || i >= c.length) throw new RangeError(`no event ${i}`)
    const type = TYPES[c.type[i] as number] as TimelineEventType
    const objectIdx = c.object[i] as number
    const h = objectIdx >= 0 ? this.objects[objectIdx] : undefined
    const rvn = c.rvn[i] as number
    const note = this.notes.get(i)
    const list = c.list[i] as number
    return {
      i,
      watch: c.watch[i] as number,
      type,
      t: c.time[i] as number,
      rv: Number.isNaN(rvn) ? (this.rvText.get(i) ?? '') : String(rvn),
      rvn: Number.isNaN(rvn) ? null : rvn,
      uid: h?.uid ?? '',
      kind: h?.kind ?? '',
      ns: h?.namespace ?? '',
      name: h?.name ?? '',
      v: c.version[i] as number,
      ...(list >= 0 ? { list } : {}),
      ...(note ? { note: note.note } : {}),
      ...(note?.code !== undefined ? { code: note.code } : {}),
    }
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

  /** The object at one version, rebuilt from the nearest keyframe before it. */
  objectAt(uid: string, version: number): Obj | undefined {
    const h = this.history(uid)
    if (!h || version < 0 || version >= h.versions.length) return undefined
    if (version === h.versions.length - 1) return h.latest
    let k = version
    while (typeof h.versions[k] === 'string') k--
    let obj = h.versions[k] as Obj
    for (let v = k + 1; v <= version; v++) obj = applyPatch(obj, h.versions[v] as string)
    return obj
  }

  /** The raw watch event of event i, rebuilt: {"type", "object"}. */
  rawEvent(i: number): { type: string; object: Obj } | undefined {
    const e = this.event(i)
    if (e.uid === '') return undefined
    const object = this.objectAt(e.uid, e.v)
    return object ? { type: e.type, object } : undefined
  }
}
