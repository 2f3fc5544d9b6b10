// Runs one watch the way client-go's reflector does: list (in pages, following `continue`), then
// watch from the list's resourceVersion with bookmarks; resume from the last resourceVersion seen
// when the server ends the watch; relist on 410 Expired (HTTP status or in-stream ERROR) and
// record the gap; back off on errors (Retry-After on 429); restart a watch gone silent.
// Ref: https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes
import { decodeContinueToken } from '@common/resource-version'
import { numericResourceVersion } from '@common/resource-version'
import type { ListPage, WatchState, WatchStatus, WatchTarget } from '@common/watch-types'
import { parseStatus } from '../failure-messages'
import type { KubeTransport, StreamResponse } from '../kube-transport'
import { Backoff, DEFAULT_BACKOFF, type BackoffOptions } from './backoff'
import type { EventStore } from './event-store'
import { collectionPath, targetLabel } from './watch-target'
import { readWatchStream, type WatchLine } from './watch-stream'

export interface SupervisorOptions {
  pageSize: number
  /** Picks each watch request's timeoutSeconds (client-go: between 5 and 10 minutes). */
  timeoutSeconds: () => number
  /** Silence tolerated past timeoutSeconds before the watchdog restarts the watch. */
  stallGraceMs: number
  backoff: BackoffOptions
}

export const DEFAULT_SUPERVISOR_OPTIONS: SupervisorOptions = {
  pageSize: 500,
  timeoutSeconds: () => 300 + Math.floor(Math.random() * 300),
  stallGraceMs: 30_000,
  backoff: DEFAULT_BACKOFF,
}

type WatchOutcome =
  | { kind: 'closed' }
  | { kind: 'expired'; message: string }
  | { kind: 'error'; message: string; retryAfterMs?: number }
  | { kind: 'stalled'; silentMs: number }
  | { kind: 'stopped' }

type ListItem = Record<string, unknown>
interface ListBody {
  kind?: string
  metadata?: { resourceVersion?: string; continue?: string; remainingItemCount?: number }
  items?: ListItem[]
}

export class WatchSupervisor {
  readonly status: WatchStatus
  private stopped = false
  private abortCurrent: (() => void) | null = null
  private wake: (() => void) | null = null
  private readonly backoff: Backoff

  constructor(
    readonly id: number,
    readonly target: WatchTarget,
    private readonly transport: KubeTransport,
    private readonly store: EventStore,
    private readonly onStatus: (status: WatchStatus) => void,
    private readonly options: SupervisorOptions = DEFAULT_SUPERVISOR_OPTIONS,
  ) {
    this.backoff = new Backoff(options.backoff)
    this.status = {
      id,
      label: targetLabel(target),
      target,
      state: 'listing',
      reason: 'starting',
      listRv: null,
      lastRv: null,
      events: 0,
      bookmarks: 0,
      relists: 0,
      expired: 0,
      reconnects: 0,
      resumes: 0,
      startedAt: new Date().toISOString(),
      lastEventAt: null,
      lastBookmarkAt: null,
      nextRetryAt: null,
      timeoutSeconds: 0,
    }
  }

  start(): void {
    void this.run()
  }

  stop(): void {
    this.stopped = true
    this.abortCurrent?.()
    this.wake?.()
    this.set('stopped', 'stopped by the user')
  }

