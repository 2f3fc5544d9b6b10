// The recording feature's state in the core: at most one recording being written (of the live
// session) and at most one recording being replayed. Recordings made in the app go to one folder
// and are opened by name, never by a path from the renderer; demos come from resources/demo.
import { mkdirSync, readdirSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'
import type { EventChannel, EventPayloads, InvokeChannel } from '@common/contract'
import type { RecordingFile, RecordingStatus, ReplayStatus } from '@features/recording/messages'
import { redact } from '@common/redaction'
import { fail, ok, type Result, type UiError } from '@common/result'
import { saidError } from '@common/said-error'
import { said, type ByLanguage, type Said } from '@i18n/translate'
import type { WatchTarget } from '@common/watch-types'
import type { CoreContext } from '../../core/core-context'
import type { RecorderStats } from './recorder'
import { fetchHealth } from '../../core/health'
import { fetchAccessRules, fetchIdentity } from '../../core/identity'
import { exportRange } from './export-range'
import { parseRecording, readRecordingFile, type RecordingContent } from './reader'
import { Recorder } from './recorder'
import { ReplaySession } from './replay-session'

const RECORDING_FILE = /\.(ndjson|jsonl)(\.gz)?$/

const NOT_RECORDED = new Set([
  'app:info',
  'kube:contexts',
  'kube:connect',
  'kube:request-log',
  'watch:snapshot',
  'watch:frame-taken',
  'watch:event-detail',
  'watch:store-folding',
  'watch:store-budget',
  'watch:set-store-budget',
])

export interface StartOptions {
  gzip?: boolean
  includeSecrets?: boolean
  title?: string
  /** The title in several languages, as its author wrote it (the bundled demo's script). */
  titleByLanguage?: ByLanguage
  /** The CLI's --out; the renderer cannot give one. */
  path?: string
  /** The watches the CLI is about to start (the header lists them). */
  watches?: WatchTarget[]
}

const busy = (title: Said, nextStep: Said): UiError => saidError('bad-request', title, '', nextStep)

export class RecordingController {
  private recorder: Recorder | null = null
  private recorderName = ''
  /** What the last recording came to, once stopped. */
  lastStats: RecorderStats | null = null
  private replay: ReplaySession | null = null
  /** Counts the replays opened: each is a world of its own on screen (ReplayStatus.openId). */
  private opened = 0
  private readonly offEvents: () => void
  private lastStatusEmit = 0

  constructor(private readonly core: CoreContext) {
    this.offEvents = core.onEvent((channel, payload) => this.onCoreEvent(channel, payload))
  }

  folder(): string {
    const env = this.core.options.env ?? process.env
    return (
      this.core.options.recordingsDir ??
      env.APISCOPE_RECORDINGS_DIR ??
      path.join(this.core.options.home ?? homedir(), '.apiscope', 'recordings')
    )
  }

  private onCoreEvent(channel: string, payload: unknown): void {
    if (!this.recorder) return
    if (channel === 'kube:session') {
      // The live session it records went away (a reconnect, another context): the recording ends.
      const s = payload as EventPayloads['kube:session']
      if (s.status !== 'connected' || this.core.replay) void this.stop('session ended')
      return
    }
    this.recorder.onCoreEvent(channel, payload)
    // Progress for the record button, a few times a second at most.
    const now = Date.now()
    if (now - this.lastStatusEmit > 500) {
      this.lastStatusEmit = now
      this.core.emit('recording:status', this.status(), 'both')
    }
  }

  /**
   * Every request the renderer makes, with the core's answer: recorded unless it only reads what
   * a replay rebuilds anyway (snapshots, details, the request log) or is the recording's own.
   */
  noteAnswer(channel: string, payload: unknown, answer: unknown): void {
    if (!this.recorder || NOT_RECORDED.has(channel) || channel.startsWith('recording:')) return
    this.recorder.onAnswer(channel, payload, answer)
  }

  status(): RecordingStatus {
    const r = this.recorder?.stats()
    return {
      recording: r
        ? {
            name: this.recorderName,
            events: r.events,
            lines: r.lines,
            bytes: r.bytes,
            markers: r.markers,
            startedAt: r.startedAt,
            durationMs: r.durationMs,
            includeSecrets: r.includeSecrets,
          }
        : null,
      replay: this.replay ? { ...this.replay.status(), openId: this.opened } : null,
      folder: this.folder(),
    }
  }

  private announce(): void {
    this.core.emit('recording:status', this.status(), 'both')
  }

  /** Starts recording the live session (its current watches and store included). */
  async start(options: StartOptions): Promise<Result<RecordingStatus>> {
    if (this.recorder) return fail(busy(said('rec.err.already'), said('rec.err.alreadyNext')))
    const s = this.core.requireSession()
    if (!s.ok) return s
    const session = s.value
    let file = options.path
    if (!file) {
      mkdirSync(this.folder(), { recursive: true, mode: 0o700 })
      const stamp = new Date().toISOString().replace(/[:]/g, '-').replace(/\..*/, '')
      file = path.join(this.folder(), `apiscope-${stamp}.ndjson${options.gzip ? '.gz' : ''}`)
    }
    const answers = await this.readOnlyAnswers(options.includeSecrets === true)
    try {
      this.recorder = new Recorder(session.watches.store, {
        path: file,
        ...(options.gzip ? { gzip: true } : {}),
        ...(options.includeSecrets ? { includeSecrets: true } : {}),
        statuses: session.watches.statuses(),
        header: {
          app: { name: 'Apiscope', version: this.core.options.version },
          server: session.info.version,
          context: session.info.context,
          namespace: session.info.namespace,
          watches: options.watches ?? session.watches.statuses().map((st) => st.target),
          answers,
          ...(options.title ? { title: options.title } : {}),
          ...(options.titleByLanguage ? { titleByLanguage: options.titleByLanguage } : {}),
        },
      })
    } catch (error) {
      return fail(
        saidError(
          'internal',
          said('rec.err.uncreatable'),
          `${file}: ${(error as Error).message}`,
          said('rec.err.uncreatableNext'),
        ),
      )
    }
    this.recorderName = path.basename(file)
    await this.recorder.ready()
    this.announce()
    return ok(this.status())
  }

  /** What the Overview and Discovery views ask, kept in the header for the replay. */
  private async readOnlyAnswers(includeSecrets: boolean): Promise<Record<string, unknown>> {
    const s = this.core.requireSession()
    if (!s.ok) return {}
    const session = s.value
    const discovery = await session.getDiscovery()
    const [identity, health, rules] = await Promise.all([
      fetchIdentity(session.transport, discovery.ok ? discovery.value.resources : []),
      fetchHealth(session.transport),
      fetchAccessRules(session.transport, session.info.namespace),
    ])
    const answers: Partial<Record<InvokeChannel, unknown>> = {
      ...(discovery.ok ? { 'kube:discovery': discovery.value } : {}),
      ...(identity.ok ? { 'kube:identity': identity.value } : {}),
      'kube:health': health,
      ...(rules.ok ? { 'kube:access-rules': rules.value } : {}),
    }
    return includeSecrets ? answers : redact(answers).value
  }

  async stop(reason = 'stopped by the user'): Promise<RecordingStatus> {
    const r = this.recorder
    this.recorder = null
    if (r) this.lastStats = await r.stop(reason)
    this.announce()
    return this.status()
  }

  /** A marker; `noteByLanguage` when its author wrote the note in several languages. */
  marker(note: string, noteByLanguage?: ByLanguage): Result<RecordingStatus> {
    if (!this.recorder) {
      return fail(busy(said('rec.err.notRecordingNow'), said('rec.err.notRecordingNowNext')))
    }
    this.recorder.marker(note, noteByLanguage)
    this.announce()
    return ok(this.status())
  }

  list(): RecordingFile[] {
    const out: RecordingFile[] = []
    const scan = (dir: string | undefined, source: RecordingFile['source']) => {
      if (!dir) return
      let names: string[]
      try {
        names = readdirSync(dir)
      } catch {
        return
      }
      for (const name of names.filter((n) => RECORDING_FILE.test(n)).sort()) {
        const st = statSync(path.join(dir, name))
        out.push({ name, source, bytes: st.size, modified: st.mtime.toISOString() })
      }
    }
    scan(this.core.options.demoDir, 'demo')
    scan(this.folder(), 'saved')
    return out
  }

  private resolve(name: string, source: RecordingFile['source']): string | null {
    const dir = source === 'demo' ? this.core.options.demoDir : this.folder()
    if (!dir || name.includes('/') || name.includes('\\') || name.startsWith('.')) return null
    return path.join(dir, name)
  }

  async open(name: string, source: RecordingFile['source']): Promise<Result<RecordingStatus>> {
    const file = this.resolve(name, source)
    if (!file) {
      return fail(
        saidError(
          'bad-request',
          said(source === 'demo' ? 'rec.err.noSuchDemo' : 'rec.err.noSuchSaved', { name }),
          source === 'demo' ? said('rec.err.noDemoFolder') : '',
          said('rec.err.pick'),
        ),
      )
    }
    const content = await readRecordingFile(file)
    return content.ok ? this.openContent(name, content.value) : content
  }

  /** The first demo recording, for --demo and for "no cluster answered". */
  async openDemo(
    because: string | null = null,
    becauseSaid?: ReplayStatus['openedBecauseSaid'],
  ): Promise<Result<RecordingStatus>> {
    const demo = this.list().find((f) => f.source === 'demo')
    if (!demo) {
      return fail(
        saidError(
          'bad-request',
          said('rec.err.noDemo'),
          this.core.options.demoDir
            ? said('rec.err.noDemoDetail', { folder: this.core.options.demoDir })
            : said('rec.err.noDemoFolder'),
          said('rec.err.noDemoNext'),
        ),
      )
    }
    const opened = await this.open(demo.name, 'demo')
    if (opened.ok && this.replay) {
      this.replay.openedBecause = because
      this.replay.openedBecauseSaid = becauseSaid
      return ok(this.status())
    }
    return opened
  }

  openUpload(fileName: string, base64: string): Result<RecordingStatus> {
    const content = parseRecording(Buffer.from(base64, 'base64'))
    return content.ok ? this.openContent(fileName.replace(/[/\\]/g, '_'), content.value) : content
  }

  /**
   * Shows a recording over the live session, which goes on underneath. The renderer learns of the
   * new replay (recording:status) before any of its events, so it can give it a state of its own.
   */
  openContent(name: string, content: RecordingContent): Result<RecordingStatus> {
    if (this.recorder) void this.stop('a replay was opened')
    const ours = () => this.replay === replay
    const replay: ReplaySession = new ReplaySession(name, content, {
      frame: (f) => {
        if (ours()) this.core.emit('watch:frame', f, 'replay')
      },
      emit: (channel, payload) => {
        if (ours())
          this.core.emit(channel as EventChannel, payload as EventPayloads[EventChannel], 'replay')
      },
      status: () => {
        if (ours()) this.announce()
      },
      reset: (generation) => {
        if (!ours()) return
        this.core.emit('recording:replay-reset', { generation }, 'replay')
        this.core.announceReplay()
      },
    })
    this.replay = replay
    this.opened++
    this.announce()
    this.core.setReplay(replay)
    replay.seekMs(0)
    return ok(this.status())
  }

  /**
   * Closes the replay: the live session comes back as it is now (its watches never stopped). The
   * renderer hears that the replay closed before it hears of the live session again. The core's
   * setReplay closes the session (it closes whichever replay leaves the screen, once).
   */
  close(): RecordingStatus {
    const replay = this.replay
    this.replay = null
    this.announce()
    if (replay) this.core.setReplay(null)
    return this.status()
  }

  transport(action: string, value: number | undefined): Result<RecordingStatus> {
    const r = this.replay
    if (!r) {
      return fail(busy(said('rec.err.noneOpen'), said('rec.err.noneOpenReplay')))
    }
    switch (action) {
      case 'play':
        r.play()
        break
      case 'pause':
        r.pause()
        break
      case 'toggle':
        if (r.status().playing) r.pause()
        else r.play()
        break
      case 'step':
        r.step()
        break
      case 'step-back':
        r.stepBack()
        break
      case 'seek':
        r.seekMs(value ?? 0)
        break
      case 'speed':
        r.setSpeed(value ?? 1)
        break
      case 'marker':
        r.toMarker(value ?? 1)
        break
    }
    return ok(this.status())
  }

  /** Writes [fromMs, toMs] of the open replay as a smaller recording in the recordings folder. */
  async exportRange(fromMs: number, toMs: number, name?: string) {
    const r = this.replay
    if (!r) return fail(busy(said('rec.err.noneOpen'), said('rec.err.noneOpenExport')))
    mkdirSync(this.folder(), { recursive: true, mode: 0o700 })
    const base = (
      name ??
      `${r.name.replace(RECORDING_FILE, '')}-${Math.round(fromMs / 1000)}s-${Math.round(toMs / 1000)}s`
    ).replace(RECORDING_FILE, '')
    const file = path.join(this.folder(), `${base}.ndjson`)
    const written = await exportRange(r.content, fromMs, toMs, file)
    const st = statSync(file)
    return ok({
      name: path.basename(file),
      source: 'saved' as const,
      bytes: st.size,
      modified: st.mtime.toISOString(),
      events: written.events,
      path: file,
    })
  }

  /** The core is closing: finish the file, drop the replay (the core closes it, once). */
  shutdown(): void {
    this.offEvents()
    void this.recorder?.stop('the app closed')
    this.recorder = null
    this.replay = null
  }
}
