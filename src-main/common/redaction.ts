// The one redaction of the app: every path that shows an API answer or body (the request lab, the
// walkthrough steps, the what-if apply, the request log, live-traffic details, the event
// inspector, recordings and exports) passes what it shows through redact() in the core, before it
// crosses to the renderer or to a file.
//
// It decides from what the request addressed (group, resource, subresource) as well as from each
// object's kind, because the items of a real list carry no kind, a Table's rows hold metadata only,
// and a patch is no object at all: `secrets` (one, a list, a Table of them, a watch event of one, a
// patch or manifest sent to them), the TokenRequest of `serviceaccounts/token` and `tokenreviews`,
// request and response alike. Then, anywhere inside the value: Secrets and TokenRequests found by
// kind, fields named like credentials, and bearer tokens, JWTs and PEM keys and certificates inside
// strings. Audit events are read through their objectRef. Pure: no Node, no DOM.
import { parseAllDocuments, stringify as stringifyYaml } from 'yaml'
import { POLICY_FAILURE_ANNOTATION as POLICY_FAILURE } from './request-stages'

export const REDACTED = '<redacted>'

/** The rules, in words: a recording's header lists them. */
export const REDACTION_RULES = [
  'Secret data and stringData values',
  'Secret last-applied-configuration annotation',
  'Secrets known by what the request addressed (secrets: their lists, Tables, watch events, patches), not only by kind',
  'JSON patch values sent to secrets, except under metadata (labels, name, resourceVersion)',
  'TokenRequest status.token',
  'TokenReview spec.token',
  'bearer tokens and JWTs (ServiceAccount tokens)',
  'PEM private keys and certificates, also base64-encoded (client keys and certificates)',
  'fields named token, password, bearerToken, id-token, refresh-token, client-key-data, client-certificate-data',
  'audit events about secrets, serviceaccounts/token and tokenreviews: the request body whole, the response body as above, a ValidatingAdmissionPolicy validation_failure annotation (its message may quote the object)',
  'request bodies about secrets or tokens that cannot be read: replaced whole',
  'Warning headers about secrets or tokens, except field validation’s unknown and duplicate field warnings: their text replaced whole',
]

/**
 * What a request addressed, as discovery names it; `group` '' is the core group. An ObjectRef, a
 * lab spec and api-path's parseApiPath() of the path sent all are one.
 */
export interface About {
  group?: string
  resource?: string
  subresource?: string
}

type Obj = Record<string, unknown>

/** Which credential an address holds, if any (in any group: over-redacting a look-alike is free). */
type Sensitive = 'secret' | 'token-request' | 'token-review' | null

function sensitivity(about: About | undefined): Sensitive {
  if (!about?.resource) return null
  if (about.resource === 'secrets' && !about.subresource) return 'secret'
  if (about.resource === 'serviceaccounts' && about.subresource === 'token') return 'token-request'
  if (about.resource === 'tokenreviews') return 'token-review'
  return null
}

/** Whether what was addressed holds credentials (Secrets, TokenRequests, TokenReviews). */
export const addressesCredentials = (about: About | undefined): boolean =>
  sensitivity(about) !== null

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

const pointer = (tokens: readonly string[]) =>
  tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')

const coreV1 = (obj: Obj) => obj.apiVersion === 'v1' || obj.apiVersion === undefined

