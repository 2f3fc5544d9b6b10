// What the core tells the renderer about watches: the timeline's events (names and versions only,
// never object content), list snapshots with their pages, and each watch's health. Object content
// travels only on request, redacted (ObjectVersionDetail).
import type { SaidAs } from './result'

export interface WatchTarget {
  /** '' for the core group. */
  group: string
  version: string
  /** Plural resource name, as in the URL. */
  resource: string
  /** Absent: all namespaces (or a cluster-scoped resource). */
  namespace?: string
  labelSelector?: string
  fieldSelector?: string
  /**
   * The list's `limit` (page size), pages following `continue`; absent: no limit, every object in
   * one request (faster than pages of 500 at every size measured, and than a first page of 500
   * then the rest, docs/bench.md).
   */
  pageSize?: number
  /** How the watch gets its starting state; 'auto' when absent (WATCH_MODES). */
  mode?: WatchMode
}

/**
 * How a watch gets the state it then follows, as client-go's reflector can:
 * - 'list-watch': list in pages, then watch from the list's resourceVersion;
 * - 'streaming-list': one watch with sendInitialEvents=true: the state as ADDED events, then a
 *   BOOKMARK annotated k8s.io/initial-events-end (WatchList: on by default in 1.32 and from 1.34);
 * - 'auto': a streaming list, and list-then-watch where the server refuses one (400 or 422).
 */
export const WATCH_MODES = ['auto', 'list-watch', 'streaming-list'] as const
export type WatchMode = (typeof WATCH_MODES)[number]

/** The way a watch got its state: a list in pages, or a streaming list's initial events. */
export type StartWay = 'list' | 'stream'

export type WatchState = 'listing' | 'watching' | 'backoff' | 'stopped' | 'failed'

export interface WatchStatus {
  id: number
  /** Human label, e.g. "configmaps in ch34". */
  label: string
  /** The label as a catalogue message (i18n/), said again in the renderer's language. */
  labelSaid?: SaidAs
  target: WatchTarget
  state: WatchState
  /** Why it is in that state, in plain words (the last error, the 410 message...). */
  reason: string
  /** The reason as a catalogue message, when it is Apiscope's words (absent: the server's). */
  reasonSaid?: SaidAs
  /** The {{reason}} that reasonSaid wraps ("…; retrying in 1.0 s"), as a message of its own. */
  reasonDetailSaid?: SaidAs
  listRv: string | null
  lastRv: string | null
  events: number
  bookmarks: number
  relists: number
  /** 410 Expired answers (HTTP or in-stream). */
  expired: number
  /** New watch requests after an error or a stall. */
  reconnects: number
  /** New watch requests after the server ended one cleanly (its timeoutSeconds). */
  resumes: number
  startedAt: string
  lastEventAt: string | null
  lastBookmarkAt: string | null
  nextRetryAt: string | null
  /** The timeoutSeconds of the current watch request. */
  timeoutSeconds: number
  /** The mode asked for. Absent in recordings made before streaming lists: list then watch. */
  mode?: WatchMode
  /** How it got its state the last time (null before the first time). */
  startedBy?: StartWay | null
  /** Auto only: the server's answer that refused the streaming list, when it fell back. */
  fallback?: string | null
  /** The fallback sentence as a catalogue message (the server's answer is a parameter). */
  fallbackSaid?: SaidAs | null
  /** The Content-Encoding of the current watch response (gzip: a compressed streaming list). */
  encoding?: string | null
  /**
   * The last 429 (API Priority and Fairness refused the request): how many so far, the server's
   * Retry-After, and the FlowSchema and priority level it named (from its X-Kubernetes-PF-* UIDs).
   */
  throttled?: WatchThrottle | null
  /**
   * A watch another client opened through Apiscope's kubectl proxy, read as it passed: Apiscope
   * neither started it nor resumes it. Absent on Apiscope's own watches.
   */
  relayed?: RelayedWatchOrigin
}

export interface RelayedWatchOrigin {
  /** "kubectl/v1.37.2", from the User-Agent. */
  client: string
  /** kubectl's Kubectl-Command header ("kubectl get"). */
  command?: string
  /** The request log's entry of the request. */
  seq: number
  /**
   * 'objects': watch events of whole objects; 'table': a Table watch (kubectl get -w's default
   * output), whose rows carry the object's metadata only; 'binary': protobuf or CBOR, not read.
   */
  format: 'objects' | 'table' | 'binary'
  contentType: string
  /** Whether stopping it from Apiscope can cut the relayed request. */
  cuttable: boolean
}

