// A block of API text as its lines, each with the indent its wrapped continuation hangs at: a
// long line of indented JSON or YAML that wraps goes on two columns right of where the line
// itself starts, under its own key, not at the box's left edge. Pure: text in, lines out.

export interface HangingLine {
  /** The line as it was said, its leading spaces kept (a copy gives the text back whole). */
  text: string
  /** Where its wrapped continuation starts, in characters: its leading spaces, plus 2. */
  hang: number
}

/** Continuation lines start this many characters right of their line's first character. */
export const HANG = 2

export function hangingLines(text: string): HangingLine[] {
  return text.split('\n').map((line) => {
    let spaces = 0
    while (line.charCodeAt(spaces) === 0x20) spaces++
    return { text: line, hang: spaces + HANG }
  })
}
