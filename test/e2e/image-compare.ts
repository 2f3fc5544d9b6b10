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

function crop(png: PNG, width: number, height: number): Buffer {
  if (png.width === width && png.height === height) return png.data
  const out = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++)
    png.data.copy(out, y * width * 4, y * png.width * 4, (y * png.width + width) * 4)
  return out
}

/** Where `actual` differs from `expected`; both are kept under `name` in the screenshots folder. */
export function compareImages(expected: Buffer, actual: Buffer, name: string): ImageDifference {
  const a = PNG.sync.read(expected)
  const b = PNG.sync.read(actual)
  writeFileSync(path.join(SCREENSHOTS, `${name}-screen.png`), expected)
  writeFileSync(path.join(SCREENSHOTS, `${name}-export.png`), actual)
  const size = { width: a.width, height: a.height, otherWidth: b.width, otherHeight: b.height }
  if (Math.abs(a.width - b.width) > SIZE_SLACK || Math.abs(a.height - b.height) > SIZE_SLACK)
    return { ...size, ratio: 1 }
  const width = Math.min(a.width, b.width)
  const height = Math.min(a.height, b.height)
  const diff = new PNG({ width, height })
  const differing = pixelmatch(
    crop(a, width, height),
    crop(b, width, height),
    diff.data,
    width,
    height,
    {
      threshold: 0.2,
    },
  )
  writeFileSync(path.join(SCREENSHOTS, `${name}-diff.png`), PNG.sync.write(diff))
  return { ...size, ratio: differing / (width * height) }
}
