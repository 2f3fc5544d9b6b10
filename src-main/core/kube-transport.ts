// The only code that talks HTTP to a cluster. It takes TLS material and credentials from
// client-node (certificates, tokens, exec plugins), keeps one keep-alive agent per session, times
// every request and writes it to the request log with its curl and kubectl equivalents.
import http from 'node:http'
import https from 'node:https'
import { X509Certificate } from 'node:crypto'
import { createSecureContext, type SecureContext } from 'node:tls'
import { performance } from 'node:perf_hooks'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream'
import zlib from 'node:zlib'
import { parseApiPath } from '@common/api-path'
import { curlEquivalent, kubectlEquivalent } from '@common/command-equivalents'
import type { AuthKind, RequestLogEntry } from '@common/kube-types'
import { fail, ok, type Result } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import { parseWarningHeader, shownWarnings } from '@common/server-warnings'
import type { ContextConfig } from './client-config'
import {
  describeHttpFailure,
  describeTransportFailure,
  networkErrorText,
  notJsonFailure,
  type TransportFailure,
} from './failure-messages'
import { authKindOf } from './kubeconfig-loader'
import type { RequestLog } from './request-log'
import { systemTrust } from './system-trust'

export interface KubeRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  contentType?: string
  accept?: string
  /**
   * Sends `Accept-Encoding: gzip`, as client-go does (Go's transport adds it), unless the
   * kubeconfig's cluster says `disable-compression: true` (as kubectl then does). Only openStream
   * decodes: the server gzips a list's answer over 128 KB for it, and 1.37 a streaming list's
   * watch response (WatchListCompression, beta).
   */
  acceptGzip?: boolean
  /** An ETag from an earlier answer: the server answers 304 Not Modified while it still holds. */
  ifNoneMatch?: string
  timeoutMs?: number
}

export interface KubeResponse {
  status: number
  statusText: string
  headers: http.IncomingHttpHeaders
  body: string
  ms: number
  url: string
}

export interface StreamResponse {
  status: number
  statusText: string
  headers: http.IncomingHttpHeaders
  /** The open body of a 2xx answer as it came (compressed when the server gzipped it); null otherwise. */
  stream: http.IncomingMessage | null
  /** The same body decoded: `stream` itself, or gunzipped when it came with Content-Encoding: gzip. */
  decoded: Readable | null
  /** The whole body of a non-2xx answer. */
  body: string
  ms: number
  url: string
  abort(): void
}

export const USER_AGENT = 'apiscope/0.1 (+https://apiscope.invalid)'

/** A 429's Audit-Id and API Priority and Fairness UIDs, when the server sent them. */
function apfHeaders(headers: http.IncomingHttpHeaders): RequestLogEntry['apf'] | undefined {
  const one = (name: string) => {
    const v = headers[name]
    return Array.isArray(v) ? v[0] : v
  }
  const auditId = one('audit-id')
  const flowSchemaUid = one('x-kubernetes-pf-flowschema-uid')
  const priorityLevelUid = one('x-kubernetes-pf-prioritylevel-uid')
  if (!auditId && !flowSchemaUid && !priorityLevelUid) return undefined
  return {
    ...(auditId ? { auditId } : {}),
    ...(flowSchemaUid ? { flowSchemaUid } : {}),
    ...(priorityLevelUid ? { priorityLevelUid } : {}),
  }
}

export class TransportError extends Error {
  constructor(readonly failure: TransportFailure) {
    super(failure.message)
  }

  /**
   * A request that got no HTTP answer, from Node's error: its text as Apiscope shows and logs it
   * (networkErrorText), its code, and whether it timed out.
   */
  static from(e: NodeJS.ErrnoException): TransportError {
    return new TransportError({
      phase: e.code === 'ETIMEDOUT' ? 'timeout' : 'connect',
      message: networkErrorText(e),
      ...(e.code ? { code: e.code } : {}),
    })
  }
}

