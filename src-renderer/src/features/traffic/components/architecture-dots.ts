// The dots of the architecture drawing, without the DOM: which arrivals get a dot (refusals
// always; successes within MAX_PER_SECOND and MAX_DOTS, the rest counted), where a dot is at a
// given moment, when it is gone, and the rolling counts per client row and per stop. Times are
// passed in (the view's performance.now() for the dots; for the counts the traffic's clock: a
// replay's position in recorded time, Date.now() live), so the sampling reads in a unit test.
import type { TrafficAggregate, TrafficRequest } from '@features/traffic/messages'
import { route, routeLength, pointAlong, type Point } from './architecture-layout'
import {
  READ_VERBS,
  RollingCounts,
  clientRowId,
  isRead,
  matches,
  pathKey,
  type TrafficFilter,
} from './traffic-model'

export const MAX_DOTS = 80
export const MAX_PER_SECOND = 12
/** viewBox units per second */
export const SPEED = 700
export const WINDOW_MS = 10_000
/** How long a dot takes to fade once its hold is over. */
const FADE_MS = 600

export interface Dot {
  id: string
  r: TrafficRequest
  points: Point[]
  born: number
  travelMs: number
  holdMs: number
}

export interface Arrivals {
  requests: readonly TrafficRequest[]
  aggregated: readonly TrafficAggregate[]
  filter: TrafficFilter
  /** The named client rows beside the fixed ones (topOthers). */
  others: readonly string[]
  /** The y of a client row on the drawing. */
  rowY: (row: string) => number
  /** performance.now(), for the dots' animation. */
  now: number
  /** The traffic's "now" when these arrived (trafficNow): where the counts' window ends. */
  clockNow: number
  /** A replay's arrivals: each counts at its recorded time, however late it is delivered. */
  recorded: boolean
  reducedMotion: boolean
}

/**
 * When an arrival counts: when the API server received it (the newest of an aggregate's). Live,
 * a time further than the window from this machine's clock (a server clock set differently, a
 * backlog delivered late) counts when it arrived instead, as does an aggregate that says no time
 * (recorded before aggregates carried one). A replay's counts at its time, whatever the distance:
 * a seek delivers minutes of recorded requests at once, and only the last 10 s are "now".
 */
export function countedAt(
  receivedAt: number | undefined,
  a: Pick<Arrivals, 'clockNow' | 'recorded'>,
): number {
  if (receivedAt === undefined || !Number.isFinite(receivedAt)) return a.clockNow
  if (a.recorded) return receivedAt
  const off = a.clockNow - receivedAt
  return off >= 0 && off <= WINDOW_MS ? receivedAt : a.clockNow
}

/** Decides which arrivals get a dot and counts every one of them, drawn or not. */
export class DotSampler {
  readonly rolling = new RollingCounts(WINDOW_MS)
  private drawnThisSecond = 0
  private secondStart = 0

  /** The dots after these arrivals, and how many arrivals were counted without a dot. */
  admit(dots: readonly Dot[], a: Arrivals): { dots: Dot[]; sampled: number } {
    if (a.now - this.secondStart > 1000) {
      this.secondStart = a.now
      this.drawnThisSecond = 0
    }
    let current = dots as Dot[]
    let sampled = 0
    const added: Dot[] = []
    const drawn = new Set(dots.map((d) => d.id))
    for (const r of a.requests) {
      if (r.code === null || !matches(r, a.filter) || drawn.has(r.auditId)) continue
      const row = clientRowId(r, a.others)
      this.countRequest(r, row, a)
      // Refusals are what a class looks for: they are always drawn; successes share a budget.
      const refused = (r.code ?? 0) >= 400
      const full = current.length + added.length >= MAX_DOTS
      if (!refused && (this.drawnThisSecond >= MAX_PER_SECOND || full)) {
        sampled++
        continue
      }
      if (full) current = dropOldestSuccess(current)
      if (!refused) this.drawnThisSecond++
      const points = route(a.rowY(row), r)
      added.push({
        id: r.auditId,
        r,
        points,
        born: a.now + added.length * 60,
        travelMs: a.reducedMotion ? 0 : Math.max(500, (routeLength(points) / SPEED) * 1000),
        holdMs: refused ? 4500 : 1500,
      })
    }
    for (const g of a.aggregated) {
      if (!matches(g, a.filter)) continue
      const row = clientRowId(g, a.others)
      const key = pathKey(row, g.stoppedAt, READ_VERBS.has(g.verb))
      this.rolling.add(key, g.count, countedAt(g.at, a))
      sampled += g.count
    }
    return { dots: added.length > 0 ? [...current, ...added] : current, sampled }
  }

