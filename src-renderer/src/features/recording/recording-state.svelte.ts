// Renderer state of recording, replay and presenter mode (messages in
// src-main/features/recording/messages.ts). The core owns the recording and the replay; this holds
// what the top bar, the replay banner and presenter mode show, and the person's display choices.
import type { ApiscopeApi } from '@common/bridge-types'
import type { RecordingFile, RecordingStatus, ReplayStatus } from '@features/recording/messages'
import type { Result, UiError } from '@common/result'
import { toLoadable, type Loadable } from '../../ui/loadable'

export type Theme = 'dark' | 'light'

export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16] as const

const PREFS_KEY = 'apiscope.presenter'

interface Prefs {
  presenter: boolean
  theme: Theme
  hideIdentifiers: boolean
  zoom: number
}

function loadPrefs(): Prefs {
  const fallback: Prefs = { presenter: false, theme: 'dark', hideIdentifiers: false, zoom: 1 }
  try {
    return { ...fallback, ...(JSON.parse(localStorage.getItem(PREFS_KEY) ?? '{}') as Prefs) }
  } catch {
    return fallback
  }
}

export class RecordingState {
  status = $state.raw<RecordingStatus>({ recording: null, replay: null, folder: '' })
  /** The recordings the Open dialog offers, read each time it opens. */
  fileList = $state.raw<Loadable<RecordingFile[]>>({ status: 'idle' })
  /** The list on screen: the last one read, kept while it is read again or when that fails. */
  files = $state.raw<RecordingFile[]>([])
  error = $state.raw<UiError | null>(null)
  openDialog = $state(false)
  helpOpen = $state(false)
  lastExport = $state<string | null>(null)
  presenter = $state(false)
  theme = $state<Theme>('dark')
  hideIdentifiers = $state(false)
  zoom = $state(1)
  /** Bumped when the replay starts over (a seek back): states built from pushed events reset. */
  generation = $state(0)

  replaying = $derived(this.status.replay !== null)
  recording = $derived(this.status.recording !== null)
  /**
   * Told at once (not in an effect: the replay's own events follow right after) when the replay on
   * screen changes: one opened (a new openId), or closed (null).
   */
  onReplayChange: ((replay: ReplayStatus | null) => void) | null = null

  constructor(readonly api: ApiscopeApi) {
    const prefs = loadPrefs()
    this.presenter = prefs.presenter
    this.theme = prefs.theme
    this.hideIdentifiers = prefs.hideIdentifiers
    this.zoom = prefs.zoom
    api.onRecordingStatus((s) => this.setStatus(s))
    api.onReplayReset(({ generation }) => (this.generation = generation))
  }

  savePrefs(): void {
    const prefs: Prefs = {
      presenter: this.presenter,
      theme: this.theme,
      hideIdentifiers: this.hideIdentifiers,
      zoom: this.zoom,
    }
    try {
      localStorage.setItem(PREFS_KEY, JSON.stringify(prefs))
    } catch {
      // Private windows may refuse storage: the choice then lasts for this page only.
    }
  }

  private setStatus(next: RecordingStatus): void {
    const before = this.status.replay?.openId ?? null
    this.status = next
    if ((next.replay?.openId ?? null) !== before) this.onReplayChange?.(next.replay)
  }

  private take(res: Result<RecordingStatus>): boolean {
    if (res.ok) {
      this.setStatus(res.value)
      this.error = null
      return true
    }
    this.error = res.error
    return false
  }

  async refresh(): Promise<void> {
    this.take(await this.api.recordingStatus({}))
  }

  async loadFiles(): Promise<void> {
    this.fileList = { status: 'loading', previous: this.files }
    const res = await this.api.listRecordings({})
    this.fileList = toLoadable(res)
    if (res.ok) this.files = res.value
    // The dialog says a failure where recording's other errors go.
    else this.error = res.error
  }

  async start(options: { gzip?: boolean; includeSecrets?: boolean; title?: string } = {}) {
    return this.take(await this.api.startRecording(options))
  }

  async stop(): Promise<void> {
    this.take(await this.api.stopRecording({}))
  }

  async marker(note: string): Promise<void> {
    this.take(await this.api.addMarker({ note }))
  }

  async open(file: Pick<RecordingFile, 'name' | 'source'>): Promise<boolean> {
    const ok = this.take(await this.api.openRecording({ name: file.name, source: file.source }))
    if (ok) this.openDialog = false
    return ok
  }

  /** The bundled demo. */
  async openDemo(): Promise<boolean> {
    await this.loadFiles()
    const demo = this.files.find((f) => f.source === 'demo')
    if (!demo) {
      this.error = {
        kind: 'bad-request',
        title: 'No demo recording is bundled',
        detail: '',
        nextStep: 'Run npm run record:demo to make one.',
      }
      return false
    }
    return this.open(demo)
  }

  async upload(file: File): Promise<void> {
    const bytes = new Uint8Array(await file.arrayBuffer())
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    }
    const ok = this.take(
      await this.api.openRecordingUpload({ fileName: file.name, base64: btoa(binary) }),
    )
    if (ok) this.openDialog = false
  }

  async close(): Promise<void> {
    this.take(await this.api.closeReplay({}))
  }

  async transport(
    action: 'play' | 'pause' | 'toggle' | 'step' | 'step-back' | 'seek' | 'speed' | 'marker',
    value?: number,
  ): Promise<void> {
    this.take(await this.api.replayTransport(value === undefined ? { action } : { action, value }))
  }

  /** One speed step faster (+1) or slower (-1). */
  async nudgeSpeed(direction: number): Promise<void> {
    const current = this.status.replay?.speed ?? 1
    const k = SPEEDS.findIndex((s) => s >= current)
    const next = SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, k + direction))] ?? 1
    await this.transport('speed', next)
  }

  async exportRange(fromMs: number, toMs: number): Promise<void> {
    const res = await this.api.exportRange({ fromMs, toMs })
    if (res.ok) {
      this.lastExport = `${res.value.name} · ${res.value.events} events · ${Math.round(res.value.bytes / 1024)} kB in ${this.status.folder}`
      this.error = null
    } else this.error = res.error
  }
}
