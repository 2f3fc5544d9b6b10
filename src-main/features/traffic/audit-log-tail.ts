// Follows a JSON audit log (--audit-log-format=json: one Event per line): a local file, polled so
// that rotation (a new inode), truncation and a half-written last line are all handled, or the
// output of a command such as `minikube ssh -- sudo tail -F PATH`. A line that is not an audit
// event is counted and skipped; the tail goes on.
import { spawn, type ChildProcess } from 'node:child_process'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { StringDecoder } from 'node:string_decoder'
import { realClock, type Clock, type TimerHandle } from '@common/clock'
import type { TrafficSourceStatus } from '@features/traffic/messages'
import { said } from '@i18n/translate'
import type { SaidParts } from '@common/said-parts'
import { readAuditEvent, type AuditEvent } from './audit-event'
import { setLastError, toldError, type SourceError } from './source-error'

/** Splits a byte stream into lines; the last, unfinished line waits for the rest. */
export class LineSplitter {
  private rest = ''
  private readonly decoder = new StringDecoder('utf8')

  push(chunk: Buffer | string): string[] {
    const text = this.rest + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk))
    const lines = text.split('\n')
    this.rest = lines.pop() ?? ''
    return lines.filter((line) => line.trim() !== '')
  }

  /** Forget a partial line (the file was truncated or replaced under it). */
  reset(): void {
    this.rest = ''
    this.decoder.end()
  }
}

// A container log line (CRI format, /var/log/containers): "<time> stdout F <line>".
const CRI_PREFIX = /^\d{4}-\d\d-\d\dT\S+ (?:stdout|stderr) [FP] /

export type LineReading =
  { event: AuditEvent } | { error: string; errorSaid: SaidParts } | { skip: true }

/**
 * One log line. Lines that do not start with "{" are skipped, not rejected: kube-apiserver's own
 * log shares stdout with `--audit-log-path=-`.
 */
export function readAuditLine(line: string): LineReading {
  const text = line.replace(CRI_PREFIX, '').trim()
  if (!text.startsWith('{')) return { skip: true }
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch (error) {
    const told = toldError(
      said('traffic.source.lineNotJson', { problem: (error as Error).message }),
    )
    return { error: told.text, errorSaid: told.said ?? [] }
  }
  // Docker's json-file container log wraps each line: {"log":"<line>\n","stream":"stdout",...}.
  const wrapped = value as { log?: unknown; stream?: unknown }
  if (typeof wrapped.log === 'string' && typeof wrapped.stream === 'string')
    return readAuditLine(wrapped.log)
  const read = readAuditEvent(value)
  return 'event' in read ? read : { error: read.error, errorSaid: read.errorSaid }
}

interface TailSink {
  status: TrafficSourceStatus
  onEvents: (events: AuditEvent[]) => void
  onChange: () => void
}

function deliver(lines: string[], sink: TailSink, clock: Clock): void {
  const events: AuditEvent[] = []
  for (const line of lines) {
    const read = readAuditLine(line)
    if ('event' in read) events.push(read.event)
    else if ('error' in read) {
      sink.status.rejected++
      setLastError(sink.status, { text: read.error, said: read.errorSaid })
    }
  }
  if (events.length > 0) {
    sink.status.eventsReceived += events.length
    sink.status.lastEventAt = clock.now()
    sink.onEvents(events)
  }
  if (events.length > 0 || lines.length > 0) sink.onChange()
}

export const POLL_MS = 200
const READ_CHUNK = 1024 * 1024

/** Follows a local file by polling its size and inode. */
export class FileTail {
  private handle: FileHandle | null = null
  private inode = -1
  private position = 0
  private timer: TimerHandle | null = null
  private stopped = false
  private readonly lines = new LineSplitter()

  constructor(
    readonly path: string,
    private readonly sink: TailSink,
    private readonly fromStart = false,
    private readonly pollMs = POLL_MS,
    private readonly clock: Clock = realClock,
  ) {}

  /** Opens the file; rejects with a sentence when it cannot be read. */
  async start(): Promise<void> {
    try {
      await this.reopen(!this.fromStart)
    } catch (error) {
      this.sink.status.state = 'failed'
      setLastError(this.sink.status, describeFsError(error as NodeJS.ErrnoException, this.path))
      this.sink.onChange()
      throw new Error(this.sink.status.lastError, { cause: error })
    }
    this.sink.status.state = 'running'
    this.sink.onChange()
    this.schedule()
  }

  private async reopen(atEnd: boolean): Promise<void> {
    await this.handle?.close().catch(() => undefined)
    this.handle = await open(this.path, 'r')
    const info = await this.handle.stat()
    this.inode = info.ino
    this.position = atEnd ? info.size : 0
    this.lines.reset()
  }

  private schedule(): void {
    if (!this.stopped) this.timer = this.clock.setTimeout(() => void this.poll(), this.pollMs)
  }