type TlsOptions = Omit<https.RequestOptions, 'headers'> & { headers?: Record<string, string> }

/** A verified server whose kubeconfig names no CA: checked with the system's CAs too (system-trust.ts). */
const checksWithSystemCas = (tls: TlsOptions): boolean =>
  (tls.rejectUnauthorized ?? true) && tls.ca === undefined

export class KubeTransport {
  readonly authKind: AuthKind
  private agent: http.Agent | null = null
  /**
   * Watches hold their socket for minutes: they get their own pool, so a few of them (a rollout
   * trace opens six) can never take the sockets one-shot requests wait for.
   */
  private streamAgent: http.Agent | null = null
  private tls: TlsOptions | null = null
  /** The agents' secure context when they check with the system's CAs (newAgent). */
  private systemContext: SecureContext | null = null

  /**
   * False when the kubeconfig's cluster sets `disable-compression: true` (kubeconfig v1's Cluster
   * field, kubectl 1.26 on): no request then asks for a compressed answer.
   */
  readonly compression: boolean

  constructor(
    readonly config: ContextConfig,
    private readonly log: RequestLog,
  ) {
    this.authKind = authKindOf(config.user)
    this.compression = config.cluster['disable-compression'] !== true
  }

  get server(): string {
    return this.config.server
  }

  private get dynamicCredentials(): boolean {
    return (
      this.authKind === 'exec' ||
      this.authKind === 'auth-provider' ||
      this.authKind === 'token-file'
    )
  }

  /** TLS material and auth headers; exec plugins run here (client-node caches their tokens). */
  private async credentials(): Promise<TlsOptions> {
    if (this.tls && !this.dynamicCredentials) return this.tls
    const opts: TlsOptions = {}
    try {
      // Fills ca/cert/key/servername and the Authorization header (running exec plugins).
      // applyOptions does that without building an agent: its public wrapper also creates one,
      // and refuses plain http:// servers (kubectl proxy's) while doing so. We keep our own agent.
      const kc = this.config.kubeConfig as unknown as {
        applyOptions?: (o: https.RequestOptions) => Promise<void>
      }
      if (typeof kc.applyOptions === 'function') await kc.applyOptions(opts as https.RequestOptions)
      else await this.config.kubeConfig.applyToHTTPSOptions(opts as https.RequestOptions)
      delete opts.agent
    } catch (error) {
      const err = error as NodeJS.ErrnoException
      const exec = this.config.user.exec as { command?: string } | undefined
      throw new TransportError({
        phase: 'credentials',
        code: err.code,
        message: err.message,
        ...(exec?.command ? { execCommand: exec.command } : {}),
      })
    }
    this.tls = opts
    return opts
  }

  private agentFor(tls: TlsOptions, secure: boolean, stream: boolean): http.Agent {
    if (stream) return (this.streamAgent ??= this.newAgent(tls, secure, Infinity))
    return (this.agent ??= this.newAgent(tls, secure, 8))
  }

  private newAgent(tls: TlsOptions, secure: boolean, maxSockets: number): http.Agent {
    if (!secure) return new http.Agent({ keepAlive: true, maxSockets })
    const trust = checksWithSystemCas(tls) ? systemTrust() : undefined
    // With the system's CAs, one secure context for both pools' connections, made once: it holds
    // a few hundred CAs.
    const secureContext = trust
      ? (this.systemContext ??= createSecureContext({
          ca: [...trust],
          cert: tls.cert,
          key: tls.key,
        }))
      : undefined
    return new https.Agent({
      keepAlive: true,
      maxSockets,
      ca: tls.ca,
      cert: tls.cert,
      key: tls.key,
      ...(secureContext ? { secureContext } : {}),
      servername: tls.servername,
      rejectUnauthorized: tls.rejectUnauthorized ?? true,
    })
  }

