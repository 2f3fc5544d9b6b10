// One request relayed by the kubectl proxy, as Apiscope keeps it: what kubectl sent, what came
// back (the first part of each body, bodies streaming through untouched), and three readings of
// it: a request-log entry (kubectl -v=6), an audit-shaped event for the live-traffic stream (the
// same normalization and stage verdict as an audited request), and the -v=8 detail, redacted.
import type { AuditEvent } from '../../core/audit-bus'
import type { RelayedBody, RelayedExchangeDetail } from '@features/kubectl-proxy/messages'
import { redact, REDACTED, type About } from '@common/redaction'
import { BodyCapture } from './body-capture'
import { clientOf, headerPairs, shownRequestHeaders } from './relay-headers'
import { requestTarget, type RequestTarget } from './request-verb'
import { said, type Said } from '@i18n/translate'
import { USER_OF_CONTEXT_ANNOTATION } from '@common/traffic-request'

export interface Requester {
  username: string
  groups: string[]
  /** Who it is could not be read: the username names this context (USER_OF_CONTEXT_ANNOTATION). */
  ofContext?: string
}

const header = (raw: readonly string[], name: string): string | undefined => {
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]?.toLowerCase() === name) return raw[i + 1]
  return undefined
}

export class RelayedExchange {
  readonly target: RequestTarget
  readonly client: string
  readonly userAgent: string
  readonly command: string | undefined
  readonly requestBody: BodyCapture
  responseBody: BodyCapture | null = null
  status: number | null = null
  statusText = ''
  responseRaw: string[] = []
  state: RelayedExchangeDetail['state'] = 'open'
  error: string | undefined
  errorSaid: Said['as'] | undefined
  /** The reader putting a relayed watch's events on the timeline, when it is one. */
  watchFeed: { end(how: 'done' | 'cut'): void } | null = null
  /** The request log's sequence number, once logged. */
  seq = 0
  headersAt: number | null = null
  endedAt: number | null = null

  constructor(
    readonly method: string,
    readonly pathAndQuery: string,
    readonly url: string,
    readonly requestRaw: readonly string[],
    readonly receivedAt: number,
  ) {
    this.target = requestTarget(method, pathAndQuery)
    this.userAgent = header(requestRaw, 'user-agent') ?? ''
    this.client = clientOf(this.userAgent)
    this.command = header(requestRaw, 'kubectl-command')
    this.requestBody = new BodyCapture(
      header(requestRaw, 'content-type') ?? '',
      header(requestRaw, 'content-encoding') === 'gzip',
    )
  }

  get about(): About {
    const ref = this.target.objectRef
    return ref
      ? {
          group: ref.apiGroup,
          resource: ref.resource,
          ...(ref.subresource ? { subresource: ref.subresource } : {}),
        }
      : {}
  }

  get isWatch(): boolean {
    return this.target.verb === 'watch'
  }

  onResponse(status: number, statusText: string, raw: string[], at: number): void {
    this.status = status
    this.statusText = statusText
    this.responseRaw = raw
    this.headersAt = at
    this.responseBody = new BodyCapture(
      header(raw, 'content-type') ?? '',
      header(raw, 'content-encoding') === 'gzip',
    )
  }

  /** `error`: the network's or the transport's own text, or a sentence of Apiscope's by key. */
  finish(state: 'done' | 'cut' | 'failed', at: number, error?: string | Said): void {
    if (this.state !== 'open') return
    this.state = state
    this.endedAt = at
    if (typeof error === 'string' && error) this.error = error
    else if (typeof error === 'object') {
      this.error = error.text
      this.errorSaid = error.as
    }
    this.requestBody.end()
    this.responseBody?.end()
  }

  /** The Audit-Id the API server answered with, so an audited copy of this request merges with it. */
  get auditId(): string {
    return header(this.responseRaw, 'audit-id') ?? `apiscope-proxy-${this.seq}`
  }

  /**
   * The request as an audit.k8s.io/v1 Event at Metadata level, plus the Status of a refusal: what
   * kube-apiserver would have logged for it (https://kubernetes.io/docs/reference/config-api/apiserver-audit.v1/).
   * The user is the session's identity (or the impersonated one); Secrets' bodies are never added.
   */
  auditEvent(stage: 'ResponseStarted' | 'ResponseComplete', requester: Requester): AuditEvent {
    const impersonated = header(this.requestRaw, 'impersonate-user')
    const impersonatedGroups = headerPairs(this.requestRaw)
      .filter(([k]) => k.toLowerCase() === 'impersonate-group')
      .map(([, v]) => v)
    const at = stage === 'ResponseStarted' ? this.headersAt : (this.endedAt ?? this.headersAt)
    const status = this.status ?? 502
    const event: AuditEvent = {
      kind: 'Event',
      apiVersion: 'audit.k8s.io/v1',
      level: 'Metadata',
      auditID: this.auditId,
      stage,
      requestURI: this.pathAndQuery,
      verb: this.target.verb,
      user: impersonated
        ? { username: impersonated, groups: impersonatedGroups }
        : { username: requester.username, groups: requester.groups },
      userAgent: this.userAgent,
      ...(this.target.objectRef ? { objectRef: this.target.objectRef } : {}),
      responseStatus: { code: status },
      requestReceivedTimestamp: new Date(this.receivedAt).toISOString(),
      stageTimestamp: new Date(at ?? this.receivedAt).toISOString(),
      annotations: {
        'apiscope.io/relayed-by': 'kubectl-proxy',
        ...(!impersonated && requester.ofContext !== undefined
          ? { [USER_OF_CONTEXT_ANNOTATION]: requester.ofContext }
          : {}),
      },
    }
    if (status >= 300) {
      const refusal = this.statusBody()
      if (refusal) {
        event.responseObject = refusal
        event.responseStatus = {
          code: status,
          ...(typeof refusal.reason === 'string' ? { reason: refusal.reason } : {}),
          ...(typeof refusal.message === 'string' ? { message: refusal.message } : {}),
          ...(refusal.details !== undefined ? { details: refusal.details } : {}),
        }
      }
    }
    if (this.error && event.responseStatus) event.responseStatus.message = this.error
    return event
  }

