// A paged list goes to the store page by page, as the pages arrive, in chunks with the event loop
// free between them; the status counts pages and objects; frames stay within their size budget.
// A loopback server plays the pages (the integration tests list a real API server).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { WatchFrame } from '@common/watch-types'
import { FRAME_BUDGET_BYTES } from '../../src-main/core/watch/frame-batcher'
import { SessionWatches } from '../../src-main/core/watch/session-watches'
import { listingProgress } from '../../src-main/core/watch/watch-said'
import { transportTo } from './transport-to'

const closers: (() => void)[] = []
afterEach(() => closers.splice(0).forEach((c) => c()))

const PAGE = 3000
const PAGES = 3

const item = (n: number) => ({
  metadata: {
    name: `cm-${n}`,
    namespace: 'lab',
    uid: `uid-${n}`,
    resourceVersion: String(1000 + n),
  },
  data: { n: String(n) },
})

async function pagedServer(holdLastPage: Promise<void>) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.searchParams.get('watch') === '1') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.flushHeaders()
      return // an open watch that says nothing
    }
    const page = Number(url.searchParams.get('continue') ?? '0')
    const send = () => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      const last = page === PAGES - 1
      res.end(
        JSON.stringify({
          kind: 'ConfigMapList',
          metadata: {
            resourceVersion: '99999',
            ...(last
              ? {}
              : { continue: String(page + 1), remainingItemCount: (PAGES - page - 1) * PAGE }),
          },
          items: Array.from({ length: PAGE }, (_, k) => item(page * PAGE + k)),
        }),
      )
    }
    if (page === PAGES - 1) void holdLastPage.then(send)
    else send()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const transport = transportTo(url)
  const frames: WatchFrame[] = []
  const sw = new SessionWatches('x', transport, (f) => frames.push(f), {
    timeoutSeconds: () => 30,
  })
  closers.push(() => {
    sw.close()
    transport.close()
    server.closeAllConnections()
    server.close()
  })
  return { sw, frames }
}

const until = async <T>(probe: () => T | undefined | false, ms = 10_000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const v = probe()
    if (v) return v
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('a paged list, page by page', () => {
  it('stores each page as it arrives, in chunks, and says how far the list is', async () => {
    let release = () => {}
    const hold = new Promise<void>((r) => (release = r))
    const { sw, frames } = await pagedServer(hold)
    // What the store holds at each turn of the event loop while the list runs.
    const seenSizes = new Set<number>()
    let ticking = true
    const tick = () => {
      seenSizes.add(sw.store.size)
      if (ticking) setImmediate(tick)
    }
    tick()
    const status = sw.start({
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: 'lab',
      mode: 'list-watch',
    })

    // Two pages in, the third held back by the server: their objects are already in the store.
    await until(() => sw.store.size === 2 * PAGE).catch((e) => {
      throw new Error(`${e} size ${sw.store.size} ${JSON.stringify(sw.statuses())}`)
    })
    expect(sw.store.lists).toHaveLength(1)
    expect(sw.store.lists[0]?.pages.map((p) => p.items)).toEqual([PAGE, PAGE])
    expect(sw.store.lists[0]?.items).toBe(2 * PAGE)
    await until(() => sw.statuses()[0]?.reason.includes('page 2'))
    expect(sw.statuses()[0]?.reason).toBe(
      'listing: page 2 · 6,000 objects so far · about 3,000 to go',
    )

    release()
    await until(() => sw.statuses()[0]?.state === 'watching')
    ticking = false
    expect(sw.store.size).toBe(PAGES * PAGE)
    expect(sw.store.lists[0]?.pages).toHaveLength(PAGES)
    expect(sw.store.lists[0]?.items).toBe(PAGES * PAGE)
    // Items are stored as the bytes arrive: the loop turned while a page came, and the store was
    // seen at sizes between the pages.
    const between = [...seenSizes].filter((n) => n % PAGE !== 0)
    expect(between.length).toBeGreaterThanOrEqual(2)

    // Frames: every event once, in order, none over the budget (give or take one event); the list
    // was sent again as it grew, the last copy with all its pages.
    await until(() => frames.reduce((n, f) => n + f.events.length, 0) === PAGES * PAGE)
    expect(frames.flatMap((f) => f.events).map((e) => e.i)).toEqual([...Array(PAGES * PAGE).keys()])
    expect(frames.length).toBeGreaterThan(1)
    for (const f of frames)
      expect(JSON.stringify(f.events).length).toBeLessThan(FRAME_BUDGET_BYTES * 1.1)
    const copies = frames.flatMap((f) => f.lists)
    expect(copies.at(-1)?.pages).toHaveLength(PAGES)
    expect(status.id).toBe(sw.statuses()[0]?.id)
  })

  it('words the progress of a list and of a relist', () => {
    expect(listingProgress('initial', 12, 6000, 44056)).toBe(
      'listing: page 12 · 6,000 objects so far · about 44,056 to go',
    )
    expect(listingProgress('expired', 3, 1500, null)).toBe(
      'relisting after 410 Expired: page 3 · 1,500 objects so far',
    )
  })
})
