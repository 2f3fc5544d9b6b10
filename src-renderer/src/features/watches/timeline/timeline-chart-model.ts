// What the timeline chart shows, worked out without the DOM: the x scale of the visible domain,
// the list/streaming-list/410 labels packed into rows, the "+n elsewhere" gaps of a watch's
// resourceVersions, the lane tags, the tooltip, and which event a key press moves to. The
// component (TimelineChart.canvas.svelte) keeps the drawing, the sizes and the events.
import type { SaidAs } from '@common/result'
import type { WatchStatus } from '@common/watch-types'
import { translate, type Locale } from '@i18n/translate'
import { TYPE_STYLE } from './timeline-canvas'
import { xOf, type AxisChoice } from './timeline-axis'
export { plotScale } from './timeline-axis'
import type { Lane, TimelineData } from './timeline-data'

type Mode = AxisChoice['mode']

export type LineKind = 'list' | 'stream' | 'expired'

export interface PlacedLabel {
  x: number
  label: string
  kind: LineKind
  row: number
  anchor: 'start' | 'end'
}

export interface PackedLabels {
  labels: PlacedLabel[]
  /** How many rows of labels the band needs. */
  rows: number
  /** What did not fit, said where a row has room left at its right end. */
  more: { text: string; row: number } | null
}

export interface LabelMetrics {
  width: number
  /** Width of one character of the labels' font, px. */
  charWidth: number
  maxRows: number
}

/**
 * List, streaming-list and 410 labels, packed into rows so that none overlaps another; `lang` is
 * the language of their words (the view's).
 */
export function packLabels(
  data: TimelineData,
  mode: Mode,
  px: (x: number) => number,
  { width, charWidth, maxRows }: LabelMetrics,
  lang: Locale = 'en',
): PackedLabels {
  const raw: { x: number; label: string; kind: LineKind }[] = []
  for (const l of data.lists) {
    const x = px(mode === 'time' ? l.t : mode === 'rv' ? (l.rvn ?? 0) : l.firstEvent)
    if (x >= 0 && x <= width)
      raw.push(
        l.way === 'stream'
          ? {
              x,
              kind: 'stream',
              label: translate(lang, 'watch.lineStream', { rv: l.rv, n: l.items }),
            }
          : {
              x,
              kind: 'list',
              label: translate(
                lang,
                l.reason === 'initial' ? 'watch.lineList' : 'watch.lineRelist',
                {
                  rv: l.rv,
                  count: l.pages.length,
                },
              ),
            },
      )
  }
  for (const [k, note] of data.notes) {
    if (note.code !== 410) continue
    const x = px(xOf(data, mode, k))
    if (x >= 0 && x <= width) raw.push({ x, kind: 'expired', label: '410 Expired' })
  }
  raw.sort((a, b) => a.x - b.x)
  // The same label at the same place (several watches relisting at one resourceVersion): once.
  const merged: { x: number; label: string; kind: LineKind; n: number }[] = []
  for (const l of raw) {
    const same = merged.find((m) => m.label === l.label && Math.abs(m.x - l.x) < 3)
    if (same) same.n++
    else merged.push({ ...l, n: 1 })
  }
  const rowEnds: number[] = []
  const labels: PlacedLabel[] = []
  let hidden = 0
  for (const l of merged) {
    const label = l.n > 1 ? `${l.label} ×${l.n}` : l.label
    const w = label.length * charWidth + 8
    const anchor = l.x > width - w ? ('end' as const) : ('start' as const)
    const left = anchor === 'end' ? l.x - w : l.x
    let row = rowEnds.findIndex((end) => end < left)
    if (row === -1) row = rowEnds.length
    if (row >= maxRows) {
      hidden++
      continue
    }
    rowEnds[row] = left + w
    labels.push({ x: l.x, label, kind: l.kind, row, anchor })
  }
  let more: PackedLabels['more'] = null
  if (hidden) {
    const text = translate(lang, 'watch.moreLabels', { n: hidden })
    const w = text.length * charWidth + 8
    let row = rowEnds.findIndex((end) => end < width - w)
    if (row === -1 && rowEnds.length < maxRows) row = rowEnds.length
    if (row !== -1) {
      rowEnds[row] = width
      more = { text, row }
    }
  }
  return { labels, rows: rowEnds.length, more }
}

export interface Gap {
  x0: number
  x1: number
  /** Top of the lane, px from the top of the plot. */
  y: number
  /** How many resourceVersions went to other objects between the two marks. */
  n: number
}

export interface LaneWindow {
  rowTop: number
  plotHeight: number
  laneHeight: number
  width: number
}

/**
 * Marks between consecutive events of one watch where resourceVersions jumped (they went to
 * objects this watch does not see): only on the resourceVersion axis, only where there is room.
 */