  private set(state: WatchState, reason: string): void {
    this.status.state = state
    this.status.reason = reason
    this.onStatus(this.status)
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null
        resolve()
      }, ms)
      this.wake = () => {
        clearTimeout(timer)
        this.wake = null
        resolve()
      }
    })
  }

  private async waitBeforeRetry(reason: string, retryAfterMs?: number): Promise<void> {
    const delay = retryAfterMs ?? this.backoff.next()
    this.status.nextRetryAt = new Date(Date.now() + delay).toISOString()
    this.set('backoff', `${reason}; retrying in ${(delay / 1000).toFixed(1)} s`)
    await this.sleep(delay)
    this.status.nextRetryAt = null
  }

  private query(extra: Record<string, string | number | boolean>) {
    return {
      ...(this.target.labelSelector ? { labelSelector: this.target.labelSelector } : {}),
      ...(this.target.fieldSelector ? { fieldSelector: this.target.fieldSelector } : {}),
      ...extra,
    }
  }

  private async run(): Promise<void> {
    let rv: string | null = null
    let listReason: 'initial' | 'expired' | 'reconnect' = 'initial'
    while (!this.stopped) {
      if (rv === null) {
        this.set(
          'listing',
          listReason === 'initial'
            ? 'listing'
            : `relisting after ${listReason === 'expired' ? '410 Expired' : 'reconnect'}`,
        )
        const listed = await this.list(listReason)
        if (this.stopped) return
        if (!listed.ok) {
          await this.waitBeforeRetry(listed.message, listed.retryAfterMs)
          continue
        }
        rv = listed.rv
      }
      const startedAt = Date.now()
      const outcome = await this.watchFrom(rv)
      this.backoff.healthyFor(Date.now() - startedAt)
      if (this.stopped || outcome.kind === 'stopped') return
      rv = this.status.lastRv ?? rv
      switch (outcome.kind) {
        case 'closed':
          this.status.resumes++ // the server's timeoutSeconds ran out: resume from the last resourceVersion
          break
        case 'expired':
          this.status.expired++
          rv = null
          listReason = 'expired'
          break
        case 'stalled':
          this.status.reconnects++
          this.store.recordError(
            this.id,
            `no data for ${Math.round(outcome.silentMs / 1000)} s: restarting the watch`,
          )
          break
        case 'error':
          this.status.reconnects++
          await this.waitBeforeRetry(outcome.message, outcome.retryAfterMs)
          break
      }
    }
  }

  /** Lists every page at one resourceVersion, then reconciles the store with the result. */
  private async list(
    reason: 'initial' | 'expired' | 'reconnect',
  ): Promise<{ ok: true; rv: string } | { ok: false; message: string; retryAfterMs?: number }> {
    const pages: ListPage[] = []
    const items: ListItem[] = []
    let cont: string | undefined
    let rv = ''
    let listKindName = ''
    do {
      let res
      try {
        res = await this.transport.request({
          path: collectionPath(this.target),
          query: this.query({
            limit: this.target.pageSize ?? this.options.pageSize,
            ...(cont ? { continue: cont } : {}),
          }),
          timeoutMs: 60_000,
        })
      } catch (error) {
        return { ok: false, message: this.transport.describe(error).title }
      }
      if (res.status !== 200) {
        const status = parseStatus(res.body)
        // A continue token past compaction expires too: start the list again from scratch.
        if (res.status === 410 && cont) {
          return {
            ok: false,
            message: `list page expired (${status?.message ?? '410'})`,
            retryAfterMs: 0,
          }
        }
        return {
          ok: false,
          message: `list answered ${res.status}: ${status?.message ?? res.statusText}`,
          ...retryAfter(res.status, res.headers['retry-after']),
        }
      }
      const body = JSON.parse(res.body) as ListBody
      rv = body.metadata?.resourceVersion ?? rv
      listKindName ||= body.kind ?? ''
      cont = body.metadata?.continue || undefined
      const pageItems = body.items ?? []
      items.push(...pageItems)
      pages.push({
        index: pages.length,
        items: pageItems.length,
        rv: body.metadata?.resourceVersion ?? '',
        remainingItemCount: body.metadata?.remainingItemCount ?? null,
        continueToken: cont ? { raw: cont, decoded: decodeContinueToken(cont) } : null,
      })
    } while (cont)

    const snapshot = this.store.addList({
      watch: this.id,
      rv,
      rvn: numericResourceVersion(rv),
      t: Date.now(),
      reason,
      pages,
      items: items.length,
      firstEvent: this.store.size,
    })
    const before = this.store.liveObjectsOfWatch(this.id)
    // Items come without kind and apiVersion in a list; restore them from the list's kind.
    const kind = itemKind(this.target, listKindName)
    for (const item of items) {
      const object = { apiVersion: kind.apiVersion, kind: kind.kind, ...item }
      const m = (item.metadata ?? {}) as Record<string, unknown>
      const str = (v: unknown) => (typeof v === 'string' ? v : '')
      const meta = {
        kind: kind.kind,
        apiVersion: kind.apiVersion,
        name: str(m.name),
        namespace: str(m.namespace),
        uid: str(m.uid),
        resourceVersion: str(m.resourceVersion),
      }
      this.store.recordObject('LISTED', this.id, meta, JSON.stringify(object), snapshot.id)
      before.delete(meta.uid)
    }
    for (const uid of before.keys()) {
      this.store.recordGone(
        this.id,
        uid,
        rv,
        `not in the relist at ${rv}: deleted while no watch was open`,
      )
    }
    this.status.listRv = rv
    this.status.lastRv = rv
    if (reason !== 'initial') this.status.relists++
    return { ok: true, rv }
  }

  private async watchFrom(rv: string): Promise<WatchOutcome> {
    const timeoutSeconds = this.options.timeoutSeconds()
    this.status.timeoutSeconds = timeoutSeconds
    let res: StreamResponse
    try {
      res = await this.transport.openStream({
        path: collectionPath(this.target),
        query: this.query({
          watch: 1,
          resourceVersion: rv,
          allowWatchBookmarks: true,
          timeoutSeconds,
        }),
      })
    } catch (error) {
      return { kind: 'error', message: this.transport.describe(error).title }
    }
    if (!res.stream) {
      const status = parseStatus(res.body)
      if (res.status === 410) {
        this.store.recordError(this.id, status?.message ?? 'Expired', 410, rv)
        return { kind: 'expired', message: status?.message ?? '410 Gone' }
      }
      return {
        kind: 'error',
        message: `watch answered ${res.status}: ${status?.message ?? res.statusText}`,
        ...retryAfter(res.status, res.headers['retry-after']),
      }
    }
    this.set('watching', `watching from ${rv}`)

    let aborted = false
    let lastData = Date.now()
    let inStream: WatchOutcome | null = null
    const stream = res.stream
    const abort = () => {
      aborted = true
      res.abort()
    }
    this.abortCurrent = abort
    const limitMs = timeoutSeconds * 1000 + this.options.stallGraceMs
    const watchdog = setInterval(
      () => {
        const silent = Date.now() - lastData
        if (silent > limitMs) {
          inStream = { kind: 'stalled', silentMs: silent }
          abort()
        }
      },
      Math.min(5000, limitMs / 4),
    )

    const end = await readWatchStream(
      stream,
      {
        onData: () => {
          lastData = Date.now()
        },
        onEvent: (line) => {
          const outcome = this.apply(line)
          if (outcome) {
            inStream = outcome
            abort()
          }
        },
      },
      () => aborted,
    )
    clearInterval(watchdog)
    this.abortCurrent = null
    if (this.stopped) return { kind: 'stopped' }
    if (inStream) return inStream
    switch (end.kind) {
      case 'closed':
        return { kind: 'closed' }
      case 'aborted':
        return { kind: 'stopped' }
      case 'malformed':
        this.store.recordError(
          this.id,
          `malformed line in the watch stream: ${end.message}: ${end.line}`,
        )
        return { kind: 'error', message: `malformed watch stream (${end.message})` }
      case 'error':
        return { kind: 'error', message: `watch connection lost: ${end.message}` }
    }
  }

  /** Applies one event; returns an outcome when the event ends the watch (an ERROR). */
  private apply(line: WatchLine): WatchOutcome | null {
    const now = isoNow()
    const rv = line.meta.resourceVersion
    switch (line.type) {
      case 'BOOKMARK':
        this.store.recordBookmark(this.id, rv)
        this.status.bookmarks++
        this.status.lastBookmarkAt = now
        this.status.lastRv = rv || this.status.lastRv
        this.onStatus(this.status)
        return null
      case 'ERROR': {
        const status = line.status ?? {}
        // An ERROR has no resourceVersion of its own: file it at the one the watch resumed from.
        this.store.recordError(
          this.id,
          status.message ?? status.reason ?? 'error',
          status.code,
          this.status.lastRv ?? '',
        )
        if (status.code === 410 || status.reason === 'Expired' || status.reason === 'Gone') {
          return { kind: 'expired', message: status.message ?? 'Expired' }
        }
        return {
          kind: 'error',
          message: `watch ERROR ${status.code ?? ''}: ${status.message ?? ''}`,
        }
      }
      default:
        this.store.recordObject(line.type, this.id, line.meta, line.bytes)
        this.status.events++
        this.status.lastEventAt = now
        this.status.lastRv = rv || this.status.lastRv
        this.onStatus(this.status)
        return null
    }
  }
}

let lastIsoMs = 0
let lastIso = ''
/** new Date().toISOString() once per millisecond at most: events arrive thousands a second. */
function isoNow(): string {
  const ms = Date.now()
  if (ms !== lastIsoMs) {
    lastIsoMs = ms
    lastIso = new Date(ms).toISOString()
  }
  return lastIso
}

function retryAfter(
  status: number,
  header: string | string[] | undefined,
): { retryAfterMs?: number } {
  if (status !== 429 && status !== 503) return {}
  const seconds = Number(Array.isArray(header) ? header[0] : header)
  return Number.isFinite(seconds) && seconds >= 0 ? { retryAfterMs: seconds * 1000 } : {}
}

/** Items of a typed list carry no kind: a ConfigMapList holds ConfigMaps. */
function itemKind(target: WatchTarget, listKind: string): { apiVersion: string; kind: string } {
  const apiVersion = target.group ? `${target.group}/${target.version}` : target.version
  return { apiVersion, kind: listKind.endsWith('List') ? listKind.slice(0, -4) : listKind }
}
