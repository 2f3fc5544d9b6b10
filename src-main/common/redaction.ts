// What never reaches the renderer, an export or a recording in clear: Secret values (data,
// stringData) and a Secret's last-applied-configuration annotation (it holds the same values),
// the token a TokenRequest returns, bearer tokens and JWTs (ServiceAccount tokens are JWTs),
// private keys and certificates (PEM, or base64 of PEM as kubeconfigs hold them), and the request
// and response bodies of audit events about Secrets and tokens. Pure: no Node, no DOM.

export const REDACTED = '<redacted>'

/** The rules, in words: a recording's header lists them. */
export const REDACTION_RULES = [
  'Secret data and stringData values',
  'Secret last-applied-configuration annotation',
  'TokenRequest status.token',
  'bearer tokens and JWTs (ServiceAccount tokens)',
  'PEM private keys and certificates, also base64-encoded (client keys and certificates)',
  'fields named token, password, client-key-data, client-certificate-data',
  'audit request and response bodies for secrets and serviceaccounts/token',
]

type Obj = Record<string, unknown>

const pointer = (...tokens: string[]) =>
  tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')

function isSecret(obj: Obj): boolean {
  return obj.kind === 'Secret' && (obj.apiVersion === 'v1' || obj.apiVersion === undefined)
}

function isTokenRequest(obj: Obj): boolean {
  return obj.kind === 'TokenRequest' && String(obj.apiVersion ?? '').startsWith('authentication.')
}

/** A copy with secret values replaced, and the list of JSON Pointers that were redacted. */
export function redactObject<T>(value: T): { value: T; redacted: string[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { value, redacted: [] }
  const obj = value as Obj
  const redacted: string[] = []
  if (isTokenRequest(obj)) {
    const status = obj.status as Obj | undefined
    if (status && typeof status.token === 'string') {
      redacted.push('/status/token')
      return { value: { ...obj, status: { ...status, token: REDACTED } } as T, redacted }
    }
    return { value, redacted }
  }
  if (!isSecret(obj)) return { value, redacted: [] }
  const copy: Obj = { ...obj }
  for (const field of ['data', 'stringData']) {
    const map = obj[field]
    if (map && typeof map === 'object') {
      const masked: Record<string, string> = {}
      for (const key of Object.keys(map)) {
        masked[key] = REDACTED
        redacted.push(pointer(field, key))
      }
      copy[field] = masked
    }
  }
  const metadata = obj.metadata as Obj | undefined
  const annotations = metadata?.annotations as Record<string, string> | undefined
  const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration'
  if (annotations?.[lastApplied] !== undefined) {
    copy.metadata = { ...metadata, annotations: { ...annotations, [lastApplied]: REDACTED } }
    redacted.push(pointer('metadata', 'annotations', lastApplied))
  }
  return { value: copy as T, redacted }
}

const SENSITIVE_KEYS = new Set([
  'token',
  'password',
  'client-key-data',
  'client-certificate-data',
  'id-token',
  'refresh-token',
  'bearerToken',
])

const PATTERNS: [RegExp, string][] = [
  [/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?(-----END \1-----|$)/g, REDACTED],
  // "-----BEGIN" in base64, as kubeconfig *-data fields hold PEM.
  [/LS0tLS1CRUdJT[A-Za-z0-9+/=]{16,}/g, REDACTED],
  [/eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/(\bBearer\s+)(?!\$)[A-Za-z0-9._~+/=-]{8,}/gi, `$1${REDACTED}`],
]

/** Text with tokens, JWTs and PEM blocks replaced. */
export function scrubText(text: string): string {
  let out = text
  for (const [re, by] of PATTERNS) out = out.replace(re, by)
  return out
}

const SECRET_RESOURCES = new Set(['secrets', 'tokenreviews', 'tokenrequests'])

/** An audit event about a Secret or a token: its bodies go, whatever shape they have. */
function isSensitiveAudit(obj: Obj): boolean {
  const ref = obj.objectRef as Obj | undefined
  if (!ref || (obj.requestObject === undefined && obj.responseObject === undefined)) return false
  return SECRET_RESOURCES.has(String(ref.resource)) || ref.subresource === 'token'
}

/**
 * Redacts anything anywhere in a value (a pushed event, a recorded line, an export): every
 * Secret or TokenRequest object inside it, sensitive fields, and tokens or keys inside strings.
 */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T
  if (!value || typeof value !== 'object' || depth > 64) return value
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1)) as T
  let obj = redactObject(value as Obj).value
  if (isSensitiveAudit(obj)) {
    obj = { ...obj }
    for (const body of ['requestObject', 'responseObject']) {
      if (obj[body] === undefined) continue
      const inner = obj[body] as Obj
      obj[body] =
        inner && typeof inner === 'object' && (isSecret(inner) || isTokenRequest(inner))
          ? redactObject(inner).value
          : REDACTED
    }
  }
  const out: Obj = {}
  for (const [k, v] of Object.entries(obj)) {
    out[k] =
      SENSITIVE_KEYS.has(k) && typeof v === 'string' && v !== ''
        ? REDACTED
        : redactDeep(v, depth + 1)
  }
  return out as T
}

/**
 * Presenter mode's "hide identifiers": server URLs, IP addresses and the given user names
 * replaced in shown text, so a screen share does not reveal where the cluster lives or who uses it.
 */
export function maskIdentifiers(text: string, userNames: readonly string[] = []): string {
  let out = text
    .replace(/\bhttps?:\/\/[^\s"'<>/]+/g, (m) => `${m.split('//')[0]}//server`)
    .replace(/\[[0-9a-fA-F:]{3,}\](:\d+)?/g, '‹ip›')
    .replace(/\b(?:\d{1,3}\.){3}\d{1,3}(:\d+)?\b/g, '‹ip›')
  for (const name of userNames) {
    if (name.length >= 3) out = out.split(name).join('‹user›')
  }
  return out
}
