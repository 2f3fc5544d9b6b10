// Who the API server takes us for. SelfSubjectReview answers that exactly where it is served
// (authentication.k8s.io: alpha 1.26, beta 1.27, GA 1.28), the request `kubectl auth whoami` sends;
// its extra fields (credential id, a bound token's Pod and Node) come back as the server set them.
// Older servers cannot say, so Apiscope derives an identity from
// the credential it sends (certificate subject, ServiceAccount token claims) and labels it so.
// Ref: https://kubernetes.io/docs/reference/access-authn-authz/authentication/#self-subject-review
import type { X509Certificate } from 'node:crypto'
import type { AccessRules, DiscoveredResource, Identity } from '@common/kube-types'
import { whoamiCommand } from '@common/identity-extra'
import { ok, type Result } from '@common/result'
import { said, type Said } from '@i18n/translate'
import type { KubeTransport } from './kube-transport'

/** An identity's method and notes, in English and as catalogue messages. */
function words(
  method: Said,
  notes: Said[],
): Pick<Identity, 'method' | 'methodSaid' | 'notes' | 'notesSaid'> {
  return {
    method: method.text,
    methodSaid: method.as,
    notes: notes.map((n) => n.text),
    notesSaid: notes.map((n) => n.as),
  }
}

/** CN becomes the user name, each O a group (x509 client-certificate authentication). */
export function identityFromCertificateSubject(subject: string): Identity {
  const fields = subject.split('\n').map((line) => {
    const eq = line.indexOf('=')
    return [line.slice(0, eq).trim(), line.slice(eq + 1).trim()] as const
  })
  const cn = fields.find(([k]) => k === 'CN')?.[1] ?? ''
  const orgs = fields.filter(([k]) => k === 'O').map(([, v]) => v)
  return {
    username: cn,
    groups: [...orgs, 'system:authenticated'],
    extra: {},
    source: 'derived',
    ...words(said('id.method.cert'), [
      said('id.note.subject', { subject: fields.map(([k, v]) => `${k}=${v}`).join(', ') }),
      ...(orgs.includes('system:masters') ? [said('id.note.masters')] : []),
    ]),
  }
}