export interface WatchThrottle {
  count: number
  at: string
  retryAfterSeconds: number | null
  flowSchema: string | null
  priorityLevel: string | null
}

/**
 * ADDED, MODIFIED, DELETED, BOOKMARK and ERROR come from the watch stream as delivered.
 * LISTED: the object as a list returned it. GONE: the object was in our store but not in a
 * relist, so it was deleted while no watch was open (inferred, not delivered).
 */
export type TimelineEventType =
  'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR' | 'LISTED' | 'GONE'

/** Every event type, in a fixed order: the position is the code both processes store in columns. */
export const TIMELINE_EVENT_TYPES: readonly TimelineEventType[] = [
  'ADDED',
  'MODIFIED',
  'DELETED',
  'BOOKMARK',
  'ERROR',
  'LISTED',
  'GONE',
]

export interface TimelineEvent {
  /** Global arrival order across all watches (0, 1, 2, ...). */
  i: number
  watch: number
  type: TimelineEventType
  /** Arrival time, ms since the epoch. */
  t: number
  /** resourceVersion as delivered; '' when there is none (ERROR). */
  rv: string
  /** The same as a number when it is a decimal integer (etcd revisions are); else null. */
  rvn: number | null
  uid: string
  kind: string
  ns: string
  name: string
  /** Index of this version in the object's history; -1 for BOOKMARK and ERROR. */
  v: number
  /** The list snapshot a LISTED event belongs to. */
  list?: number
  /** ERROR: the Status message; GONE: why it was inferred. */
  note?: string
  /** ERROR: the Status code (410 for Expired). */
  code?: number
  /** The note as a catalogue message when it is Apiscope's (GONE's why), not the server's. */
  noteSaid?: SaidAs
}

/** A continue token decoded: {"v","rv","start"} on the servers we know; opaque otherwise. */
export interface ContinueTokenView {
  raw: string
  decoded: { v?: string; rv?: number; start?: string } | null
}

export interface ListPage {
  index: number
  items: number
  /** The resourceVersion the page was read at. */
  rv: string
  remainingItemCount: number | null
  /** The token this page returned for the next one (null on the last page). */
  continueToken: ContinueTokenView | null
  /**
   * The answer was cut before its end (the connection closed, or no byte came for the core's
   * listSilenceMs): `items` are those received before the cut, all recorded. `next`: how the list
   * went on: the token Apiscope built to start after the last item received (continue-after.ts),
   * 'again' when nothing had come yet and the same request was asked again, null when the list
   * gave up there (it holds what it received, infers no deletion, and the watch lists again).
   */
  cut?: { why: string; whySaid?: SaidAs; next: ContinueTokenView | 'again' | null }
  /**
   * The server refused the token this page went on with (its `continueToken`, or the one in
   * `cut.next`): 410 when its resourceVersion was compacted away, 400 or 422 when the server could
   * not read a token Apiscope built. `code` and the server's `message` as they came. The list
   * started over from scratch (the watch's next list), so this page is its last.
   * (continue-refusal.ts)
   */
  tokenRefused?: { code: number; message: string }
  /**
   * The request for the next page (with the token this page went on with) was answered 429 or
   * 5xx: each answer, in order, with what Apiscope did next (page-retry.ts). The same answer
   * again, done the same way, adds to `times` of the entry before.
   */
  answers?: PageAnswer[]
}

/** A 429 or 5xx answer to the request for a list's next page, and what Apiscope did next. */
export interface PageAnswer {
  code: number
  /** The server's message, through the core's one redaction. */
  message: string
  /** The answer's Retry-After, in seconds (null without one). */
  retryAfterSeconds: number | null
  /** 'askedAgain': the same page asked again after `waitMs`; 'startedOver': the list started over. */
  then: 'askedAgain' | 'startedOver'
  /** The wait before asking again (the last one, when `times` > 1); 0 when the list started over. */
  waitMs: number
  times: number
}

/**
 * The state a watch started from: a list (its pages, then its items as LISTED events), or a
 * streaming list (its items came before as ADDED events; recorded with its end bookmark).
 */
