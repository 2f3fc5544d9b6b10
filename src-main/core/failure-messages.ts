// Every way reaching a cluster can fail, each with its own plain message and a next step.
// Pure: it reads error codes and texts, so unit tests cover it without a network.
// Their words come from the catalogue (i18n/): English here, and the key and parameters with them
// so the renderer says them in French; a detail that is the server's or a tool's text stays as is.
import { redact } from '@common/redaction'
import type { UiError } from '@common/result'
import { said, type Said } from '@i18n/translate'

export interface TransportFailure {
  code?: string
  message: string
  /** Set by the exec credential plugin path. */
  execCommand?: string
  phase: 'credentials' | 'connect' | 'timeout'
}

const CA_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
])

/**
 * Node's own advice at the end of an error's text, for whoever runs Node: from Node 24 (and so in
 * Electron 40 and newer) a certificate it cannot verify reads "unable to verify the first
 * certificate; if the root CA is installed locally, try running Node.js with --use-system-ca".
 * Apiscope is not started with Node's flags, so its user cannot follow that advice; the failure's
 * next step says what to do instead. (With the kubeconfig's CA set, Apiscope trusts that CA alone;
 * without one, the system's trusted CAs and Node's own, as system-trust.ts says.)
 */
const NODE_ADVICE =
  /; if the root CA is installed locally, try running Node\.js with --use-system-ca$/

/** A network error's text as Apiscope shows and logs it: Node's message, without Node's advice. */
export function networkErrorText(error: Error): string {
  return error.message.replace(NODE_ADVICE, '')
}

/** A UiError's words: the title and next step from the catalogue, the detail too when it is ours. */
function words(title: Said, detail: Said | string, nextStep: Said): Omit<UiError, 'kind'> {
  const ours = typeof detail !== 'string'
  return {
    title: title.text,
    detail: ours ? detail.text : detail,
    nextStep: nextStep.text,
    said: { title: title.as, nextStep: nextStep.as, ...(ours ? { detail: [detail.as] } : {}) },
  }
}

function hostOf(server: string): string {
  try {
    return new URL(server).host
  } catch {
    return server
  }
}

export function describeTransportFailure(
  f: TransportFailure,
  server: string,
  context: string,
  /** The kubeconfig names no CA for this cluster: the system's trusted CAs were used. */
  systemCas = false,
): UiError {
  const host = hostOf(server)
  if (f.phase === 'credentials') {
    if (f.execCommand && f.code === 'ENOENT') {
      return {
        kind: 'exec-not-found',
        ...words(
          said('fail.execNotFound.title', { command: f.execCommand }),
          said('fail.execNotFound.detail', {
            context,
            command: f.execCommand,
            path: process.env.PATH ?? '',
          }),
          said('fail.execNotFound.next', { command: f.execCommand }),
        ),
      }
    }
    if (f.execCommand) {
      return {
        kind: 'exec-failed',
        ...words(
          said('fail.execFailed.title', { command: f.execCommand }),
          f.message.trim() || said('fail.execFailed.silent'),
          said('fail.execFailed.next', { context }),
        ),
      }
    }
    return {
      kind: 'kubeconfig-malformed',
      ...words(
        said('fail.kubeconfigMalformed.title'),
        f.message,
        said('fail.kubeconfigMalformed.next'),
      ),
    }
  }
  if (f.phase === 'timeout' || f.code === 'ETIMEDOUT' || f.code === 'ESOCKETTIMEDOUT') {
    return {
      kind: 'timeout',
      ...words(said('fail.timeout.title', { host }), f.message, said('fail.timeout.next')),
    }
  }
  const code = f.code ?? ''
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return {
      kind: 'dns',
      ...words(said('fail.dns.title', { host }), f.message, said('fail.dns.next')),
    }
  }
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return {
      kind: 'connection-refused',
      ...words(said('fail.refused.title', { host }), f.message, said('fail.refused.next')),
    }
  }
  if (CA_CODES.has(code)) {
    const detail = `${f.message} (${code})`
    return {
      kind: 'tls-ca',
      ...(systemCas
        ? words(said('fail.tlsSystemCa.title'), detail, said('fail.tlsSystemCa.next'))
        : words(said('fail.tlsCa.title'), detail, said('fail.tlsCa.next'))),
    }
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return {
      kind: 'tls-hostname',
      ...words(said('fail.tlsHostname.title', { host }), f.message, said('fail.tlsHostname.next')),
    }
  }
  if (code === 'CERT_HAS_EXPIRED') {
    return {
      kind: 'cert-expired',
      ...words(said('fail.certExpired.title'), f.message, said('fail.certExpired.next')),
    }
  }
  return {
    kind: 'http',
    ...words(
      said('fail.connection.title', { host }),
      code ? `${f.message} (${code})` : f.message,
      said('fail.connection.next'),
    ),
  }
}

export interface StatusBody {
  kind?: string
  code?: number
  reason?: string
  message?: string
  details?: { causes?: { reason?: string; message?: string; field?: string }[] }
}

export function parseStatus(body: string): StatusBody | null {
  try {
    const value = JSON.parse(body) as unknown
    if (value && typeof value === 'object' && (value as StatusBody).kind === 'Status') {
      return value as StatusBody
    }
  } catch {
    // not JSON: the caller shows the raw text
  }
  return null
}

/**
 * A Status's words as shown (on the page, in a recording): its message, else its reason, else
 * `fallback`, through the one redaction, judged by what they hold (tokens, keys), never by the
 * resource the request was about: a Status is the server's answer, not the object, and redact()
 * given a Secret's resource replaces any plain text whole.
 */
export function statusWords(
  status: Pick<StatusBody, 'message' | 'reason'> | null | undefined,
  fallback: string,
): string {
  return String(redact(status?.message ?? status?.reason ?? fallback).value)
}

export interface HttpFailureContext {
  status: number
  body: string
  path: string
  context: string
  /** Set when the user's client certificate is past its notAfter date. */
  clientCertExpiredOn?: string
}

export function describeHttpFailure(h: HttpFailureContext): UiError {
  const status = parseStatus(h.body)
  const serverSays = status?.message ?? (h.body.trim().slice(0, 500) || `HTTP ${h.status}`)
  if (h.status === 401) {
    if (h.clientCertExpiredOn) {
      return {
        kind: 'cert-expired',
        ...words(
          said('fail.clientCertExpired.title'),
          said('fail.clientCertExpired.detail', { date: h.clientCertExpiredOn }),
          said('fail.clientCertExpired.next'),
        ),
      }
    }
    return {
      kind: 'unauthorized',
      ...words(
        said('fail.unauthorized.title'),
        said('fail.unauthorized.detail', { server: serverSays }),
        said('fail.unauthorized.next', { context: h.context }),
      ),
    }
  }
  if (h.status === 403) {
    return {
      kind: 'forbidden',
      ...words(said('fail.forbidden.title'), serverSays, said('fail.forbidden.next')),
    }
  }
  return {
    kind: 'http',
    ...words(
      said('fail.http.title', {
        path: h.path,
        status: `${h.status}${status?.reason ? ` ${status.reason}` : ''}`,
      }),
      serverSays,
      said('fail.http.next'),
    ),
  }
}

/** A path whose answer is not JSON: our words around the start of the body, which is the server's. */
export function notJsonFailure(path: string, body: string): UiError {
  return {
    kind: 'http',
    ...words(said('fail.notJson.title', { path }), body.slice(0, 300), said('fail.notJson.next')),
  }
}
