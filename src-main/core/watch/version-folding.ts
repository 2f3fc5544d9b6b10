// The store's budget (docs/adr/0019): what the version history's versions and the store's events
// cost, and which versions to fold away once they cost more than the budget. Pure: the worker
// (version-history-worker.ts) keeps the sizes and applies the plan.
//
// The rule, in order, until the history and the events are back under FOLD_TO of the budget:
// 1. Deleted objects, the oldest deletion first: every version is folded (the object's marks stay
//    on the timeline, and its kind, namespace, name and uid with them).
// 2. Living objects, the most versions kept first: each keeps its first version (v0) and its latest
//    KEEP_LATEST versions; the versions between are folded. The first version kept after the gap
//    becomes whole (a keyframe), so an object is folded only once the versions it would free cost
//    at least FOLD_GAIN times that keyframe: a fold frees more than it costs, in batches.
// 3. If that is not enough, the same keeping only the latest KEEP_LATEST_MIN (the latest and the
//    one before it, to diff the latest).
// 4. If that is not enough either, quiet objects too: each keeps its first and its latest
//    KEEP_LATEST_MIN versions wherever that frees more than the keyframe costs (FOLD_GAIN 1). That
//    is the floor: every living object's first version and latest two (a keyframe and a delta,
//    or fewer bytes) with its log and slots, and the events.
// What is counted: everything the worker holds (version-store.ts `held`: the versions' bytes and
// what it keeps for them, OBJECT_SLOT_BYTES to CACHE_ENTRY_BYTES below) and the events.
// An object's folded versions are always 1..foldedBelow-1, or all of them once it was deleted.

/** Versions kept at the end of each folded object. */
export const KEEP_LATEST = 8
/** Versions kept at the end when folding to KEEP_LATEST was not enough. */
export const KEEP_LATEST_MIN = 2
/** Folding brings the history down to this share of the budget, so that it does not fold at every write. */
export const FOLD_TO = 0.9
/** A busy object is folded only when what it frees is at least this many times the keyframe the fold makes. */
export const FOLD_GAIN = 2
/** A kept version's cost beside its bytes (what recordLength subtracts again: version-store.ts). */
export const VERSION_OVERHEAD = 8
/*
 * What the worker holds beside the versions' bytes, counted in the budget too (version-store.ts,
 * `overhead`): each object's slots (its count, first version's place and latest length: 16
 * bytes, and its log's place: 8), each log's own objects (the log, its writer, its records' and
 * size table's typed arrays and buffers, its list of whole versions) beside the room its records
 * and size table keep to grow, each latest version cached beside its buffer (its typed array,
 * buffer and map entry), each deleted object waiting to be dropped (a map entry), and the
 * arena's room not yet used. Measured in the worker's heap with its ArrayBuffers after a GC
 * (Node 20; 50,000 of each: a log 540 bytes beside its bytes, a cached version 220, a map entry
 * 37), rounded.
 */
export const OBJECT_SLOT_BYTES = 24
export const LOG_BYTES = 520
export const CACHE_ENTRY_BYTES = 220
export const DELETION_ENTRY_BYTES = 40
/** With a budget, the worker's cache of latest versions keeps at most this share of it (version-store.ts). */
export const LATEST_CACHE_SHARE = 1 / 8
/** A whole version (a keyframe) is kept as its JSON's bytes, as a delta is (version-store.ts). */
export const KEYFRAME_FACTOR = 1
/**
 * An event's columns (type 1, watch 2, time 8, resourceVersion 8, object, version, list and its
 * index 4 each: the index says which event a position holds once marks were folded).
 */
export const EVENT_COLUMN_BYTES = 35
/**
 * A version's slot in its object's list of the events that made each version (8 bytes, and the
 * room a growing array keeps: 10 on average).
 */
export const EVENT_SLOT_BYTES = 10
/**
 * That list's own cost, for each object with more than one version: its array (first made with
 * room for 17 slots) and its map entry. Measured on the store's thread after a GC (Node 20; 20,000
 * objects of two versions: 257 bytes an object, slots included: test/unit/event-store-cost.test.ts),
 * rounded. Over the soak's hour (17,406 objects, 161,393 versions) that is about 35 bytes a version
 * with its share of its list, where only its slot's 8 were counted until 2026-12-05.
 */
export const EVENT_LIST_BYTES = 240
/**
 * An object's record on the store's thread (uid, name, its map entry by uid, its columns as
 * allocated), beside its events. Measured after a GC (Node 20; 20,000 objects of one version: 303
 * bytes an object), rounded. Since 2026-12-06 a uid is 16 bytes and a slot in a table
 * (uid-keys.ts), about 70 bytes an object less; not lowered: the soak's churn in small
 * (event-store-cost.test.ts) now counts 1.00 of the heap the store's thread takes, where it
 * counted 1.09 before.
 */
export const OBJECT_RECORD_BYTES = 300
/**
 * What stays of a deleted object forgotten once its versions and marks were folded
 * (EventStore.foldEvents), on the store's thread, until a new object takes its index
 * (ObjectColumns.add): its columns and what its record, list and map entries leave. Measured
 * after a GC (Node 20, 5,738 deleted objects of the soak's writes in small forgotten at once: the
 * thread gave back 246 bytes an object of the 560 counted for it before), rounded up: forgetting
 * frees about half of what a deleted object cost at once, and the rest once its index is taken
 * again (until 2026-12-05 indices were never taken again, so each one forgotten cost this for
 * good: about 3.7 MB counted after the soak's hour of 12,377).
 */
export const FORGOTTEN_OBJECT_BYTES = 300
/**
 * The share of the budget the events may take before their oldest marks fold (those of deleted
 * objects whose versions were folded, then those of busy objects' folded versions).
 */
