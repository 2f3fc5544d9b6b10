// What the browser host holds for a tab that falls behind: its events, in order, until its socket
// takes them. A tab that falls behind (a list of 150,000 objects arriving while its page is busy)
// gets them a little later, each frame as it was: dropping them made it ask for a snapshot of every
// event (28 MB at 150,000 objects, one task of seconds in the page), so that it fell further
// behind. Past `heldBytes` waiting, watch frames are dropped: the gap in seq makes the tab ask for
// a snapshot (a tab that stopped reading must not hold the core's memory). Plain logic over the
// part of a WebSocket it uses, so that a unit test can drive it.

/** The part of a `ws` WebSocket the queue uses. */
export interface QueueSocket {
  readonly readyState: number
  readonly OPEN: number
  /** Bytes handed to send() and not yet written to the socket. */
  readonly bufferedAmount: number
  /** Sends text; `written` runs once it is written (or failed). */
  send(text: string, written: (err?: Error) => void): void
}

export interface TabQueueLimits {
  /** Past this many bytes not yet written to a tab's socket, events wait in its queue. */
  backlogBytes: number
  /** Past this many bytes waiting in a tab's queue, its watch frames are dropped. */
  heldBytes: number
}

export class TabQueues<S extends QueueSocket> {
  private readonly queues = new Map<S, { texts: string[]; bytes: number }>()

  constructor(private readonly limits: TabQueueLimits) {}

  /** Sends an event's text now, or queues it behind those waiting; false when it was dropped. */
  send(ws: S, channel: string, text: string): boolean {
    if (ws.readyState !== ws.OPEN) return false
    const queue = this.queues.get(ws)
    if (!queue && ws.bufferedAmount <= this.limits.backlogBytes) {
      // Written when the socket takes it; then what waits behind it may go.
      ws.send(text, () => this.flush(ws))
      return true
    }
    if (channel === 'watch:frame' && (queue?.bytes ?? 0) + text.length > this.limits.heldBytes)
      return false
    if (queue) {
      queue.texts.push(text)
      queue.bytes += text.length
    } else this.queues.set(ws, { texts: [text], bytes: text.length })
    return true
  }

  /** Sends what waits for ws, in order, while its socket's backlog is under the limit. */
  flush(ws: S): void {
    const queue = this.queues.get(ws)
    if (!queue) return
    while (queue.texts.length && ws.bufferedAmount <= this.limits.backlogBytes) {
      const text = queue.texts.shift() as string
      queue.bytes -= text.length
      if (ws.readyState === ws.OPEN) ws.send(text, () => this.flush(ws))
    }
    if (!queue.texts.length) this.queues.delete(ws)
  }

  /** Bytes waiting for ws (0 when nothing does). */
  waiting(ws: S): number {
    return this.queues.get(ws)?.bytes ?? 0
  }

  /** A closed tab: what waited for it goes. */
  drop(ws: S): void {
    this.queues.delete(ws)
  }
}
