// hangingLines (ui/text-lines.ts): each line of a block of API text, and where its wrapped
// continuation hangs.
import { describe, expect, it } from 'vitest'
import { hangingLines } from '../../../src-renderer/src/ui/text-lines'

describe('hangingLines', () => {
  it('hangs each line two characters right of its own indent', () => {
    const json = JSON.stringify({ a: { b: 'x' } }, null, 2)
    expect(hangingLines(json)).toEqual([
      { text: '{', hang: 2 },
      { text: '  "a": {', hang: 4 },
      { text: '    "b": "x"', hang: 6 },
      { text: '  }', hang: 4 },
      { text: '}', hang: 2 },
    ])
  })

  it('keeps every character, so the lines join back to the text', () => {
    const yaml = 'metadata:\n  name: web\n\n  labels:\n    app: "a b"\n'
    const lines = hangingLines(yaml)
    expect(lines.map((l) => l.text).join('\n')).toBe(yaml)
    expect(lines[2]).toEqual({ text: '', hang: 2 })
  })

  it('counts spaces only: a tab or a space inside the line does not indent it', () => {
    expect(hangingLines('\tx y')).toEqual([{ text: '\tx y', hang: 2 }])
  })
})