  /**
   * Counts requests that came before the drawing was on screen (the ones the list holds), without
   * a dot: the view opened at a replay's marker, or a filter chosen, says the 10 s before now.
   */
  countEarlier(
    requests: readonly TrafficRequest[],
    a: Pick<Arrivals, 'filter' | 'others' | 'clockNow' | 'recorded'>,
  ): void {
    for (const r of requests) {
      if (r.code === null || !matches(r, a.filter)) continue
      this.countRequest(r, clientRowId(r, a.others), a)
    }
  }

  private countRequest(
    r: TrafficRequest,
    row: string,
    a: Pick<Arrivals, 'clockNow' | 'recorded'>,
  ): void {
    this.rolling.add(pathKey(row, r.stoppedAt, isRead(r)), 1, countedAt(r.receivedAt, a))
  }

  /** The counts of the WINDOW_MS before `now` (the traffic's clock), per path key. */
  counts(now: number): Map<string, number> {
    return this.rolling.counts(now)
  }

  clear(): void {
    this.rolling.clear()
  }
}

/** Makes room for a refusal: the oldest success goes (or the oldest dot if all are refusals). */
export function dropOldestSuccess(list: readonly Dot[]): Dot[] {
  const i = list.findIndex((d) => (d.r.code ?? 0) < 400)
  return list.filter((_, j) => j !== (i < 0 ? 0 : i))
}

/** The dots still on screen at `now`: travelling, held where they stopped, or fading. */
export function aliveDots(dots: readonly Dot[], now: number): readonly Dot[] {
  const alive = dots.filter((d) => now - d.born < d.travelMs + d.holdMs + FADE_MS)
  return alive.length === dots.length ? dots : alive
}

/** Where a dot is at `now` (eased along its route), whether it arrived, and its opacity. */
export function dotState(d: Dot, now: number) {
  const age = now - d.born
  const progress = d.travelMs === 0 ? 1 : Math.min(1, Math.max(0, age / d.travelMs))
  const eased = 1 - (1 - progress) ** 2
  const [x, y] = pointAlong(d.points, eased)
  const fadeStart = d.travelMs + d.holdMs
  const opacity = age < 0 ? 0 : age < fadeStart ? 1 : Math.max(0, 1 - (age - fadeStart) / FADE_MS)
  return { x, y, arrived: progress >= 1, opacity }
}

/**
 * The dots whose code is written above them: of the refused dots that arrived at one place with
 * one code, only the latest, since the others' numbers would lie under it, the same number.
 */
export function codeLabelled(dots: readonly Dot[], now: number): Set<string> {
  const latest = new Map<string, string>()
  for (const d of dots) {
    if ((d.r.code ?? 0) < 400 || !dotState(d, now).arrived) continue
    const end = d.points[d.points.length - 1]
    latest.set(`${Math.round(end?.[0] ?? 0)},${Math.round(end?.[1] ?? 0)}|${d.r.code}`, d.id)
  }
  return new Set(latest.values())
}

/** Sums rolling counts ("row|stop|read") by one part of their key: 0 the row, 1 the stop. */
export function countsBy(counts: ReadonlyMap<string, number>, part: 0 | 1): Map<string, number> {
  const out = new Map<string, number>()
  for (const [key, n] of counts) {
    const at = key.split('|')[part] ?? ''
    out.set(at, (out.get(at) ?? 0) + n)
  }
  return out
}

/** Requests per second over the window, from a count of it. */
export const perSecond = (n: number) => n / (WINDOW_MS / 1000)

/** A rate as the drawing prints it: whole numbers from 10/s, one decimal below. */
export function rateLabel(n: number): string {
  const r = perSecond(n)
  return r >= 10 ? r.toFixed(0) : r.toFixed(1)
}
