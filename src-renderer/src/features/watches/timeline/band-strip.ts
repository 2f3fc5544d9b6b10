// A density band drawn into a strip of its own (one lane high) and copied onto the plot: scrolling
// 150,000 objects' bands is then one image copy a band, not a bar a pixel column. The bars are
// written as pixels (an ImageData, then one putImageData), not drawn with fillRect: a zoom frame
// draws every band in view again, and 25,000 fillRect calls (25 bands) took 277 ms in headless
// Chromium here. The strips are rows of one OffscreenCanvas (an atlas), not a canvas each: 48
// canvases took 124 ms to make and fill the first time, in the frame that first folds the groups.
// A strip is drawn again when the domain, the width, the lane height, the pixel ratio, the band's
// events or the theme's colour change. The last MAX_STRIPS bands drawn are kept.
import { bandColumns, bandPositions } from './band-density'
import type { AxisChoice } from './timeline-axis'
import type { Lane, TimelineData } from './timeline-data'

/** About a screen and a half of bands at 1,000 px; the atlas is width × MAX_STRIPS lanes × 4 bytes. */
const MAX_STRIPS = 48

interface Strip {
  key: string
  /** Its row in the atlas. */
  slot: number
  columns: number
}

/** By the band's group. */
const strips = new Map<string, Strip>()

/** The strips' canvas, a lane high per slot, and the one-lane ImageData the bars are written into. */
let atlas: { canvas: OffscreenCanvas; image: ImageData; w: number; h: number } | null = null

function atlasFor(w: number, h: number): NonNullable<typeof atlas> {
  if (atlas && atlas.w === w && atlas.h === h) return atlas
  // Another width or lane height: every strip is drawn again (their keys say both).
  strips.clear()
  if (atlas) {
    atlas.canvas.width = w
    atlas.canvas.height = h * MAX_STRIPS
  }
  atlas = {
    canvas: atlas?.canvas ?? new OffscreenCanvas(w, h * MAX_STRIPS),
    image: new ImageData(w, h),
    w,
    h,
  }
  return atlas
}

export interface BandView {
  x0: number
  x1: number
  width: number
  laneHeight: number
  dpr: number
}

/** The bars' height in CSS px for a count, on a log scale: one event a short bar, max the lane's. */
function barOf(c: number, scale: number, h: number): number {
  return Math.max(2, (Math.log2(c + 1) / scale) * h)
}

/**
 * Draws the band's bars (the busiest column the lane's height, minus 3 px above and below) with
 * `top` as the lane's top; returns the columns drawn. For a context with no pixels of its own (a
 * test's).
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
    const bar = barOf(c, scale, h)
    ctx.fillRect(px, top + 3 + h - bar, 1.5, bar)
    columns++
  }
  return columns
}

/** A CSS colour as the pixel an ImageData holds (RGBA bytes, read as one little-endian word). */
const pixels = new Map<string, [number, number, number, number]>()
function rgbaOf(color: string): [number, number, number, number] {
  const held = pixels.get(color)
  if (held) return held
  const probe = new OffscreenCanvas(1, 1).getContext('2d') as OffscreenCanvasRenderingContext2D
  probe.fillStyle = color
  probe.fillRect(0, 0, 1, 1)
  const [r = 0, g = 0, b = 0, a = 255] = probe.getImageData(0, 0, 1, 1).data
  const rgba: [number, number, number, number] = [r, g, b, a]
  pixels.set(color, rgba)
  return rgba
}

/**
 * The bars as pixels of an ImageData one lane high at the device's pixel ratio: each column
 * 1.5 CSS px wide (its last part at the alpha it covers), as fillRect drew it.
 */