  /** The notAfter date of the client certificate when it has passed, for a precise 401 message. */
  clientCertExpiredOn(): string | undefined {
    const cert = this.tls?.cert
    if (!cert) return undefined
    try {
      const x509 = new X509Certificate(cert as string | Buffer)
      return new Date(x509.validTo) < new Date() ? new Date(x509.validTo).toISOString() : undefined
    } catch {
      return undefined
    }
  }

  /** The client certificate, for identity derivation; never leaves the main process. */
  async clientCertificate(): Promise<X509Certificate | null> {
    const tls = await this.credentials()
    if (!tls.cert) return null
    try {
      return new X509Certificate(tls.cert as string | Buffer)
    } catch {
      return null
    }
  }

  /** The bearer token, for identity derivation; never leaves the main process. */
  async bearerToken(): Promise<string | null> {
    const tls = await this.credentials()
    const header = tls.headers?.Authorization ?? tls.headers?.authorization
    return header?.startsWith('Bearer ') ? header.slice(7).trim() : null
  }

  urlFor(path: string, query?: KubeRequest['query']): string {
    const url = new URL(this.config.server + path)
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v))
    }
    return url.toString()
  }

  /** Credentials, headers, URL and the request-log writer shared by one-shot and streaming requests. */
  private async prepare(req: KubeRequest, stream = false) {
    const method = req.method ?? 'GET'
    const url = this.urlFor(req.path, req.query)
    const started = performance.now()
    const startedAt = new Date().toISOString()
    const bodyText =
      req.body === undefined
        ? undefined
        : typeof req.body === 'string'
          ? req.body
          : JSON.stringify(req.body)
    const contentType = bodyText === undefined ? undefined : (req.contentType ?? 'application/json')
    const equivalents = {
      method,
      url,
      context: this.config.context,
      authKind: this.authKind,
      insecure: this.config.cluster['insecure-skip-tls-verify'] === true,
      ...(contentType ? { contentType } : {}),
      ...(req.accept ? { accept: req.accept } : {}),
      hasBody: bodyText !== undefined,
    }
    const record = (
      status: number | null,
      statusText: string,
      error?: string,
      warning?: string | string[],
      headers?: http.IncomingHttpHeaders,
    ) => {
      const warnings = shownWarnings(parseWarningHeader(warning), parseApiPath(req.path) ?? {})
      const apf = status === 429 && headers ? apfHeaders(headers) : undefined
      return this.log.add({
        context: this.config.context,
        method,
        url,
        status,
        statusText,
        ms: Math.round(performance.now() - started),
        startedAt,
        ...(error ? { error } : {}),
        ...(warnings.length ? { warnings } : {}),
        ...(apf ? { apf } : {}),
        curl: curlEquivalent(equivalents),
        kubectl: kubectlEquivalent(equivalents),
      })
    }

    let tls: TlsOptions
    try {
      tls = await this.credentials()
    } catch (error) {
      record(null, '', (error as Error).message.split('\n')[0])
      throw error
    }
    const secure = url.startsWith('https:')
    const headers: Record<string, string> = {
      'User-Agent': USER_AGENT,
      Accept: req.accept ?? 'application/json',
      ...(tls.headers ?? {}),
    }
    if (contentType) headers['Content-Type'] = contentType
    if (req.acceptGzip && this.compression) headers['Accept-Encoding'] = 'gzip'
    if (req.ifNoneMatch) headers['If-None-Match'] = req.ifNoneMatch
    // Send a length, as curl and kubectl do: without it Node sends the body chunked, and the API
    // server answers a PATCH with a form Content-Type 406 instead of the 415 it gives curl.
    if (bodyText !== undefined) headers['Content-Length'] = String(Buffer.byteLength(bodyText))
    if (tls.auth) headers.Authorization = `Basic ${Buffer.from(tls.auth).toString('base64')}`
    const send = (onResponse: (res: http.IncomingMessage) => void): http.ClientRequest => {
      const lib = secure ? https : http
      const request = lib.request(
        url,
        { method, headers, agent: this.agentFor(tls, secure, stream) },
        onResponse,
      )
      if (bodyText !== undefined) request.write(bodyText)
      request.end()
      return request
    }
    return { url, record, send, timeoutMs: req.timeoutMs ?? 15_000 }
  }

  /**
   * Forgets the credentials an exec plugin gave: client-node keeps its ExecCredential until the
   * expirationTimestamp it stated, and a server may stop accepting the token before that (revoked,
   * a clock ahead of the plugin's). client-go runs the plugin again on a 401; so does this.
   */
  private forgetExecCredential(): void {
    this.tls = null
    const kc = this.config.kubeConfig as unknown as {
      authenticators?: { tokenCache?: Record<string, unknown> }[]
    }
    for (const authenticator of kc.authenticators ?? []) {
      if (authenticator.tokenCache) authenticator.tokenCache = {}
    }
  }

  /** A 401 to an exec plugin's token: run the plugin again and ask once more. */
  private async againOn401<T extends { status: number }>(send: () => Promise<T>): Promise<T> {
    const first = await send()
    if (first.status !== 401 || this.authKind !== 'exec') return first
    this.forgetExecCredential()
    return send()
  }

  /** Resolves with any HTTP status; rejects with TransportError when no HTTP answer came. */
  request(req: KubeRequest): Promise<KubeResponse> {
    return this.againOn401(() => this.requestOnce(req))
  }

  private async requestOnce(req: KubeRequest): Promise<KubeResponse> {
    const { url, record, send, timeoutMs } = await this.prepare(req)
    return new Promise<KubeResponse>((resolve, reject) => {
      const request = send((res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', (e) => {
          const failure = TransportError.from(e)
          record(res.statusCode ?? null, res.statusMessage ?? '', failure.message)
          reject(failure)
        })
        res.on('end', () => {
          const status = res.statusCode ?? 0
          const entry = record(
            status,
            res.statusMessage ?? '',
            undefined,
            res.headers.warning,
            res.headers,
          )
          resolve({
            status,
            statusText: res.statusMessage ?? '',
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: entry.ms,
            url,
          })
        })
      })
      request.setTimeout(timeoutMs, () => {
        request.destroy(
          Object.assign(new Error(`no answer after ${timeoutMs / 1000} s`), { code: 'ETIMEDOUT' }),
        )
      })
      request.on('error', (e: NodeJS.ErrnoException) => {
        const failure = TransportError.from(e)
        record(null, '', failure.message)
        reject(failure)
      })
    })
  }

  /**
   * A long-lived response (a watch): resolves when the headers arrive, which is when
   * `kubectl -v=6` logs a watch too. The caller reads `stream` and calls `abort()` to end it.
   * A non-2xx answer is read whole and returned in `body` instead.
   */
  openStream(req: KubeRequest): Promise<StreamResponse> {
    return this.againOn401(() => this.openStreamOnce(req))
  }

  private async openStreamOnce(req: KubeRequest): Promise<StreamResponse> {
    const { url, record, send, timeoutMs } = await this.prepare(req, true)
    return new Promise<StreamResponse>((resolve, reject) => {
      let settled = false
      const request = send((res) => {
        settled = true
        request.setTimeout(0)
        const status = res.statusCode ?? 0
        const gzipped = res.headers['content-encoding'] === 'gzip'
        if (status >= 200 && status < 300) {
          const entry = record(
            status,
            res.statusMessage ?? '',
            undefined,
            res.headers.warning,
            res.headers,
          )
          resolve({
            status,
            statusText: res.statusMessage ?? '',
            headers: res.headers,
            stream: res,
            decoded: gzipped ? gunzipped(res) : res,
            body: '',
            ms: entry.ms,
            url,
            abort: () => request.destroy(),
          })
          return
        }
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', () => undefined)
        res.on('end', () => {
          const entry = record(
            status,
            res.statusMessage ?? '',
            undefined,
            res.headers.warning,
            res.headers,
          )
          const raw = Buffer.concat(chunks)
          let body: string
          try {
            body = (gzipped ? zlib.gunzipSync(raw) : raw).toString('utf8')
          } catch {
            body = raw.toString('utf8')
          }
          resolve({
            status,
            statusText: res.statusMessage ?? '',
            headers: res.headers,
            stream: null,
            decoded: null,
            body,
            ms: entry.ms,
            url,
            abort: () => undefined,
          })
        })
      })
      request.setTimeout(timeoutMs, () => {
        if (!settled) {
          request.destroy(
            Object.assign(new Error(`no answer after ${timeoutMs / 1000} s`), {
              code: 'ETIMEDOUT',
            }),
          )
        }
      })
      request.on('error', (e: NodeJS.ErrnoException) => {
        if (settled) return
        const failure = TransportError.from(e)
        record(null, '', failure.message)
        reject(failure)
      })
    })
  }

  /**
   * Opens one request exactly as another client sent it (the kubectl proxy's relay): its method,
   * path and query, and its headers, with this context's credentials put in place of the client's
   * (they override any Authorization it sent). The caller streams the body in and reads the
   * response; nothing is logged here, the relay logs what it relays. Uses the stream pool, since a
   * relayed watch holds its socket as long as kubectl keeps it.
   */
  async relay(
    method: string,
    pathAndQuery: string,
    headers: http.OutgoingHttpHeaders,
  ): Promise<http.ClientRequest> {
    const tls = await this.credentials()
    const url = new URL(this.config.server.replace(/\/+$/, '') + pathAndQuery)
    const secure = url.protocol === 'https:'
    const out: http.OutgoingHttpHeaders = { ...headers, ...(tls.headers ?? {}) }
    if (tls.auth) out.Authorization = `Basic ${Buffer.from(tls.auth).toString('base64')}`
    const lib = secure ? https : http
    return lib.request(url, { method, headers: out, agent: this.agentFor(tls, secure, true) })
  }

  /** A request whose 2xx body is JSON; anything else becomes a UiError. */
  async json<T>(req: KubeRequest): Promise<Result<T>> {
    let res: KubeResponse
    try {
      res = await this.request(req)
    } catch (error) {
      return fail(this.describe(error))
    }
    if (res.status < 200 || res.status >= 300) {
      return fail(
        describeHttpFailure({
          status: res.status,
          body: res.body,
          path: req.path,
          context: this.config.context,
          ...(res.status === 401 && this.clientCertExpiredOn()
            ? { clientCertExpiredOn: this.clientCertExpiredOn() }
            : {}),
        }),
      )
    }
    try {
      return ok(JSON.parse(res.body) as T)
    } catch {
      return fail(notJsonFailure(req.path, res.body))
    }
  }

  describe(error: unknown) {
    if (error instanceof TransportError) {
      return describeTransportFailure(
        error.failure,
        this.config.server,
        this.config.context,
        this.tls !== null && checksWithSystemCas(this.tls),
      )
    }
    return saidError(
      'internal',
      said('fail.unexpected.title'),
      error instanceof Error ? error.message : String(error),
      said('fail.unexpected.next'),
    )
  }

  close(): void {
    this.agent?.destroy()
    this.agent = null
    this.streamAgent?.destroy()
    this.streamAgent = null
    this.systemContext = null
  }
}

/**
 * A gzipped watch body, decoded as it arrives. 1.37 closes a gzip member at every flush (one per
 * batch of events) and starts a new one for the next; zlib reads the members one after another,
 * and a sync flush hands over each event as soon as its bytes are in. An error or an abort of the
 * response destroys the decoder with it, so the reader sees the same ends as on a plain body.
 */
function gunzipped(res: http.IncomingMessage): Readable {
  const gunzip = zlib.createGunzip({
    flush: zlib.constants.Z_SYNC_FLUSH,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  })
  return pipeline(res, gunzip, () => undefined)
}
