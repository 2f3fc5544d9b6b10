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
  /** What did not fit, said where a row has room (`x`: the left of its text). */
  more: { text: string; row: number; x: number } | null
}

export interface LabelMetrics {
  width: number
  /**
   * Width of a label's text in the labels' font, px: the chart measures it with the font it draws
   * with; a test passes a pessimistic width per character.
   */
  textWidth: (text: string) => number
  maxRows: number
}

/** A label's text starts this far from its line (after it, or before it when anchored at its end). */
export const LABEL_OFFSET = 4
/** Room kept between two texts of one row, and between a text and a line that passes it. */
const TEXT_GAP = 6
const LINE_CLEAR = 3

interface Box {
  /** The label's line, or null (the "+n more" note has none). */
  x: number | null
  row: number
  left: number
  right: number
}

/**
 * Whether a text box can sit beside those placed: no two texts of one row touch, and no line
 * crosses a text. A label's line runs from the top of the band down to its own row, so it passes
 * through every row above and its own: the rows a line crosses are those at or above its label's.
 */
function fits(c: Box, placed: readonly Box[]): boolean {
  for (const p of placed) {
    if (p.row === c.row && c.left < p.right + TEXT_GAP && p.left < c.right + TEXT_GAP) return false
    if (p.x !== null && p.row >= c.row && p.x > c.left - LINE_CLEAR && p.x < c.right + LINE_CLEAR)
      return false
    if (c.x !== null && c.row >= p.row && c.x > p.left - LINE_CLEAR && c.x < p.right + LINE_CLEAR)
      return false
  }
  return true
}

interface Candidate {
  x: number
  label: string
  kind: LineKind
  /** Width of the text, px. */
  tw: number
}

type Anchor = PlacedLabel['anchor']

function boxOf(c: Candidate, row: number, anchor: Anchor): Box {
  return anchor === 'start'
    ? { x: c.x, row, left: c.x + LABEL_OFFSET, right: c.x + LABEL_OFFSET + c.tw }
    : { x: c.x, row, left: c.x - LABEL_OFFSET - c.tw, right: c.x - LABEL_OFFSET }
}

/**
 * One way of placing a cluster of labels: in which order, which anchor first, and whether a label
 * rather takes its other anchor or a lower row. Labels read after their line (anchor start) stack
 * best from the right (the leftmost goes lowest, its line passing left of those above it); labels
 * read before their line (at the right edge), from the left.
 */
interface Strategy {
  order: 1 | -1
  anchors: readonly [Anchor, Anchor]
  anchorFirst: boolean
}
const STRATEGIES: readonly Strategy[] = [-1, 1].flatMap((order) =>
  (['start', 'end'] as const).flatMap((a) =>
    [false, true].map((anchorFirst) => ({
      order: order as 1 | -1,
      anchors: a === 'start' ? (['start', 'end'] as const) : (['end', 'start'] as const),
      anchorFirst,
    })),
  ),
)

function placeCluster(
  cluster: readonly Candidate[],
  { order, anchors, anchorFirst }: Strategy,
  before: readonly Box[],
  width: number,
  maxRows: number,
): { boxes: Box[]; labels: PlacedLabel[]; hidden: number; rows: number } {
  const boxes: Box[] = []
  const labels: PlacedLabel[] = []
  let hidden = 0
  const tries: [number, Anchor][] = []
  for (let i = 0; i < maxRows * 2; i++)
    tries.push(
      anchorFirst
        ? [i % maxRows, anchors[Math.floor(i / maxRows)] as Anchor]
        : [Math.floor(i / 2), anchors[i % 2] as Anchor],
    )
  const items = order === 1 ? cluster : [...cluster].reverse()
  next: for (const c of items) {
    for (const [row, anchor] of tries) {
      const box = boxOf(c, row, anchor)
      if (box.left < 0 || box.right > width) continue
      if (!fits(box, before) || !fits(box, boxes)) continue
      boxes.push(box)
      labels.push({ x: c.x, label: c.label, kind: c.kind, row, anchor })
      continue next
    }
    hidden++
  }
  return { boxes, labels, hidden, rows: boxes.reduce((n, b) => Math.max(n, b.row + 1), 0) }
}

