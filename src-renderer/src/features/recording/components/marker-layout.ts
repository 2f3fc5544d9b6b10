// Where the replay strip draws its markers so that a mouse reaches every one, whatever the
// recording's timing: markers closer than a marker's width are moved apart a little (never more
// than `maxShift` from their moment, in time order), and those that cannot be, in a crowd, become
// one cluster that opens a list. Pure: pixels in, pixels out; the strip measures them.

export interface MarkerSpot {
  /** The markers drawn here, by their index in the recording's list (one, or a cluster's). */
  indices: number[]
  /** The centre's distance from the track's left end, in px. */
  x: number
}

export interface MarkerLayoutInput {
  /** Each marker's moment on the track, in px from its left end, in time order. */
  at: readonly number[]
  /** The track's width in px. */
  width: number
  /** The least distance between two centres for their shapes not to touch (px). */
  gap: number
  /** How far a marker may be drawn from its moment (px); past that, crowded markers cluster. */
  maxShift: number
}

/**
 * Centres at least `gap` apart within [0, width], each as near its wanted place as can be (least
 * squares, in order), or null when they do not fit. Isotonic regression: x[i] - i*gap must not
 * decrease, so the pool-adjacent-violators pass over wanted[i] - i*gap, clamped to the bounds.
 */
export function spreadApart(
  wanted: readonly number[],
  width: number,
  gap: number,
): number[] | null {
  const n = wanted.length
  if (n === 0) return []
  const high = width - (n - 1) * gap
  if (high < 0) return null
  // Blocks of pooled values: their mean and how many they hold.
  const means: number[] = []
  const sizes: number[] = []
  for (let i = 0; i < n; i++) {
    let mean = (wanted[i] as number) - i * gap
    let size = 1
    while (means.length && (means[means.length - 1] as number) > mean) {
      const m = means.pop() as number
      const s = sizes.pop() as number
      mean = (m * s + mean * size) / (s + size)
      size += s
    }
    means.push(mean)
    sizes.push(size)
  }
  const out: number[] = []
  for (let b = 0; b < means.length; b++) {
    const y = Math.min(high, Math.max(0, means[b] as number))
    for (let k = 0; k < (sizes[b] as number); k++) out.push(y + out.length * gap)
  }
  return out
}

/** The markers' spots on the track: single markers, and clusters where they crowd. */
export function layoutMarkers({ at, width, gap, maxShift }: MarkerLayoutInput): MarkerSpot[] {
  // Groups of neighbours in time order, each wanted at the mean of its markers' moments.
  let groups = at.map((x, i) => ({ indices: [i], sum: x }))
  const wanted = () => groups.map((g) => g.sum / g.indices.length)
  for (;;) {
    const centres = wanted()
    const placed = spreadApart(centres, width, gap)
    if (placed && placed.every((x, i) => Math.abs(x - (centres[i] as number)) <= maxShift + 1e-6)) {
      return groups.map((g, i) => ({ indices: g.indices, x: placed[i] as number }))
    }
    if (groups.length === 1) {
      const only = groups[0] as (typeof groups)[number]
      return [{ indices: only.indices, x: Math.min(width, Math.max(0, centres[0] as number)) }]
    }
    // The two neighbours nearest each other become one (the earlier pair when two are as near).
    let join = 0
    for (let i = 1; i < centres.length - 1; i++) {
      const d = (centres[i + 1] as number) - (centres[i] as number)
      if (d < (centres[join + 1] as number) - (centres[join] as number)) join = i
    }
    const a = groups[join] as (typeof groups)[number]
    const b = groups[join + 1] as (typeof groups)[number]
    groups = [
      ...groups.slice(0, join),
      { indices: [...a.indices, ...b.indices], sum: a.sum + b.sum },
      ...groups.slice(join + 2),
    ]
  }
}
