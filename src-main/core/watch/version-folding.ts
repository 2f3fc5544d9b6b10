// The store's budget (docs/adr/0019): what the version history's versions cost, and which to fold
// away once they cost more than the budget. Pure: the worker (version-history-worker.ts) keeps the
// sizes and applies the plan.
//
// The rule: each object keeps its first version (v0) and its latest KEEP_LATEST versions (enough to
// diff the latest and step back a little); the versions between are folded, starting from the
// objects with the most versions kept, until the history is back under FOLD_TO of the budget. If
// that is not enough, a second pass keeps only the latest KEEP_LATEST_MIN (the latest and the one
// before it, to diff the latest). An object's folded versions are always 1..foldedBelow-1.

/** Versions kept at the end of each folded object. */
export const KEEP_LATEST = 8
/** Versions kept at the end when folding to KEEP_LATEST was not enough. */
export const KEEP_LATEST_MIN = 2
/** Folding brings the history down to this share of the budget, so that it does not fold at every write. */
export const FOLD_TO = 0.9
/** A kept version's cost beside its bytes (its size entry, the room its log keeps to grow). */
export const VERSION_OVERHEAD = 8
/** A whole version (a keyframe) is kept as its JSON's bytes, as a delta is (version-store.ts). */
export const KEYFRAME_FACTOR = 1

/** The default budget: 128 MB of version history (docs/adr/0019 says why). */
export const DEFAULT_STORE_BUDGET_MB = 128

/** What a version costs: a keyframe by its JSON's bytes, a patch (a byte delta) by its length. */
export function versionCost(kind: 'keyframe' | 'patch', bytes: number): number {
  return (kind === 'keyframe' ? bytes * KEYFRAME_FACTOR : bytes) + VERSION_OVERHEAD
}

export interface FoldCandidate {
  object: number
  /** Versions the object has had (kept and folded). */
  count: number
  /** 0 when none is folded; else versions 1..foldedBelow-1 are. */
  foldedBelow: number
  /** Each version's cost (0 for a folded one). */
  sizes: ArrayLike<number>
}

export interface Fold {
  object: number
  /** The object's new foldedBelow: versions 1..below-1 folded, `below` becomes a keyframe. */
  below: number
  /** The bytes folding frees (the new keyframe's cost not counted). */
  freed: number
}

/** How many versions an object keeps. */
export const keptVersions = (c: { count: number; foldedBelow: number }): number =>
  c.count - Math.max(0, c.foldedBelow - 1)

/**
 * The folds that free at least `excess` bytes, busiest objects first (most versions kept; ties by
 * object index, the older first), keeping KEEP_LATEST versions at the end, then KEEP_LATEST_MIN.
 * May free less when every object is already down to its first and last versions.
 */
export function planFolds(candidates: readonly FoldCandidate[], excess: number): Fold[] {
  const plan = new Map<number, Fold>()
  let freed = 0
  for (const keep of [KEEP_LATEST, KEEP_LATEST_MIN]) {
    const order = candidates
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
      let bytes = 0
      for (let v = Math.max(1, from); v < below; v++) bytes += c.sizes[v] ?? 0
      const before = plan.get(c.object)
      plan.set(c.object, { object: c.object, below, freed: (before?.freed ?? 0) + bytes })
      freed += bytes
    }
    if (freed >= excess) break
  }
  return [...plan.values()]
}