/**
 * List, streaming-list and 410 labels, packed into rows so that none overlaps another and no
 * label's line crosses another's text; `lang` is the language of their words (the view's).
 */
export function packLabels(
  data: TimelineData,
  mode: Mode,
  px: (x: number) => number,
  { width, textWidth, maxRows }: LabelMetrics,
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
              // A page counts once its answer is in: while the first one comes (a list of one
              // request, all of it), the line says no count rather than "0 pages".
              label: l.pages.length
                ? translate(lang, l.reason === 'initial' ? 'watch.lineList' : 'watch.lineRelist', {
                    rv: l.rv,
                    count: l.pages.length,
                  })
                : translate(
                    lang,
                    l.reason === 'initial' ? 'watch.lineListNoPage' : 'watch.lineRelistNoPage',
                    { rv: l.rv },
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
  const candidates: Candidate[] = merged.map((l) => {
    const label = l.n > 1 ? `${l.label} ×${l.n}` : l.label
    return { x: l.x, label, kind: l.kind, tw: textWidth(label) }
  })
  // Clusters: labels near enough to meet. Each is placed the way that shows the most of it.
  const reach = Math.max(0, ...candidates.map((c) => c.tw)) + LABEL_OFFSET + TEXT_GAP
  const clusters: Candidate[][] = []
  for (const c of candidates) {
    const last = clusters.at(-1)
    const prev = last?.at(-1)
    if (last && prev && c.x - prev.x < reach) last.push(c)
    else clusters.push([c])
  }
  const boxes: Box[] = []
  const labels: PlacedLabel[] = []
  let hidden = 0
  for (const cluster of clusters) {
    let best: ReturnType<typeof placeCluster> | null = null
    for (const strategy of STRATEGIES) {
      const tried = placeCluster(cluster, strategy, boxes, width, maxRows)
      if (!best || [tried.hidden - best.hidden, tried.rows - best.rows].find((d) => d)! < 0)
        best = tried
    }
    if (!best) continue
    boxes.push(...best.boxes)
    labels.push(...best.labels)
    hidden += best.hidden
  }
  let more: PackedLabels['more'] = null
  if (hidden) {
    // Said at the right end of a row, else at its left or after any label, where there is room;
    // with none, the rightmost of the lowest row's labels gives its place up to it.
    while (!more) {
      const text = translate(lang, 'watch.moreLabels', { n: hidden })
      const tw = textWidth(text)
      const lefts = [
        width - LABEL_OFFSET - tw,
        LABEL_OFFSET,
        ...boxes.map((b) => b.right + TEXT_GAP),
      ]
      for (let row = 0; row < maxRows && !more; row++)
        for (const left of lefts) {
          const box = { x: null, row, left, right: left + tw }
          if (box.left < 0 || box.right > width || !fits(box, boxes)) continue
          boxes.push(box)
          more = { text, row, x: left }
          break
        }
      if (more || labels.length === 0) break
      // labels and boxes are parallel until the note is placed.
      const low = Math.max(...labels.map((l) => l.row))
      let last = -1
      labels.forEach((l, i) => {
        if (l.row === low && (last === -1 || l.x > (labels[last] as PlacedLabel).x)) last = i
      })
      labels.splice(last, 1)
      boxes.splice(last, 1)
      hidden++
    }
  }
  labels.sort((a, b) => a.x - b.x || a.row - b.row)
  const rows = boxes.reduce((n, b) => Math.max(n, b.row + 1), 0)
  return { labels, rows, more }
}

export interface Gap {
  x0: number
  x1: number
  /** Top of the lane, px from the top of the plot. */
  y: number
  /** How many resourceVersions went to other objects between the two marks. */
  n: number
  /** Some of them are this watch's own marks, folded away to stay within the store's budget. */
  folded?: true
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
  labelWidth: (n: number, folded: boolean) => number = () => 48,
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
      // Wide enough for its label with room either side (the label is centred, so two
      // neighbours' labels stay apart): presenter type and a long count need more than 70 px.
      const folded = data.foldedBefore[b] === 1
      if (pb < 0 || pa > width || pb - pa < Math.max(70, labelWidth(n, folded) + 22)) continue
      out.push({ x0: pa, x1: pb, y: (row - rowTop) * laneHeight, n, ...(folded ? { folded } : {}) })
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
