// Renderer state of the ownership feature (messages in src-main/features/ownership/messages.ts): the
// object on screen (from the watches or fetched by name), its map, its history, the manager filter,
// and the what-if apply form with its last answer. In a replay, map and history read the replayed
// watches; a what-if needs a live cluster, so the ones the recording kept are shown, read-only.
import type { ApiscopeApi } from '@common/bridge-types'
import { vitrineManifest } from '@common/lab-seed-manifests'
import {
  lastApplyManager,
  manifestFromObject,
} from '@features/ownership/common/manifest-from-object'
import type {
  ObjectRef,
  OwnershipHistory,
  OwnershipMap,
  WatchedObject,
  WhatIfResult,
} from '@features/ownership/messages'
import type { Result } from '@common/result'
import { toLoadable, type Loadable } from '../../ui/loadable'

export type OwnershipTab = 'map' | 'history' | 'what-if'

/** A what-if the recording kept: what was sent and what the core answered. */
export interface RecordedWhatIf {
  n: number
  fieldManager: string
  force: boolean
  manifest: string
  answer: Result<WhatIfResult>
}
export type ObjectSource = { uid: string } | { ref: ObjectRef }

const loadable = toLoadable
/** How often the picker's list of watched objects is read again while events arrive. */
const OBJECTS_EVERY_MS = 700

/** Before any object is opened, the form holds the chapter's vitrine as equipe-web applies it. */
export const SAMPLE_MANIFEST = vitrineManifest(null, 2)
const SAMPLE_MANAGER = 'equipe-web'

export class OwnershipState {
  tab = $state<OwnershipTab>('map')
  objects = $state.raw<Loadable<WatchedObject[]>>({ status: 'idle' })
  source = $state.raw<ObjectSource | null>(null)
  map = $state.raw<Loadable<OwnershipMap>>({ status: 'idle' })
  history = $state.raw<Loadable<OwnershipHistory>>({ status: 'idle' })
  /** managerKey of the one manager to highlight, or null for all. */
  managerFilter = $state<string | null>(null)
  /** The field the history follows ('' = every field). */
  historyField = $state('.spec.replicas')
  manifest = $state(SAMPLE_MANIFEST)
  fieldManager = $state(SAMPLE_MANAGER)
  force = $state(false)
  whatIf = $state.raw<Loadable<WhatIfResult>>({ status: 'idle' })
  /** A replay is open: what-if sends nothing; `recordedWhatIfs` are the recording's, in order. */
  recordedWhatIfs = $state.raw<RecordedWhatIf[]>([])
  private seq = 0
  private objectsSeq = 0
  private objectsTimer: ReturnType<typeof setTimeout> | null = null
  private objectsLoadedAt = 0
  /** The object on screen was chosen by the replay, not by someone: it may follow the busiest. */
  private autoPicked = false

  /**
   * What Apiscope last put in the form. While the form still holds it (nobody typed, opened a
   * file or picked a recorded what-if), opening an object puts that object in the form instead.
   */
  private filledManifest = SAMPLE_MANIFEST
  private filledManager = SAMPLE_MANAGER
  /** The form shows a recorded what-if: it stays beside its answer, and leaves with the replay. */
  private showsRecorded = false

  constructor(
    readonly api: ApiscopeApi,
    private readonly isReplaying: () => boolean = () => false,
  ) {
    api.onReplayedAnswer(({ channel, payload, answer }) => {
      if (channel !== 'ownership:what-if') return
      const sent = payload as { manifest: string; fieldManager: string; force: boolean }
      this.recordedWhatIfs = [
        ...this.recordedWhatIfs,
        {
          n: this.recordedWhatIfs.length + 1,
          fieldManager: sent.fieldManager,
          force: sent.force,
          manifest: sent.manifest,
          answer: answer as Result<WhatIfResult>,
        },
      ]
      this.showRecorded(this.recordedWhatIfs.at(-1) as RecordedWhatIf)
    })
  }

  get replaying(): boolean {
    return this.isReplaying()
  }

  /** Puts a recorded what-if in the form and its answer beside it, as when it was sent. */
  showRecorded(w: RecordedWhatIf): void {
    this.showsRecorded = true
    this.manifest = w.manifest
    this.fieldManager = w.fieldManager
    this.force = w.force
    this.whatIf = loadable(w.answer)
  }