/** What an object is, from its kind or, when its kind says nothing, from what was addressed. */
function credentialOf(obj: Obj, about: Sensitive, listItem: string | null): Sensitive {
  if (obj.kind === 'Secret' && coreV1(obj)) return 'secret'
  const authn = obj.apiVersion === undefined || String(obj.apiVersion).startsWith('authentication.')
  if (obj.kind === 'TokenRequest' && authn) return 'token-request'
  if (obj.kind === 'TokenReview' && authn) return 'token-review'
  if (obj.kind === undefined && listItem === 'Secret') return 'secret'
  // A Table row's object is a PartialObjectMetadata: its annotations still hold last-applied.
  const anonymous = obj.kind === undefined || obj.kind === 'PartialObjectMetadata'
  if (about === 'secret' && (anonymous || obj.kind === 'Secret')) return 'secret'
  if (about === 'token-request' && (anonymous || obj.kind === 'TokenRequest'))
    return 'token-request'
  if (about === 'token-review' && (anonymous || obj.kind === 'TokenReview')) return 'token-review'
  return null
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

/** Text with tokens, JWTs and PEM blocks replaced (redact() applies it to every string). */
export function scrubText(text: string): string {
  let out = text
  for (const [re, by] of PATTERNS) out = out.replace(re, by)
  return out
}

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration'
const MAX_DEPTH = 64
const MANIFEST = /^kind:\s*\S/m

class Walk {
  readonly redacted: string[] = []

  mark(path: readonly string[]): typeof REDACTED {
    this.redacted.push(pointer(path))
    return REDACTED
  }

  value(
    v: unknown,
    path: string[],
    about: Sensitive,
    depth: number,
    listItem: string | null = null,
  ): unknown {
    if (typeof v === 'string') {
      const scrubbed = scrubText(v)
      // Already redacted (a recording's object, read again) counts too: the same pointers come back.
      if (scrubbed !== v || v.includes(REDACTED)) this.redacted.push(pointer(path))
      return scrubbed
    }
    if (typeof v !== 'object' || v === null || depth > MAX_DEPTH) return v
    if (Array.isArray(v)) {
      if (about === 'secret' && isJsonPatch(v)) return this.jsonPatch(v, path, depth)
      return v.map((item, i) => this.value(item, [...path, String(i)], null, depth + 1))
    }
    return this.object(v as Obj, path, about, depth, listItem)
  }

  /** A JSON patch of a Secret: the values it writes, but under metadata (not its annotations). */
  private jsonPatch(ops: Obj[], path: string[], depth: number): unknown[] {
    return ops.map((op, i) => {
      const at = [...path, String(i)]
      const target = typeof op.path === 'string' ? op.path : ''
      const keeps = target.startsWith('/metadata/') && !target.startsWith('/metadata/annotations')
      const copy: Obj = {}
      for (const [k, v] of Object.entries(op)) {
        copy[k] =
          k === 'value' && !keeps && v !== undefined
            ? this.mark([...at, k])
            : this.value(v, [...at, k], null, depth + 2)
      }
      return copy
    })
  }

  private object(
    obj: Obj,
    path: string[],
    about: Sensitive,
    depth: number,
    listItem: string | null,
  ): Obj {
    const copy: Obj = { ...obj }
    const done = new Set<string>()
    const child = (key: string, as: Sensitive, item: string | null = null) => {
      copy[key] = this.value(obj[key], [...path, key], as, depth + 1, item)
      done.add(key)
    }
    if (isAuditEvent(obj)) {
      const ref = obj.objectRef as Obj
      const addressed = sensitivity({
        group: String(ref.apiGroup ?? ''),
        resource: String(ref.resource),
        ...(typeof ref.subresource === 'string' ? { subresource: ref.subresource } : {}),
      })
      for (const body of ['requestObject', 'responseObject']) {
        if (obj[body] === undefined) continue
        // What a client sent to a Secret or a token can be any patch format: it goes whole.
        if (addressed && body === 'requestObject') {
          copy[body] = this.mark([...path, body])
          done.add(body)
        } else if (addressed && !isObj(obj[body])) {
          copy[body] = this.mark([...path, body])
          done.add(body)
        } else child(body, addressed)
      }
      // A policy's messageExpression can quote the object it judged (seen on 1.37.2 with a
      // Secret's value): about a Secret or a token, that annotation goes whole.
      const annotations = obj.annotations
      if (addressed && isObj(annotations) && POLICY_FAILURE in annotations) {
        copy.annotations = {
          ...annotations,
          [POLICY_FAILURE]: this.mark([...path, 'annotations', POLICY_FAILURE]),
        }
        done.add('annotations')
      }
    } else if (isWatchEvent(obj)) {
      child('object', about)
    } else if (
      Array.isArray(obj.items) &&
      (about !== null || String(obj.kind ?? '').endsWith('List'))
    ) {
      const kind = String(obj.kind ?? '')
      const item = kind.endsWith('List') && coreV1(obj) ? kind.slice(0, -4) : null
      const items = obj.items as unknown[]
      copy.items = items.map((v, i) =>
        this.value(v, [...path, 'items', String(i)], about, depth + 2, item),
      )
      done.add('items')
    } else if (obj.kind === 'Table' && Array.isArray(obj.rows)) {
      copy.rows = (obj.rows as unknown[]).map((row, i) => {
        const at = [...path, 'rows', String(i)]
        if (!isObj(row)) return this.value(row, at, null, depth + 2)
        const out: Obj = {}
        for (const [k, v] of Object.entries(row))
          out[k] = this.value(v, [...at, k], k === 'object' ? about : null, depth + 3)
        return out
      })
      done.add('rows')
    } else {
      this.credential(obj, copy, path, credentialOf(obj, about, listItem))
    }
    for (const [key, v] of Object.entries(copy)) {
      if (done.has(key)) continue
      copy[key] =
        SENSITIVE_KEYS.has(key) && typeof v === 'string' && v !== '' && v !== REDACTED
          ? this.mark([...path, key])
          : this.value(v, [...path, key], null, depth + 1)
    }
    return copy
  }

  /** A Secret's values and last-applied annotation, a TokenRequest's or TokenReview's token. */
  private credential(obj: Obj, copy: Obj, path: string[], what: Sensitive): void {
    if (what === 'secret') {
      for (const field of ['data', 'stringData']) {
        const map = obj[field]
        if (!isObj(map)) continue
        const masked: Obj = {}
        for (const key of Object.keys(map)) masked[key] = this.mark([...path, field, key])
        copy[field] = masked
      }
      const metadata = obj.metadata
      const annotations = isObj(metadata) ? metadata.annotations : undefined
      if (isObj(metadata) && isObj(annotations) && annotations[LAST_APPLIED] !== undefined) {
        const mark = this.mark([...path, 'metadata', 'annotations', LAST_APPLIED])
        copy.metadata = { ...metadata, annotations: { ...annotations, [LAST_APPLIED]: mark } }
      }
    } else if (what === 'token-request' || what === 'token-review') {
      const field = what === 'token-request' ? 'status' : 'spec'
      const inner = obj[field]
      if (isObj(inner) && typeof inner.token === 'string') {
        copy[field] = { ...inner, token: this.mark([...path, field, 'token']) }
      }
    }
  }

  /** A body as text (JSON, or YAML of one or more documents): read, redacted, written back. */
  text(text: string, about: About): string {
    const what = sensitivity(about)
    if (text.trim() === '') return text
    const trimmed = text.trimStart()
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        const parsed = JSON.parse(text) as unknown
        const shown = this.value(parsed, [], what, 0)
        if (JSON.stringify(shown) === JSON.stringify(parsed)) return text
        return JSON.stringify(shown, null, text.includes('\n') ? 2 : undefined)
      } catch {
        // Not JSON after all: YAML is a superset; tried below.
      }
    }
    // YAML is read when it is about a credential or names a kind (a manifest), not any text (logs).
    const yaml = what !== null || MANIFEST.test(text)
    const docs = yaml
      ? parseAllDocuments(text).map((d) => (d.errors.length ? undefined : d.toJS()))
      : []
    const readable = docs.length > 0 && docs.every((d) => typeof d === 'object' && d !== null)
    if (!readable) {
      if (what) return this.mark([])
      const scrubbed = scrubText(text)
      if (scrubbed !== text) this.redacted.push('')
      return scrubbed
    }
    const shown = docs.map((d, i) => this.value(d, docs.length > 1 ? [String(i)] : [], what, 0))
    if (JSON.stringify(shown) === JSON.stringify(docs)) return text
    return shown.map((doc) => stringifyYaml(doc)).join('---\n')
  }
}

