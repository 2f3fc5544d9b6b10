// Draws the timeline's dense marks on a canvas (DPR-aware): one row per lane, one mark per event,
// list snapshots, streaming lists' end bookmarks and 410s as vertical lines; a streaming list's
// initial ADDED events as a ring around a dot, apart from the live ADDED's full disc. Framework-free so the benchmark drives it directly.
// Level of detail: within a lane, at most one mark per pixel column and type is drawn, found by
// binary search, so the cost follows what is visible, not how many events exist; a folded group
// is one band of its events' density, kept drawn between frames (band-strip.ts). Only the rows in
// view are visited.
import type { TimelineData } from './timeline-data'
import { lowerBound, plotScale, xOf, type AxisChoice } from './timeline-axis'
import { drawBands, type BandAt } from './band-strip'

/**
 * The event types: a shape each (never told apart by colour alone) and a colour each, the page's
 * `--ev-*` custom property (app.css: one set per theme, each at least 3:1 against its background
 * as a mark and 4.5:1 as text). `color` is for HTML and SVG; the canvas reads the same properties
 * through paletteOf.
 */
export const TYPE_STYLE = [
  { name: 'ADDED', color: 'var(--ev-added)', shape: 'circle' },
  { name: 'MODIFIED', color: 'var(--ev-modified)', shape: 'square' },
  { name: 'DELETED', color: 'var(--ev-deleted)', shape: 'cross' },
  { name: 'BOOKMARK', color: 'var(--ev-bookmark)', shape: 'diamond' },
  { name: 'ERROR', color: 'var(--ev-error)', shape: 'triangle' },
  { name: 'LISTED', color: 'var(--ev-listed)', shape: 'ring' },
  { name: 'GONE', color: 'var(--ev-gone)', shape: 'cross-ring' },
] as const

/** A streaming list's initial ADDED events: ADDED's colour, a ring around a dot. */
export const INITIAL_STYLE = {
  name: 'ADDED (initial)',
  color: 'var(--ev-added)',
  shape: 'ring-dot',
} as const
/** The vertical lines: a list's snapshot (violet, dashed), a streaming list's end bookmark (green, dotted). */
export const LINE_COLOR = { list: 'var(--ev-listed)', stream: 'var(--ev-added)' } as const

/** The canvas's colours, resolved: one per TYPE_STYLE entry, then the lines and the rings. */
export interface TimelinePalette {
  types: readonly string[]
  list: string
  stream: string
  expired: string
  selected: string
  hovered: string
  /** A folded group's bars. */
  band: string
}

/** The dark theme's (app.css :root), for a canvas drawn without a page (the benchmark). */
export const DARK_PALETTE: TimelinePalette = {
  types: ['#4ade80', '#60a5fa', '#f87171', '#a8b3c2', '#facc15', '#c4b5fd', '#fb923c'],
  list: '#c4b5fd',
  stream: '#4ade80',
  expired: '#f87171',
  selected: '#facc15',
  hovered: 'rgba(255,255,255,0.7)',
  band: '#93c5fd',
}

/** The palette of the page's theme, read from its custom properties; the dark one's where unset. */
export function paletteOf(style: { getPropertyValue(name: string): string }): TimelinePalette {
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  const types = TYPE_STYLE.map((s, i) =>
    read(s.color.slice(4, -1), DARK_PALETTE.types[i] as string),
  )
  return {
    types,
    list: read('--ev-listed', DARK_PALETTE.list),
    stream: read('--ev-added', DARK_PALETTE.stream),
    expired: read('--ev-deleted', DARK_PALETTE.expired),
    selected: read('--focus', DARK_PALETTE.selected),
    hovered: read('--ev-hover', DARK_PALETTE.hovered),
    band: read('--info', DARK_PALETTE.band),
  }
}

export interface TimelineViewport {
  /** Visible domain of the axis. */
  x0: number
  x1: number
  /** First visible row (fractional when scrolled). */
  rowTop: number
  /** CSS pixels. */
  width: number
  height: number
  laneHeight: number
  dpr: number
}

export interface DrawOptions {
  axis: AxisChoice
  selected: number | null
  hovered: number | null
  /** Marks smaller than this many pixels apart switch to thin bars. */
  denseBelowPx?: number
  /** The theme's colours (paletteOf); the dark theme's when not given. */
  palette?: TimelinePalette
}