  /** A new session or a replay back at its start (WorldState.startOver): nothing of before stays. */
  clear(): void {
    this.seq++
    this.objectsSeq++
    if (this.objectsTimer !== null) clearTimeout(this.objectsTimer)
    this.objectsTimer = null
    this.autoPicked = false
    this.objects = { status: 'idle' }
    this.source = null
    this.map = { status: 'idle' }
    this.history = { status: 'idle' }
    this.managerFilter = null
    this.whatIf = { status: 'idle' }
    this.recordedWhatIfs = []
    if (this.showsRecorded) {
      this.showsRecorded = false
      this.manifest = this.filledManifest
      this.fieldManager = this.filledManager
      this.force = false
    }
    this.fillForm(SAMPLE_MANIFEST, SAMPLE_MANAGER)
  }

  /** Fills the what-if form with Apiscope's choice, unless someone made the form theirs. */
  private fillForm(manifest: string, manager: string | null): void {
    if (this.manifest === this.filledManifest) {
      this.manifest = manifest
      this.filledManifest = manifest
    }
    if (manager !== null && this.fieldManager === this.filledManager) {
      this.fieldManager = manager
      this.filledManager = manager
    }
  }

  /**
   * Reads the objects the watches hold. The list on screen stays while it is read again, so a
   * picker that refreshes as events arrive does not flicker empty.
   */
  async loadObjects(): Promise<void> {
    const seq = ++this.objectsSeq
    if (this.objects.status !== 'ready') this.objects = { status: 'loading' }
    const answer = loadable(await this.api.ownershipObjects({}))
    if (seq !== this.objectsSeq) return
    this.objects = answer
    // A replay opens on the object that changed most, so a demo shows ownership at once; until
    // someone picks one, it follows the busiest as the replay goes on (only when one is busier).
    if (this.replaying && (!this.source || this.autoPicked) && this.objects.status === 'ready') {
      const live = this.objects.value.filter((o) => !o.deleted)
      const busiest = live.reduce<WatchedObject | null>(
        (a, b) => (a && a.versions >= b.versions ? a : b),
        null,
      )
      const shown = this.source && 'uid' in this.source ? this.source.uid : null
      const current = live.find((o) => o.uid === shown)
      if (busiest && busiest.uid !== shown && (!current || busiest.versions > current.versions))
        void this.open({ uid: busiest.uid }, { auto: true })
    }
  }

  /**
   * The watches changed: read the objects again, at most every `OBJECTS_EVERY_MS` (a busy watch
   * sends frames many times a second), and once more after the last change.
   */
  objectsChanged(): void {
    if (this.objectsTimer !== null) return
    const wait = Math.max(0, this.objectsLoadedAt + OBJECTS_EVERY_MS - Date.now())
    this.objectsTimer = setTimeout(() => {
      this.objectsTimer = null
      this.objectsLoadedAt = Date.now()
      void this.loadObjects()
    }, wait)
  }

  /** Shows one object: its map now, its history when the watches hold it. */
  async open(source: ObjectSource, how: { auto?: boolean } = {}): Promise<void> {
    const seq = ++this.seq
    this.source = source
    this.autoPicked = how.auto === true
    this.managerFilter = null
    this.map = { status: 'loading' }
    this.history = { status: 'idle' }
    const map = loadable(await this.api.ownershipMap({ source }))
    if (seq !== this.seq) return
    this.map = map
    if (map.status === 'ready') {
      const manifest = manifestFromObject(map.value.object)
      if (manifest !== null) this.fillForm(manifest, lastApplyManager(map.value.object))
    }
    if (map.status === 'ready' && map.value.history) await this.loadHistory(map.value.uid, seq)
  }

  async refresh(): Promise<void> {
    if (this.source) await this.open(this.source)
  }

  private async loadHistory(uid: string, seq: number): Promise<void> {
    this.history = { status: 'loading' }
    const history = loadable(await this.api.ownershipHistory({ uid }))
    if (seq === this.seq) this.history = history
  }

  /** A dry-run apply of the manifest; a way out edits the manifest first (the core says how). */
  async runWhatIf(
    options: { force?: boolean; resolve?: { way: 'drop' | 'co-own'; fields: string[] } } = {},
  ): Promise<void> {
    if (this.replaying) return
    const force = options.force ?? this.force
    this.force = force
    this.whatIf = { status: 'loading' }
    const res = await this.api.whatIfApply({
      manifest: this.manifest,
      fieldManager: this.fieldManager.trim(),
      force,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    })
    // Only a way out changes the manifest; the one that comes back has Secret values redacted.
    if (res.ok && options.resolve) this.manifest = res.value.manifest
    this.whatIf = loadable(res)
  }
}
