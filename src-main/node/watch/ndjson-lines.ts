// Splits a chunked HTTP body into lines without copying more than the partial line at a chunk's
// end. Watch streams are newline-delimited JSON, one event a line
// (https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes).

export class NdjsonLines {
  private partial: Buffer | null = null

  /** Calls onLine for every complete, non-empty line in the chunk. */
  push(chunk: Buffer, onLine: (line: string) => void): void {
    let buf = chunk
    if (this.partial) {
      buf = Buffer.concat([this.partial, chunk])
      this.partial = null
    }
    let start = 0
    let nl = buf.indexOf(10, start)
    while (nl !== -1) {
      if (nl > start) onLine(buf.toString('utf8', start, nl))
      start = nl + 1
      nl = buf.indexOf(10, start)
    }
    if (start < buf.length) this.partial = buf.subarray(start)
  }

  /** What is left after the stream ended: a last line without its newline, if any. */
  flush(onLine: (line: string) => void): void {
    if (this.partial && this.partial.length > 0) onLine(this.partial.toString('utf8'))
    this.partial = null
  }
}
