// The audit webhook Apiscope opens: kube-apiserver (--audit-webhook-mode=batch) POSTs
// audit.k8s.io/v1 EventList batches to it. A malformed batch is answered 400 with a clear reason
// and counted; the receiver goes on. https://kubernetes.io/docs/tasks/debug/debug-cluster/audit/#webhook-backend
import http from 'node:http'
import type net from 'node:net'
import type { TrafficSourceStatus } from '@features/traffic/messages'
import type { SaidParts } from '@common/said-parts'
import { said } from '@i18n/translate'
import { readAuditEvent, type AuditEvent } from './audit-event'
import { before, setLastError, toldError, type SourceError } from './source-error'

/** A batch at RequestResponse level can be large (400 events with their objects). */
const MAX_BODY_BYTES = 64 * 1024 * 1024

export interface BatchReading {
  events: AuditEvent[]
  /** One sentence per item that could not be read, or for the whole body. */
  errors: string[]
  /** The same as catalogue parts, one list per sentence (joined with nothing). */
  errorsSaid: SaidParts[]
}

const batchOf = (events: AuditEvent[], told: SourceError[]): BatchReading => ({
  events,
  errors: told.map((e) => e.text),
  errorsSaid: told.map((e) => e.said ?? []),
})

/** Reads a webhook body: an EventList (batch mode) or a single Event (blocking mode sends lists too). */
export function readEventBatch(body: string): BatchReading {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch (error) {
    return batchOf(
      [],
      [toldError(said('traffic.source.bodyNotJson', { problem: (error as Error).message }))],
    )
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return batchOf([], [toldError(said('traffic.source.bodyNotObject'))])
  const record = value as Record<string, unknown>
  if (record.kind === 'Event') {
    const one = readAuditEvent(record)
    return 'event' in one
      ? batchOf([one.event], [])
      : batchOf([], [{ text: one.error, said: one.errorSaid }])
  }
  if (!Array.isArray(record.items))
    return batchOf(
      [],
      [
        toldError(
          said('traffic.source.bodyNotList', { kind: JSON.stringify(record.kind ?? null) }),
        ),
      ],
    )
  const events: AuditEvent[] = []
  const errors: SourceError[] = []
  record.items.forEach((item, i) => {
    const one = readAuditEvent(item)
    if ('event' in one) events.push(one.event)
    else
      errors.push(
        before(said('traffic.source.item', { index: i }), { text: one.error, said: one.errorSaid }),
      )
  })
  return batchOf(events, errors)
}

export interface WebhookOptions {
  host: string
  port: number
  path: string
}

export class AuditWebhook {
  private server: http.Server | null = null
  private readonly sockets = new Set<net.Socket>()

  constructor(
    readonly options: WebhookOptions,
    readonly status: TrafficSourceStatus,
    private readonly onEvents: (events: AuditEvent[]) => void,
    private readonly onChange: () => void,
  ) {}

  get url(): string {
    return `http://${this.options.host}:${this.options.port}${this.options.path}`
  }

  /** Listens; rejects with a sentence when the port is taken or not allowed. */
  start(): Promise<void> {
    const server = http.createServer((req, res) => this.handle(req, res))
    server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
    this.server = server
    return new Promise((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        this.status.state = 'failed'
        const { port, host } = this.options
        setLastError(
          this.status,
          error.code === 'EADDRINUSE'
            ? toldError(said('traffic.source.portInUse', { port, host }))
            : error.code === 'EACCES'
              ? toldError(said('traffic.source.portForbidden', { port }))
              : { text: error.message },
        )
        this.onChange()
        reject(new Error(this.status.lastError))
      })
      server.listen(this.options.port, this.options.host, () => {
        // The receiver alone does not keep the app's process alive.
        server.unref()
        this.status.state = 'running'
        this.onChange()
        resolve()
      })
    })
  }

  /** Answers kube-apiserver in English (its log's words); the status keeps the parts too. */
  private reject(res: http.ServerResponse, code: number, why: SourceError): void {
    this.status.rejected++
    setLastError(this.status, why)
    this.onChange()
    res.writeHead(code, { 'Content-Type': 'text/plain' }).end(`${why.text}\n`)
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = (req.url ?? '').split('?')[0]
    if (path !== this.options.path) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not the audit path\n')
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end()
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let tooBig = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) tooBig = true
      else chunks.push(chunk)
    })
    req.on('error', () => res.destroy())
    req.on('end', () => {
      if (tooBig) {
        this.reject(
          res,
          413,
          toldError(said('traffic.source.batchTooBig', { size, limit: MAX_BODY_BYTES })),
        )
        return
      }
      const { events, errors, errorsSaid } = readEventBatch(Buffer.concat(chunks).toString('utf8'))
      const firstSaid = errorsSaid[0] ?? []
      const first: SourceError = {
        text: errors[0] ?? '',
        ...(firstSaid.length ? { said: firstSaid } : {}),
      }
      this.status.batchesReceived++
      if (events.length > 0) {
        this.status.eventsReceived += events.length
        this.status.lastEventAt = Date.now()
        this.onEvents(events)
      }
      if (errors.length > 0 && events.length === 0) {
        this.reject(res, 400, before(said('traffic.source.batchMalformed'), first))
        return
      }
      if (errors.length > 0) {
        // Partly readable: keep what could be read, count the rest, and tell the sender it landed.
        this.status.rejected += errors.length
        setLastError(
          this.status,
          before(said('traffic.source.batchPartly', { n: errors.length }), first),
        )
        this.onChange()
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
  }

  stop(): Promise<void> {
    const server = this.server
    this.server = null
    this.status.state = 'stopped'
    if (!server) return Promise.resolve()
    for (const socket of this.sockets) socket.destroy()
    return new Promise((resolve) => server.close(() => resolve()))
  }
}
