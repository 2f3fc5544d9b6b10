// A watch another client (kubectl get -w, kubectl delete's wait, kubectl rollout status...) opened
// through Apiscope's kubectl proxy, read as its answer passes: the proxy hands over each chunk it
// has already written on to the client, a copy is decoded when the answer is gzipped, split into
// lines and read by the same line reader as Apiscope's own watches (watch-stream.ts), and its
// events go to the event store under a watch id of its own. The relay never waits for the reading:
// the copy is queued and read in slices of a few milliseconds, each its own task, so the relay's
// reads and writes go between them; an answer far ahead of the reading stops being read, not
// relayed. Nothing is held whole but what waits in that queue.
//
// It follows the supervisor's rules for what it records (a streaming list's initial ADDED events
// up to the initial-events-end bookmark become a list on the timeline; ERROR events are recorded
// with their code), but Apiscope neither started it nor resumes it: it ends when the client or the
// server ends the request, and stopping it from Apiscope means cutting the client's connection.
//
// A Table watch (kubectl get -w with its default output asks Accept: application/json;as=Table and
// no includeObject) carries rows, not objects: each row holds its cells and the object's metadata as
// a PartialObjectMetadata (managedFields included). Those are recorded, redacted by what the request
// addressed (a Secret's rows keep its last-applied annotation), under the object's uid marked as a
// Table row, so that a row's metadata never stands in for the whole object another watch delivers.
// A binary stream (protobuf, CBOR) is not read; the watch says so.
import { performance } from 'node:perf_hooks'
import zlib from 'node:zlib'
import { parseApiPath } from '@common/api-path'
import { redact, type About } from '@common/redaction'
import { numericResourceVersion } from '@common/resource-version'
import type { RelayedWatchOrigin, WatchStatus, WatchTarget } from '@common/watch-types'
import type { EventStore, ObjectMeta } from './event-store'
import { statusWords } from '../failure-messages'
import { NdjsonLines } from './ndjson-lines'
import { said, type Said } from '@i18n/translate'
import { targetLabelSaid } from '@common/watch-label'
import { initialWatchStatus } from './watch-status'
import { lineProblem, readWatchLine, type WatchLine } from './watch-stream'

/** What the proxy knows of a relayed watch when its answer's headers arrive. */
export interface RelayedWatchRequest {
  /** "kubectl/v1.37.2", from the User-Agent. */
  client: string
  /** kubectl's Kubectl-Command header ("kubectl get"), when it sent one. */
  command?: string
  /** The request log's entry of the request. */
  seq: number
  pathAndQuery: string
  /** The request's Accept: a Table watch asks application/json;as=Table. */
  accept?: string
  /** The answer's Content-Type and whether it is gzip-encoded. */
  contentType: string
  gzip: boolean
  about: About
  /** Ends the relayed request (both connections). */
  cut?: () => void
  /** The kind discovery names for a resource, for a Table watch's rows (which carry none). */
  kindOf?: (group: string, resource: string) => string | undefined
}

/**
 * Reading runs in slices of at most SLICE_MS, each its own task, so the relay's own reads and
 * writes go between them; an answer more than MAX_BEHIND bytes ahead of the reading is no longer
 * read (the relay goes on).
 */
const SLICE_MS = 4
const PIECE = 64 * 1024
export const MAX_BEHIND = 64 * 1024 * 1024

/** The uid a Table row is recorded under: its object's, marked (docs/adr/0015). */
export const TABLE_ROW = ' (Table row)'

