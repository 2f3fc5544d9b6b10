// Renderer state of the watches: the columnar timeline data (not reactive itself: a revision
// counter changes once per frame), each watch's health, the selection and the inspector's detail.
// Frames arrive in seq order; a gap means one was lost, so we start again from a snapshot.
import type { ApiscopeApi } from '@common/bridge-types'
import type { UiError } from '@common/result'
import type {
  EventFold,
  ObjectVersionDetail,
  WatchFrame,
  WatchMode,
  WatchSnapshot,
  WatchStatus,
  WatchTarget,
} from '@common/watch-types'
import { TimelineData } from './timeline/timeline-data'
import { toLoadable, type Loadable } from '../../ui/loadable'

/**
 * While frames keep coming (a list of 150,000 objects arrives in about 600), what is drawn from
 * them follows at most this often: each redraw walks the lanes, so at 60 a second the page spent
 * its time redrawing and the core waited for it.
 */
export const REDRAW_GAP_MS = 100

/**
 * A scheduler that runs each function at the next frame, but no sooner than `gap` ms after the
 * last one it ran began: the first change is drawn at once, a stream of them `gap` ms apart.
 */
export function framesApart(
  gap: number,
  now: () => number,
  after: (run: () => void, ms: number) => void,
  frame: (run: () => void) => void,
): (run: () => void) => void {
  let last = -Infinity
  return (run) => {
    const go = () =>
      frame(() => {
        last = now()
        run()
      })
    const wait = last + gap - now()
    if (wait > 0) after(go, wait)
    else go()
  }
}

export class TimelineState {
  readonly data = new TimelineData()
  /** Bumped whenever data changes; views that draw depend on it. */
  revision = $state(0)
  /** Every watch of the session the frames told of, stopped ones too (lanes keep their tags). */
  statuses = $state.raw<WatchStatus[]>([])
  /**
   * The watches running: the Watches list. One stopped (by the user, or by a walkthrough that
   * finished or moved on) leaves it, as it left the core's pool; its events stay on the timeline.
   */
  watches = $derived(this.statuses.filter((s) => s.state !== 'stopped'))
  selected = $state<number | null>(null)
  detail = $state.raw<Loadable<ObjectVersionDetail>>({ status: 'idle' })
  startError = $state.raw<UiError | null>(null)
  /** What the watch picker holds, kept while the person looks at other views. */
  picker = $state({
    resource: '/v1/configmaps',
    namespace: '',
    allNamespaces: false,
    labelSelector: '',
    fieldSelector: '',
    /** Empty (null): no limit, every object in one request; a number: pages of that size. */
    pageSize: null as number | null,
    mode: 'auto' as WatchMode,
  })
  resyncs = $state(0)
  private seq = 0
  private syncing: Promise<void> | null = null
  private pending: WatchFrame[] = []
  /** Whether a revision bump waits for the next frame (see apply). */
  private bumping = false
  /** Whether a word that the frames are taken waits for the next frame drawn (sayTaken). */
  private saying = false

  /**
   * `nextFrame` runs a function before a frame is drawn: the next one, or the first one
   * REDRAW_GAP_MS after the last run while frames keep coming (framesApart); `afterDraw` at the
   * next frame (sayTaken). A test gives its own.
   */
  constructor(
    readonly api: ApiscopeApi,
    private readonly nextFrame: (run: () => void) => void = framesApart(
      REDRAW_GAP_MS,
      () => performance.now(),
      (run, ms) => void setTimeout(run, ms),
      (run) => void requestAnimationFrame(() => run()),
    ),
    private readonly afterDraw: (run: () => void) => void = (run) =>
      void requestAnimationFrame(() => run()),
  ) {
    api.onWatchFrame((frame) => this.onFrame(frame))
  }

  private onFrame(frame: WatchFrame): void {
    if (this.syncing) {
      this.pending.push(frame)
      return
    }
    if (frame.seq !== this.seq + 1) {
      void this.resync()
      return
    }
    this.apply(frame)
  }

  private apply(frame: WatchFrame): void {
    this.seq = frame.seq
    if (frame.folds?.length) this.fold(frame.folds)
    this.data.append(frame.events)
    this.data.addLists(frame.lists)
    this.sayTaken()
    if (frame.statuses.length) {
      // A local index, replaced whole into $state.raw below: no reactivity needed inside it.
      // eslint-disable-next-line svelte/prefer-svelte-reactivity
      const byId = new Map(this.statuses.map((s) => [s.id, s]))
      for (const s of frame.statuses) byId.set(s.id, s)
      this.statuses = [...byId.values()].sort((a, b) => a.id - b.id)
    }
    // The columns take each frame as it comes; what is drawn from them (the rows, the bands,
    // the table) follows once per frame drawn. A list of 150,000 objects arrives in hundreds of
    // frames: redrawing after each made the page's work their number times the lanes.
    if (this.bumping) return
    this.bumping = true
    this.nextFrame(() => {
      this.bumping = false
      this.revision++
      this.indexWhenIdle()
    })
  }

