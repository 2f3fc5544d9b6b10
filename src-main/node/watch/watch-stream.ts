// Reads one watch response: lines of {"type","object"}. Never waits on anyone downstream (the API
// server closes watchers that read too slowly); every event is handed over synchronously. A line
// that is not a watch event ends the stream as an error: resuming from the last good
// resourceVersion is safer than guessing what the line meant.
import type { IncomingMessage } from 'node:http'
import { NdjsonLines } from './ndjson-lines'

export interface RawWatchEvent {
  type: string
  object: Record<string, unknown>
}

export type StreamEnd =
  | { kind: 'closed' }
  | { kind: 'aborted' }
  | { kind: 'error'; message: string }
  | { kind: 'malformed'; line: string; message: string }

export interface StreamHandlers {
  onEvent(event: RawWatchEvent): void
  /** Any bytes at all: the stall watchdog feeds on it. */
  onData(): void
}

const WATCH_TYPES = new Set(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR'])

export function parseWatchLine(line: string): RawWatchEvent {
  const value = JSON.parse(line) as unknown
  if (
    !value ||
    typeof value !== 'object' ||
    typeof (value as RawWatchEvent).type !== 'string' ||
    !WATCH_TYPES.has((value as RawWatchEvent).type) ||
    typeof (value as RawWatchEvent).object !== 'object' ||
    (value as RawWatchEvent).object === null
  ) {
    throw new Error(
      'not a watch event ({"type": ADDED|MODIFIED|DELETED|BOOKMARK|ERROR, "object": {...}})',
    )
  }
  return value as RawWatchEvent
}

export function readWatchStream(
  stream: IncomingMessage,
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
    const onLine = (line: string) => {
      if (done) return
      let event: RawWatchEvent
      try {
        event = parseWatchLine(line)
      } catch (error) {
        finish({ kind: 'malformed', line: line.slice(0, 200), message: (error as Error).message })
        stream.destroy()
        return
      }
      handlers.onEvent(event)
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
          : { kind: 'error', message: 'connection closed before the end of the stream' },
      ),
    )
  })
}
