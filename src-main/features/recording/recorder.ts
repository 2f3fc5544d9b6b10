// Records a session as it happens: every write to the event store (through its tap), every watch
// status change and every event the core pushes (requests, stage results, audit events...), plus
// markers. Starting mid-session first writes what the store already holds, so a replay rebuilds
// the same store. Redacts before anything reaches the file unless asked to include secrets.
import { realClock, type Clock } from '@common/clock'
import { redact, REDACTION_RULES } from '@common/redaction'
import type { RecorderStatus } from '@features/recording/messages'
import type { WatchStatus } from '@common/watch-types'
import type { ByLanguage } from '@i18n/translate'
import type { EventStore, StoreOp } from '../../core/watch/event-store'
import {
  FORMAT_NAME,
  FORMAT_VERSION,
  isEventLine,
  type RecordingHeader,
  type RecordingLine,
  type StoreLine,
} from './format'
import { redactRequestPayload } from './recorded-redaction'
import { RecordingWriter, type WriterOptions } from './writer'

export interface RecorderOptions extends WriterOptions {
  path: string
  includeSecrets?: boolean
  header: Omit<RecordingHeader, 'kind' | 'format' | 'version' | 'redaction' | 't0' | 'startedAt'>
  statuses?: WatchStatus[]
}

/** What the renderer is told of a recording (RecorderStatus), with the file's path for the core. */
export type RecorderStats = Omit<RecorderStatus, 'name'> & { path: string }

const decoder = new TextDecoder()
/** Objects whose backfill versions are asked for at once (each one message to the worker). */
const BACKFILL_ASKS = 256

export class Recorder {
  private readonly writer: RecordingWriter
  private readonly offTap: () => void
  private readonly startedAt: number
  private readonly clock: Clock
  private events = 0
  private markers = 0
  private stopped = false
  private pending: RecordingLine[] | null = []
  private backfillLines: RecordingLine[] = []
  /** The backfill's objects being read back (ready), once. */
  private readying: Promise<void> | null = null
  /** Ends the store's hold on folding, taken while the backfill's objects are read back. */
  private releaseFolds: (() => void) | null = null

  constructor(
    private readonly store: EventStore,
    private readonly options: RecorderOptions,
  ) {
    this.clock = options.clock ?? realClock
    this.startedAt = this.clock.now()
    const header: RecordingHeader = {
      kind: 'header',
      format: FORMAT_NAME,
      version: FORMAT_VERSION,
      ...options.header,
      startedAt: new Date(this.startedAt).toISOString(),
      t0: this.startedAt,
      redaction: {
        secrets: options.includeSecrets ? 'included' : 'redacted',
        rules: options.includeSecrets ? [] : REDACTION_RULES,
      },
    }
    this.writer = new RecordingWriter(options.path, header, options)
    // Writes arriving while the backfill runs wait in `pending`, so lines stay in store order.
    const backfillTo = store.size
    const listsTo = store.lists.length
    this.offTap = store.tap((op, i) => this.onStoreOp(op, i))
    this.backfill(backfillTo, listsTo)
    // From here until its objects are read back, the versions the backfill names stay: a fold
    // meanwhile would leave a version the store showed at the start out of the recording.
    if (this.backfillLines.length > 0) this.releaseFolds = store.holdFolds()
    if (options.statuses?.length)
      this.write({ kind: 'status', t: this.startedAt, statuses: options.statuses })
    if (this.backfillLines.length === 0) {
      const queued = this.pending ?? []
      this.pending = null
      for (const line of queued) this.write(line)
    }
  }

  private write(line: RecordingLine): void {
    if (this.stopped) return
    if (this.pending) {
      this.pending.push(line)
      return
    }
    this.writer.append(line)
  }

  private objectText(json: Uint8Array | string | unknown): unknown {
    const text = typeof json === 'string' ? json : decoder.decode(json as Uint8Array)
    const parsed = JSON.parse(text) as Record<string, unknown>
    const obj = parsed.type !== undefined && parsed.object !== undefined ? parsed.object : parsed
    return this.options.includeSecrets ? obj : redact(obj).value
  }