function isJsonPatch(v: unknown[]): v is Obj[] {
  return v.length > 0 && v.every((op) => isObj(op) && typeof op.op === 'string')
}

/**
 * An audit event (audit.k8s.io Event), or anything shaped like one: an objectRef and bodies, or
 * an objectRef and annotations (a Metadata-level event, which can still quote an object).
 */
function isAuditEvent(obj: Obj): boolean {
  return (
    isObj(obj.objectRef) &&
    typeof obj.objectRef.resource === 'string' &&
    (obj.requestObject !== undefined ||
      obj.responseObject !== undefined ||
      (typeof obj.auditID === 'string' && isObj(obj.annotations)))
  )
}

const WATCH_TYPES = new Set(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR'])

function isWatchEvent(obj: Obj): boolean {
  const keys = Object.keys(obj)
  return (
    keys.length === 2 &&
    typeof obj.type === 'string' &&
    WATCH_TYPES.has(obj.type) &&
    isObj(obj.object)
  )
}

/**
 * A copy of `value` safe to show, and the JSON Pointers (into the value, or into the text's
 * document) of what was replaced by REDACTED. `about` is what the request addressed: give it for
 * an API answer or a body sent, even `{}` when unknown, and a string is then read as the body's
 * text (JSON or YAML); without it, a value is judged by the kinds and strings it holds.
 */
export function redact<T>(value: T, about?: About): { value: T; redacted: string[] } {
  const walk = new Walk()
  const shown =
    typeof value === 'string' && about
      ? walk.text(value, about)
      : walk.value(value, [], sensitivity(about), 0)
  // A field a rule redacts may be met again by the scrubbing that follows: listed once.
  return { value: shown as T, redacted: [...new Set(walk.redacted)] }
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
