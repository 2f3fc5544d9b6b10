// Plays a recording back: re-applies its store writes into a ReplayWatches and re-emits its pushed
// events with their recorded timing, at 0.25x to 16x; pause, step event by event (back too), seek
// to any time or marker. Going back starts again from the beginning (the store only appends), and
// says so with a new generation so the renderer drops what it had.
import type { RequestLogEntry, SessionInfo } from '@common/kube-types'
import type { ReplayStatus } from '@features/recording/messages'
import type { TrafficBatch, TrafficSourceStatus, TrafficStatus } from '@features/traffic/messages'
import type { TimelineEvent, WatchFrame } from '@common/watch-types'
import { isEventLine, isStoreLine, type RecordingLine, type StoreLine } from './format'
import type { RecordingContent } from './reader'
import { ReplayWatches } from './replay-watches'

export const MIN_SPEED = 0.25
export const MAX_SPEED = 16
const STATUS_EVERY_MS = 250
/** Recorded traffic requests kept for a view opened late (the live stream keeps 300). */
const TRAFFIC_KEPT = 300

export interface ReplayHooks {
  frame(frame: WatchFrame): void
  /** A recorded pushed event, to send on as if live. */
  emit(channel: string, payload: unknown): void
  /** Position, play state: for the transport controls. */
  status(): void
  /** The replay starts again from the beginning; `generation` is new. */
  reset(generation: number): void
}

export class ReplaySession {
  watches: ReplayWatches
  requests: RequestLogEntry[] = []
  private trafficSources: TrafficSourceStatus[] = []
  private trafficRecent: TrafficBatch['requests'] = []
  private cursor = 0
  private positionT: number
  private playing = false
  private speed = 1
  private timer: ReturnType<typeof setTimeout> | null = null
  private lastTick = 0
  private lastStatus = 0
  private generation = 1
  private eventsApplied = 0
  private current: TimelineEvent | null = null
  readonly t0: number
  readonly end: number
  readonly totalEvents: number
  readonly info: SessionInfo
  /** Why the host opened it without being asked (no cluster answered), for the banner. */
  openedBecause: string | null = null
  openedBecauseSaid: ReplayStatus['openedBecauseSaid'] = undefined

  constructor(
    readonly name: string,
    readonly content: RecordingContent,
    private readonly hooks: ReplayHooks,
  ) {
    const { header, lines } = content
    this.t0 = header.t0
    let end = this.t0
    for (const l of lines) if (l.t > end) end = l.t
    this.end = end
    this.positionT = this.t0
    this.totalEvents = lines.filter(isEventLine).length
    this.watches = new ReplayWatches((f) => hooks.frame(f))
    this.info = {
      context: `replay · ${header.context}`,
      server: `recording ${name}`,
      namespace:
        header.namespace ?? header.watches.find((w) => w.namespace)?.namespace ?? 'default',
      version: header.server ?? {
        major: '',
        minor: '',
        gitVersion: 'unknown',
        gitCommit: '',
        buildDate: '',
        goVersion: '',
        platform: '',
      },
      connectedAt: `${header.startedAt}#${this.generation}`,
    }
  }

  private get lines(): RecordingLine[] {
    return this.content.lines
  }

  private applyLine(line: RecordingLine): void {
    if (isStoreLine(line)) {
      this.watches.apply(line as StoreLine)
      if (isEventLine(line)) {
        this.eventsApplied++
        // The spotlight shows what changed: a BOOKMARK only says how far a watch has read.
        const last = this.watches.store.event(this.watches.store.size - 1)
        if (last?.type !== 'BOOKMARK') this.current = last
      }
    } else if (line.kind === 'status') {
      this.watches.noteStatuses(line.statuses)
    } else if (line.kind === 'emit') {
      if (line.channel === 'kube:request-logged')
        this.requests.push(line.payload as RequestLogEntry)
      else if (line.channel === 'traffic:batch') this.keepTraffic(line.payload as TrafficBatch)
      this.hooks.emit(line.channel, line.payload)
    } else if (line.kind === 'answer') {
      this.hooks.emit('recording:answer', {
        channel: line.channel,
        payload: line.payload,
        answer: line.answer,
      })
    }
  }

  private keepTraffic(batch: TrafficBatch): void {
    this.trafficSources = batch.sources
    if (batch.requests.length === 0) return
    this.trafficRecent = this.trafficRecent.concat(batch.requests).slice(-TRAFFIC_KEPT)
  }

  /** The recorded live traffic up to the replay's position (never the live sources'). */
  traffic(): TrafficStatus {
    return { sources: this.trafficSources, recent: [...this.trafficRecent] }
  }

  /** Applies lines until `k` of them are applied (starting again from 0 when k is behind). */
  private advanceTo(k: number): void {
    const target = Math.max(0, Math.min(k, this.lines.length))
    if (target < this.cursor) this.restart()
    while (this.cursor < target) this.applyLine(this.lines[this.cursor++] as RecordingLine)
  }