  private onStoreOp(op: StoreOp, i: number): void {
    const line = this.lineOf(op, i)
    if (!line) return
    if (isEventLine(line)) this.events++
    // The tap runs before the backfill finished only for writes that came meanwhile: queue them.
    this.write(line)
  }

  private lineOf(op: StoreOp, i: number): RecordingLine | null {
    if (op.op === 'list') return { kind: 'list', t: op.snapshot.t, snapshot: op.snapshot }
    if (op.op === 'list-page')
      return { kind: 'list-page', t: this.clock.now(), list: op.list, page: op.page }
    const e = this.store.event(i)
    switch (op.op) {
      case 'object': {
        const newVersion = this.store.versionEventOf(e.uid, e.v) === i
        return {
          kind: 'object',
          t: e.t,
          type: op.type,
          watch: op.watch,
          meta: op.meta,
          list: op.list,
          ...(newVersion ? { object: this.objectText(op.json) } : {}),
        }
      }
      case 'bookmark':
        return { kind: 'bookmark', t: e.t, watch: op.watch, rv: op.rv }
      case 'error':
        return {
          kind: 'error',
          t: e.t,
          watch: op.watch,
          note: op.note,
          ...(op.code !== undefined ? { code: op.code } : {}),
          rv: op.rv,
          ...(op.noteSaid ? { noteSaid: op.noteSaid } : {}),
        }
      case 'gone':
        return {
          kind: 'gone',
          t: e.t,
          watch: op.watch,
          uid: op.uid,
          listRv: op.listRv,
          note: op.note,
          ...(op.noteSaid ? { noteSaid: op.noteSaid } : {}),
        }
    }
  }

  /** What the store held before the recording started, as the lines that would rebuild it. */
  private backfill(to: number, listsTo: number): void {
    if (to === 0 && listsTo === 0) return
    // Objects come from the version history asynchronously; the backfill writes placeholders
    // now and fills objects in order when they arrive (see fillObjects).
    const lines: RecordingLine[] = []
    let nextList = 0
    const lists = this.store.lists
    for (let i = 0; i < to; i++) {
      while (nextList < listsTo && (lists[nextList] as { firstEvent: number }).firstEvent <= i) {
        const { id: _id, ...snapshot } = lists[nextList++] as (typeof lists)[number]
        lines.push({
          kind: 'list',
          t: snapshot.t,
          snapshot: { ...snapshot, pages: [...snapshot.pages] },
        })
      }
      // A mark the store folded away before the recording began (docs/adr/0019) has no line.
      if (!this.store.has(i)) continue
      const e = this.store.event(i)
      if (e.type === 'BOOKMARK') lines.push({ kind: 'bookmark', t: e.t, watch: e.watch, rv: e.rv })
      else if (e.type === 'ERROR')
        lines.push({
          kind: 'error',
          t: e.t,
          watch: e.watch,
          note: e.note ?? '',
          ...(e.code !== undefined ? { code: e.code } : {}),
          rv: e.rv,
          ...(e.noteSaid ? { noteSaid: e.noteSaid } : {}),
        })
      else if (e.type === 'GONE')
        lines.push({
          kind: 'gone',
          t: e.t,
          watch: e.watch,
          uid: e.uid,
          listRv: e.rv,
          note: e.note ?? '',
          ...(e.noteSaid ? { noteSaid: e.noteSaid } : {}),
        })
      else {
        const h = this.store.history(e.uid)
        lines.push({
          kind: 'object',
          t: e.t,
          type: e.type,
          watch: e.watch,
          meta: {
            kind: h?.kind ?? e.kind,
            apiVersion: h?.apiVersion ?? '',
            name: e.name,
            namespace: e.ns,
            uid: e.uid,
            resourceVersion: e.rv,
          },
          list: e.list ?? -1,
          ...(this.store.versionEventOf(e.uid, e.v) !== i
            ? {}
            : this.store.foldedAt(i)
              ? { folded: true as const }
              : { object: { pending: [e.uid, e.v] } }),
        })
      }
      this.events++
    }
    while (nextList < listsTo) {
      const { id: _id, ...snapshot } = lists[nextList++] as (typeof lists)[number]
      lines.push({
        kind: 'list',
        t: snapshot.t,
        snapshot: { ...snapshot, pages: [...snapshot.pages] },
      })
    }
    this.backfillLines = lines
  }