export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1]) return null
  try {
    const json = Buffer.from(parts[1].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
      'utf8',
    )
    const claims = JSON.parse(json) as unknown
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** ServiceAccount tokens name their account in `sub`; other JWTs depend on the server's OIDC flags. */
export function identityFromToken(token: string): Identity {
  const claims = decodeJwtClaims(token)
  const sub = typeof claims?.sub === 'string' ? claims.sub : ''
  const sa = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(sub)
  if (sa) {
    return {
      username: sub,
      groups: ['system:serviceaccounts', `system:serviceaccounts:${sa[1]}`, 'system:authenticated'],
      extra: {},
      source: 'derived',
      ...words(said('id.method.saToken'), [
        claims?.iss === undefined || claims.iss === null
          ? said('id.note.issuerUnknown')
          : said('id.note.issuer', { issuer: String(claims.iss) }),
        ...(typeof claims?.exp === 'number'
          ? [said('id.note.expires', { date: new Date(claims.exp * 1000).toISOString() })]
          : []),
      ]),
    }
  }
  if (claims) {
    const name = String(claims.email ?? claims.preferred_username ?? sub ?? '')
    return {
      ...(name ? { username: name } : unknownUser()),
      groups: Array.isArray(claims.groups) ? claims.groups.map(String) : [],
      extra: {},
      source: 'derived',
      ...words(said('id.method.oidc'), [said('id.note.oidc')]),
    }
  }
  return {
    ...unknownUser(),
    groups: [],
    extra: {},
    source: 'derived',
    ...words(said('id.method.opaque'), [said('id.note.opaque')]),
  }
}

/** A username Apiscope puts where the credential names none, in English and as a message. */
function placeholderUser(name: Said): Pick<Identity, 'username' | 'usernameSaid'> {
  return { username: name.text, usernameSaid: name.as }
}

/** `(unknown)`: a token whose claims name nobody, or one Apiscope cannot read. */
function unknownUser(): Pick<Identity, 'username' | 'usernameSaid'> {
  return placeholderUser(said('id.user.unknown'))
}

const REVIEW_VERSIONS = ['v1', 'v1beta1', 'v1alpha1']

export async function fetchIdentity(
  transport: KubeTransport,
  resources: DiscoveredResource[],
): Promise<Result<Identity>> {
  const served = REVIEW_VERSIONS.find((v) =>
    resources.some(
      (r) =>
        r.group === 'authentication.k8s.io' && r.version === v && r.name === 'selfsubjectreviews',
    ),
  )
  if (served) {
    const res = await transport.json<{
      status?: {
        userInfo?: {
          username?: string
          uid?: string
          groups?: string[]
          extra?: Record<string, string[]>
        }
      }
    }>({
      method: 'POST',
      path: `/apis/authentication.k8s.io/${served}/selfsubjectreviews`,
      body: { apiVersion: `authentication.k8s.io/${served}`, kind: 'SelfSubjectReview' },
    })
    if (!res.ok) return res
    const u = res.value.status?.userInfo ?? {}
    return ok({
      username: u.username ?? '',
      ...(u.uid ? { uid: u.uid } : {}),
      groups: u.groups ?? [],
      extra: u.extra ?? {},
      source: 'server',
      method: `SelfSubjectReview authentication.k8s.io/${served}`,
      command: whoamiCommand(served, transport.config.context),
      notes: [],
    })
  }
  const unserved = said('id.note.unserved')
  let derived: Identity
  const cert: X509Certificate | null = await transport.clientCertificate().catch(() => null)
  const token = await transport.bearerToken().catch(() => null)
  if (cert) derived = identityFromCertificateSubject(cert.subject)
  else if (token) derived = identityFromToken(token)
  else if (transport.authKind === 'basic') {
    derived = {
      ...placeholderUser(said('id.user.basic')),
      groups: ['system:authenticated'],
      extra: {},
      source: 'derived',
      ...words(said('id.method.basic'), []),
    }
  } else {
    derived = {
      username: 'system:anonymous',
      groups: ['system:unauthenticated'],
      extra: {},
      source: 'derived',
      ...words(said('id.method.anonymous'), []),
    }
  }
  return ok({
    ...derived,
    notes: [unserved.text, ...derived.notes],
    notesSaid: [unserved.as, ...(derived.notesSaid ?? [])],
  })
}

export async function fetchAccessRules(
  transport: KubeTransport,
  namespace: string,
): Promise<Result<AccessRules>> {
  const res = await transport.json<{
    status?: {
      resourceRules?: {
        verbs?: string[]
        apiGroups?: string[]
        resources?: string[]
        resourceNames?: string[]
      }[]
      nonResourceRules?: { verbs?: string[]; nonResourceURLs?: string[] }[]
      incomplete?: boolean
      evaluationError?: string
    }
  }>({
    method: 'POST',
    path: '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews',
    body: {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectRulesReview',
      spec: { namespace },
    },
  })
  if (!res.ok) return res
  const s = res.value.status ?? {}
  return ok({
    namespace,
    resourceRules: (s.resourceRules ?? []).map((r) => ({
      verbs: r.verbs ?? [],
      apiGroups: r.apiGroups ?? [],
      resources: r.resources ?? [],
      resourceNames: r.resourceNames ?? [],
    })),
    nonResourceRules: (s.nonResourceRules ?? []).map((r) => ({
      verbs: r.verbs ?? [],
      nonResourceURLs: r.nonResourceURLs ?? [],
    })),
    incomplete: s.incomplete ?? false,
    ...(s.evaluationError ? { evaluationError: s.evaluationError } : {}),
  })
}
