// The recording file format, version 1 (docs/recording-format.md): newline-delimited JSON, a
// header line, then one line per store write (watch event, list with its pages), watch status
// change, pushed core event (request, stage result, audit event...), and marker. Times are epoch
// milliseconds so a replay stamps events exactly as they were stamped live.
import type { ObjectMeta } from '../../core/watch/event-store'
import type { ListPage, ListSnapshot, WatchStatus, WatchTarget } from '@common/watch-types'
import type { ServerVersion } from '@common/kube-types'
import type { SaidAs } from '@common/result'
import type { ByLanguage } from '@i18n/translate'

export const FORMAT_NAME = 'apiscope-recording'
export const FORMAT_VERSION = 1

export interface RecordingHeader {
  kind: 'header'
  format: typeof FORMAT_NAME
  version: number
  app: { name: string; version: string }
  /** What /version said, or null when recorded without a cluster. */
  server: ServerVersion | null
  /** A name for the context that says nothing about where it lives (no server URL). */
  context: string
  /** The context's default namespace. */
  namespace?: string
  startedAt: string
  /** Epoch ms of the start; every line's `t` is on the same clock. */
  t0: number
  redaction: {
    /** 'redacted': Secret values, tokens, keys and certificates were replaced before writing. */
    secrets: 'redacted' | 'included'
    rules: string[]
  }
  /** The watches running when the recording started (more may start later). */
  watches: WatchTarget[]
  /** The person's own words (the Record bar's title), or Apiscope's when `titleSaid` is there. */
  title?: string
  /**
   * The title as a message of the catalogue when Apiscope wrote it (an exported range's
   * "… (12 s excerpt)"): a replay says it in the chosen language; `title` keeps its English.
   */
  titleSaid?: SaidAs
  /**
   * The title as its author wrote it in several languages (`{"en": …, "fr": …}`, the bundled
   * demo's): a replay says the one of the chosen language, `title` (its English) otherwise. A
   * reader that does not know the field shows `title` (format still 1).
   */
  titleByLanguage?: ByLanguage
  /**
   * Answers to read-only messages at the start (kube:identity, kube:health, kube:discovery,
   * kube:access-rules), redacted: the Overview and Discovery views show them in replay.
   */
  answers?: Record<string, unknown>
}

/** A store write. `json` is the object (redacted), only when the store keeps a new version. */
export type StoreLine =
  | {
      kind: 'object'
      t: number
      type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'LISTED'
      watch: number
      meta: ObjectMeta
      list: number
      object?: unknown
      /**
       * The live store had folded this version away (its budget, docs/adr/0019) before the
       * recording started: the backfill has no object for it. Lines recorded live always have it.
       */
      folded?: true
    }
  | { kind: 'bookmark'; t: number; watch: number; rv: string }
  /** `noteSaid`: the note's catalogue key and parameters when it is Apiscope's (a stall, a GONE). */
  | {
      kind: 'error'
      t: number
      watch: number
      note: string
      code?: number
      rv: string
      noteSaid?: SaidAs
    }
  | {
      kind: 'gone'
      t: number
      watch: number
      uid: string
      listRv: string
      note: string
      noteSaid?: SaidAs
    }
  | { kind: 'list'; t: number; snapshot: Omit<ListSnapshot, 'id'> }
  /** One more page of the list numbered `list` (pages are recorded as they arrive). */
  | { kind: 'list-page'; t: number; list: number; page: ListPage }

export type RecordingLine =
  | StoreLine
  | { kind: 'status'; t: number; statuses: WatchStatus[] }
  /** Any event the core pushed to the renderer, besides watch frames (rebuilt from the store). */
  | { kind: 'emit'; t: number; channel: string; payload: unknown }
  /**
   * A request the renderer made and the core's answer (a request lab send, an ownership what-if),
   * for views that show answers rather than pushed events; replayed as `recording:answer`.
   */
  | { kind: 'answer'; t: number; channel: string; payload: unknown; answer: unknown }
  /** `noteByLanguage`: the note as its author wrote it in several languages, as `titleByLanguage`. */
  | { kind: 'marker'; t: number; note: string; noteByLanguage?: ByLanguage }
  | { kind: 'end'; t: number; reason: string }

export const STORE_KINDS = new Set(['object', 'bookmark', 'error', 'gone', 'list', 'list-page'])
export const LINE_KINDS = new Set([...STORE_KINDS, 'status', 'emit', 'answer', 'marker', 'end'])

export function isStoreLine(line: RecordingLine): line is StoreLine {
  return STORE_KINDS.has(line.kind)
}

/**
 * A store write that is an event of the store (an object, bookmark, error or GONE): what the
 * recorder counts, a replay steps through and counts, and an export counts. A list and its pages
 * describe events, they are none; a list then watch writes a `list-page` line for every page,
 * a streaming list none.
 */
export function isEventLine(line: RecordingLine): line is StoreLine {
  return isStoreLine(line) && line.kind !== 'list' && line.kind !== 'list-page'
}

/** gzip files start with 1f 8b; the reader decides by content, not by the name. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b
}
