// Reads one watch response: lines of {"type","object"}. Never waits on anyone downstream (the API
// server closes watchers that read too slowly): each line is scanned for what the timeline needs
// and handed over synchronously with its bytes; the whole object is parsed in the version
// history's worker. A line that is not a watch event ends the stream as an error: resuming from
// the last good resourceVersion is safer than guessing what the line meant.
import type { Readable } from 'node:stream'
import { said, type Said } from '@i18n/translate'
import { NdjsonLines } from './ndjson-lines'
import { metaOfParsed, scanWatchLine, type ScannedEvent } from './watch-line-scanner'

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR'

export interface WatchLine {
  type: WatchEventType
  /** The object's kind, apiVersion and metadata name, namespace, uid, resourceVersion. */
  meta: ScannedEvent
  /** ERROR only: the Status object. */
  status?: { code?: number; reason?: string; message?: string }
  /** BOOKMARK only: annotated k8s.io/initial-events-end: "true", the end of a streaming list's initial events. */
  initialEventsEnd?: boolean
  /** The line as it came, for the version history. */
  bytes: Uint8Array
}

export type StreamEnd =
  | { kind: 'closed' }
  | { kind: 'aborted' }
  /** The system's message, or ours (a connection closed early). */
  | { kind: 'error'; message: string | Said }
  /** Ours (not a watch event), or a JSON parser's own message. */
  | { kind: 'malformed'; line: string; message: string | Said }

export interface StreamHandlers {
  onEvent(line: WatchLine): void
  /** Any bytes at all: the stall watchdog feeds on it. */
  onData(): void
}

const WATCH_TYPES = new Set<string>(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR'])

/** The annotation a streaming list's last initial event, a BOOKMARK, carries (metav1.InitialEventsAnnotationKey). */
export const INITIAL_EVENTS_END = 'k8s.io/initial-events-end'

/** The form a watch line has, as the API defines it (the machine's words, said as they are). */
const WATCH_EVENT_SHAPE = '{"type": ADDED|MODIFIED|DELETED|BOOKMARK|ERROR, "object": {...}}'

/** A line that parses as JSON but is not a watch event: said in the catalogue's words. */
class NotAWatchEvent extends Error {
  constructor(readonly said: Said) {
    super(said.text)
  }
}

/** What is wrong with a line: ours by key, a JSON parser's message as it came. */
export function lineProblem(error: unknown): string | Said {
  return error instanceof NotAWatchEvent ? error.said : (error as Error).message
}

/** The slow, exact path: JSON.parse, for ERROR events and anything the scanner would not read. */
export function parseWatchLine(bytes: Uint8Array): WatchLine {
  const value = JSON.parse(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
  ) as unknown
  const e = value as { type?: unknown; object?: Record<string, unknown> | null }
  if (
    !value ||
    typeof value !== 'object' ||
    typeof e.type !== 'string' ||
    !WATCH_TYPES.has(e.type) ||
    typeof e.object !== 'object' ||
    e.object === null
  ) {
    throw new NotAWatchEvent(said('watch.core.notAnEvent', { shape: WATCH_EVENT_SHAPE }))
  }
  const o = e.object
  const m = (o.metadata ?? {}) as Record<string, unknown>
  return {
    type: e.type as WatchEventType,
    meta: { type: e.type, ...metaOfParsed(o) },
    ...(e.type === 'ERROR' ? { status: o as WatchLine['status'] } : {}),
    ...(e.type === 'BOOKMARK'
      ? {
          initialEventsEnd:
            (m.annotations as Record<string, unknown> | undefined)?.[INITIAL_EVENTS_END] === 'true',
        }
      : {}),
    bytes,
  }
}

export function readWatchLine(bytes: Uint8Array): WatchLine {
  const scanned = scanWatchLine(bytes)
  // A BOOKMARK is small and rare: parsed whole, for its annotations.
  if (
    scanned &&
    scanned.type !== 'ERROR' &&
    scanned.type !== 'BOOKMARK' &&
    WATCH_TYPES.has(scanned.type)
  ) {
    return { type: scanned.type as WatchEventType, meta: scanned, bytes }
  }
  return parseWatchLine(bytes)
}

export function readWatchStream(
  stream: Readable,
  handlers: StreamHandlers,
  isAborted: () => boolean,
): Promise<StreamEnd> {
  return new Promise((resolve) => {
    const lines = new NdjsonLines()
    let done = false
    const finish = (end: StreamEnd) => {
      if (done) return
      done = true
      resolve(end)
    }
    // Once aborted (the watch stopped, or an event ended it), no further line is handed on: a
    // decoder (gunzip) or a chunk already read still holds lines, and a stopped watch's store
    // (and a recording stopped after it) must not receive them.
    const onLine = (bytes: Uint8Array) => {
      if (done || isAborted()) return
      let line: WatchLine
      try {
        line = readWatchLine(bytes)
      } catch (error) {
        finish({
          kind: 'malformed',
          line: Buffer.from(bytes).toString('utf8', 0, 200),
          message: lineProblem(error),
        })
        stream.destroy()
        return
      }
      handlers.onEvent(line)
    }
    stream.on('data', (chunk: Buffer) => {
      handlers.onData()
      lines.push(chunk, onLine)
    })
    stream.on('end', () => {
      lines.flush(onLine)
      finish({ kind: 'closed' })
    })
    stream.on('error', (error) =>
      finish(isAborted() ? { kind: 'aborted' } : { kind: 'error', message: error.message }),
    )
    stream.on('close', () =>
      finish(
        isAborted()
          ? { kind: 'aborted' }
          : { kind: 'error', message: said('watch.core.streamClosed') },
      ),
    )
  })
}