export interface ListSnapshot {
  id: number
  watch: number
  /** The list's resourceVersion; a streaming list's: its initial-events-end bookmark's. */
  rv: string
  rvn: number | null
  t: number
  /**
   * Why it was taken: the watch's first; after 410 Expired (a watch's, or a list's continue
   * token's); after an error before the watch was synced; 'startedOver': the list before did not
   * finish (its continue token refused, or its next page answered 5xx too many times, or lost).
   */
  reason: 'initial' | 'expired' | 'reconnect' | 'startedOver'
  /** A list's pages; none for a streaming list. */
  pages: ListPage[]
  /** Objects: a list's items, or a streaming list's initial ADDED events. */
  items: number
  /**
   * A list: index of the first event recorded after it (its LISTED items follow). A streaming
   * list: index of its initial-events-end BOOKMARK; its `items` ADDED events of this watch come
   * just before it.
   */
  firstEvent: number
  /** Absent (recordings made before streaming lists): 'list'. */
  way?: StartWay
  /** A streaming list: the response's Content-Encoding (gzip), null when not compressed. */
  encoding?: string | null
}

export interface WatchFrame {
  seq: number
  events: TimelineEvent[]
  lists: ListSnapshot[]
  statuses: WatchStatus[]
  /** Marks the store folded away since the last frame (the page folds its copy the same way). */
  folds?: EventFold[]
}

/**
 * Marks folded away to stay within the store's budget (docs/adr/0019): an object's marks of
 * versions 1..below-1, or every mark of a deleted object (below -1: it is forgotten).
 */
export interface EventFold {
  uid: string
  below: number
}

/** Everything so far, consistent with the frame numbered seq; later frames continue it. */
export interface WatchSnapshot {
  seq: number
  events: TimelineEvent[]
  lists: ListSnapshot[]
  statuses: WatchStatus[]
}

export interface FieldChange {
  op: 'add' | 'remove' | 'replace'
  /** JSON Pointer (RFC 6901), as a JSON Patch (RFC 6902) would say it. */
  path: string
  value?: unknown
  oldValue?: unknown
}

/** What the store's budget folded away (docs/adr/0019). */
export interface StoreFolding {
  /** The budget; 0 when the store keeps every version (a replay). */
  budgetMb: number
  /** Versions folded, of busy objects and of deleted ones. */
  foldedVersions: number
  /** Busy objects whose older versions were folded. */
  foldedObjects: number
  /** Deleted objects whose every version was folded (their marks stay). */
  foldedDeleted: number
  /** Of foldedVersions, those of the deleted objects. */
  foldedDeletedVersions: number
  /** What the versions kept cost, as the budget counts them (at the last fold). */
  historyMb: number
  /** What the events cost, as the budget counts them (now). */
  eventsMb: number
  /** Marks folded away (of busy objects' folded versions, and of deleted objects). */
  foldedMarks: number
  /** Busy objects whose older marks were folded. */
  foldedMarkObjects: number
  /** Deleted objects whose marks were folded too, forgotten by the store. */
  forgottenDeleted: number
}

/** The store's budget setting (docs/adr/0019). */
export interface StoreBudget {
  /** In force now; 0: no limit. */
  budgetMb: number
  /** The setting's default: `--store-budget` (CoreOptions.storeBudgetMb), else the core's default. */
  defaultMb: number
  /** The person chose it (not the default). */
  chosen: boolean
  /** The choice is in the settings file, for the next run (false: it lasts this run only). */
  remembered: boolean
}

export interface ObjectVersionDetail {
  uid: string
  version: number
  versions: number
  /** Versions of this object folded away to stay within the store's budget (absent: none). */
  folded?: { versions: number; budgetMb: number }
  /** The version the diff is against when not the one before (that one was folded away). */
  diffFrom?: number
  event: TimelineEvent
  /** The object at that version, Secret values redacted. */
  object: unknown
  previous: unknown | null
  changes: FieldChange[]
  /** The managedFields entry whose time is the newest: who most likely wrote this version. */
  manager: {
    manager: string
    operation: string
    apiVersion: string
    time: string
    subresource?: string
  } | null
  /** The watch event as it came: {"type", "object"} (redacted too). */
  rawEvent: { type: string; object: unknown }
  redacted: string[]
}