export interface DrawStats {
  marks: number
  visibleLanes: number
}

function markPath(path: Path2D, shape: string, x: number, y: number, r: number): void {
  switch (shape) {
    case 'circle':
    case 'ring':
      path.moveTo(x + r, y)
      path.arc(x, y, r, 0, Math.PI * 2)
      break
    case 'square':
      path.rect(x - r, y - r, r * 2, r * 2)
      break
    case 'diamond':
      path.moveTo(x, y - r)
      path.lineTo(x + r, y)
      path.lineTo(x, y + r)
      path.lineTo(x - r, y)
      path.closePath()
      break
    case 'triangle':
      path.moveTo(x, y - r - 1)
      path.lineTo(x + r + 1, y + r)
      path.lineTo(x - r - 1, y + r)
      path.closePath()
      break
    default: // cross, cross-ring
      path.moveTo(x - r, y - r)
      path.lineTo(x + r, y + r)
      path.moveTo(x + r, y - r)
      path.lineTo(x - r, y + r)
  }
}

export function drawTimeline(
  ctx: CanvasRenderingContext2D,
  data: TimelineData,
  vp: TimelineViewport,
  opts: DrawOptions,
): DrawStats {
  const { width, height, laneHeight, dpr } = vp
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
  ctx.clearRect(0, 0, width, height)
  const mode = opts.axis.mode
  const toPx = plotScale([vp.x0, vp.x1], width)
  const rows = data.rows()
  const firstRow = Math.max(0, Math.floor(vp.rowTop))
  const lastRow = Math.min(rows.length - 1, Math.ceil(vp.rowTop + height / laneHeight))
  const r = Math.max(3, Math.min(8, laneHeight * 0.22))
  const palette = opts.palette ?? DARK_PALETTE

  // Row bands: alternate groups so that kinds and namespaces read as blocks.
  for (let row = firstRow; row <= lastRow; row++) {
    if (!rows[row]) break
    const y = (row - vp.rowTop) * laneHeight
    if (data.shaded(row)) {
      ctx.fillStyle = 'rgba(148,163,184,0.06)'
      ctx.fillRect(0, y, width, laneHeight)
    }
    ctx.fillStyle = 'rgba(148,163,184,0.10)'
    ctx.fillRect(0, y + laneHeight - 1, width, 1)
  }

  // List snapshots (violet, dashed), streaming lists' end bookmarks (green, dotted) and 410s
  // (red) across every row.
  ctx.save()
  ctx.lineWidth = 1.5
  ctx.globalAlpha = 0.85
  for (const list of data.lists) {
    const x = toPx(
      mode === 'time' ? list.t : mode === 'rv' ? (list.rvn ?? list.firstEvent) : list.firstEvent,
    )
    if (x < -2 || x > width + 2) continue
    const stream = list.way === 'stream'
    ctx.strokeStyle = stream ? palette.stream : palette.list
    ctx.setLineDash(stream ? [2, 3] : [5, 4])
    ctx.beginPath()
    ctx.moveTo(x, 0)
    ctx.lineTo(x, height)
    ctx.stroke()
  }
  ctx.setLineDash([])
  for (const [k, note] of data.notes) {
    if (note.code !== 410 || k >= data.count) continue
    const x = toPx(xOf(data, mode, k))
    // The gap: from the resourceVersion the watch could not resume from to the relist that caught up.
    const relist = data.lists.find(
      (l) => l.watch === data.watch[k] && l.reason === 'expired' && l.firstEvent > k,
    )
    if (relist) {
      const xr = toPx(
        mode === 'time'
          ? relist.t
          : mode === 'rv'
            ? (relist.rvn ?? relist.firstEvent)
            : relist.firstEvent,
      )
      ctx.fillStyle = palette.expired
      ctx.globalAlpha = 0.1
      ctx.fillRect(Math.min(x, xr), 0, Math.abs(xr - x), height)
    }
    if (x < -2 || x > width + 2) continue
    ctx.strokeStyle = palette.expired
    ctx.globalAlpha = 0.9
    ctx.beginPath()
    ctx.moveTo(x, 0)
    ctx.lineTo(x, height)
    ctx.stroke()
  }
  ctx.restore()

  // Marks, batched into one path per type.
  const paths = TYPE_STYLE.map(() => new Path2D())
  const bars = TYPE_STYLE.map(() => new Path2D())
  const initialRings = new Path2D()
  const initialDots = new Path2D()
  let marks = 0
  const bands: BandAt[] = []
  for (let row = firstRow; row <= lastRow; row++) {
    const lane = rows[row]
    if (!lane) break
    const cy = (row - vp.rowTop) * laneHeight + laneHeight / 2
    if (lane.members) {
      bands.push({ members: lane.members, top: (row - vp.rowTop) * laneHeight })
      continue
    }
    const ev = lane.events
    let i = lowerBound(data, mode, ev, vp.x0)
    const end = lowerBound(data, mode, ev, vp.x1 + 1e-9)
    const dense = end - i > width / (opts.denseBelowPx ?? 7)
    let lastPx = -1
    while (i < end) {
      const k = ev[i] as number
      const px = Math.round(toPx(xOf(data, mode, k)))
      if (dense) {
        if (px !== lastPx) {
          const t = data.type[k] as number
          ;(bars[t] as Path2D).rect(px, cy - r - 1, 2, 2 * r + 2)
          marks++
          lastPx = px
        }
        // Jump to the first event of the next pixel column.
        const nextX = toPx.invert(px + 1)
        const j = lowerBound(data, mode, ev, nextX)
        i = j > i ? j : i + 1
      } else if (data.initial[k]) {
        markPath(initialRings, 'ring', px, cy, r)
        markPath(initialDots, 'circle', px, cy, r * 0.4)
        marks++
        i++
      } else {
        const t = data.type[k] as number
        markPath(paths[t] as Path2D, TYPE_STYLE[t]?.shape ?? 'circle', px, cy, r)
        marks++
        i++
      }
    }
  }
  // Every band in view at once: their strips first, then the copies (band-strip.ts).
  marks += drawBands(ctx, data, bands, mode, vp, palette.band)
  TYPE_STYLE.forEach((style, t) => {
    const color = palette.types[t] ?? palette.types[0] ?? ''
    ctx.fillStyle = color
    ctx.fill(bars[t] as Path2D)
    if (style.shape === 'ring' || style.shape === 'cross' || style.shape === 'cross-ring') {
      ctx.strokeStyle = color
      ctx.lineWidth = 2
      ctx.stroke(paths[t] as Path2D)
    } else {
      ctx.fillStyle = color
      ctx.fill(paths[t] as Path2D)
    }
  })
  ctx.strokeStyle = palette.stream
  ctx.lineWidth = 2
  ctx.stroke(initialRings)
  ctx.fillStyle = palette.stream
  ctx.fill(initialDots)

  // Selection and hover rings on top.
  for (const [k, color, w] of [
    [opts.hovered, palette.hovered, 1.5],
    [opts.selected, palette.selected, 2.5],
  ] as const) {
    if (k === null || k >= data.count) continue
    const row = data.rowOfLane(data.lane[k] as number)
    if (row < firstRow || row > lastRow) continue
    const x = toPx(xOf(data, mode, k))
    const y = (row - vp.rowTop) * laneHeight + laneHeight / 2
    ctx.strokeStyle = color
    ctx.lineWidth = w
    ctx.beginPath()
    ctx.arc(x, y, r + 4, 0, Math.PI * 2)
    ctx.stroke()
  }
  return { marks, visibleLanes: Math.max(0, lastRow - firstRow + 1) }
}

/** The event under a point: the lane from y, then the nearest event in it within `slop` pixels. */
export function hitTest(
  data: TimelineData,
  vp: TimelineViewport,
  axis: AxisChoice,
  px: number,
  py: number,
  slop = 8,
): number | null {
  const rows = data.rows()
  const row = Math.floor(vp.rowTop + py / vp.laneHeight)
  const lane = rows[row]
  if (!lane || lane.events.length === 0) return null
  const scale = plotScale([vp.x0, vp.x1], vp.width)
  const x = scale.invert(px)
  const pos = lowerBound(data, axis.mode, lane.events, x)
  let best: number | null = null
  let bestDist = Infinity
  for (const p of [pos - 1, pos]) {
    const k = lane.events[p]
    if (k === undefined) continue
    const d = Math.abs(scale(xOf(data, axis.mode, k)) - px)
    if (d < bestDist) {
      bestDist = d
      best = k
    }
  }
  return bestDist <= slop ? best : null
}