  /**
   * Tells the core the frames applied so far are taken, at the next frame drawn (one word for all
   * those applied meanwhile): while a full frame's worth waits (a list arriving), the core sends
   * the next at once instead of at its interval's end (frame-batcher.ts), and never more than
   * one a frame drawn, so that the page draws between them. A hidden page draws nothing and says
   * nothing: the core's interval paces it.
   */
  private sayTaken(): void {
    if (this.saying) return
    this.saying = true
    this.afterDraw(() => {
      this.saying = false
      void this.api.frameTaken({ seq: this.seq })
    })
  }

  /** The core's store folded marks away: the page's copy folds the same, the selection follows. */
  private fold(folds: readonly EventFold[]): void {
    const moved = this.data.fold(folds)
    if (!moved || this.selected === null) return
    const now = moved[this.selected] ?? -1
    if (now >= 0) this.selected = now
    else {
      this.selected = null
      this.detail = { status: 'idle' }
    }
  }

  private indexing = false
  /** The filter's text index of the groups that changed, made in the page's idle time. */
  private indexWhenIdle(): void {
    if (this.indexing || typeof requestIdleCallback !== 'function') return
    this.indexing = true
    const step = (deadline: IdleDeadline) => {
      if (this.data.indexSome(() => deadline.timeRemaining())) this.indexing = false
      else requestIdleCallback(step)
    }
    requestIdleCallback(step)
  }

  /** Starts again from the core's snapshot, then replays the frames that came meanwhile. */
  resync(): Promise<void> {
    if (this.syncing) return this.syncing
    this.syncing = (async () => {
      const res = await this.api.watchSnapshot({})
      if (res.ok) this.load(res.value)
      const queued = this.pending
      this.pending = []
      this.syncing = null
      this.resyncs++
      for (const f of queued) if (f.seq > this.seq) this.onFrame(f)
    })()
    return this.syncing
  }

  private load(snapshot: WatchSnapshot): void {
    this.data.reset()
    this.seq = snapshot.seq
    this.data.append(snapshot.events)
    this.data.addLists(snapshot.lists)
    this.statuses = snapshot.statuses
    this.selected = null
    this.detail = { status: 'idle' }
    this.revision++
    this.indexWhenIdle()
  }

  /** A new session: nothing of the old cluster's stream stays on screen. */
  clear(): void {
    this.seq = 0
    this.data.reset()
    this.statuses = []
    this.selected = null
    this.detail = { status: 'idle' }
    this.revision++
  }

  async start(target: WatchTarget): Promise<boolean> {
    this.startError = null
    const res = await this.api.startWatch({ target })
    if (!res.ok) {
      this.startError = res.error
      return false
    }
    const others = this.statuses.filter((s) => s.id !== res.value.id)
    this.statuses = [...others, res.value].sort((a, b) => a.id - b.id)
    return true
  }

  async stop(id: number): Promise<void> {
    await this.api.stopWatch({ id })
  }

  /** Shows only the objects whose 'namespace/name' contains text; '' shows every lane. */
  setFilter(text: string): void {
    if (this.data.filter === text.trim().toLowerCase()) return
    this.data.setFilter(text)
    this.revision++
  }

  /** Opens a group's density band into its lanes, or folds them back into the band. */
  toggleGroup(group: string): void {
    this.data.toggleGroup(group)
    this.revision++
  }

  /** The latest event of the first object lane the filter shows, or null. */
  firstMatch(): number | null {
    const lane = this.data.rows().find((l) => l.kind === 'object' && l.events.length > 0)
    return lane ? (lane.events[lane.events.length - 1] as number) : null
  }

  async select(k: number | null): Promise<void> {
    this.selected = k
    if (k === null) {
      this.detail = { status: 'idle' }
      return
    }
    const lane = this.data.lanes[this.data.lane[k] as number]
    if (!lane || lane.kind === 'watch') {
      this.detail = { status: 'idle' }
      return
    }
    this.detail = { status: 'loading' }
    const res = await this.api.eventDetail({ index: this.data.index[k] as number })
    if (this.selected !== k) return
    this.detail = toLoadable(res)
  }
}