export const EVENTS_SHARE = 1 / 2

/** The default budget: 128 MB of versions and events (docs/adr/0019 says why). */
export const DEFAULT_STORE_BUDGET_MB = 128

/** What a version costs: a keyframe by its JSON's bytes, a patch (a byte delta) by its length. */
export function versionCost(kind: 'keyframe' | 'patch', bytes: number): number {
  return (kind === 'keyframe' ? bytes * KEYFRAME_FACTOR : bytes) + VERSION_OVERHEAD
}

/**
 * What the store's events cost on its own thread, counted in the budget beside the versions:
 * the columns as allocated (they grow by doubling), each version's slot in its object's list of
 * events and each such list (`listed`: objects with more than one version), and each object's
 * record. Past EVENTS_SHARE of the budget the oldest marks of folded versions fold (docs/adr/0019).
 */
export function eventsCost(s: {
  capacity: number
  /** Versions' slots held in their objects' lists (those of folded marks dropped). */
  versions: number
  /** Objects held, forgotten ones left out. */
  objects: number
  listed: number
  /**
   * Deleted objects forgotten (EventStore.foldEvents) whose index no new object took yet: what
   * stays of each (a new object takes one: ObjectColumns.add).
   */
  forgotten?: number
}): number {
  return (
    s.capacity * EVENT_COLUMN_BYTES +
    s.versions * EVENT_SLOT_BYTES +
    s.listed * EVENT_LIST_BYTES +
    s.objects * OBJECT_RECORD_BYTES +
    (s.forgotten ?? 0) * FORGOTTEN_OBJECT_BYTES
  )
}

export interface FoldCandidate {
  object: number
  /** Versions the object has had (kept and folded). */
  count: number
  /** 0 when none is folded; else versions 1..foldedBelow-1 are. */
  foldedBelow: number
  /** Each version's cost (0 for a folded one). */
  sizes: ArrayLike<number>
  /** Deleted: the order of its deletion (older first); absent while it lives. */
  deleted?: number
  /** What making version v whole costs (0 when it already is). Absent: nothing. */
  keyframeCost?: (v: number) => number
  /** A deleted object: what dropping it frees beside its versions' sizes (its log's own cost, its cached latest version). */
  overhead?: number
}

export interface Fold {
  object: number
  /**
   * The object's new foldedBelow: versions 1..below-1 folded, `below` becomes a keyframe. For a
   * deleted object, `count`: every version folded, the first too (`all`).
   */
  below: number
  /** Every version folded, the first too (a deleted object). */
  all?: true
  /** The bytes folding frees, less the keyframe it makes. */
  freed: number
}

/** How many versions an object keeps. */
export const keptVersions = (c: { count: number; foldedBelow: number }): number =>
  c.count - Math.max(0, c.foldedBelow - 1)

function sum(sizes: ArrayLike<number>, from: number, to: number): number {
  let bytes = 0
  for (let v = from; v < to; v++) bytes += sizes[v] ?? 0
  return bytes
}

/** Each pass: the versions kept at the end, and how many times its keyframe a fold must free. */
const PASSES = [
  { keep: KEEP_LATEST, gain: FOLD_GAIN },
  { keep: KEEP_LATEST_MIN, gain: FOLD_GAIN },
  { keep: KEEP_LATEST_MIN, gain: 1 },
] as const

/**
 * The folds that free at least `excess` bytes: deleted objects first (the oldest deletion first,
 * every version), then living objects (most versions kept; ties by object index, the older
 * first), keeping KEEP_LATEST versions at the end, then KEEP_LATEST_MIN, each only when it frees
 * at least FOLD_GAIN times the keyframe it makes, then KEEP_LATEST_MIN again wherever it frees
 * more than the keyframe. May free less when nothing is left worth folding.
 */
export function planFolds(candidates: readonly FoldCandidate[], excess: number): Fold[] {
  const plan = new Map<number, Fold>()
  let freed = 0
  const deleted = candidates
    .filter((c) => c.deleted !== undefined)
    .sort((a, b) => (a.deleted as number) - (b.deleted as number) || a.object - b.object)
  for (const c of deleted) {
    if (freed >= excess) return [...plan.values()]
    const bytes = sum(c.sizes, 0, c.count) + (c.overhead ?? 0)
    plan.set(c.object, { object: c.object, below: c.count, all: true, freed: bytes })
    freed += bytes
  }
  for (const { keep, gain } of PASSES) {
    if (freed >= excess) break
    const order = candidates
      .filter((c) => c.deleted === undefined)
      .map((c) => ({ c, below: Math.max(c.foldedBelow, plan.get(c.object)?.below ?? 0) }))
      .filter(({ c, below }) => c.count - keep > Math.max(1, below))
      .sort(
        (a, b) =>
          keptVersions({ count: b.c.count, foldedBelow: b.below }) -
            keptVersions({ count: a.c.count, foldedBelow: a.below }) || a.c.object - b.c.object,
      )
    for (const { c, below: from } of order) {
      if (freed >= excess) break
      const below = c.count - keep
      const bytes = sum(c.sizes, Math.max(1, from), below)
      const keyframe = c.keyframeCost?.(below) ?? 0
      // Not worth it (yet): the object folds once it has gathered more versions.
      if (bytes < gain * keyframe || bytes <= keyframe) continue
      const before = plan.get(c.object)
      plan.set(c.object, {
        object: c.object,
        below,
        freed: (before?.freed ?? 0) + bytes - keyframe,
      })
      freed += bytes - keyframe
    }
  }
  return [...plan.values()]
}
