// A TCP proxy on loopback between Apiscope and kube-apiserver that misbehaves on demand, as a
// network does: cut every connection (both sides reset), stall (stop forwarding in both
// directions while keeping every socket open, new ones included, and hold back a close from
// either side until it resumes), and throttle what flows from the server to the client to a
// number of bytes a second (with backpressure: the server's socket is paused while the proxy
// holds more than one second's worth, so the server's own writes block, as behind a slow link).
// TLS passes through untouched: the client still talks to the real server's certificate, whose
// SANs (127.0.0.1, localhost) do not name a port. Started with `tls` (tlsOfCluster), the proxy
// ends TLS on both sides instead, as a load balancer in front of kube-apiserver does, and can
// answer a request itself (answerOnce: a 5xx to a list's page) instead of forwarding it.
import { readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import tls from 'node:tls'
import { parse, stringify } from 'yaml'

/**
 * `kubeconfig` with every cluster's server replaced by `server` (a fault proxy in front of the
 * real API server), written into `dir`; its path. The integration tests' kubeconfigThrough and
 * the end-to-end specs both write theirs with it.
 */
export function kubeconfigVia(kubeconfig: string, server: string, dir: string): string {
  const doc = parse(readFileSync(kubeconfig, 'utf8')) as {
    clusters: { cluster: { server: string } }[]
  }
  for (const c of doc.clusters) c.cluster.server = server
  const file = path.join(dir, 'through-proxy.kubeconfig')
  writeFileSync(file, stringify(doc), { mode: 0o600 })
  return file
}

/**
 * TLS ended in the proxy: it serves with the API server's own certificate (a client that checks
 * the server, against the cluster's CA, accepts it) and connects to the server trusting `ca`, as
 * the client certificate `client`: every request reaches the server as that user, whoever the
 * client is (a bearer token the client sends still goes through).
 */
export interface ProxyTls {
  serving: { cert: Buffer; key: Buffer }
  ca: Buffer
  client: { cert: Buffer; key: Buffer }
}

/** The control plane's own files (control-plane.ts, pki.ts): its server's certificate, as the admin. */
export function tlsOfCluster(clusterDir: string): ProxyTls {
  const pki = (name: string) => readFileSync(path.join(clusterDir, 'pki', name))
  return {
    serving: { cert: pki('apiserver.crt'), key: pki('apiserver.key') },
    ca: pki('ca.crt'),
    client: { cert: pki('admin.crt'), key: pki('admin.key') },
  }
}

/** A request the proxy answers itself, once (answerOnce). */
interface Answer {
  matches: (requestLine: string) => boolean
  code: number
  reason: string
  message: string
  /** A Retry-After header with the answer (seconds), as kube-apiserver sends with a 429 or 503. */
  retryAfterSeconds: number | null
  answered: (requestLine: string) => void
}

interface Pair {
  /** What carries the requests: the TCP sockets, or the TLS ones over them. */
  client: net.Socket
  upstream: net.Socket
  /** The TCP sockets (the same as above when TLS passes through): what cutAll resets. */
  rawClient: net.Socket
  rawUpstream: net.Socket
  /** Server-to-client bytes waiting for the throttle or the end of a stall. */
  queue: Buffer[]
  queued: number
  /** An end (FIN) from a side, held back while stalled. */
  clientEnded: boolean
  upstreamEnded: boolean
  /** Client-to-server bytes that came while stalled. */
  held: Buffer[]
}

export class FaultProxy {
  private readonly pairs = new Set<Pair>()
  private readonly answers: Answer[] = []
  private stalled = false
  private rate: number | null = null
  private ticker: NodeJS.Timeout | null = null
  /** Connections cut by cutAll, over the proxy's life. */
  cuts = 0
  /** Server-to-client bytes forwarded. */
  bytesDown = 0
  accepted = 0

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
    private tls: ProxyTls | undefined,
  ) {}

  /**
   * Listens on a free loopback port and forwards to target (e.g. https://127.0.0.1:6443); with
   * `tls`, ends TLS on both sides (ProxyTls).
   */
  static async start(target: string, tls?: ProxyTls): Promise<FaultProxy> {
    const url = new URL(target)
    const host = url.hostname
    const port = Number(url.port || 443)
    let proxy: FaultProxy | null = null
    const server = net.createServer((client) => proxy?.accept(client, host, port))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    proxy = new FaultProxy(server, (server.address() as net.AddressInfo).port, tls)
    return proxy
  }

  /** The URL to put in a kubeconfig instead of the server's. */
  get url(): string {
    return `https://127.0.0.1:${this.port}`
  }

  get openConnections(): number {
    return this.pairs.size
  }

  private accept(rawClient: net.Socket, host: string, port: number): void {
    this.accepted++
    const rawUpstream = net.connect({ host, port })
    const t = this.tls
    const client = t ? new tls.TLSSocket(rawClient, { isServer: true, ...t.serving }) : rawClient
    const upstream = t
      ? tls.connect({ socket: rawUpstream, host, ca: t.ca, ...t.client })
      : rawUpstream
    const pair: Pair = {
      client,
      upstream,
      rawClient,
      rawUpstream,
      queue: [],
      queued: 0,
      clientEnded: false,
      upstreamEnded: false,
      held: [],
    }
    this.pairs.add(pair)
    client.setNoDelay(true)
    upstream.setNoDelay(true)
    if (this.stalled) {
      client.pause()
      upstream.pause()
    }
    const drop = () => {
      if (!this.pairs.delete(pair)) return
      client.destroy()
      upstream.destroy()
      rawClient.destroy()
      rawUpstream.destroy()
    }
    for (const socket of new Set([client, upstream, rawClient, rawUpstream])) {
      socket.on('error', drop)
      socket.on('close', drop)
    }
    client.on('data', (chunk: Buffer) => {
      if (this.stalled) pair.held.push(chunk)
      else if (this.answered(chunk, client)) return
      else if (!upstream.write(chunk)) {
        client.pause()
        upstream.once('drain', () => !this.stalled && client.resume())
      }
    })
    upstream.on('data', (chunk: Buffer) => {
      if (this.stalled || this.rate !== null || pair.queued > 0) {
        pair.queue.push(chunk)
        pair.queued += chunk.length
        // Backpressure: hold at most a second's worth (or 64 KiB), then stop reading the server.
        if (pair.queued >= Math.max(this.rate ?? 0, 65_536)) upstream.pause()
        return
      }
      this.bytesDown += chunk.length
      if (!client.write(chunk)) {
        upstream.pause()
        client.once('drain', () => !this.stalled && this.rate === null && upstream.resume())
      }
    })
    client.on('end', () => {
      pair.clientEnded = true
      if (!this.stalled) upstream.end()
    })
    upstream.on('end', () => {
      pair.upstreamEnded = true
      if (!this.stalled && pair.queued === 0) client.end()
    })
    client.allowHalfOpen = true
    upstream.allowHalfOpen = true
  }

  /**
   * From now on, new connections are served with `serving` instead (TLS ended in the proxy only):
   * the server's certificate changing under a connected client, as when a cluster is recreated with
   * a new CA. Connections already open keep theirs; cutAll ends them.
   */
  serveWith(serving: ProxyTls['serving']): void {
    if (!this.tls) throw new Error('serveWith: this proxy passes TLS through; start it with tls')
    this.tls = { ...this.tls, serving }
  }

  /** Resets every open connection, as a cable pulled or a NAT entry dropped. Returns how many. */
  cutAll(): number {
    const n = this.pairs.size
    for (const pair of [...this.pairs]) {
      this.pairs.delete(pair)
      pair.rawClient.resetAndDestroy()
      pair.rawUpstream.resetAndDestroy()
    }
    this.cuts += n
    return n
  }

  /**
   * The next request whose request line (e.g. `GET /api/v1/…?limit=100&continue=… HTTP/1.1`)
   * `matches` is not forwarded: the proxy answers it `code` with a Status as kube-apiserver words
   * one (`reason`, `message`), with a Retry-After header when `retryAfterSeconds` is given, and
   * ends that connection. Only with TLS ended in the proxy
   * (start's `tls`). Resolves with the request line answered.
   */
  answerOnce(
    matches: (requestLine: string) => boolean,
    {
      code,
      reason,
      message,
      retryAfterSeconds = null,
    }: { code: number; reason: string; message: string; retryAfterSeconds?: number | null },
  ): Promise<string> {
    if (!this.tls) throw new Error('answerOnce: start the proxy with tls to read the requests')
    return new Promise((answered) =>
      this.answers.push({ matches, code, reason, message, retryAfterSeconds, answered }),
    )
  }

  /** Whether `chunk`, a request's head, was one to answer (answerOnce): answered if so. */
  private answered(chunk: Buffer, client: net.Socket): boolean {
    // Nothing to answer (the usual case): the chunk is not read at all.
    if (this.answers.length === 0) return false
    const line = /^[A-Z]+ \S+ HTTP\/1\.1(?=\r\n)/.exec(chunk.toString('latin1', 0, 8192))?.[0]
    const k = line === undefined ? -1 : this.answers.findIndex((a) => a.matches(line))
    const answer = this.answers[k]
    if (!answer || line === undefined) return false
    this.answers.splice(k, 1)
    const body = JSON.stringify({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: answer.message,
      reason: answer.reason,
      code: answer.code,
    })
    client.end(
      [
        `HTTP/1.1 ${answer.code} ${http.STATUS_CODES[answer.code] ?? answer.reason}`,
        'Content-Type: application/json',
        ...(answer.retryAfterSeconds === null ? [] : [`Retry-After: ${answer.retryAfterSeconds}`]),
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    )
    answer.answered(line)
    return true
  }

  /** Stops forwarding anything, in both directions, on every socket (open and new); closes nothing. */
  stall(): void {
    this.stalled = true
    for (const pair of this.pairs) {
      pair.client.pause()
      pair.upstream.pause()
    }
  }

  /** Forwards again what was held, and goes on. */
  resume(): void {
    this.stalled = false
    for (const pair of this.pairs) {
      for (const chunk of pair.held.splice(0)) pair.upstream.write(chunk)
      if (pair.clientEnded) pair.upstream.end()
      pair.client.resume()
      if (this.rate === null) this.flush(pair, Infinity)
      if (this.rate === null) pair.upstream.resume()
    }
    this.schedule()
  }

  /** Limits server-to-client bytes to this many a second on each connection; null lifts it. */
  throttle(bytesPerSecond: number | null): void {
    this.rate = bytesPerSecond
    if (bytesPerSecond === null && !this.stalled) {
      for (const pair of this.pairs) {
        this.flush(pair, Infinity)
        pair.upstream.resume()
      }
    }
    this.schedule()
  }

  private schedule(): void {
    if (this.rate !== null && !this.stalled && !this.ticker) {
      // Ten slices a second: each connection gets a tenth of the rate per tick.
      this.ticker = setInterval(() => this.tick(), 100)
    } else if ((this.rate === null || this.stalled) && this.ticker) {
      clearInterval(this.ticker)
      this.ticker = null
    }
  }

  private tick(): void {
    if (this.rate === null || this.stalled) return
    const slice = Math.max(1, Math.floor(this.rate / 10))
    for (const pair of this.pairs) {
      this.flush(pair, slice)
      if (pair.queued < Math.max(this.rate, 65_536)) pair.upstream.resume()
    }
  }

  /** Forwards up to budget queued bytes to the client; ends it when the server had ended. */
  private flush(pair: Pair, budget: number): void {
    let left = budget
    while (pair.queue.length > 0 && left > 0) {
      const head = pair.queue[0] as Buffer
      const part = head.length <= left ? head : head.subarray(0, left)
      if (part === head) pair.queue.shift()
      else pair.queue[0] = head.subarray(left)
      pair.queued -= part.length
      left -= part.length
      this.bytesDown += part.length
      pair.client.write(part)
    }
    if (pair.queued === 0 && pair.upstreamEnded) pair.client.end()
  }

  async close(): Promise<void> {
    this.throttle(null)
    if (this.ticker) clearInterval(this.ticker)
    this.ticker = null
    this.cutAll()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
