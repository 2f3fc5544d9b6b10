// A density band drawn once into a strip of its own (an OffscreenCanvas one lane high) and copied
// onto the plot while only the rows move: scrolling 150,000 objects' bands is then one image copy
// a band, not a bar a pixel column (about 40,000 fillRect calls a frame for 30 bands). The strip
// is drawn again when the domain, the width, the lane height, the pixel ratio, the events or the
// band's lanes or the theme's colour change; while those change every frame (a zoom), the bars
// go straight onto the plot. The last MAX_STRIPS bands drawn are kept, their canvases reused.
import { bandColumns, bandPositions } from './band-density'
import type { AxisChoice } from './timeline-axis'
import type { Lane, TimelineData } from './timeline-data'

/** About a screen and a half of bands at 1,000 px; a strip is width × lane height × 4 bytes. */
const MAX_STRIPS = 48

interface Strip {
  key: string
  counts: Uint32Array
  max: number
  /** Made the second frame in a row that asks for the same key (a scroll, not a zoom). */
  canvas: OffscreenCanvas | null
  columns: number
}

const strips = new Map<readonly Lane[], Strip>()

export interface BandView {
  x0: number
  x1: number
  width: number
  laneHeight: number
  dpr: number
}

/**
 * Draws the band's bars on a log scale (one event a short bar, the busiest column the lane's
 * height, minus 3 px above and below) with `top` as the lane's top; returns the columns drawn.
 */
function paintBand(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  counts: Uint32Array,
  max: number,
  laneHeight: number,
  top: number,
  color: string,
): number {
  if (max === 0) return 0
  const h = laneHeight - 6
  const scale = Math.log2(max + 1)
  ctx.fillStyle = color
  let columns = 0
  for (let px = 0; px < counts.length; px++) {
    const c = counts[px] as number
    if (!c) continue
    const bar = Math.max(2, (Math.log2(c + 1) / scale) * h)
    ctx.fillRect(px, top + 3 + h - bar, 1.5, bar)
    columns++
  }
  return columns
}

/** The band's counts for this view, kept, and its strip once a frame asks for them again. */
function stripOf(
  data: TimelineData,
  members: readonly Lane[],
  mode: AxisChoice['mode'],
  v: BandView,
  color: string,
): Strip {
  const key = `${data.count}|${mode}|${color}|${v.x0}|${v.x1}|${v.width}|${v.laneHeight}|${v.dpr}`
  const held = strips.get(members)
  if (held) {
    // Most recently used last: the first in the map is the one to drop.
    strips.delete(members)
    strips.set(members, held)
    if (held.key === key) {
      if (!held.canvas && held.max > 0) paintStrip(held, v, color)
      return held
    }
  }
  const counts = new Uint32Array(Math.ceil(v.width) + 1)
  const max = bandColumns(bandPositions(data, members, mode), v.x0, v.x1, v.width, counts)
  if (!held && strips.size >= MAX_STRIPS)
    strips.delete(strips.keys().next().value as readonly Lane[])
  const strip: Strip = { key, counts, max, canvas: null, columns: 0 }
  // A canvas of its own is kept for reuse (one made for each band once, not each frame).
  if (held?.canvas) spare.push(held.canvas)
  strips.set(members, strip)
  return strip
}

/** Canvases of strips made again, for the next strip to draw into. */
const spare: OffscreenCanvas[] = []

function paintStrip(strip: Strip, v: BandView, color: string): void {
  const w = Math.max(1, Math.ceil(v.width * v.dpr))
  const h = Math.max(1, Math.round(v.laneHeight * v.dpr))
  const canvas = spare.pop() ?? new OffscreenCanvas(w, h)
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w
    canvas.height = h
  }
  const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.clearRect(0, 0, w, h)
  ctx.setTransform(v.dpr, 0, 0, v.dpr, 0, 0)
  strip.columns = paintBand(ctx, strip.counts, strip.max, v.laneHeight, 0, color)
  strip.canvas = canvas
}

/**
 * Draws a folded group's band with its lane's top at `top` (CSS px); returns the columns drawn.
 * While the view changes every frame (a zoom, a pan, a list arriving) the bars go straight onto
 * the plot: copying a strip just drawn costs more than the bars. A view asked for twice in a row
 * (a scroll) is drawn into the band's strip once and copied from then on.
 */
export function drawBand(
  ctx: CanvasRenderingContext2D,
  data: TimelineData,
  members: readonly Lane[],
  mode: AxisChoice['mode'],
  v: BandView,
  top: number,
  color: string,
): number {
  // Without OffscreenCanvas (a test's fake context), straight onto the plot.
  if (typeof OffscreenCanvas === 'undefined') {
    const counts = new Uint32Array(Math.ceil(v.width) + 1)
    const max = bandColumns(bandPositions(data, members, mode), v.x0, v.x1, v.width, counts)
    return paintBand(ctx, counts, max, v.laneHeight, top, color)
  }
  const strip = stripOf(data, members, mode, v, color)
  if (!strip.canvas) return paintBand(ctx, strip.counts, strip.max, v.laneHeight, top, color)
  if (strip.columns) {
    // On a whole device pixel, so that the copy is not resampled.
    const y = Math.round(top * v.dpr) / v.dpr
    ctx.drawImage(strip.canvas, 0, y, strip.canvas.width / v.dpr, strip.canvas.height / v.dpr)
  }
  return strip.columns
}
