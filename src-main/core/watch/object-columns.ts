// What the event store keeps of each object beside its versions, one column each: typed arrays for
// the numbers, two arrays of strings (uid, name), and the full list of an object's version events
// only for objects with more than one version. At 150,000 objects an object of 13 fields and an
// array of one event each cost about 200 bytes an object on the heap; these columns cost about 45.
import { grown, nextCapacity } from '@common/typed-arrays'

export class ObjectColumns {
  capacity = 1024
  length = 0
  readonly uid: string[] = []
  readonly name: string[] = []
  /** Codes of the store's words (EventStore.word): one copy of each kind, apiVersion, namespace. */
  kind = new Int32Array(this.capacity)
  apiVersion = new Int32Array(this.capacity)
  namespace = new Int32Array(this.capacity)
  /** How many distinct versions were seen. */
  versionCount = new Int32Array(this.capacity)
  /** The version at the newest resourceVersion held (docs/adr/0005); -1 before the first. */
  latestVersion = new Int32Array(this.capacity)
  /** The last event that touched the object (LISTED repeats included); -1 before the first. */
  lastEvent = new Int32Array(this.capacity)
  /** The event that produced version 0; -1 before it. */
  firstEvent = new Int32Array(this.capacity)
  /** 0 when every version is kept; else versions 1..foldedBelow-1 were folded away. */
  foldedBelow = new Int32Array(this.capacity)
  deleted = new Uint8Array(this.capacity)
  /** 1 once the object was deleted and every one of its versions folded (EventStore.noteFolds). */
  foldedAll = new Uint8Array(this.capacity)
  /** The last list or streaming list that held the object (EventStore.newMark); 0 for none. */
  mark = new Int32Array(this.capacity)
  /** The event of every version, for objects with more than one. */
  private readonly versionEvents = new Map<number, number[]>()

  /** A new object, with no version yet: its index. */
  add(uid: string, name: string, kind: number, apiVersion: number, namespace: number): number {
    if (this.length === this.capacity) this.grow()
    const k = this.length++
    this.uid.push(uid)
    this.name.push(name)
    this.kind[k] = kind
    this.apiVersion[k] = apiVersion
    this.namespace[k] = namespace
    this.latestVersion[k] = -1
    this.lastEvent[k] = -1
    this.firstEvent[k] = -1
    return k
  }

  /** How many objects keep a list of their versions' events (those with more than one version). */
  get listed(): number {
    return this.versionEvents.size
  }

  /** The event that produced version v of object k (-1 if none). */
  versionEvent(k: number, v: number): number {
    if (v === 0) return this.firstEvent[k] as number
    return this.versionEvents.get(k)?.[v] ?? -1
  }

  /** Every version's event, in version order (a copy). */
  versionEventsOf(k: number): number[] {
    const all = this.versionEvents.get(k)
    if (all) return [...all]
    const first = this.firstEvent[k] as number
    return first >= 0 ? [first] : []
  }

  /** Version v (the next one) of object k came with event i. */
  addVersionEvent(k: number, v: number, i: number): void {
    if (v === 0) {
      this.firstEvent[k] = i
      return
    }
    let all = this.versionEvents.get(k)
    if (!all) {
      all = [this.firstEvent[k] as number]
      this.versionEvents.set(k, all)
    }
    all.push(i)
  }

  private grow(): void {
    const cap = nextCapacity(this.capacity)
    this.kind = grown(this.kind, cap)
    this.apiVersion = grown(this.apiVersion, cap)
    this.namespace = grown(this.namespace, cap)
    this.versionCount = grown(this.versionCount, cap)
    this.latestVersion = grown(this.latestVersion, cap)
    this.lastEvent = grown(this.lastEvent, cap)
    this.firstEvent = grown(this.firstEvent, cap)
    this.foldedBelow = grown(this.foldedBelow, cap)
    this.deleted = grown(this.deleted, cap)
    this.foldedAll = grown(this.foldedAll, cap)
    this.mark = grown(this.mark, cap)
    this.capacity = cap
  }
}
