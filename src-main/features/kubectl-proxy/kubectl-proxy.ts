// The kubectl proxy: an HTTPS listener on 127.0.0.1 that kubectl reaches through the kubeconfig
// Apiscope writes (proxy-kubeconfig.ts), relaying each request to the connected context's API
// server with the user's real credentials (KubeTransport.relay), as `kubectl proxy` does, and
// showing each one as it happens: a request-log entry when its answer starts, an audit-shaped event
// for live traffic, the -v=8 detail on demand, and a relayed watch's events on the timeline (the
// answer's chunks handed on to the session's watches once written to the client). Bodies stream
// both ways; only the first part of each is kept to show. Connection upgrades (exec, attach,
// port-forward) are refused with a Status that says why. The proxy's own Status answers say their
// message in `locale` (kubectl prints it to a person); reason and code stay the API's words.
// Security model: docs/adr/0015-kubectl-proxy-security.md.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type http from 'node:http'
import https from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import type { Duplex } from 'node:stream'
import { curlEquivalent, kubectlEquivalent } from '@common/command-equivalents'
import type { AuthKind } from '@common/kube-types'
import type { About } from '@common/redaction'
import { parseWarningHeader, shownWarnings } from '@common/server-warnings'
import type { KubectlProxyStatus, RelayedExchangeDetail } from '@features/kubectl-proxy/messages'
import type { RequestLog } from '../../core/request-log'
import type { AuditEvent } from '../../core/audit-bus'
import { networkErrorText } from '../../core/failure-messages'
import { createProxyPki } from './proxy-pki'
import {
  flagLine,
  pasteLine,
  writeProxyKubeconfig,
  type WrittenKubeconfig,
} from './proxy-kubeconfig'
import { requestHeadersToRelay, responseHeadersToRelay } from './relay-headers'
import { RelayedExchange, type Requester } from './relayed-exchange'
import { said, translate, type Locale } from '@i18n/translate'

/** What the proxy needs of a session's transport. */
export interface RelayTransport {
  readonly server: string
  readonly authKind: AuthKind
  relay(
    method: string,
    pathAndQuery: string,
    headers: http.OutgoingHttpHeaders,
  ): Promise<http.ClientRequest>
}

/** What a relayed watch's reader takes: the answer's chunks as they crossed, then its end. */
export interface RelayedWatchFeed {
  push(chunk: Buffer): void
  end(how: 'done' | 'cut', error?: string): void
}

/** What the proxy tells the watch reader of a relayed watch (src-main/core/watch/relayed-watch.ts). */
export interface RelayedWatchOpening {
  client: string
  command?: string
  seq: number
  pathAndQuery: string
  /** What the client asked for (kubectl get's Table: application/json;as=Table;...). */
  accept: string
  contentType: string
  gzip: boolean
  about: About
  cut: () => void
}

export interface KubectlProxyOptions {
  transport: RelayTransport
  context: string
  namespace: string
  insecure: boolean
  requestLog: RequestLog
  /** Who the API server sees: the session's identity (for the live-traffic rows). */
  requester: Requester
  /** Audit-shaped events of relayed requests, for the live-traffic stream. */
  observe(events: AuditEvent[]): void
  /** Opens the reader of a relayed watch (answered 200) that puts its events on the timeline. */
  watch?(opening: RelayedWatchOpening): RelayedWatchFeed
  /** Where the kubeconfig's folder goes (default: the OS temp folder). */
  tmpDir?: string
  /** The language of the proxy's own Status messages (the environment's: kubectl's terminal). */
  locale?: Locale
}

/** Exchanges kept for their -v=8 detail, newest last. */
export const KEPT_EXCHANGES = 500

function status(code: number, reason: string, message: string): string {
  return JSON.stringify({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    code,
  })
}

export class KubectlProxy {
  private readonly exchanges = new Map<number, RelayedExchange>()
  private readonly sockets = new Set<Socket | Duplex>()
  private relayed = 0
  private refused = 0
  private stopped = false
  private readonly tokenDigest: Buffer
  private readonly removeOnExit = () => this.kubeconfig.remove()
  private readonly locale: Locale

