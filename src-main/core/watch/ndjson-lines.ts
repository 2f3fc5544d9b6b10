// Splits a chunked HTTP body into lines of bytes, copying nothing but the partial line at a
// chunk's end. Watch streams are newline-delimited JSON, one event a line
// (https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes).

export class NdjsonLines {
  private partial: Buffer | null = null

  /** Calls onLine with the bytes of every complete, non-empty line in the chunk. */
  push(chunk: Buffer, onLine: (bytes: Buffer) => void): void {
    let buf = chunk
    if (this.partial) {
      // Only the bytes up to the first newline need joining with the partial line.
      const nl = chunk.indexOf(10)
      if (nl === -1) {
        this.partial = Buffer.concat([this.partial, chunk])
        return
      }
      const first = Buffer.concat([this.partial, chunk.subarray(0, nl)])
      this.partial = null
      if (first.length > 0) onLine(first)
      buf = chunk.subarray(nl + 1)
    }
    let start = 0
    let nl = buf.indexOf(10, start)
    while (nl !== -1) {
      if (nl > start) onLine(buf.subarray(start, nl))
      start = nl + 1
      nl = buf.indexOf(10, start)
    }
    if (start < buf.length) this.partial = Buffer.from(buf.subarray(start))
  }

  /** What is left after the stream ended: a last line without its newline, if any. */
  flush(onLine: (bytes: Buffer) => void): void {
    if (this.partial && this.partial.length > 0) onLine(this.partial)
    this.partial = null
  }
}
