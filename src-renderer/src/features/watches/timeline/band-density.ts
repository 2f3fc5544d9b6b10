// A density band's columns: how many events of a folded group's lanes fall in each pixel column.
// Each band keeps its events' axis positions in one sorted array; when events arrive, only theirs
// are placed, sorted and merged in (the group keeps its events in arrival order,
// TimelineData.eventsOfGroup), so a list filling one namespace leaves the other bands as they
// were; a frame then walks the visible part of that array with plain arithmetic. (Walking every
// member lane with two binary searches a frame cost about 30 ms for the 30 bands of 1,500 lanes
// that 150,000 objects in 100 namespaces show: one frame of two while scrolling.)
import { xOf, type AxisChoice } from './timeline-axis'
import type { Lane, TimelineData } from './timeline-data'

type Mode = AxisChoice['mode']

interface BandPositions {
  epoch: number
  mode: Mode
  /** How many of the group's events are placed. */
  seen: number
  xs: Float64Array
}

/** Per data, by group name (a band's members array is made again whenever its lanes change). */
const positions = new WeakMap<TimelineData, Map<string, BandPositions>>()

/** The axis positions of every event of the band's lanes (one group's), ascending. */
export function bandPositions(
  data: TimelineData,
  members: readonly Lane[],
  mode: Mode,
): Float64Array {
  const group = members[0]?.group
  if (group === undefined) return new Float64Array(0)
  let byGroup = positions.get(data)
  if (!byGroup) positions.set(data, (byGroup = new Map()))
  const events = data.eventsOfGroup(group)
  let held = byGroup.get(group)
  if (held && (held.epoch !== data.epoch || held.mode !== mode || held.seen > events.length))
    held = undefined
  if (held && held.seen === events.length) return held.xs
  const from = held?.seen ?? 0
  const fresh = new Float64Array(events.length - from)
  for (let i = from; i < events.length; i++) fresh[i - from] = xOf(data, mode, events[i] as number)
  fresh.sort()
  const xs = held ? mergeAscending(held.xs, fresh) : fresh
  byGroup.set(group, { epoch: data.epoch, mode, seen: events.length, xs })
  return xs
}

/** Two ascending arrays as one. */
function mergeAscending(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length)
    out[k++] = (a[i] as number) <= (b[j] as number) ? (a[i++] as number) : (b[j++] as number)
  while (i < a.length) out[k++] = a[i++] as number
  while (j < b.length) out[k++] = b[j++] as number
  return out
}

/** First position in xs (ascending) whose value is >= x. */
function lowerBound(xs: Float64Array, x: number): number {
  let lo = 0
  let hi = xs.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((xs[mid] as number) < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Counts the positions in [x0, x1] per pixel column of a plot `width` px wide (the column of x is
 * round((x - x0) / (x1 - x0) * width), where the plot's linear scale places a mark) into `counts`
 * (zeroed by the caller; columns past its end are left out); returns the largest count.
 */
export function bandColumns(
  xs: Float64Array,
  x0: number,
  x1: number,
  width: number,
  counts: Uint32Array,
): number {
  const span = x1 - x0
  if (!(span > 0)) return 0
  let max = 0
  const end = lowerBound(xs, x1 + 1e-9)
  for (let i = lowerBound(xs, x0); i < end; i++) {
    const px = Math.round((((xs[i] as number) - x0) / span) * width)
    if (px < 0 || px >= counts.length) continue
    const c = ++(counts[px] as number)
    if (c > max) max = c
  }
  return max
}
