import { describe, expect, it } from 'vitest'
import { TabQueues, type QueueSocket } from '../../src-main/browser-host/tab-queue'

/**
 * A socket that writes nothing until told: what it was given waits in `buffered` (its
 * bufferedAmount) until write() writes the oldest and runs its callback, as ws does.
 */
class SlowSocket implements QueueSocket {
  readonly OPEN = 1
  readyState = 1
  readonly sent: string[] = []
  private readonly buffered: { text: string; written: () => void }[] = []
  get bufferedAmount(): number {
    return this.buffered.reduce((n, b) => n + b.text.length, 0)
  }
  send(text: string, written: () => void): void {
    this.sent.push(text)
    this.buffered.push({ text, written })
  }
  /** Writes the oldest text handed over; false when none waits. */
  write(): boolean {
    const next = this.buffered.shift()
    next?.written()
    return next !== undefined
  }
  drain(): void {
    while (this.write());
  }
}

const text = (label: string, size: number) => label.padEnd(size, '.')

describe('the browser host queue of a tab that falls behind', () => {
  it('sends at once while the socket keeps up', () => {
    const q = new TabQueues<SlowSocket>({ backlogBytes: 100, heldBytes: 1000 })
    const ws = new SlowSocket()
    expect(q.send(ws, 'watch:frame', text('a', 40))).toBe(true)
    ws.drain()
    expect(q.send(ws, 'watch:frame', text('b', 40))).toBe(true)
    expect(ws.sent.map((s) => s[0])).toEqual(['a', 'b'])
    expect(q.waiting(ws)).toBe(0)
  })

  it('queues past the backlog and sends the queue in order as the socket writes', () => {
    const q = new TabQueues<SlowSocket>({ backlogBytes: 100, heldBytes: 1000 })
    const ws = new SlowSocket()
    // The first two reach the socket (its backlog is checked before each one is handed over).
    for (const label of ['a', 'b', 'c', 'd', 'e', 'f']) q.send(ws, 'watch:frame', text(label, 60))
    expect(ws.sent.map((s) => s[0])).toEqual(['a', 'b'])
    expect(q.waiting(ws)).toBe(240)
    // Another channel's event waits behind the frames too: nothing overtakes.
    q.send(ws, 'watch:status', text('s', 10))
    expect(q.waiting(ws)).toBe(250)
    ws.drain()
    expect(ws.sent.map((s) => s[0])).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 's'])
    expect(q.waiting(ws)).toBe(0)
    // Caught up: the next is sent at once.
    q.send(ws, 'watch:frame', text('g', 10))
    expect(ws.sent.at(-1)?.[0]).toBe('g')
  })

  it('drops watch frames past the held bytes, never other events, and keeps order after', () => {
    const q = new TabQueues<SlowSocket>({ backlogBytes: 50, heldBytes: 150 })
    const ws = new SlowSocket()
    expect(q.send(ws, 'watch:frame', text('a', 60))).toBe(true) // handed to the socket
    expect(q.send(ws, 'watch:frame', text('b', 60))).toBe(true) // queued: 60
    expect(q.send(ws, 'watch:frame', text('c', 60))).toBe(true) // queued: 120
    expect(q.send(ws, 'watch:frame', text('d', 60))).toBe(false) // 180 > 150: dropped
    expect(q.send(ws, 'session:changed', text('s', 60))).toBe(true) // kept: 180
    expect(q.waiting(ws)).toBe(180)
    ws.drain()
    // The gap in the frames (d) is what makes the page ask for a snapshot.
    expect(ws.sent.map((s) => s[0])).toEqual(['a', 'b', 'c', 's'])
  })

  it('sends nothing to a closed socket and forgets a dropped tab', () => {
    const q = new TabQueues<SlowSocket>({ backlogBytes: 10, heldBytes: 1000 })
    const ws = new SlowSocket()
    q.send(ws, 'watch:frame', text('a', 20))
    q.send(ws, 'watch:frame', text('b', 20))
    expect(q.waiting(ws)).toBe(20)
    q.drop(ws)
    expect(q.waiting(ws)).toBe(0)
    ws.drain()
    expect(ws.sent.map((s) => s[0])).toEqual(['a'])
    ws.readyState = 3
    expect(q.send(ws, 'watch:frame', text('c', 5))).toBe(false)
    expect(ws.sent).toHaveLength(1)
  })

  it('keeps each tab its own queue', () => {
    const q = new TabQueues<SlowSocket>({ backlogBytes: 50, heldBytes: 1000 })
    const slow = new SlowSocket()
    const quick = new SlowSocket()
    for (const label of ['a', 'b', 'c']) {
      q.send(slow, 'watch:frame', text(label, 60))
      q.send(quick, 'watch:frame', text(label, 60))
      quick.drain()
    }
    expect(quick.sent.map((s) => s[0])).toEqual(['a', 'b', 'c'])
    expect(slow.sent.map((s) => s[0])).toEqual(['a'])
    expect(q.waiting(slow)).toBe(120)
    expect(q.waiting(quick)).toBe(0)
  })
})
