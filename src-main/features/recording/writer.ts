// Appends a recording to a file as it goes. Plain files get each line written at once (the kernel
// keeps it even if the process is killed: a kill -9 loses at most a line being written); gzip
// files are flushed (Z_SYNC_FLUSH, a point a reader can decode up to) every `flushMs`. Both are
// fsync'ed every `syncMs` so a power cut loses little too.
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs'
import { constants, createGzip, type Gzip } from 'node:zlib'
import { realClock, type Clock, type TimerHandle } from '@common/clock'
import type { RecordingHeader, RecordingLine } from './format'

export interface WriterOptions {
  gzip?: boolean
  flushMs?: number
  syncMs?: number
  /** The flush and fsync timer (real by default). */
  clock?: Clock
}

export class RecordingWriter {
  private fd: number | null
  private gzip: Gzip | null = null
  private timer: TimerHandle
  private readonly clock: Clock
  private lastSync: number
  private dirty = false
  /** Bytes on disk (compressed bytes for gzip). */
  bytes = 0
  /** Lines appended, header included. */
  lines = 0

  constructor(
    readonly path: string,
    header: RecordingHeader,
    private readonly options: WriterOptions = {},
  ) {
    this.clock = options.clock ?? realClock
    this.lastSync = this.clock.now()
    this.fd = openSync(path, 'w', 0o600)
    if (options.gzip) {
      this.gzip = createGzip({ level: 6 })
      this.gzip.on('data', (chunk: Buffer) => this.writeRaw(chunk))
    }
    this.append(header)
    const every = options.gzip ? (options.flushMs ?? 250) : (options.syncMs ?? 1000)
    this.timer = this.clock.setInterval(() => this.flush(), every)
    this.timer.unref?.()
  }

  private writeRaw(chunk: Buffer): void {
    if (this.fd === null) return
    let off = 0
    while (off < chunk.length) off += writeSync(this.fd, chunk, off)
    this.bytes += chunk.length
    this.dirty = true
  }

  append(line: RecordingLine | RecordingHeader): void {
    if (this.fd === null) return
    const text = Buffer.from(`${JSON.stringify(line)}\n`)
    this.lines++
    if (this.gzip) this.gzip.write(text)
    else this.writeRaw(text)
  }

  /** Makes what was appended decodable on disk now (gzip) and durable every syncMs. */
  flush(): void {
    this.gzip?.flush(constants.Z_SYNC_FLUSH)
    const syncMs = this.options.syncMs ?? 1000
    if (this.fd !== null && this.dirty && this.clock.now() - this.lastSync >= syncMs) {
      fsyncSync(this.fd)
      this.lastSync = this.clock.now()
      this.dirty = false
    }
  }

  async close(): Promise<void> {
    this.clock.clearInterval(this.timer)
    if (this.fd === null) return
    const gz = this.gzip
    // 'end' (not end()'s callback, which fires on 'finish') comes after the last compressed bytes
    // were handed to our 'data' listener, gzip trailer included.
    if (gz) {
      await new Promise<void>((resolve) => {
        gz.once('end', () => resolve())
        gz.end()
      })
    }
    const fd = this.fd
    fsyncSync(fd)
    closeSync(fd)
    this.fd = null
  }
}