  private restart(): void {
    this.watches.close()
    this.generation++
    this.info.connectedAt = `${this.content.header.startedAt}#${this.generation}`
    this.watches = new ReplayWatches((f) => this.hooks.frame(f))
    this.requests = []
    this.trafficSources = []
    this.trafficRecent = []
    this.cursor = 0
    this.eventsApplied = 0
    this.current = null
    this.hooks.reset(this.generation)
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (!this.playing) return
    const next = this.lines[this.cursor]
    const wait = next ? Math.max(0, (next.t - this.positionT) / this.speed) : 0
    this.timer = setTimeout(() => this.tick(), Math.min(wait, STATUS_EVERY_MS))
  }

  private tick(): void {
    const now = performance.now()
    this.positionT = Math.min(this.end, this.positionT + (now - this.lastTick) * this.speed)
    this.lastTick = now
    while (
      this.cursor < this.lines.length &&
      (this.lines[this.cursor] as RecordingLine).t <= this.positionT
    ) {
      this.applyLine(this.lines[this.cursor++] as RecordingLine)
    }
    if (this.cursor >= this.lines.length) {
      this.positionT = this.end
      this.playing = false
    }
    if (!this.playing || now - this.lastStatus >= STATUS_EVERY_MS) {
      this.lastStatus = now
      this.hooks.status()
    }
    this.schedule()
  }

  play(): void {
    if (this.cursor >= this.lines.length) this.seekMs(0)
    this.playing = true
    this.lastTick = performance.now()
    this.schedule()
    this.hooks.status()
  }

  pause(): void {
    this.playing = false
    this.schedule()
    this.hooks.status()
  }

  setSpeed(speed: number): void {
    this.speed = Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed))
    this.lastTick = performance.now()
    this.hooks.status()
  }

  /** One store event forward, pausing. */
  step(): void {
    this.playing = false
    let k = this.cursor
    while (k < this.lines.length && !isEventLine(this.lines[k] as RecordingLine)) k++
    this.advanceTo(k + 1)
    this.positionT = this.lines[this.cursor - 1]?.t ?? this.t0
    this.schedule()
    this.hooks.status()
  }

  /** One store event back: the state just before the last applied event. */
  stepBack(): void {
    this.playing = false
    let k = this.cursor - 1
    while (k >= 0 && !isEventLine(this.lines[k] as RecordingLine)) k--
    if (k >= 0) this.advanceTo(k)
    this.positionT = this.lines[this.cursor - 1]?.t ?? this.t0
    this.schedule()
    this.hooks.status()
  }

  seekMs(ms: number): void {
    const t = this.t0 + Math.max(0, ms)
    let k = 0
    while (k < this.lines.length && (this.lines[k] as RecordingLine).t <= t) k++
    this.advanceTo(k)
    this.positionT = Math.min(t, this.end)
    this.lastTick = performance.now()
    this.schedule()
    this.hooks.status()
  }

  /** To the next (+1) or previous (-1) marker. */
  toMarker(direction: number): void {
    const markers = this.markers().map((m) => m.atMs)
    const here = this.positionT - this.t0
    const target =
      direction >= 0
        ? markers.find((m) => m > here + 1)
        : [...markers].reverse().find((m) => m < here - 1)
    if (target !== undefined) this.seekMs(target)
  }

  markers() {
    return this.lines
      .filter((l): l is Extract<RecordingLine, { kind: 'marker' }> => l.kind === 'marker')
      .map((l) => ({
        atMs: l.t - this.t0,
        note: l.note,
        ...(l.noteByLanguage ? { noteByLanguage: l.noteByLanguage } : {}),
      }))
  }

  answer(channel: string): unknown {
    return this.content.header.answers?.[channel]
  }

  /** The replay's status; the controller adds which opening it is (openId). */
  status(): Omit<ReplayStatus, 'openId'> {
    const h = this.content.header
    return {
      name: this.name,
      title: h.title ?? this.name,
      ...(h.titleSaid ? { titleSaid: h.titleSaid } : {}),
      ...(h.titleByLanguage ? { titleByLanguage: h.titleByLanguage } : {}),
      context: h.context,
      serverVersion: h.server?.gitVersion ?? null,
      startedAt: h.startedAt,
      t0: this.t0,
      durationMs: this.end - this.t0,
      positionMs: this.positionT - this.t0,
      playing: this.playing,
      speed: this.speed,
      ended: this.cursor >= this.lines.length,
      eventsApplied: this.eventsApplied,
      totalEvents: this.totalEvents,
      markers: this.markers(),
      current: this.current,
      secrets: h.redaction.secrets,
      skippedTailBytes: this.content.skippedTailBytes,
      corrupt: this.content.corrupt.slice(0, 20),
      generation: this.generation,
      session: { ...this.info },
      openedBecause: this.openedBecause,
      ...(this.openedBecauseSaid ? { openedBecauseSaid: this.openedBecauseSaid } : {}),
    }
  }

  close(): void {
    this.playing = false
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.watches.close()
  }
}
