// Where an event sits on the horizontal axis: its resourceVersion (when every one seen is
// comparable and a double holds it, docs/adr/0005), its arrival time, or, failing both, its
// arrival order.
import { scaleLinear, type ScaleLinear } from 'd3'
import { translate, type Locale } from '@i18n/translate'
import type { TimelineData } from './timeline-data'

export type AxisMode = 'rv' | 'time'

export interface AxisChoice {
  mode: AxisMode | 'arrival'
  /** Said on screen when the requested axis could not be used. */
  note: string | null
}

/** `lang`: the language of the note (the view's; English where no one reads it). */
export function chooseAxis(data: TimelineData, wanted: AxisMode, lang: Locale = 'en'): AxisChoice {
  if (wanted === 'time') return { mode: 'time', note: null }
  if (data.allNumeric) return { mode: 'rv', note: null }
  return {
    mode: 'arrival',
    note: translate(lang, 'watch.axisArrivalNote'),
  }
}

export function xOf(data: TimelineData, mode: AxisChoice['mode'], k: number): number {
  if (mode === 'time') return data.time[k] as number
  if (mode === 'rv') {
    const v = data.rvn[k] as number
    // ERROR events carry no resourceVersion: place them right after the event before them.
    if (Number.isNaN(v)) return k > 0 ? xOf(data, mode, k - 1) + 0.5 : 0
    return v
  }
  return k
}

/** Maps an axis value (resourceVersion, ms, arrival order) of the visible domain to a px column. */
export function plotScale(domain: [number, number], width: number): ScaleLinear<number, number> {
  return scaleLinear().domain(domain).range([0, width])
}

/** [min, max] of x over all events, padded so that the first and last marks are not on the edge. */
export function extentOf(data: TimelineData, mode: AxisChoice['mode']): [number, number] {
  if (data.count === 0) return [0, 1]
  let lo = Infinity
  let hi = -Infinity
  for (let k = 0; k < data.count; k++) {
    const x = xOf(data, mode, k)
    if (x < lo) lo = x
    if (x > hi) hi = x
  }
  for (const l of data.lists) {
    const x = mode === 'time' ? l.t : mode === 'rv' ? (l.rvn ?? lo) : l.firstEvent
    if (x < lo) lo = x
    if (x > hi) hi = x
  }
  const pad = Math.max(1, (hi - lo) * 0.03)
  return [lo - pad, hi + pad]
}

/** First position in a lane's event list whose x is >= x (the list is sorted by x). */
export function lowerBound(
  data: TimelineData,
  mode: AxisChoice['mode'],
  events: number[],
  x: number,
): number {
  let lo = 0
  let hi = events.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (xOf(data, mode, events[mid] as number) < x) lo = mid + 1
    else hi = mid
  }
  return lo
}