function writeBars(
  image: ImageData,
  counts: Uint32Array,
  max: number,
  laneHeight: number,
  dpr: number,
  color: string,
): number {
  const words = new Uint32Array(image.data.buffer)
  words.fill(0)
  if (max === 0) return 0
  const [r, g, b, a] = rgbaOf(color)
  const full = ((a << 24) | (b << 16) | (g << 8) | r) >>> 0
  const w = image.width
  const span = 1.5 * dpr
  const whole = Math.floor(span)
  const part = span - whole
  const edge = ((Math.round(a * part) << 24) | (b << 16) | (g << 8) | r) >>> 0
  const h = laneHeight - 6
  const scale = Math.log2(max + 1)
  const bottom = Math.min(image.height, Math.round((3 + h) * dpr))
  let columns = 0
  for (let px = 0; px < counts.length; px++) {
    const c = counts[px] as number
    if (!c) continue
    columns++
    const top = Math.max(0, Math.round((3 + h - barOf(c, scale, h)) * dpr))
    const x0 = Math.round(px * dpr)
    const x1 = Math.min(w, x0 + whole)
    for (let y = top; y < bottom; y++) {
      const row = y * w
      for (let x = x0; x < x1; x++) words[row + x] = full
      if (part > 0 && x1 < w && words[row + x1] === 0) words[row + x1] = edge
    }
  }
  return columns
}

/** One count array for every band a frame draws (a zoom frame draws every band in view again). */
let columns = new Uint32Array(0)
function columnsFor(width: number): Uint32Array {
  const n = Math.ceil(width) + 1
  if (columns.length !== n) columns = new Uint32Array(n)
  else columns.fill(0)
  return columns
}

/** The band's strip for this view, drawn again only when something it shows changed. */
function stripOf(
  data: TimelineData,
  members: readonly Lane[],
  mode: AxisChoice['mode'],
  v: BandView,
  color: string,
): Strip {
  const group = members[0]?.group ?? ''
  const xs = bandPositions(data, members, mode)
  const a = atlasFor(
    Math.max(1, Math.ceil(v.width * v.dpr)),
    Math.max(1, Math.round(v.laneHeight * v.dpr)),
  )
  // The positions only grow: their count says whether the band's events changed.
  const key = `${data.epoch}|${xs.length}|${mode}|${color}|${v.x0}|${v.x1}|${v.width}|${v.laneHeight}|${v.dpr}`
  let strip = strips.get(group)
  if (strip) {
    // Most recently used last: the first in the map is the one to drop.
    strips.delete(group)
    strips.set(group, strip)
    if (strip.key === key) return strip
  } else {
    let slot = strips.size
    if (slot >= MAX_STRIPS) {
      const oldest = strips.keys().next().value as string
      slot = (strips.get(oldest) as Strip).slot
      strips.delete(oldest)
    }
    strip = { key, slot, columns: 0 }
    strips.set(group, strip)
  }
  const counts = columnsFor(v.width)
  const max = bandColumns(xs, v.x0, v.x1, v.width, counts)
  strip.columns = writeBars(a.image, counts, max, v.laneHeight, v.dpr, color)
  ;(a.canvas.getContext('2d') as OffscreenCanvasRenderingContext2D).putImageData(
    a.image,
    0,
    strip.slot * a.h,
  )
  strip.key = key
  return strip
}

/** A folded group's band and its lane's top, CSS px from the top of the plot. */
export interface BandAt {
  members: readonly Lane[]
  top: number
}

/**
 * Draws the folded groups' bands in view; returns the columns drawn. Every strip that changed is
 * written first, then every one is copied: copying from the atlas right after writing into it
 * made the browser copy the whole atlas once a band (575 ms a zoom frame at p95, here).
 */
export function drawBands(
  ctx: CanvasRenderingContext2D,
  data: TimelineData,
  bands: readonly BandAt[],
  mode: AxisChoice['mode'],
  v: BandView,
  color: string,
): number {
  let columns = 0
  // Without OffscreenCanvas (a test's fake context), straight onto the plot.
  if (typeof OffscreenCanvas === 'undefined' || typeof ImageData === 'undefined') {
    for (const { members, top } of bands) {
      const counts = new Uint32Array(Math.ceil(v.width) + 1)
      const max = bandColumns(bandPositions(data, members, mode), v.x0, v.x1, v.width, counts)
      columns += paintBand(ctx, counts, max, v.laneHeight, top, color)
    }
    return columns
  }
  const drawn = bands.map(({ members }) => stripOf(data, members, mode, v, color))
  const a = atlas
  if (!a) return 0
  drawn.forEach((strip, n) => {
    if (!strip.columns) return
    columns += strip.columns
    // On a whole device pixel, so that the copy is not resampled.
    const y = Math.round((bands[n] as BandAt).top * v.dpr) / v.dpr
    ctx.drawImage(a.canvas, 0, strip.slot * a.h, a.w, a.h, 0, y, a.w / v.dpr, a.h / v.dpr)
  })
  return columns
}
