// JSON read as bytes, without building it: the delimiters, and where a value ends. Shared by the
// watch line scanner (watch-line-scanner.ts: one line, whole) and the list body reader
// (list-body-reader.ts: a response whose values may end in a later chunk), so both agree on what
// a string, an escape and a nested value are (docs/adr/0006).

export const QUOTE = 0x22
export const BACKSLASH = 0x5c
export const OPEN_BRACE = 0x7b
export const CLOSE_BRACE = 0x7d
export const OPEN_BRACKET = 0x5b
export const CLOSE_BRACKET = 0x5d
export const COLON = 0x3a
export const COMMA = 0x2c

export const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/** The first byte at or after i that is not white space (b.length when there is none). */
export function skipWs(b: Uint8Array, i: number): number {
  while (i < b.length && isWs(b[i] as number)) i++
  return i
}

/**
 * Where a number, true, false or null that starts at i ends: its delimiter (a comma, a closing
 * bracket or white space), or -1 when the bytes end first.
 */
export function scalarEnd(b: Uint8Array, i: number): number {
  for (; i < b.length; i++) {
    const c = b[i] as number
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isWs(c)) return i
  }
  return -1
}

/**
 * Where a string, object or array ends, read in as many pieces as its bytes come in: begin() at
 * its first byte (a quote or an opening bracket), then scan() each piece, which answers the index
 * after its last byte, or -1 when it goes on in the next piece.
 */
export class ValueScan {
  private depth = 0
  private inString = false
  private escaped = false

  begin(): void {
    this.depth = 0
    this.inString = false
    this.escaped = false
  }

  scan(b: Uint8Array, i: number): number {
    const n = b.length
    let depth = this.depth
    let inString = this.inString
    let escaped = this.escaped
    for (; i < n; i++) {
      const c = b[i] as number
      if (inString) {
        if (escaped) escaped = false
        else if (c === BACKSLASH) escaped = true
        else if (c === QUOTE) {
          inString = false
          if (depth === 0) {
            this.inString = false
            return i + 1
          }
        }
      } else if (c === QUOTE) inString = true
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (--depth === 0) {
          this.depth = 0
          this.inString = false
          return i + 1
        }
      }
    }
    this.depth = depth
    this.inString = inString
    this.escaped = escaped
    return -1
  }
}
