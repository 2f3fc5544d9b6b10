// Browser mode: the same renderer and core as the desktop app, over a loopback HTTP server that
// serves the built renderer and one WebSocket (/ws) carrying the contract. Listens on 127.0.0.1
// only; every request must carry the per-launch token. Nothing here serves credentials.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { WebSocketServer, type WebSocket } from 'ws'
import { contentSecurityPolicy } from '@common/content-security'
import { pickLocale } from '@i18n/pick-locale'
import { said, translateSaid } from '@i18n/translate'
import { clientMessageSchema, type ServerMessage } from '@common/ws-protocol'
import type { ApiscopeCore } from '../assembly/apiscope-core'
import { contentTypeOf } from '../core/static-files'
import { TOKEN_COOKIE, checkRequest } from './access-guard'
import { TabQueues } from './tab-queue'

/** Past this many bytes not yet written to a tab's socket, events wait in the tab's queue. */
const FRAME_BACKLOG_BYTES = 8 * 1024 * 1024
/**
 * Past this many bytes waiting in a tab's queue, its watch frames are dropped: the gap in seq
 * makes it ask for a snapshot (a tab that stopped reading must not hold the core's memory).
 */
const HELD_BYTES = 96 * 1024 * 1024

export interface BrowserHostOptions {
  core: ApiscopeCore
  rendererDir: string
  port?: number
  token?: string
}

export interface BrowserHost {
  url: string
  port: number
  token: string
  /**
   * What the core holds for its tabs that they have not taken yet: events waiting in their queues
   * (a JSON text's length) and bytes not yet written to their sockets (the soak samples it).
   */
  waitingBytes(): number
  close(): Promise<void>
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const root = path.resolve(options.rendererDir)
  const sockets = new Set<WebSocket>()
  let port = options.port ?? 0

  const server = http.createServer(async (req, res) => {
    const verdict = checkRequest(req, port, token)
    if (!verdict.ok) {
      // In the language the browser asks for (Accept-Language), as the app itself starts in.
      const locale = pickLocale(
        (req.headers['accept-language'] ?? '').split(',').map((tag) => tag.split(';')[0]),
      )
      const refused = said('host.refused', { reason: verdict.reason })
      res.writeHead(verdict.status, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end(`${translateSaid(locale, refused.as, refused.text)}\n`)
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end()
      return
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
    const relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)
    const file = path.resolve(root, `.${relative}`)
    if (!file.startsWith(root + path.sep)) {
      res.writeHead(403).end()
      return
    }
    try {
      const body = await readFile(file)
      res.writeHead(200, {
        'Content-Type': contentTypeOf(file),
        'Content-Security-Policy': contentSecurityPolicy([
          `ws://127.0.0.1:${port}`,
          `ws://localhost:${port}`,
        ]),
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        'Cache-Control': 'no-store',
        // Later asset requests carry no query string: the cookie proves the token for them.
        'Set-Cookie': `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`,
      })
      res.end(req.method === 'HEAD' ? undefined : body)
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
    }
  })

  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 })
  server.on('upgrade', (req, socket, head) => {
    const verdict = checkRequest(req, port, token)
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    if (!verdict.ok || pathname !== '/ws' || req.headers.origin === undefined) {
      const status = verdict.ok ? 403 : verdict.status
      socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws))
  })

  const send = (ws: WebSocket, message: ServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
  }

  /** Events a tab's socket has not taken yet, in order (tab-queue.ts). */
  const queues = new TabQueues<WebSocket>({
    backlogBytes: FRAME_BACKLOG_BYTES,
    heldBytes: HELD_BYTES,
  })

  wss.on('connection', (ws) => {
    sockets.add(ws)
    ws.on('close', () => {
      sockets.delete(ws)
      queues.drop(ws)
    })
    ws.on('message', async (data) => {
      let parsed
      try {
        parsed = clientMessageSchema.safeParse(JSON.parse(data.toString()))
      } catch {
        parsed = null
      }
      if (!parsed?.success) {
        ws.close(1008, 'malformed message')
        return
      }
      const result = await options.core.invoke(parsed.data.channel, parsed.data.payload)
      send(ws, { t: 'result', id: parsed.data.id, result })
    })
  })

  const offEvents = options.core.onEvent((channel, payload) => {
    if (!sockets.size) return
    const text = JSON.stringify({ t: 'event', channel, payload } satisfies ServerMessage)
    for (const ws of sockets) queues.send(ws, channel, text)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    waitingBytes: () => {
      let bytes = 0
      for (const ws of sockets) bytes += ws.bufferedAmount + queues.waiting(ws)
      return bytes
    },
    close: async () => {
      offEvents()
      for (const ws of sockets) ws.terminate()
      wss.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