  /** Reads what is new; exported for tests through `pollOnce`. */
  private async poll(): Promise<void> {
    try {
      await this.pollOnce()
      if (this.sink.status.state === 'failed') {
        this.sink.status.state = 'running'
        this.sink.onChange()
      }
    } catch (error) {
      this.sink.status.state = 'failed'
      setLastError(this.sink.status, describeFsError(error as NodeJS.ErrnoException, this.path))
      this.sink.onChange()
    }
    this.schedule()
  }

  async pollOnce(): Promise<void> {
    if (!this.handle) return
    let current: Awaited<ReturnType<typeof stat>> | null = null
    try {
      current = await stat(this.path)
    } catch (error) {
      // Between a rotation's rename and the new file's creation: wait for it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    if (current && current.ino !== this.inode) {
      // Rotated: finish the old file, then read the new one from its start.
      await this.drain()
      await this.reopen(false)
    }
    const size = (await this.handle.stat()).size
    if (size < this.position) {
      // Truncated in place (copytruncate, or `: > file`): start again from the top.
      this.position = 0
      this.lines.reset()
    }
    await this.drain()
  }

  private async drain(): Promise<void> {
    const handle = this.handle
    if (!handle) return
    const buffer = Buffer.alloc(READ_CHUNK)
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK, this.position)
      if (bytesRead === 0) return
      this.position += bytesRead
      deliver(this.lines.push(buffer.subarray(0, bytesRead)), this.sink, this.clock)
    }
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) this.clock.clearTimeout(this.timer)
    this.sink.status.state = 'stopped'
    await this.handle?.close().catch(() => undefined)
    this.handle = null
  }
}

/** Why a file cannot be read; the system's own message, passed through, for a rarer case. */
export function describeFsError(error: NodeJS.ErrnoException, file: string): SourceError {
  if (error.code === 'ENOENT') return toldError(said('traffic.source.fileMissing', { file }))
  if (error.code === 'EACCES') return toldError(said('traffic.source.fileForbidden', { file }))
  if (error.code === 'EISDIR') return toldError(said('traffic.source.fileIsFolder', { file }))
  return { text: `${file}: ${error.message}` }
}

/** A followed command's end: its signal or exit code, and the last line it wrote to stderr. */
export function commandEnded(
  command: string,
  code: number | null,
  signal: string | null,
  last: string,
): SourceError {
  if (signal !== null)
    return toldError(
      last
        ? said('traffic.source.endedSignalSaying', { command, signal, last })
        : said('traffic.source.endedSignal', { command, signal }),
    )
  return toldError(
    last
      ? said('traffic.source.endedExitSaying', { command, code: String(code), last })
      : said('traffic.source.endedExit', { command, code: String(code) }),
  )
}

/** Follows the output of a command, e.g. `minikube ssh -- sudo tail -F -n 0 PATH`. */
export class CommandTail {
  private child: ChildProcess | null = null
  private readonly lines = new LineSplitter()
  private stderr = ''

  constructor(
    readonly command: string,
    readonly args: string[],
    private readonly sink: TailSink,
    private readonly clock: Clock = realClock,
  ) {}

  get commandLine(): string {
    return [this.command, ...this.args].join(' ')
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.command, this.args, { stdio: ['ignore', 'pipe', 'pipe'] })
      this.child = child
      // `minikube ssh` outlives its parent unless told: end it with the app.
      const onExit = () => child.kill('SIGTERM')
      process.once('exit', onExit)
      child.once('exit', () => process.off('exit', onExit))
      child.once('error', (error: NodeJS.ErrnoException) => {
        this.sink.status.state = 'failed'
        setLastError(
          this.sink.status,
          error.code === 'ENOENT'
            ? toldError(said('traffic.source.commandMissing', { command: this.command }))
            : { text: error.message },
        )
        this.sink.onChange()
        reject(new Error(this.sink.status.lastError))
      })
      child.once('spawn', () => {
        this.sink.status.state = 'running'
        this.sink.onChange()
        resolve()
      })
      child.stdout?.on('data', (chunk: Buffer) =>
        deliver(this.lines.push(chunk), this.sink, this.clock),
      )
      child.stderr?.on('data', (chunk: Buffer) => {
        this.stderr = (this.stderr + chunk.toString('utf8')).slice(-2000)
      })
      child.on('exit', (code, signal) => {
        if (this.sink.status.state === 'stopped') return
        this.sink.status.state = 'failed'
        const last = this.stderr.trim().split('\n').pop() ?? ''
        setLastError(this.sink.status, commandEnded(this.commandLine, code, signal, last))
        this.sink.onChange()
      })
    })
  }

  async stop(): Promise<void> {
    this.sink.status.state = 'stopped'
    const child = this.child
    this.child = null
    if (child && child.exitCode === null) child.kill('SIGTERM')
  }
}