  /**
   * Resolves the backfill's objects from the version history, then writes everything queued.
   * Every caller waits for the same reading (stop() may come while it runs).
   */
  ready(): Promise<void> {
    this.readying ??= this.readBackfill()
    return this.readying
  }

  private async readBackfill(): Promise<void> {
    const lines = this.backfillLines
    this.backfillLines = []
    try {
      await this.fillObjects(lines)
    } finally {
      this.releaseFolds?.()
      this.releaseFolds = null
    }
    const queued = this.pending ?? []
    this.pending = null
    for (const line of [...lines, ...queued]) this.write(line)
  }

  /**
   * The objects the backfill's placeholders name, asked for an object at a time, BACKFILL_ASKS
   * objects at once. A version the worker had folded before the hold, unknown to the store then,
   * comes back null: its line says folded, as the backfill says of those the store knew folded;
   * so does one the history can no longer give (closed or failed).
   */
  private async fillObjects(lines: RecordingLine[]): Promise<void> {
    const byUid = new Map<string, { line: StoreLine & { kind: 'object' }; v: number }[]>()
    for (const line of lines) {
      if (line.kind !== 'object') continue
      const ref = (line.object as { pending?: [string, number] } | undefined)?.pending
      if (!ref) continue
      const wanted = byUid.get(ref[0]) ?? []
      wanted.push({ line, v: ref[1] })
      byUid.set(ref[0], wanted)
    }
    const uids = [...byUid.keys()]
    for (let from = 0; from < uids.length; from += BACKFILL_ASKS) {
      await Promise.all(
        uids.slice(from, from + BACKFILL_ASKS).map(async (uid) => {
          const wanted = byUid.get(uid) ?? []
          // A history closed or failed meanwhile (the session ended) has none of them any more:
          // written as folded too, so that the file still ends whole.
          const objects = await this.store
            .objectsAt(
              uid,
              wanted.map((w) => w.v),
            )
            .catch(() => [])
          wanted.forEach(({ line }, k) => {
            const obj = objects[k]
            if (obj) {
              line.object = this.options.includeSecrets ? obj : redact(obj).value
            } else {
              delete line.object
              line.folded = true
            }
          })
        }),
      )
    }
  }

  /** An event the core pushed. Watch frames are rebuilt from the store; only statuses are kept. */
  onCoreEvent(channel: string, payload: unknown): void {
    if (channel.startsWith('recording:') || channel === 'kube:session') return
    const t = this.clock.now()
    if (channel === 'watch:frame') {
      const statuses = (payload as { statuses?: WatchStatus[] }).statuses
      if (statuses?.length) this.write({ kind: 'status', t, statuses })
      return
    }
    this.write({
      kind: 'emit',
      t,
      channel,
      payload: this.options.includeSecrets ? payload : redact(payload).value,
    })
  }

  /** A request the renderer made and what the core answered (see RecordingLine 'answer'). */
  onAnswer(channel: string, payload: unknown, answer: unknown): void {
    const secrets = this.options.includeSecrets
    this.write({
      kind: 'answer',
      t: this.clock.now(),
      channel,
      payload: secrets ? payload : redactRequestPayload(channel, payload),
      answer: secrets ? answer : redact(answer).value,
    })
  }

  /** A marker; `noteByLanguage` when its author wrote the note in several languages. */
  marker(note: string, noteByLanguage?: ByLanguage): void {
    this.markers++
    this.write({
      kind: 'marker',
      t: this.clock.now(),
      note,
      ...(noteByLanguage ? { noteByLanguage } : {}),
    })
  }

  stats(): RecorderStats {
    return {
      path: this.options.path,
      events: this.events,
      lines: this.writer.lines,
      bytes: this.writer.bytes,
      markers: this.markers,
      startedAt: this.startedAt,
      durationMs: this.clock.now() - this.startedAt,
      includeSecrets: this.options.includeSecrets === true,
    }
  }

  async stop(reason = 'stopped'): Promise<RecorderStats> {
    if (!this.stopped) {
      if (this.pending) await this.ready()
      this.offTap()
      this.writer.append({ kind: 'end', t: this.clock.now(), reason })
      this.stopped = true
      await this.writer.close()
    }
    return this.stats()
  }
}