  private constructor(
    private readonly options: KubectlProxyOptions,
    private readonly server: https.Server,
    private readonly kubeconfig: WrittenKubeconfig,
    readonly address: string,
    token: string,
    readonly startedAt: string,
  ) {
    this.tokenDigest = digest(token)
    this.locale = options.locale ?? 'en'
    server.on('request', (req, res) => void this.handle(req, res))
    server.on('upgrade', (req: http.IncomingMessage, socket: Duplex) => this.upgrade(req, socket))
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket)
      socket.setNoDelay(true)
      socket.on('close', () => this.sockets.delete(socket))
    })
    server.on('tlsClientError', (_e, socket) => socket.destroy())
    // Killed by a signal the process handles, or ending normally: the file goes too.
    process.once('exit', this.removeOnExit)
  }

  /** Opens the listener on 127.0.0.1 (port 0: any free one) and writes the kubeconfig. */
  static async start(options: KubectlProxyOptions, port = 0): Promise<KubectlProxy> {
    const pki = createProxyPki()
    const server = https.createServer({
      cert: pki.serverCert,
      key: pki.serverKey,
      minVersion: 'TLSv1.2',
      // A relayed watch may stay open for its whole timeout (kubectl asks up to 30 min).
      requestTimeout: 0,
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
    const { port: bound } = server.address() as AddressInfo
    const address = `https://127.0.0.1:${bound}`
    const token = randomBytes(32).toString('base64url')
    let kubeconfig: WrittenKubeconfig
    try {
      kubeconfig = writeProxyKubeconfig(
        {
          address,
          caCert: pki.caCert,
          token,
          context: options.context,
          namespace: options.namespace,
        },
        options.tmpDir,
      )
    } catch (error) {
      server.close()
      throw error
    }
    return new KubectlProxy(options, server, kubeconfig, address, token, new Date().toISOString())
  }

  get kubeconfigPath(): string {
    return this.kubeconfig.path
  }

  status(): KubectlProxyStatus {
    if (this.stopped) return { state: 'stopped', relayed: this.relayed, refused: this.refused }
    return {
      state: 'running',
      context: this.options.context,
      address: this.address,
      kubeconfigPath: this.kubeconfig.path,
      line: pasteLine(this.kubeconfig.path),
      flagLine: flagLine(this.kubeconfig.path),
      startedAt: this.startedAt,
      relayed: this.relayed,
      refused: this.refused,
    }
  }

  detail(seq: number): RelayedExchangeDetail | undefined {
    return this.exchanges.get(seq)?.detail()
  }

  /** The proxy's own credential, compared in constant time (of its digest). */
  private authorized(req: http.IncomingMessage): boolean {
    const auth = req.headers.authorization ?? ''
    if (!auth.startsWith('Bearer ')) return false
    return timingSafeEqual(digest(auth.slice(7).trim()), this.tokenDigest)
  }

  private refuse(
    res: http.ServerResponse,
    code: number,
    reason: string,
    message: string,
    extra: http.OutgoingHttpHeaders = {},
  ): void {
    this.refused++
    const body = status(code, reason, message)
    res.writeHead(code, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      ...extra,
    })
    res.end(body)
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const receivedAt = Date.now()
    const started = performance.now()
    if (!this.authorized(req)) {
      this.refuse(res, 401, 'Unauthorized', translate(this.locale, 'kproxy.answer.noCredential'), {
        'WWW-Authenticate': 'Bearer realm="apiscope-kubectl-proxy"',
      })
      return
    }
    const pathAndQuery = req.url ?? '/'
    if (!pathAndQuery.startsWith('/')) {
      this.refuse(res, 400, 'BadRequest', translate(this.locale, 'kproxy.answer.pathsOnly'))
      return
    }
    const method = req.method ?? 'GET'
    const url = this.options.transport.server.replace(/\/+$/, '') + pathAndQuery
    const exchange = new RelayedExchange(method, pathAndQuery, url, req.rawHeaders, receivedAt)
    let upstream: http.ClientRequest
    try {
      upstream = await this.options.transport.relay(
        method,
        pathAndQuery,
        requestHeadersToRelay(req.rawHeaders),
      )
    } catch (error) {
      const message = (error as Error).message.split('\n')[0] ?? 'no credentials'
      exchange.finish('failed', Date.now(), message)
      this.log(exchange, started)
      this.refuse(
        res,
        502,
        'ServiceUnavailable',
        translate(this.locale, 'kproxy.answer.noUserCredentials', { message }),
      )
      return
    }
    this.relayed++
    req.on('data', (chunk: Buffer) => exchange.requestBody.push(chunk))
    req.pipe(upstream)

    upstream.on('response', (answer) => {
      const code = answer.statusCode ?? 502
      exchange.onResponse(code, answer.statusMessage ?? '', answer.rawHeaders, Date.now())
      res.writeHead(code, answer.statusMessage ?? '', responseHeadersToRelay(answer.rawHeaders))
      res.flushHeaders()
      // As kubectl -v=6 logs it: when the answer's headers arrive (a watch, too).
      this.log(exchange, started)
      if (exchange.isWatch)
        this.options.observe([exchange.auditEvent('ResponseStarted', this.options.requester)])
      answer.on('data', (chunk: Buffer) => exchange.responseBody?.push(chunk))
      answer.pipe(res)
      // A watch's events, read from a copy after the relay wrote each chunk on (never before).
      if (exchange.isWatch && code === 200 && this.options.watch) {
        const feed = this.options.watch({
          client: exchange.client,
          ...(exchange.command ? { command: exchange.command } : {}),
          seq: exchange.seq,
          pathAndQuery,
          accept: req.headers.accept ?? '',
          contentType: exchange.responseBody?.contentType ?? '',
          gzip: exchange.responseBody?.gzip ?? false,
          about: exchange.about,
          cut: () => {
            upstream.destroy()
            res.destroy()
            this.complete(exchange, 'cut')
          },
        })
        exchange.watchFeed = feed
        answer.on('data', (chunk: Buffer) => feed.push(chunk))
      }
      answer.on('end', () => this.complete(exchange, 'done'))
      answer.on('error', () => {
        this.complete(exchange, 'cut')
        res.destroy()
      })
    })
    upstream.on('error', (e) => {
      if (exchange.status === null) {
        const text = networkErrorText(e)
        exchange.finish('failed', Date.now(), text)
        this.log(exchange, started)
        this.options.observe([exchange.auditEvent('ResponseComplete', this.options.requester)])
        if (!res.headersSent)
          this.refuse(
            res,
            502,
            'ServiceUnavailable',
            translate(this.locale, 'kproxy.answer.noServer', { message: text }),
          )
        else res.destroy()
      } else {
        this.complete(exchange, 'cut')
        res.destroy()
      }
    })
    // kubectl closing a watch (Ctrl-C, its timeout) ends the relayed request with it.
    res.on('close', () => {
      if (!res.writableFinished) {
        upstream.destroy()
        this.complete(exchange, 'cut')
      }
    })
  }

  private complete(exchange: RelayedExchange, state: 'done' | 'cut'): void {
    if (exchange.state !== 'open') return
    exchange.finish(state, Date.now())
    exchange.watchFeed?.end(state)
    this.options.observe([exchange.auditEvent('ResponseComplete', this.options.requester)])
  }

  private log(exchange: RelayedExchange, started: number): void {
    const equivalents = {
      method: exchange.method,
      url: exchange.url,
      context: this.options.context,
      authKind: this.options.transport.authKind,
      insecure: this.options.insecure,
      hasBody: exchange.requestBody.bytes > 0 || exchange.method !== 'GET',
    }
    // The API server's Warning headers (deprecations, unknown fields), as kubectl prints them.
    const warning = exchange.responseRaw.filter(
      (_v, i, raw) => i % 2 === 1 && raw[i - 1]?.toLowerCase() === 'warning',
    )
    const warnings = shownWarnings(parseWarningHeader(warning), exchange.about)
    const entry = this.options.requestLog.add({
      context: this.options.context,
      method: exchange.method,
      url: exchange.url,
      status: exchange.status,
      statusText: exchange.statusText,
      ms: Math.round(performance.now() - started),
      startedAt: new Date(exchange.receivedAt).toISOString(),
      ...(exchange.error ? { error: exchange.error } : {}),
      ...(exchange.errorSaid ? { errorSaid: exchange.errorSaid } : {}),
      ...(warnings.length ? { warnings } : {}),
      curl: curlEquivalent(equivalents),
      kubectl: kubectlEquivalent(equivalents),
      relayed: {
        client: exchange.client,
        ...(exchange.command ? { command: exchange.command } : {}),
      },
    })
    exchange.seq = entry.seq
    this.exchanges.set(entry.seq, exchange)
    if (this.exchanges.size > KEPT_EXCHANGES) {
      const oldest = this.exchanges.keys().next().value
      if (oldest !== undefined) this.exchanges.delete(oldest)
    }
  }

  /**
   * exec, attach and port-forward upgrade the connection to a stream of their own (SPDY or
   * WebSocket) that Apiscope could neither show nor redact: refused, with a Status that kubectl
   * prints ("unable to upgrade connection: ..."), logged like any relayed request.
   */
  private upgrade(req: http.IncomingMessage, socket: Duplex): void {
    this.sockets.add(socket)
    socket.on('close', () => this.sockets.delete(socket))
    socket.on('error', () => undefined)
    const authorized = this.authorized(req)
    const code = authorized ? 400 : 401
    const message = authorized
      ? translate(this.locale, 'kproxy.answer.upgrade', { context: this.options.context })
      : translate(this.locale, 'kproxy.answer.noCredentialUpgrade')
    const body = status(code, authorized ? 'BadRequest' : 'Unauthorized', message)
    this.refused++
    if (authorized) {
      const pathAndQuery = req.url ?? '/'
      const url = this.options.transport.server.replace(/\/+$/, '') + pathAndQuery
      const exchange = new RelayedExchange(
        req.method ?? 'GET',
        pathAndQuery,
        url,
        req.rawHeaders,
        Date.now(),
      )
      exchange.onResponse(code, 'Bad Request', ['Content-Type', 'application/json'], Date.now())
      exchange.responseBody?.push(Buffer.from(body))
      exchange.finish('failed', Date.now(), said('kproxy.upgradeRefused'))
      this.log(exchange, performance.now())
    }
    socket.end(
      `HTTP/1.1 ${code} ${authorized ? 'Bad Request' : 'Unauthorized'}\r\n` +
        'Content-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    )
  }

  /** Closes the listener and every connection (open watches end), and removes the kubeconfig. */
  async stop(): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    process.off('exit', this.removeOnExit)
    this.kubeconfig.remove()
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    for (const socket of this.sockets) socket.destroy()
    this.server.closeAllConnections()
    await closed
  }
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}
