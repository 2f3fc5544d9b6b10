// Compares two PNGs pixel by pixel (pixelmatch, with its anti-aliasing detection) and keeps the
// difference as an image beside the screenshots, for a person to look at when a test fails.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import { SCREENSHOTS } from './artifacts'

export interface ImageDifference {
  width: number
  height: number
  /** Size of the other image, when it differs. */
  otherWidth: number
  otherHeight: number
  /** Share of pixels that differ beyond the colour threshold (0 when identical, 1 when sizes differ). */
  ratio: number
}

/** Sizes rounded apart (a fractional position) still compare, over the area both have. */
const SIZE_SLACK = 2

/** The width × height area of `png` that starts at (x, y). */
function crop(png: PNG, x: number, y: number, width: number, height: number): Buffer {
  if (x === 0 && y === 0 && png.width === width && png.height === height) return png.data
  const out = Buffer.alloc(width * height * 4)
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * png.width + x) * 4
    png.data.copy(out, row * width * 4, from, from + width * 4)
  }
  return out
}

/**
 * On screen an element sits at a fractional position (a 58.16 px top bar above it), so Chromium's
 * screenshot and the export, drawn from the element's own origin, can be a device pixel apart:
 * both are compared at each shift of up to one pixel, and the best match counts.
 */
const SHIFTS = [-1, 0, 1]

/** Where `actual` differs from `expected`; both are kept under `name` in the screenshots folder. */
export function compareImages(expected: Buffer, actual: Buffer, name: string): ImageDifference {
  const a = PNG.sync.read(expected)
  const b = PNG.sync.read(actual)
  writeFileSync(path.join(SCREENSHOTS, `${name}-screen.png`), expected)
  writeFileSync(path.join(SCREENSHOTS, `${name}-export.png`), actual)
  const size = { width: a.width, height: a.height, otherWidth: b.width, otherHeight: b.height }
  if (Math.abs(a.width - b.width) > SIZE_SLACK || Math.abs(a.height - b.height) > SIZE_SLACK)
    return { ...size, ratio: 1 }
  let best = { ratio: Infinity, diff: new PNG({ width: 1, height: 1 }) }
  for (const dx of SHIFTS)
    for (const dy of SHIFTS) {
      const width = Math.min(a.width - Math.max(0, dx), b.width - Math.max(0, -dx))
      const height = Math.min(a.height - Math.max(0, dy), b.height - Math.max(0, -dy))
      const diff = new PNG({ width, height })
      const differing = pixelmatch(
        crop(a, Math.max(0, dx), Math.max(0, dy), width, height),
        crop(b, Math.max(0, -dx), Math.max(0, -dy), width, height),
        diff.data,
        width,
        height,
        { threshold: 0.2 },
      )
      const ratio = differing / (width * height)
      if (ratio < best.ratio) best = { ratio, diff }
    }
  writeFileSync(path.join(SCREENSHOTS, `${name}-diff.png`), PNG.sync.write(best.diff))
  return { ...size, ratio: best.ratio }
}
