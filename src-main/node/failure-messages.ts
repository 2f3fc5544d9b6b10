// Every way reaching a cluster can fail, each with its own plain message and a next step.
// Pure: it reads error codes and texts, so unit tests cover it without a network.
import type { UiError } from '@common/result'

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
): UiError {
  const host = hostOf(server)
  if (f.phase === 'credentials') {
    if (f.execCommand && f.code === 'ENOENT') {
      return {
        kind: 'exec-not-found',
        title: `The credential plugin "${f.execCommand}" is not installed or not on PATH`,
        detail: `Context "${context}" gets its credentials by running "${f.execCommand}", which was not found (PATH=${process.env.PATH ?? ''}).`,
        nextStep: `Install ${f.execCommand}, or make sure it is on the PATH of your login shell; then retry.`,
      }
    }
    if (f.execCommand) {
      return {
        kind: 'exec-failed',
        title: `The credential plugin "${f.execCommand}" failed`,
        detail: f.message.trim() || '(it printed nothing on stderr)',
        nextStep: `Run the plugin yourself to see why (kubectl --context ${context} get --raw /version does the same); often you need to log in again.`,
      }
    }
    return {
      kind: 'kubeconfig-malformed',
      title: 'The credentials in the kubeconfig cannot be read',
      detail: f.message,
      nextStep: 'Check the user entry of this context (kubectl config view --minify).',
    }
  }
  if (f.phase === 'timeout' || f.code === 'ETIMEDOUT' || f.code === 'ESOCKETTIMEDOUT') {
    return {
      kind: 'timeout',
      title: `${host} did not answer in time`,
      detail: f.message,
      nextStep:
        'Check that the address is reachable from this machine (a VPN, a firewall, a stopped VM). For minikube: minikube status.',
    }
  }
  const code = f.code ?? ''
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return {
      kind: 'dns',
      title: `The name ${host} does not resolve`,
      detail: f.message,
      nextStep: 'Check the server address in the kubeconfig and your DNS or VPN.',
    }
  }
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return {
      kind: 'connection-refused',
      title: `Nothing answers at ${host}`,
      detail: f.message,
      nextStep: 'Is the cluster running? For minikube: minikube status, then minikube start.',
    }
  }
  if (CA_CODES.has(code)) {
    return {
      kind: 'tls-ca',
      title: "The server's certificate is not signed by the CA this kubeconfig trusts",
      detail: `${f.message} (${code})`,
      nextStep:
        "The cluster's CA changed (minikube delete/start does that) or the kubeconfig points at another server. Refresh the kubeconfig: minikube update-context, or copy the cluster's CA again.",
    }
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return {
      kind: 'tls-hostname',
      title: `The server's certificate is not valid for ${host}`,
      detail: f.message,
      nextStep:
        'Use the address the certificate was issued for, or set tls-server-name in the cluster entry.',
    }
  }
  if (code === 'CERT_HAS_EXPIRED') {
    return {
      kind: 'cert-expired',
      title: "The server's certificate has expired",
      detail: f.message,
      nextStep: "Renew the cluster's certificates (for minikube: minikube start renews them).",
    }
  }
  return {
    kind: 'http',
    title: `The connection to ${host} failed`,
    detail: code ? `${f.message} (${code})` : f.message,
    nextStep: 'Check the server address and that the cluster is running.',
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
        title: 'Your client certificate has expired',
        detail: `It was valid until ${h.clientCertExpiredOn}; the server answered 401 Unauthorized.`,
        nextStep:
          'Get a fresh certificate: for minikube, minikube start renews it; elsewhere ask for new credentials.',
      }
    }
    return {
      kind: 'unauthorized',
      title: 'The server does not accept these credentials (401 Unauthorized)',
      detail: `${serverSays}. Authentication failed: the token or certificate is unknown, expired or revoked.`,
      nextStep: `Renew the credentials of context "${h.context}" (log in again, or regenerate the token).`,
    }
  }
  if (h.status === 403) {
    return {
      kind: 'forbidden',
      title: 'Authenticated, but not allowed (403 Forbidden)',
      detail: serverSays,
      nextStep:
        'RBAC decides this: ask for a Role or ClusterRole binding that grants the verb on this resource.',
    }
  }
  return {
    kind: 'http',
    title: `${h.path} answered ${h.status}${status?.reason ? ` ${status.reason}` : ''}`,
    detail: serverSays,
    nextStep: 'See the request log for the exact request and response.',
  }
}
