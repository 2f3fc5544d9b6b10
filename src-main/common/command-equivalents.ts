// The curl and kubectl commands that send the same request as Apiscope did. Credentials are never
// spelled out: they become shell variables ($CA, $CERT, $KEY, $TOKEN) the reader fills in.
import type { AuthKind } from './kube-types'

export interface EquivalentInput {
  method: string
  url: string
  context: string
  authKind: AuthKind
  insecure: boolean
  contentType?: string
  accept?: string
  hasBody: boolean
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

export function curlEquivalent(i: EquivalentInput): string {
  const parts = ['curl', '-sS']
  if (i.method !== 'GET') parts.push('-X', i.method)
  // Plain http (kubectl proxy) has no TLS to verify.
  if (i.url.startsWith('https:')) parts.push(i.insecure ? '-k' : '--cacert "$CA"')
  switch (i.authKind) {
    case 'client-certificate':
      parts.push('--cert "$CERT"', '--key "$KEY"')
      break
    case 'token':
    case 'token-file':
    case 'exec':
    case 'auth-provider':
      parts.push('-H "Authorization: Bearer $TOKEN"')
      break
    case 'basic':
      parts.push('-u "$USER:$PASSWORD"')
      break
    case 'none':
      break
  }
  if (i.accept) parts.push('-H', shellQuote(`Accept: ${i.accept}`))
  if (i.contentType) parts.push('-H', shellQuote(`Content-Type: ${i.contentType}`))
  if (i.hasBody) parts.push('--data-binary @body.json')
  parts.push(shellQuote(i.url))
  return parts.join(' ')
}

export function kubectlEquivalent(i: EquivalentInput): string {
  let pathAndQuery: string
  try {
    const u = new URL(i.url)
    pathAndQuery = u.pathname + u.search
  } catch {
    pathAndQuery = i.url
  }
  const ctx = `--context ${shellQuote(i.context)}`
  const raw = shellQuote(pathAndQuery)
  switch (i.method) {
    case 'GET':
      return `kubectl ${ctx} get --raw ${raw}`
    case 'POST':
      return `kubectl ${ctx} create --raw ${raw} -f body.json`
    case 'PUT':
      return `kubectl ${ctx} replace --raw ${raw} -f body.json`
    case 'DELETE':
      return `kubectl ${ctx} delete --raw ${raw}`
    default:
      return `# kubectl has no --raw form for ${i.method}; use the curl command`
  }
}

/** Quotes for the shell only when needed, so everyday commands stay readable. */
export const quoteIfNeeded = (s: string): string =>
  /^[A-Za-z0-9_./:=,@%+-]+$/.test(s) ? s : shellQuote(s)

/** Who kubectl sends as: the kubeconfig's context, or no kubeconfig at all (and a $TOKEN). */
export interface KubectlIdentity {
  identity: 'kubeconfig' | 'anonymous' | 'token'
  context: string
  server: string
  insecure: boolean
}

export function kubectlBase(i: KubectlIdentity): string {
  if (i.identity === 'kubeconfig') return `kubectl --context ${quoteIfNeeded(i.context)}`
  const tls = i.server.startsWith('https:')
    ? i.insecure
      ? ' --insecure-skip-tls-verify'
      : ' --certificate-authority "$CA"'
    : ''
  const token = i.identity === 'anonymous' ? '' : ' --token "$TOKEN"'
  return `kubectl --kubeconfig /dev/null --server ${quoteIfNeeded(i.server)}${tls}${token}`
}

/**
 * `kubectl get --raw` and its siblings (create, replace, delete): the same method on the same path
 * and query, in every kubectl release; null for a PATCH, which has no --raw form.
 */
export function kubectlRaw(base: string, method: string, pathAndQuery: string): string | null {
  const path = quoteIfNeeded(pathAndQuery)
  switch (method.toUpperCase()) {
    case 'GET':
      return `${base} get --raw ${path}`
    case 'POST':
      return `${base} create --raw ${path} -f body.json`
    case 'PUT':
      return `${base} replace --raw ${path} -f body.json`
    case 'DELETE':
      return `${base} delete --raw ${path}`
    default:
      return null
  }
}

/** What a request's copyable lines are made of, the credentials left as shell variables. */
export interface RequestCommandsInput extends KubectlIdentity {
  method: string
  /** Path and query, as sent. */
  pathAndQuery: string
  /** The kubeconfig user's credential kind, for the curl line of the kubeconfig identity. */
  authKind: AuthKind
  contentType?: string
  accept?: string
  hasBody: boolean
}

/** A curl line, and a kubectl --raw line (or why there is none), for any request. */
export function requestCommands(i: RequestCommandsInput): { curl: string; kubectl: string } {
  const url = `${i.server.replace(/\/+$/, '')}${i.pathAndQuery}`
  const curl = curlEquivalent({
    method: i.method,
    url,
    context: i.context,
    authKind:
      i.identity === 'kubeconfig' ? i.authKind : i.identity === 'anonymous' ? 'none' : 'token',
    insecure: i.insecure,
    ...(i.contentType ? { contentType: i.contentType } : {}),
    ...(i.accept ? { accept: i.accept } : {}),
    hasBody: i.hasBody,
  })
  const kubectl =
    kubectlRaw(kubectlBase(i), i.method, i.pathAndQuery) ??
    `# no kubectl command sends this: kubectl has no --raw form for ${i.method}; the curl line does`
  return { curl, kubectl }
}
