// The part of a relayed body Apiscope keeps to show (kubectl -v=8 style): the first LIMIT bytes,
// decoded when the body is gzipped, while the body itself streams through untouched. A watch or a
// big list is never held whole; the count of bytes goes on after the limit.
import zlib from 'node:zlib'

export const CAPTURE_LIMIT = 256 * 1024

export class BodyCapture {
  /** Bytes that crossed, as sent (compressed when gzipped). */
  bytes = 0
  truncated = false
  private readonly chunks: Buffer[] = []
  private kept = 0
  private gunzip: zlib.Gunzip | null = null
  private fed = 0

  constructor(
    readonly contentType: string,
    readonly gzip: boolean,
    private readonly limit = CAPTURE_LIMIT,
  ) {
    if (gzip) {
      // 1.37 closes a gzip member per flush (WatchListCompression): zlib reads them in turn.
      this.gunzip = zlib.createGunzip({
        flush: zlib.constants.Z_SYNC_FLUSH,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      })
      this.gunzip.on('data', (c: Buffer) => this.keep(c))
      this.gunzip.on('error', () => (this.gunzip = null))
    }
  }

  push(chunk: Buffer): void {
    this.bytes += chunk.length
    if (!this.gunzip) {
      if (!this.gzip) this.keep(chunk)
      return
    }
    // Feed the decoder until enough text is kept (a little past, for the ratio of gzip).
    if (this.kept < this.limit && this.fed < this.limit * 4) {
      this.fed += chunk.length
      this.gunzip.write(chunk)
    } else {
      this.truncated = true
      this.end()
    }
  }

  private keep(chunk: Buffer): void {
    const room = this.limit - this.kept
    if (room <= 0) {
      this.truncated = true
      return
    }
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk
    if (part.length < chunk.length) this.truncated = true
    this.chunks.push(Buffer.from(part))
    this.kept += part.length
  }

  end(): void {
    const g = this.gunzip
    this.gunzip = null
    g?.end()
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8')
  }
}
