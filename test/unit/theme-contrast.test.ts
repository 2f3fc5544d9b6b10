// The colours of both themes, and of presenter mode's two, as app.css defines them: every text
// colour at 4.5:1 on every background of its theme (WCAG 1.4.3), the watch event colours too (they
// are text in the event table and the inspector, marks on the timeline's canvas, where axe cannot
// look), the focus ring at 3:1 (WCAG 1.4.11), and the text on an accent-filled button at 4.5:1.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const CSS = readFileSync(
  path.join(__dirname, '../../src-renderer/src/shell/styles/app.css'),
  'utf8',
)

/** The custom properties of the first rule with exactly this selector. */
function properties(selector: string): Map<string, string> {
  const start = CSS.indexOf(`\n${selector} {`)
  if (start < 0) throw new Error(`no rule ${selector}`)
  const body = CSS.slice(start, CSS.indexOf('}', start))
  return new Map([...body.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1]!, m[2]!]))
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const x = parseInt(hex.slice(i, i + 2), 16) / 255
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** `color-mix(in srgb, a p%, b)`, as CSS mixes a tint over a background. */
function mix(a: string, b: string, p: number): string {
  return `#${[1, 3, 5]
    .map((i) => {
      const v = parseInt(a.slice(i, i + 2), 16) * p + parseInt(b.slice(i, i + 2), 16) * (1 - p)
      return Math.round(v).toString(16).padStart(2, '0')
    })
    .join('')}`
}

// The event table's selected row: the accent at this share over the background
// (WatchEventTable.svelte's `.row.selected`); the event types are text on it.
const SELECTED_TINT = 0.1

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

// Each theme overrides the one below it; what it leaves unset stays.
const dark = properties(':root')
const light = new Map([...dark, ...properties(":root[data-theme='light']")])
const THEMES = {
  dark,
  light,
  'presenter dark': new Map([...dark, ...properties(':root.presenter')]),
  'presenter light': new Map([
    ...light,
    ...properties(':root.presenter'),
    ...properties(":root.presenter[data-theme='light']"),
  ]),
}
const TEXTS = ['--text', '--text-dim', '--accent', '--ok', '--warn', '--bad', '--info']
const EVENTS = ['added', 'modified', 'deleted', 'bookmark', 'error', 'listed', 'gone'].map(
  (t) => `--ev-${t}`,
)
const BACKGROUNDS = ['--bg', '--bg-raised', '--bg-sunken']

describe('the themes’ colours', () => {
  for (const [theme, vars] of Object.entries(THEMES))
    it(`${theme}: text at 4.5:1, the focus ring at 3:1, on every background`, () => {
      const low: string[] = []
      const check = (fg: string, bg: string, min: number) => {
        const ratio = contrast(vars.get(fg) ?? '', vars.get(bg) ?? '')
        if (!(ratio >= min)) low.push(`${fg} on ${bg}: ${ratio.toFixed(2)}`)
      }
      for (const bg of BACKGROUNDS) {
        for (const fg of [...TEXTS, ...EVENTS]) check(fg, bg, 4.5)
        check('--focus', bg, 3)
      }
      check('--accent-ink', '--accent', 4.5)
      for (const bg of BACKGROUNDS) {
        const tint = mix(vars.get('--accent') ?? '', vars.get(bg) ?? '', SELECTED_TINT)
        for (const fg of EVENTS) {
          const ratio = contrast(vars.get(fg) ?? '', tint)
          if (!(ratio >= 4.5)) low.push(`${fg} on a selected row over ${bg}: ${ratio.toFixed(2)}`)
        }
      }
      expect(low).toEqual([])
    })
})
