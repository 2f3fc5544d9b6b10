// A watch opened from the lab is a sample, not a subscription: read its first events for a few
// seconds, then close it. Bounded in time and in count so a busy collection cannot flood the view.
import type http from 'node:http'
import type { LabWatchEvent } from '@common/messages/lab'
import { NdjsonLines } from '../watch/ndjson-lines'

const MAX_EVENTS = 25

export function readWatchEvents(
  stream: http.IncomingMessage,
  abort: () => void,
  durationMs: number,
): Promise<{ events: LabWatchEvent[]; closedAfterMs: number; truncated: boolean }> {
  const started = Date.now()
  const events: LabWatchEvent[] = []
  let truncated = false
  return new Promise((resolve) => {
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      abort()
      resolve({ events, closedAfterMs: Date.now() - started, truncated })
    }
    const timer = setTimeout(finish, durationMs)
    const lines = new NdjsonLines()
    stream.on('data', (chunk: Buffer) => {
      lines.push(chunk, (bytes) => {
        if (done) return
        if (events.length >= MAX_EVENTS) {
          truncated = true
          finish()
          return
        }
        events.push(eventOf(bytes.toString('utf8'), Date.now() - started))
      })
    })
    stream.on('end', finish)
    stream.on('error', finish)
  })
}

function eventOf(line: string, atMs: number): LabWatchEvent {
  try {
    const parsed = JSON.parse(line) as {
      type?: string
      object?: { kind?: string; metadata?: { name?: string; resourceVersion?: string } }
    }
    return {
      type: parsed.type ?? '?',
      atMs,
      ...(parsed.object?.kind ? { kind: parsed.object.kind } : {}),
      ...(parsed.object?.metadata?.name ? { name: parsed.object.metadata.name } : {}),
      ...(parsed.object?.metadata?.resourceVersion
        ? { resourceVersion: parsed.object.metadata.resourceVersion }
        : {}),
    }
  } catch {
    return { type: 'unreadable line', atMs }
  }
}
