// The watch event colours of both themes, as app.css defines them: each type's colour stands out
// from every background of its theme (4.5:1, as text in the event table and the inspector; the
// canvas marks need 3:1), the canvas's dark default is the dark theme's, and paletteOf reads a
// theme's custom properties in TYPE_STYLE's order. axe cannot look into the canvas: this does.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DARK_PALETTE,
  paletteOf,
  TYPE_STYLE,
} from '../../../src-renderer/src/features/watches/timeline/timeline-canvas'

const CSS = readFileSync(
  path.join(__dirname, '../../../src-renderer/src/shell/styles/app.css'),
  'utf8',
)

/** The custom properties of the first rule with exactly this selector. */
function properties(selector: string): Map<string, string> {
  const start = CSS.indexOf(`${selector} {`)
  if (start < 0) throw new Error(`no rule ${selector}`)
  const body = CSS.slice(start, CSS.indexOf('}', start))
  return new Map([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]))
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const x = parseInt(hex.slice(i, i + 2), 16) / 255
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

const THEMES = {
  dark: properties(':root'),
  // The light theme overrides the dark one's; what it leaves unset stays the dark one's.
  light: new Map([...properties(':root'), ...properties(":root[data-theme='light']")]),
}
const TYPE_VARS = TYPE_STYLE.map((s) => s.color.slice(4, -1))

describe('the watch event colours', () => {
  for (const [theme, vars] of Object.entries(THEMES))
    it(`${theme}: each type at 4.5:1 or more on every background`, () => {
      const low: string[] = []
      for (const name of [...TYPE_VARS, '--ev-listed', '--ev-added', '--ev-deleted'])
        for (const bg of ['--bg', '--bg-raised', '--bg-sunken']) {
          const ratio = contrast(vars.get(name) ?? '', vars.get(bg) ?? '')
          if (ratio < 4.5) low.push(`${name} on ${bg}: ${ratio.toFixed(2)}`)
        }
      expect(low).toEqual([])
    })

  it('the canvas draws the dark theme by default, and paletteOf reads the page theme in order', () => {
    const dark = THEMES.dark
    expect(DARK_PALETTE.types).toEqual(TYPE_VARS.map((v) => dark.get(v)))
    const light = THEMES.light
    const palette = paletteOf({ getPropertyValue: (name) => ` ${light.get(name) ?? ''}` })
    expect(palette.types).toEqual(TYPE_VARS.map((v) => light.get(v)))
    expect(palette.list).toBe(light.get('--ev-listed'))
    expect(palette.selected).toBe(light.get('--focus'))
    // A page without the properties (none set) draws the dark theme's.
    expect(paletteOf({ getPropertyValue: () => '' })).toEqual(DARK_PALETTE)
  })
})
