// Every request Apiscope sends, as `kubectl -v=6` would print it, kept in a bounded ring and
// announced to whoever listens (the renderer's request log). Entries hold no bodies; what they hold
// (a URL, its query, the equivalent commands) passes the core's redaction all the same.
import type { RequestLogEntry } from '@common/kube-types'
import { redact } from '@common/redaction'

export type RequestLogListener = (entry: RequestLogEntry) => void

export class RequestLog {
  private readonly entries: RequestLogEntry[] = []
  private readonly listeners = new Set<RequestLogListener>()
  private nextSeq = 1

  constructor(private readonly capacity = 2000) {}

  add(entry: Omit<RequestLogEntry, 'seq'>): RequestLogEntry {
    const full: RequestLogEntry = { seq: this.nextSeq++, ...redact(entry).value }
    this.entries.push(full)
    if (this.entries.length > this.capacity)
      this.entries.splice(0, this.entries.length - this.capacity)
    for (const listener of this.listeners) listener(full)
    return full
  }

  snapshot(): RequestLogEntry[] {
    return [...this.entries]
  }

  subscribe(listener: RequestLogListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