  /** The answer's Status object, when it was one and it was kept whole. */
  private statusBody(): Record<string, unknown> | null {
    const body = this.responseBody
    if (!body || body.truncated) return null
    try {
      const parsed = JSON.parse(body.text()) as unknown
      return typeof parsed === 'object' &&
        parsed !== null &&
        (parsed as { kind?: unknown }).kind === 'Status'
        ? (parsed as Record<string, unknown>)
        : null
    } catch {
      return null
    }
  }

  /** kubectl -v=8's view of it, through the one redaction, by what the request addressed. */
  detail(): RelayedExchangeDetail {
    const redacted: string[] = []
    const headers = (pairs: [string, string][], at: string) => {
      const shown = redact(pairs)
      redacted.push(...shown.redacted.map((p) => `${at}${p}`))
      return shown.value
    }
    const out: RelayedExchangeDetail = {
      seq: this.seq,
      client: this.client,
      userAgent: this.userAgent,
      ...(this.command ? { command: this.command } : {}),
      method: this.method,
      url: this.url,
      requestHeaders: headers(shownRequestHeaders(this.requestRaw), '/requestHeaders'),
      state: this.state,
      redacted,
    }
    if (this.requestBody.bytes > 0)
      out.requestBody = shownBody(this.requestBody, this.about, false, (p) =>
        redacted.push(`/requestBody${p}`),
      )
    if (this.status !== null) {
      out.status = this.status
      out.statusText = this.statusText
      out.responseHeaders = headers(headerPairs(this.responseRaw), '/responseHeaders')
      if (this.responseBody)
        out.responseBody = shownBody(this.responseBody, this.about, this.isWatch, (p) =>
          redacted.push(`/responseBody${p}`),
        )
    }
    if (this.error) out.error = this.error
    if (this.errorSaid) out.errorSaid = this.errorSaid
    return out
  }
}

/**
 * An object of a credential's kind, as serialized (kind next to apiVersion, in either order), not
 * a mere mention of the kind (OpenAPI's x-kubernetes-group-version-kind names Secret too).
 */
const CREDENTIAL_KIND = '"kind"\\s*:\\s*"(?:Secret|SecretList|TokenRequest|TokenReview)"'
const HOLDS_CREDENTIAL = new RegExp(
  `${CREDENTIAL_KIND}\\s*,\\s*"apiVersion"|"apiVersion"\\s*:\\s*"[^"]*"\\s*,\\s*${CREDENTIAL_KIND}`,
)

const TEXTUAL = /json|yaml|text\/|apply-patch|merge-patch|strategic-merge/i

/**
 * A body's text, redacted: JSON or YAML read whole, a watch line by line (each line one event), and
 * a body cut at the capture limit (which cannot be read) scrubbed of tokens and keys, or replaced
 * whole when it is about a credential or holds an object of a credential's kind. Protobuf and other binary bodies are not
 * shown at all.
 */
function shownBody(
  body: BodyCapture,
  about: About,
  lines: boolean,
  mark: (pointer: string) => void,
): RelayedBody {
  const base = {
    contentType: body.contentType,
    bytes: body.bytes,
    truncated: body.truncated,
    gzip: body.gzip,
  }
  if (body.contentType && !TEXTUAL.test(body.contentType)) {
    const note = said('kproxy.binary', { contentType: body.contentType })
    return { ...base, text: '', note: note.text, noteSaid: note.as }
  }
  const text = body.text()
  if (lines) {
    const shown = text.split('\n').map((line, i) => {
      if (line.trim() === '') return line
      const r = redact(line, about)
      for (const p of r.redacted) mark(`/${i}${p}`)
      return r.value
    })
    return { ...base, text: shown.join('\n') }
  }
  if (body.truncated) {
    const sensitive =
      about.resource === 'secrets' ||
      about.resource === 'tokenreviews' ||
      about.subresource === 'token' ||
      HOLDS_CREDENTIAL.test(text)
    if (sensitive) {
      mark('')
      const note = said('kproxy.cutCredential')
      return { ...base, text: REDACTED, note: note.text, noteSaid: note.as }
    }
  }
  const r = redact(text, about)
  for (const p of r.redacted) mark(p)
  return { ...base, text: r.value }
}