interface Row {
  cells?: unknown[]
  object?: { kind?: string; apiVersion?: string; metadata?: Record<string, unknown> }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** The watch target a relayed request names, and what its query asked for. */
export function relayedTarget(pathAndQuery: string): {
  target: WatchTarget
  streaming: boolean
  resourceVersion: string
  timeoutSeconds: number
} | null {
  const parts = parseApiPath(
    pathAndQuery.replace(/^(\/(?:api|apis\/[^/]+)\/[^/]+)\/watch\//, '$1/'),
  )
  if (!parts) return null
  const query = new URLSearchParams(pathAndQuery.split('?', 2)[1] ?? '')
  const streaming = query.get('sendInitialEvents') === 'true'
  const target: WatchTarget = {
    group: parts.group,
    version: parts.version,
    resource: parts.resource,
    ...(parts.namespace ? { namespace: parts.namespace } : {}),
    ...(query.get('labelSelector') ? { labelSelector: query.get('labelSelector') as string } : {}),
    ...(query.get('fieldSelector') ? { fieldSelector: query.get('fieldSelector') as string } : {}),
    ...(parts.name ? { fieldSelector: `metadata.name=${parts.name}` } : {}),
    mode: streaming ? 'streaming-list' : 'list-watch',
  }
  const timeout = Number(query.get('timeoutSeconds') ?? '')
  return {
    target,
    streaming,
    resourceVersion: query.get('resourceVersion') ?? '',
    timeoutSeconds: Number.isFinite(timeout) ? timeout : 0,
  }
}

/**
 * "kubectl get -w" for kubectl get's watch (-w or --watch-only), else the command; a client that
 * names no command (kubectl before 1.22 sends no Kubectl-Command header) by its User-Agent. The
 * header names the command, not its flags: a `kubectl get --raw` of a watch URL reads the same.
 */
function origin(request: RelayedWatchRequest): string {
  if (request.command === 'kubectl get') return 'kubectl get -w'
  return request.command ?? `${request.client} watch`
}

export class RelayedWatch {
  readonly status: WatchStatus
  private readonly lines = new NdjsonLines()
  private gunzip: zlib.Gunzip | null = null
  private reading = true
  private ended = false
  private readonly streaming: boolean
  private initial: { count: number; done: boolean } | null
  private readonly about: About
  private readonly apiVersion: string
  private endedAs: { how: 'done' | 'cut'; error?: string } = { how: 'done' }
  private cutByUser = false
  private closed = false
  /** The last in-stream ERROR (its code and message), which the server ends the watch after. */
  private serverError: string | null = null
  /** Decoded bytes waiting to be read, and whether a slice is scheduled. */
  private readonly queue: Buffer[] = []
  private queued = 0
  private scheduled = false
  /** The answer ended; closes once the queue is read. */
  private closing = false

  constructor(
    readonly id: number,
    private readonly request: RelayedWatchRequest,
    private readonly store: EventStore,
    private readonly onStatus: (status: WatchStatus) => void,
    private readonly onEnd: () => void,
  ) {
    const named = relayedTarget(request.pathAndQuery)
    const target = named?.target ?? { group: '', version: '', resource: request.pathAndQuery }
    this.streaming = named?.streaming ?? false
    this.initial = this.streaming ? { count: 0, done: false } : null
    this.about = request.about
    this.apiVersion = target.group ? `${target.group}/${target.version}` : target.version
    const json = /json/i.test(request.contentType)
    const relayed: RelayedWatchOrigin = {
      client: request.client,
      ...(request.command ? { command: request.command } : {}),
      seq: request.seq,
      format: !json ? 'binary' : /;\s*as=Table/i.test(request.accept ?? '') ? 'table' : 'objects',
      contentType: request.contentType,
      cuttable: request.cut !== undefined,
    }
    const rv = named?.resourceVersion ?? ''
    const client = request.client
    const label = named
      ? said('watch.core.relayLabel', {
          origin: origin(request),
          what: targetLabelSaid(target).text,
        })
      : null
    const why = !json
      ? request.contentType
        ? said('watch.core.relayBinary', { type: request.contentType })
        : said('watch.core.relayBinaryNoType')
      : this.streaming
        ? said('watch.core.relayStreaming', { client })
        : rv
          ? said('watch.core.relayWatching', { client, rv })
          : said('watch.core.relayWatchingLatest', { client })
    this.status = initialWatchStatus(id, target, {
      label: label?.text ?? `${origin(request)} · ${request.pathAndQuery}`,
      ...(label ? { labelSaid: label.as } : {}),
      state: this.streaming ? 'listing' : 'watching',
      reason: why.text,
      reasonSaid: why.as,
      lastRv: rv || null,
      timeoutSeconds: named?.timeoutSeconds ?? 0,
      mode: this.streaming ? 'streaming-list' : 'list-watch',
      encoding: request.gzip ? 'gzip' : null,
      relayed,
    })
    this.reading = json
    if (json && request.gzip) {
      // 1.37 closes a gzip member per flush (WatchListCompression): zlib reads them in turn.
      this.gunzip = zlib.createGunzip({
        flush: zlib.constants.Z_SYNC_FLUSH,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      })
      this.gunzip.on('data', (c: Buffer) => this.read(c))
      // After the end, an unfinished member is a stream kubectl cut, not an error.
      this.gunzip.on('error', (e) =>
        this.unreadable(said('watch.core.why.gzip', { message: e.message }), this.ended),
      )
      this.gunzip.on('end', () => this.close())
    }
    this.onStatus(this.status)
  }

  /** A chunk of the answer as it crossed (compressed when gzipped), after the relay wrote it. */
  push(chunk: Buffer): void {
    if (!this.reading || this.ended) return
    if (this.gunzip) this.gunzip.write(chunk)
    else this.read(chunk)
  }

  /** The relayed request ended: the server closed it, the client did, or it was cut. */
  end(how: 'done' | 'cut', error?: string): void {
    if (this.ended) return
    this.ended = true
    this.endedAs = { how, ...(error ? { error } : {}) }
    if (this.gunzip && this.reading) this.gunzip.end()
    else this.close()
  }

  /** The session closed: nothing more is read or recorded. */
  abandon(why: string): void {
    if (this.closed) return
    this.reading = false
    this.gunzip = null
    this.queue.length = 0
    this.ended = true
    this.endedAs = { how: 'cut', error: why }
    this.close()
  }

  /** Cuts the relayed request (the client sees its connection close). */
  cut(): boolean {
    if (!this.request.cut) return false
    this.cutByUser = true
    this.request.cut()
    return true
  }

  private close(): void {
    if (this.closed) return
    this.closing = true
    // What was queued is read first; the last slice closes.
    if (this.reading && (this.queue.length > 0 || this.scheduled)) return
    this.closed = true
    // A last line without its newline: an answer kubectl cut may leave one unfinished.
    if (this.reading) this.lines.flush((bytes) => this.line(bytes, true))
    const { how, error } = this.endedAs
    this.status.state = 'stopped'
    this.say(
      this.cutByUser
        ? said('watch.core.relayCut')
        : how === 'done'
          ? this.serverError
            ? said('watch.core.relayEndedError', { error: this.serverError })
            : said('watch.core.relayEndedServer')
          : error
            ? said('watch.core.relayEnded', { error })
            : said('watch.core.relayClientClosed', { client: this.request.client }),
    )
    this.onStatus(this.status)
    this.onEnd()
  }

  /** Queues decoded bytes (in pieces, so that one slice never reads a megabyte at once). */
  private read(chunk: Buffer): void {
    if (!this.reading) return
    for (let at = 0; at < chunk.length; at += PIECE) this.queue.push(chunk.subarray(at, at + PIECE))
    this.queued += chunk.length
    if (this.queued > MAX_BEHIND) {
      this.unreadable(said('watch.core.why.behind', { mb: MAX_BEHIND / 1024 / 1024 }), false)
      return
    }
    if (!this.scheduled) {
      this.scheduled = true
      setImmediate(() => this.slice())
    }
  }

  private slice(): void {
    this.scheduled = false
    const until = performance.now() + SLICE_MS
    while (this.reading && this.queue.length > 0) {
      const piece = this.queue.shift() as Buffer
      this.queued -= piece.length
      this.lines.push(piece, (bytes) => this.line(bytes))
      if (performance.now() > until) break
    }
    if (this.reading && this.queue.length > 0) {
      this.scheduled = true
      setImmediate(() => this.slice())
    } else if (this.closing) this.close()
  }

  /** The status's reason in Apiscope's words: its English, and the message to say it in French. */
  private say(reason: Said): void {
    this.status.reason = reason.text
    this.status.reasonSaid = reason.as
  }

  /** Stops reading; `quiet` at the end of an answer kubectl cut (an unfinished line, no error). */
  private unreadable(why: Said, quiet: boolean): void {
    if (!this.reading) return
    this.reading = false
    this.gunzip = null
    this.queue.length = 0
    this.queued = 0
    if (quiet) {
      if (this.closing) this.close()
      return
    }
    const note = said('watch.core.relayStoppedNote', { why })
    this.store.recordError(this.id, note.text, undefined, '', note.as)
    this.say(said('watch.core.relayNotRead', { why }))
    this.onStatus(this.status)
    if (this.closing) this.close()
  }

  private line(bytes: Uint8Array, last = false): void {
    if (!this.reading) return
    let line: WatchLine
    try {
      line = readWatchLine(bytes)
    } catch (error) {
      this.unreadable(
        said('watch.core.why.notEvent', {
          message: lineProblem(error),
          line: Buffer.from(bytes).toString('utf8', 0, 120),
        }),
        last && this.endedAs.how === 'cut',
      )
      return
    }
    if (line.meta.kind === 'Table' && line.meta.apiVersion.startsWith('meta.k8s.io/')) {
      this.tableLine(line, bytes)
      return
    }
    // Asked for a Table but sent objects (a server without Table for this resource): say what came.
    if (line.type !== 'ERROR' && this.status.relayed?.format === 'table') {
      this.status.relayed.format = 'objects'
    }
    this.apply(line, line.meta, line.bytes)
  }

  /** A Table event: each row's PartialObjectMetadata, redacted, as the version of its object. */
  private tableLine(line: WatchLine, bytes: Uint8Array): void {
    if (this.status.relayed && this.status.relayed.format !== 'table') {
      this.status.relayed.format = 'table'
      this.onStatus(this.status)
    }
    if (line.type === 'ERROR' || line.type === 'BOOKMARK') {
      this.apply(line, line.meta, bytes)
      return
    }
    let rows: Row[]
    try {
      const event = JSON.parse(Buffer.from(bytes).toString('utf8')) as { object?: { rows?: Row[] } }
      rows = event.object?.rows ?? []
    } catch (error) {
      this.unreadable(said('watch.core.why.table', { message: (error as Error).message }), false)
      return
    }
    const kind =
      this.request.kindOf?.(this.status.target.group, this.status.target.resource) ??
      'PartialObjectMetadata'
    for (const row of rows) {
      const object = row.object
      const m = object?.metadata ?? {}
      if (!object || !str(m.uid)) continue
      const meta: ObjectMeta = {
        kind,
        apiVersion: this.apiVersion,
        name: str(m.name),
        namespace: str(m.namespace),
        uid: `${str(m.uid)}${TABLE_ROW}`,
        resourceVersion: str(m.resourceVersion) || line.meta.resourceVersion,
      }
      const shown = redact(object, this.about).value
      this.apply(line, meta, JSON.stringify(shown))
    }
  }

  private apply(line: WatchLine, meta: ObjectMeta, json: Uint8Array | string): void {
    const now = new Date().toISOString()
    const rv = meta.resourceVersion
    const initial = this.initial
    const starting = initial !== null && !initial.done
    const s = this.status
    switch (line.type) {
      case 'BOOKMARK':
        s.bookmarks++
        s.lastBookmarkAt = now
        if (starting && line.initialEventsEnd) {
          initial.done = true
          // Recorded just before the bookmark, so that firstEvent is the bookmark's index.
          this.store.addList({
            watch: this.id,
            rv,
            rvn: numericResourceVersion(rv),
            t: Date.now(),
            reason: 'initial',
            pages: [],
            items: initial.count,
            firstEvent: this.store.size,
            way: 'stream',
            encoding: s.encoding ?? null,
          })
          this.store.recordBookmark(this.id, rv)
          s.listRv = rv
          s.lastRv = rv
          s.startedBy = 'stream'
          s.state = 'watching'
          this.say(
            said('watch.core.relayAfterStream', {
              client: this.request.client,
              rv,
              count: initial.count,
            }),
          )
        } else {
          this.store.recordBookmark(this.id, rv)
          if (!starting) s.lastRv = rv || s.lastRv
        }
        break
      case 'ERROR': {
        const status = line.status ?? {}
        const message = statusWords(status, 'error')
        this.store.recordError(this.id, message, status.code, s.lastRv ?? '')
        if (status.code === 410 || status.reason === 'Expired' || status.reason === 'Gone')
          s.expired++
        this.serverError = `${status.code ?? ''}: ${message}`
        this.say(said('watch.core.relaySentError', { error: this.serverError }))
        break
      }
      default:
        this.store.recordObject(line.type, this.id, meta, json)
        s.events++
        s.lastEventAt = now
        if (starting) {
          if (line.type === 'ADDED') initial.count++
        } else s.lastRv = rv || s.lastRv
    }
    this.onStatus(s)
  }
}
