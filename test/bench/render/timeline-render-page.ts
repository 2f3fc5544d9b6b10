// Runs in headless Chromium: feeds the renderer's own timeline code (TimelineData and the canvas
// drawing, unchanged) with a synthetic stream and times the first draw and the frames of a
// scripted pan and zoom. Synthetic data is fine here: this measures drawing, not the cluster.
import type { TimelineEvent } from '../../../src-main/common/watch-types'
import {
  chooseAxis,
  extentOf,
} from '../../../src-renderer/src/features/watches/timeline/timeline-axis'
import {
  drawTimeline,
  type TimelineViewport,
} from '../../../src-renderer/src/features/watches/timeline/timeline-canvas'
import { TimelineData } from '../../../src-renderer/src/features/watches/timeline/timeline-data'

function synthesize(n: number, objects: number): TimelineEvent[] {
  let seed = 42
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
  const events: TimelineEvent[] = []
  let rv = 1000
  for (let i = 0; i < n; i++) {
    const o = i < objects ? i : Math.floor(rand() * objects)
    rv += 1 + Math.floor(rand() * 3)
    events.push({
      i,
      watch: 1,
      type: i < objects ? 'ADDED' : i % 97 === 0 ? 'BOOKMARK' : 'MODIFIED',
      t: 1_700_000_000_000 + i * 5,
      rv: String(rv),
      rvn: rv,
      uid: i % 97 === 0 && i >= objects ? '' : `uid-${o}`,
      kind: 'ConfigMap',
      ns: 'bench',
      name: `cm-${String(o).padStart(5, '0')}`,
      v: i,
    })
  }
  return events
}

function setup(width: number, height: number) {
  const canvas = document.createElement('canvas')
  const dpr = window.devicePixelRatio || 1
  canvas.width = width * dpr
  canvas.height = height * dpr
  canvas.style.width = `${width}px`
  canvas.style.height = `${height}px`
  document.body.appendChild(canvas)
  return { ctx: canvas.getContext('2d') as CanvasRenderingContext2D, dpr }
}

const frame = () => new Promise<number>((r) => requestAnimationFrame(r))

async function firstDraw(n: number): Promise<{ ms: number; appendMs: number; drawMs: number }> {
  const events = synthesize(n, 2000)
  const { ctx, dpr } = setup(1040, 640)
  await frame()
  const t0 = performance.now()
  const data = new TimelineData()
  data.append(events)
  const t1 = performance.now()
  const axis = chooseAxis(data, 'rv')
  const [x0, x1] = extentOf(data, axis.mode)
  drawTimeline(
    ctx,
    data,
    { x0, x1, rowTop: 0, width: 1040, height: 640, laneHeight: 30, dpr },
    { axis, selected: null, hovered: null },
  )
  const t2 = performance.now()
  await frame() // the first draw is on screen once the frame is presented
  return { ms: performance.now() - t0, appendMs: t1 - t0, drawMs: t2 - t1 }
}

interface FrameStats {
  p95: number
  p50: number
  max: number
}

function stats(times: number[]): FrameStats {
  const sorted = [...times].sort((a, b) => a - b)
  const q = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number
  return { p95: q(0.95), p50: q(0.5), max: sorted[sorted.length - 1] as number }
}

/**
 * Two measures per frame: the work (computing and drawing the frame, what Apiscope controls), and
 * the interval between presented frames (which vsync rounds up to 16.7 ms at best).
 */
async function panZoom(
  n: number,
  frames: number,
): Promise<{ work: FrameStats; interval: FrameStats; frames: number }> {
  const events = synthesize(n, 2000)
  const data = new TimelineData()
  data.append(events)
  const { ctx, dpr } = setup(1040, 640)
  const axis = chooseAxis(data, 'rv')
  const [e0, e1] = extentOf(data, axis.mode)
  const work: number[] = []
  const intervals: number[] = []
  let last = await frame()
  for (let f = 0; f < frames; f++) {
    // Zoom in by up to 1000x over the first half, then pan across the stream while scrolling lanes.
    const phase = f / frames
    const zoom = phase < 0.5 ? Math.pow(1000, phase * 2) : 1000 / (1 + (phase - 0.5) * 200)
    const span = (e1 - e0) / zoom
    const centre = e0 + (e1 - e0) * (phase < 0.5 ? 0.5 : phase)
    const vp: TimelineViewport = {
      x0: centre - span / 2,
      x1: centre + span / 2,
      rowTop: (f * 3) % 1900,
      width: 1040,
      height: 640,
      laneHeight: 30,
      dpr,
    }
    const t0 = performance.now()
    drawTimeline(ctx, data, vp, { axis, selected: null, hovered: null })
    work.push(performance.now() - t0)
    const now = await frame()
    intervals.push(now - last)
    last = now
  }
  return { work: stats(work), interval: stats(intervals), frames }
}

Object.assign(window, { firstDraw, panZoom })
