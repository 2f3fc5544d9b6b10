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
