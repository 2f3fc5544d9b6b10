// The timeline canvas's colours: paletteOf reads the page theme's --ev-* custom properties in
// TYPE_STYLE's order (trimmed, as getComputedStyle gives them), and a page without them (the
// benchmark's canvas) draws the dark theme's. test/unit/theme-contrast.test.ts checks the values.
import { describe, expect, it } from 'vitest'
import {
  DARK_PALETTE,
  paletteOf,
  TYPE_STYLE,
} from '../../../src-renderer/src/features/watches/timeline/timeline-canvas'

describe('paletteOf', () => {
  it('reads each type’s custom property in order, and the lines’ and rings’', () => {
    const set: Record<string, string> = {
      '--ev-added': '#166534',
      '--ev-modified': '#1d4ed8',
      '--ev-deleted': '#b91c1c',
      '--ev-bookmark': '#57606a',
      '--ev-error': '#854d0e',
      '--ev-listed': '#6d28d9',
      '--ev-gone': '#9a3412',
      '--focus': '#c2410c',
      '--info': '#1d4ed8',
    }
    const palette = paletteOf({ getPropertyValue: (name) => ` ${set[name] ?? ''}` })
    expect(palette.types).toEqual(TYPE_STYLE.map((s) => set[s.color.slice(4, -1)]))
    expect(palette).toMatchObject({
      list: '#6d28d9',
      stream: '#166534',
      expired: '#b91c1c',
      selected: '#c2410c',
      band: '#1d4ed8',
      hovered: DARK_PALETTE.hovered,
    })
  })

  it('falls back to the dark theme’s colours where the page sets none', () => {
    expect(paletteOf({ getPropertyValue: () => '' })).toEqual(DARK_PALETTE)
  })
})
