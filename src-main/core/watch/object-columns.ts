// What the event store keeps of each object beside its versions, one column each: typed arrays for
// the numbers, the uids as 16 bytes each (uid-keys.ts, which finds an object by its uid too), an
// array of strings (name), and the full list of an object's version events
// only for objects with more than one version. At 150,000 objects an object of 13 fields and an
// array of one event each cost about 200 bytes an object on the heap; these columns cost about 45.
// A deleted object forgotten once its versions and marks were folded (EventStore.foldEvents) gives
// its index back: the next new object takes it, so that create-then-delete churn does not grow
// the columns (nor the worker's slots, which are by the same index) without end.
import { grown, nextCapacity } from '@common/typed-arrays'
import { UidKeys } from './uid-keys'

export class ObjectColumns {
  capacity = 1024
  length = 0
  private readonly uids = new UidKeys()
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
  /**
   * 0 or 1 while the list of version events holds every version; else the events of versions
   * 1..slotsFrom-1 were folded (EventStore.foldEvents) and the list holds version 0, then
   * slotsFrom on.
   */
  slotsFrom = new Int32Array(this.capacity)
  /** Deleted objects forgotten once their versions and marks were folded (uid and name dropped), ever. */
  forgotten = 0
  /** Indices of forgotten objects not taken again yet: the next new objects take them (add). */
  private readonly free: number[] = []
  /** The event of every version, for objects with more than one. */
  private readonly versionEvents = new Map<number, number[]>()

  /**
   * A new object, with no version yet: its index, a forgotten object's if one is free (its
   * columns start again), else the next.
   */
  add(uid: string, name: string, kind: number, apiVersion: number, namespace: number): number {
    const reused = this.free.pop()
    let k: number
    if (reused !== undefined) {
      k = reused
      this.name[k] = name
      this.versionCount[k] = 0
      this.foldedBelow[k] = 0
      this.deleted[k] = 0
      this.foldedAll[k] = 0
      this.mark[k] = 0
      this.slotsFrom[k] = 0
    } else {
      if (this.length === this.capacity) this.grow()
      k = this.length++
      this.name.push(name)
    }
    this.uids.set(uid, k)
    this.kind[k] = kind
    this.apiVersion[k] = apiVersion
    this.namespace[k] = namespace
    this.latestVersion[k] = -1
    this.lastEvent[k] = -1
    this.firstEvent[k] = -1
    return k
  }

  /** The index of the object with this uid, if the store holds it (forgotten ones' are gone). */
  indexOf(uid: string): number | undefined {
    return this.uids.get(uid)
  }

  /** Object k's uid ('' once it was forgotten). */
  uidAt(k: number): string {
    return this.uids.at(k)
  }

  /** Whether object k is held: it was added and not forgotten. */
  isHeld(k: number): boolean {
    return this.uids.has(k)
  }

  /** Forgotten objects whose index no new object took yet. */
  get freeSlots(): number {
    return this.free.length
  }

  /** Objects held: every index but those forgotten and not taken again. */
  get held(): number {
    return this.length - this.free.length
  }

  /** How many objects keep a list of their versions' events (those with more than one version). */
  get listed(): number {
    return this.versionEvents.size
  }

  /** The event that produced version v of object k (-1 if none). */
  versionEvent(k: number, v: number): number {
    if (v === 0) return this.firstEvent[k] as number
    const from = Math.max(1, this.slotsFrom[k] as number)
    if (v < from) return -1
    return this.versionEvents.get(k)?.[v - from + 1] ?? -1
  }

  /** Every version's event, in version order (a copy; -1 for a version whose event was folded). */
  versionEventsOf(k: number): number[] {
    const all = this.versionEvents.get(k)
    if (all) {
      const from = Math.max(1, this.slotsFrom[k] as number)
      if (from === 1) return [...all]
      const out = [all[0] as number]
      for (let v = 1; v < from; v++) out.push(-1)
      for (let j = 1; j < all.length; j++) out.push(all[j] as number)
      return out
    }
    const first = this.firstEvent[k] as number
    return first >= 0 ? [first] : []
  }

  /** How many versions' slots object k's list holds (its folded versions' dropped). */
  slotsOf(k: number): number {
    return this.versionEvents.get(k)?.length ?? ((this.firstEvent[k] as number) >= 0 ? 1 : 0)
  }

  /**
   * Drops the slots of versions 1..below-1 of object k (their events were folded): the list keeps
   * version 0's and those from `below` on, in a new array (a shorter one frees its room). The
   * slots dropped.
   */
  dropSlots(k: number, below: number): number {
    const all = this.versionEvents.get(k)
    const from = Math.max(1, this.slotsFrom[k] as number)
    if (!all || below <= from) return 0
    const cut = Math.min(below - from, all.length - 1)
    const kept = [all[0] as number, ...all.slice(1 + cut)]
    this.versionEvents.set(k, kept)
    this.slotsFrom[k] = from + cut
    return cut
  }

  /**
   * Forgets a deleted object whose versions and marks were all folded: its uid, name and list go,
   * and its index is free for the next new object (add). No event may name it any more, and the
   * worker must have dropped it (it takes a first version at a dropped index as a new object's:
   * version-store.ts). The slots dropped.
   */
  forget(k: number): number {
    const slots = this.slotsOf(k)
    this.versionEvents.delete(k)
    this.uids.remove(k)
    this.name[k] = ''
    this.firstEvent[k] = -1
    this.lastEvent[k] = -1
    this.latestVersion[k] = -1
    this.forgotten++
    this.free.push(k)
    return slots
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
    this.slotsFrom = grown(this.slotsFrom, cap)
    this.capacity = cap
  }
}