export function watchGaps(
  data: TimelineData,
  mode: Mode,
  px: (x: number) => number,
  { rowTop, plotHeight, laneHeight, width }: LaneWindow,
): Gap[] {
  if (mode !== 'rv') return []
  const out: Gap[] = []
  for (const [watch, stream] of data.watchStream) {
    const lane = data.lanes.find((l) => l.kind === 'watch' && l.watch === watch)
    if (!lane) continue
    const row = data.rowOfLane(lane.id)
    if (row < rowTop - 1 || row > rowTop + plotHeight / laneHeight) continue
    for (let j = 1; j < stream.length; j++) {
      const a = stream[j - 1] as number
      const b = stream[j] as number
      // A streaming list's initial events come in no order of resourceVersion: no gaps there.
      if (data.initial[a] || data.initial[b]) continue
      const n = (data.rvn[b] as number) - (data.rvn[a] as number) - 1
      if (!(n > 0)) continue
      const pa = px(xOf(data, 'rv', a))
      const pb = px(xOf(data, 'rv', b))
      if (pb < 0 || pa > width || pb - pa < 70) continue
      out.push({ x0: pa, x1: pb, y: (row - rowTop) * laneHeight, n })
      if (out.length > 200) return out
    }
  }
  return out
}

/** The next or previous event of the selected event's lane; with none selected, the first/last. */
export function eventNeighbour(
  data: TimelineData,
  selected: number | null,
  dir: 1 | -1,
): number | null {
  if (selected === null) return data.count ? (dir === 1 ? 0 : data.count - 1) : null
  const lane = data.lanes[data.lane[selected] as number]
  if (!lane) return null
  const pos = lane.events.indexOf(selected)
  return lane.events[pos + dir] ?? null
}

/** The event of the lane below (or above) that is nearest on the axis to the selected one. */
export function laneNeighbour(
  data: TimelineData,
  mode: Mode,
  selected: number | null,
  dir: 1 | -1,
): number | null {
  if (selected === null) return null
  const row = data.rowOfLane(data.lane[selected] as number) + dir
  const lane = data.rows()[row]
  if (!lane || lane.events.length === 0) return null
  const x = xOf(data, mode, selected)
  let best = lane.events[0] as number
  for (const k of lane.events)
    if (Math.abs(xOf(data, mode, k) - x) < Math.abs(xOf(data, mode, best) - x)) best = k
  return best
}

/** The first row to show so that `row` is in view (`visible` lanes high), or rowTop unchanged. */
export function rowTopToReveal(
  row: number,
  rowTop: number,
  visible: number,
  maxRowTop: number,
): number {
  if (row < 0) return rowTop
  if (row < rowTop) return row
  if (row >= rowTop + visible - 1) return Math.min(maxRowTop, row - visible + 2)
  return rowTop
}

type TagStatus = Pick<WatchStatus, 'id' | 'relayed' | 'startedBy'>

/** Which watch a lane belongs to and how it started: "w2 list", "w3 stream", "w4 relayed". */
export function laneTag(
  statuses: readonly TagStatus[],
  watch: number,
  lang: Locale = 'en',
): string {
  const s = statuses.find((x) => x.id === watch)
  const id = watch
  // A Table watch's lanes hold its rows (the objects' metadata), not the objects.
  if (s?.relayed)
    return translate(
      lang,
      s.relayed.format === 'table' ? 'watch.tagRelayedRows' : 'watch.tagRelayed',
      {
        id,
      },
    )
  if (s?.startedBy === 'stream') return translate(lang, 'watch.tagStream', { id })
  if (s?.startedBy) return translate(lang, 'watch.tagList', { id })
  return `w${watch}`
}

/**
 * Where the same objects are watched twice, each of their lanes and each watch lane says which
 * watch it is and how it started, so that an object's lanes read against the watches'. The lanes
 * of a watch relayed by the kubectl proxy (another client's) always say so.
 */
export function laneTags(
  data: TimelineData,
  statuses: readonly TagStatus[],
  lanes: readonly Lane[],
  lang: Locale = 'en',
): Record<number, string> {
  const out: Record<number, string> = {}
  const relayed = new Set(statuses.filter((s) => s.relayed).map((s) => s.id))
  if (data.sharedObjects === 0 && relayed.size === 0) return out
  for (const lane of lanes) {
    const shared = data.sharedObjects > 0 && (lane.kind === 'watch' || data.lanesOf(lane.uid) > 1)
    if (shared || relayed.has(lane.watch)) out[lane.id] = laneTag(statuses, lane.watch, lang)
  }
  return out
}

export interface Tooltip {
  type: string
  color: string
  title: string
  rv: string
  time: string
  version: number
  note: string | undefined
  /** The note as the core said it, to say again in the view's language. */
  noteSaid: SaidAs | undefined
  x: number
  y: number
}

/** What the tooltip of event k says, placed next to the pointer and inside the plot's width. */
export function tooltipOf(
  data: TimelineData,
  k: number,
  pointer: { x: number; y: number },
  width: number,
  lang: Locale = 'en',
): Tooltip {
  const lane = data.lanes[data.lane[k] as number]
  const note = data.notes.get(k)
  return {
    type: data.initial[k] ? translate(lang, 'watch.initialEventType') : data.typeOf(k),
    color: TYPE_STYLE[data.type[k] as number]?.color ?? '#fff',
    title:
      lane?.kind === 'watch'
        ? translate(lang, 'watch.watchN', { id: lane.watch })
        : `${lane?.group ?? ''} / ${lane?.label ?? ''}`,
    rv: data.rvOf(k),
    time: new Date(data.time[k] as number).toLocaleTimeString(lang),
    version: data.version[k] as number,
    note: note?.note,
    noteSaid: note?.said,
    x: Math.min(pointer.x + 14, width - 260),
    y: pointer.y + 16,
  }
}
