// Sends one request composed in the lab: any of the eight verbs on any discovered resource or
// subresource, as one of the lab's identities, and reads back everything the response says:
// status, Status object, headers, the stage where it stopped, the APF flow schema and priority
// level by name, the equivalent commands, a watch's first events, and a dry run's attributed diff.
// Identities, sending, the watch sample and the shown body are request-as/, shared with the
// walkthroughs.
import { METHOD_OF_VERB } from '@common/verb-methods'
import { parse as parseYaml, stringify } from 'yaml'
import type { DiscoveredResource } from '@common/kube-types'
import {
  PATCH_CONTENT_TYPES,
  type LabRequestSpec,
  type LabResult,
  type LabVerb,
  type LabWatchEvent,
} from '@features/lab/messages'
import { addressesCredentials, redact, REDACTED, type About } from '@common/redaction'
import { fullResourceOf, parseApiPath } from '@common/api-path'
import { releaseOf } from '@common/kubectl-releases'
import { POLICY_FAILURE_ANNOTATION, stageOfResponse } from '@common/request-stages'
import { formatWarning, parseWarningHeader, shownWarnings } from '@common/server-warnings'
import { fail, ok, type Result, type UiError } from '@common/result'
import { said, type Said } from '@i18n/translate'
import type { ClusterSession } from '../../core/cluster-session'
import type { KubeRequest, KubeResponse, KubeTransport } from '../../core/kube-transport'
import type { RequestLog } from '../../core/request-log'
import type { AuditStream } from '../../core/audit-bus'
import {
  configuredMutatingWebhooks,
  dryRunDiff,
  matchingMutatingPolicies,
} from '../../core/request-as/dry-run-attribution'
import { lookupLabAudit } from '../../core/request-as/audit-lookup'
import { resolveFlowNames } from './flow-names'
import { labIdentitiesOf } from '../../core/request-as/identities'
import { sendAs, type WatchSample } from '../../core/request-as/send-as'
import { shownAnswer } from '../../core/request-as/shown-answer'
import { labCurl, labKubectl, labKubectlSaid } from './lab-equivalents'

/** A watch sample shows its first events; one more says there were more. */
const MAX_WATCH_EVENTS = 25
/** A list of every Event in a big cluster can weigh megabytes: beyond this, show its start. */
const MAX_BODY_CHARS = 2_000_000

const NEEDS_NAME = new Set<LabVerb>(['get', 'update', 'patch', 'delete'])
const WRITES = new Set<LabVerb>(['create', 'update', 'patch', 'delete', 'deletecollection'])
/** Table first, in the version current servers prefer, then the older one, then plain JSON. */
const TABLE_ACCEPT =
  'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** What the lab cannot send, as catalogue messages; a detail given as text is a tool's own. */
const badInput = (title: Said, detail: Said | string, nextStep: Said): UiError => ({
  kind: 'bad-request',
  title: title.text,
  detail: typeof detail === 'string' ? detail : detail.text,
  nextStep: nextStep.text,
  said: {
    title: title.as,
    ...(typeof detail === 'string' ? {} : { detail: [detail.as] }),
    nextStep: nextStep.as,
  },
})

function findResource(
  resources: DiscoveredResource[],
  spec: LabRequestSpec,
): Result<DiscoveredResource> {
  const found = resources.find(
    (r) => r.group === spec.group && r.version === spec.version && r.name === spec.resource,
  )
  if (!found) {
    const gv = spec.group ? `${spec.group}/${spec.version}` : spec.version
    return fail(
      badInput(
        said('lab.err.notServed', { resource: spec.resource, groupVersion: gv }),
        said('lab.err.notServedDetail'),
        said('lab.err.notServedNext'),
      ),
    )
  }
  if (spec.subresource && !found.subresources.includes(spec.subresource)) {
    return fail(
      badInput(
        said('lab.err.noSubresource', {
          resource: spec.resource,
          subresource: spec.subresource,
        }),
        found.subresources.length > 0
          ? said('lab.err.subresourcesListed', { list: found.subresources.join(', ') })
          : said('lab.err.noSubresourceListed'),
        said('lab.err.noSubresourceNext'),
      ),
    )
  }
  return ok(found)
}

function pathOf(spec: LabRequestSpec, resource: DiscoveredResource): Result<string> {
  const needsName = NEEDS_NAME.has(spec.verb) || (spec.subresource && spec.verb !== 'watch')
  if (needsName && !spec.name) {
    return fail(
      badInput(
        spec.subresource
          ? said('lab.err.needsNameOf', { verb: spec.verb, subresource: spec.subresource })
          : said('lab.err.needsName', { verb: spec.verb }),
        said('lab.err.needsNameDetail'),
        said('lab.err.needsNameNext'),
      ),
    )
  }
  if (resource.namespaced && !spec.namespace && !['list', 'watch'].includes(spec.verb)) {
    return fail(
      badInput(
        said('lab.err.needsNamespace', { resource: spec.resource }),
        said('lab.err.needsNamespaceDetail'),
        said('lab.err.needsNamespaceNext'),
      ),
    )
  }
  const base = spec.group ? `/apis/${spec.group}/${spec.version}` : `/api/${spec.version}`
  const ns =
    resource.namespaced && spec.namespace ? `/namespaces/${encodeURIComponent(spec.namespace)}` : ''
  // A watch of one object is a watch of the collection filtered by name.
  const name = needsName && spec.name ? `/${encodeURIComponent(spec.name)}` : ''
  const sub = spec.subresource && name ? `/${spec.subresource}` : ''
  return ok(`${base}${ns}/${spec.resource}${name}${sub}`)
}

interface Target {
  /** Path (and, typed by hand, its query). */
  path: string
  /** What decides the stages it crosses: its resource, or that it names none. */
  stages: { resource: string } | { nonResource: true } | Record<string, never>
}

/** Where the request goes: a resource picked from discovery, or a path typed by hand. */
async function targetOf(session: ClusterSession, spec: LabRequestSpec): Promise<Result<Target>> {
  if (spec.rawPath !== undefined) {
    // Typed by hand, as the chapter does with curl: sent as is, even where nothing is served
    // (the 404 is the point). What it names decides its stages: /metrics names no resource.
    const parts = parseApiPath(spec.rawPath)
    const resource = fullResourceOf(spec.rawPath)
    return ok({
      path: spec.rawPath,
      stages: parts && resource ? { resource } : { nonResource: true },
    })
  }
  const discovery = await session.getDiscovery()
  if (!discovery.ok) return discovery
  const resource = findResource(discovery.value.resources, spec)
  if (!resource.ok) return resource
  const path = pathOf(spec, resource.value)
  if (!path.ok) return path
  return ok({
    path: path.value,
    stages: { resource: spec.subresource ? `${spec.resource}/${spec.subresource}` : spec.resource },
  })
}

/** The body as the user typed it, parsed; JSON that does not parse is sent as typed (to see the 400). */
function parsedBody(spec: LabRequestSpec): Result<{ value?: unknown; raw?: string }> {
  const text = spec.body?.trim()
  if (!text) return ok({})
  if (spec.bodyFormat === 'json') {
    try {
      return ok({ value: JSON.parse(text) as unknown })
    } catch {
      return ok({ raw: text })
    }
  }
  try {
    // A repeated key is the server's to judge, as with JSON (field validation warns about it).
    return ok({ value: parseYaml(text, { uniqueKeys: false }) as unknown })
  } catch (error) {
    return fail(
      badInput(
        said('lab.err.badYaml'),
        (error as Error).message.split('\n')[0] ?? '',
        said('lab.err.badYamlNext'),
      ),
    )
  }
}

function withResourceVersion(value: unknown, resourceVersion: string): unknown {
  if (!isObject(value)) return value
  const metadata = isObject(value.metadata) ? value.metadata : {}
  return { ...value, metadata: { ...metadata, resourceVersion } }
}

interface Outgoing {
  body?: string
  contentType?: string
  rightContentType?: string
  /** What was sent, as an object, for the dry-run diff. */
  sentObject?: unknown
}

function outgoing(spec: LabRequestSpec, parsed: { value?: unknown; raw?: string }): Outgoing {
  const rv = spec.resourceVersion?.trim()
  if (spec.verb === 'delete' || spec.verb === 'deletecollection') {
    if (!rv || spec.verb === 'deletecollection') return {}
    const options = {
      apiVersion: 'v1',
      kind: 'DeleteOptions',
      preconditions: { resourceVersion: rv },
    }
    return {
      body: JSON.stringify(options),
      contentType: spec.contentTypeOverride || 'application/json',
      rightContentType: 'application/json',
    }
  }
  if (!WRITES.has(spec.verb)) return {}
  const right =
    spec.verb === 'patch' ? PATCH_CONTENT_TYPES[spec.patchType ?? 'merge'] : 'application/json'
  const contentType = spec.contentTypeOverride?.trim() || right
  if (parsed.raw !== undefined) return { body: parsed.raw, contentType, rightContentType: right }
  let value = parsed.value
  if (value === undefined) return { contentType, rightContentType: right }
  if (rv) {
    value =
      spec.verb === 'patch' && spec.patchType === 'json' && Array.isArray(value)
        ? [...value, { op: 'test', path: '/metadata/resourceVersion', value: rv }]
        : withResourceVersion(value, rv)
  }
  const apply = spec.verb === 'patch' && spec.patchType === 'apply'
  // JSON, and an apply's YAML, go as typed unless a precondition went in: their repeated keys
  // reach the server, whose field validation warns about them (a parsed copy keeps the last only).
  const typed = (spec.bodyFormat === 'json' || apply) && !rv ? spec.body?.trim() : undefined
  const body = typed ?? (apply ? stringify(value) : JSON.stringify(value))
  return { body, contentType, rightContentType: right, sentObject: value }
}

function queryOf(spec: LabRequestSpec): KubeRequest['query'] {
  const write = WRITES.has(spec.verb)
  const collection = ['list', 'watch', 'deletecollection'].includes(spec.verb)
  return {
    dryRun: write && spec.dryRun ? 'All' : undefined,
    fieldManager:
      spec.fieldManager && ['create', 'update', 'patch'].includes(spec.verb)
        ? spec.fieldManager
        : undefined,
    force: spec.verb === 'patch' && spec.patchType === 'apply' && spec.force ? true : undefined,
    fieldValidation:
      spec.fieldValidation && ['create', 'update', 'patch'].includes(spec.verb)
        ? spec.fieldValidation
        : undefined,
    labelSelector: collection && spec.labelSelector ? spec.labelSelector : undefined,
    fieldSelector: spec.verb === 'watch' && spec.name ? `metadata.name=${spec.name}` : undefined,
    watch: spec.verb === 'watch' ? true : undefined,
    // The server ends the watch too, should the lab's own timer fail.
    timeoutSeconds: spec.verb === 'watch' ? Math.ceil((spec.watchSeconds ?? 4) + 2) : undefined,
  }
}

function flatHeaders(headers: KubeResponse['headers']): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return out
}

function shownBody(body: unknown, length: number): Pick<LabResult, 'body' | 'bodyTruncatedFrom'> {
  if (length <= MAX_BODY_CHARS) return { body }
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 1)
  return { body: text.slice(0, MAX_BODY_CHARS), bodyTruncatedFrom: length }
}

function parseResponseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** Sends one lab request; a Result error only when it could not be sent (bad input, no answer). */
export async function sendLabRequest(
  session: ClusterSession,
  spec: LabRequestSpec,
  log: RequestLog,
  /** The core's audit stream: a write waits (bounded) for its own event when a source runs. */
  auditStream?: AuditStream,
): Promise<Result<LabResult>> {
  const identities = labIdentitiesOf(session, log)
  const transportResult = identities.transportFor(spec.identity, {
    ...(spec.namespace ? { namespace: spec.namespace } : {}),
  })
  if (!transportResult.ok) return transportResult
  const transport: KubeTransport = transportResult.value
  const target = await targetOf(session, spec)
  if (!target.ok) return target
  const parsed = parsedBody(spec)
  if (!parsed.ok) return parsed
  const out = outgoing(spec, parsed.value)
  const method = METHOD_OF_VERB[spec.verb]
  const accept = spec.asTable ? TABLE_ACCEPT : 'application/json'
  const request: KubeRequest = {
    method,
    path: target.value.path,
    query: queryOf(spec),
    accept,
    ...(out.body !== undefined ? { body: out.body } : {}),
    ...(out.contentType && out.body !== undefined ? { contentType: out.contentType } : {}),
    timeoutMs: 20_000,
  }
  const url = transport.urlFor(request.path, request.query)

  let status: number, statusText: string, ms: number, headers: Record<string, string>, text: string
  let watch: LabResult['watch']
  try {
    const res = await sendAs(
      transport,
      request,
      spec.verb === 'watch'
        ? { maxLines: MAX_WATCH_EVENTS + 1, ms: (spec.watchSeconds ?? 4) * 1000 }
        : undefined,
    )
    ;({ status, statusText, ms, text } = res)
    headers = flatHeaders(res.headers)
    if (res.watch) watch = watchEventsOf(res.watch)
  } catch (error) {
    return fail(transport.describe(error))
  }

  const rawBody = text === '' ? null : parseResponseBody(text)
  // What the renderer sees of the answer and of the body sent, judged by what was addressed.
  const about: About = parseApiPath(target.value.path) ?? {}
  const warnings = shownWarnings(parseWarningHeader(headers.warning), about)
  if (headers.warning !== undefined) headers.warning = warnings.map(formatWarning).join(', ')
  const hidden = identities.tokens()
  const redaction = shownAnswer(rawBody, about, hidden)
  const sentShown = out.body === undefined ? undefined : shownAnswer(out.body, about, hidden).value
  const dryRun = WRITES.has(spec.verb) && spec.dryRun === true
  // Only writes go through admission; the wait is spent where annotations can say something.
  const audited = WRITES.has(spec.verb) ? await lookupLabAudit(auditStream, headers) : undefined
  const verdict = stageOfResponse({
    method,
    verb: spec.verb,
    ...target.value.stages,
    dryRun,
    status,
    body: rawBody,
    headers,
    ...(audited?.annotations
      ? { auditAnnotations: shownAnnotations(audited.annotations, about) }
      : {}),
  })
  const webhookCalls = verdict.details.mutatingWebhooks ?? []
  const audit = audited && {
    ...audited.audit,
    ...(audited.annotations ? { mutatingWebhooks: webhookCalls } : {}),
  }
  const flow = await resolveFlowNames(
    session,
    verdict.details.flowSchemaUid,
    verdict.details.priorityLevelUid,
    spec.verb,
  )
  const who = identities.info(spec.identity)
  const equivalents = {
    spec,
    method,
    url,
    context: session.config.context,
    server: session.config.server,
    insecure: session.config.cluster['insecure-skip-tls-verify'] === true,
    kubeconfigAuth: session.transport.authKind,
    accept,
    hasBody: out.body !== undefined,
    ...(out.body !== undefined && out.contentType ? { contentType: out.contentType } : {}),
    ...(out.rightContentType ? { rightContentType: out.rightContentType } : {}),
    release: releaseOf(session.info.version),
  }
  const attributable =
    dryRun &&
    status >= 200 &&
    status < 300 &&
    (spec.verb === 'create' ||
      spec.verb === 'update' ||
      (spec.verb === 'patch' && spec.patchType === 'apply')) &&
    isObject(rawBody) &&
    out.sentObject !== undefined
  const configured = attributable ? await configuredMutatingWebhooks(session) : undefined
  const parts = parseApiPath(target.value.path)
  const policies =
    attributable && parts?.resource
      ? await matchingMutatingPolicies(
          session,
          {
            group: parts.group,
            version: parts.version,
            resource: parts.resource,
            ...(parts.subresource ? { subresource: parts.subresource } : {}),
            ...(parts.namespace ? { namespace: parts.namespace } : {}),
            ...(spec.name ? { name: spec.name } : {}),
            // A server-side apply creates when nothing is stored, else updates.
            operations:
              spec.verb === 'create'
                ? ['CREATE']
                : spec.verb === 'update'
                  ? ['UPDATE']
                  : ['CREATE', 'UPDATE'],
          },
          out.sentObject,
        )
      : undefined
  const pathAndQuery = new URL(url).pathname + new URL(url).search
  return ok({
    request: {
      verb: spec.verb,
      method,
      path: pathAndQuery,
      identity: who.label,
      ...(who.said ? { identitySaid: who.said.label } : {}),
      ...(out.body !== undefined && out.contentType ? { contentType: out.contentType } : {}),
      accept,
      ...(sentShown !== undefined ? { body: sentShown } : {}),
    },
    status,
    statusText,
    ms,
    headers,
    warnings,
    ...shownBody(redaction.value, text.length),
    redacted: redaction.redacted,
    verdict: redact(verdict).value,
    flow,
    curl: labCurl(equivalents),
    kubectl: labKubectl(equivalents),
    kubectlSaid: labKubectlSaid(equivalents),
    ...(watch ? { watch } : {}),
    ...(audit ? { audit } : {}),
    // Attribution reads the real answer; only what reaches the renderer is redacted.
    ...(attributable
      ? {
          dryRunDiff: shownDiff(
            dryRunDiff(
              out.sentObject,
              rawBody,
              spec.body,
              {
                ...(configured ? { configured } : {}),
                ...(audit?.state === 'received'
                  ? { audited: webhookCalls.filter((c) => c.mutated).map((c) => c.webhook) }
                  : {}),
              },
              policies,
            ),
            about,
            [...redact(out.sentObject, about).redacted, ...redaction.redacted],
          ),
        }
      : {}),
  })
}

/** A watch sample as the lab lists it: each event's type, object and when it came. */
function watchEventsOf(sample: WatchSample): NonNullable<LabResult['watch']> {
  return {
    events: sample.lines.slice(0, MAX_WATCH_EVENTS).map((l) => eventOf(l.text, l.atMs)),
    closedAfterMs: sample.closedAfterMs,
    truncated: sample.lines.length > MAX_WATCH_EVENTS,
  }
}

function eventOf(line: string, atMs: number): LabWatchEvent {
  try {
    const parsed = JSON.parse(line) as {
      type?: string
      object?: { kind?: string; metadata?: { name?: string; resourceVersion?: string } }
    }
    return {
      type: parsed.type ?? '?',
      atMs,
      ...(parsed.object?.kind ? { kind: parsed.object.kind } : {}),
      ...(parsed.object?.metadata?.name ? { name: parsed.object.metadata.name } : {}),
      ...(parsed.object?.metadata?.resourceVersion
        ? { resourceVersion: parsed.object.metadata.resourceVersion }
        : {}),
    }
  } catch {
    return { type: 'unreadable line', atMs }
  }
}

/**
 * The audit annotations the verdict may read: about Secrets and tokens, without a policy's
 * validation_failure, whose message (a messageExpression) can quote the object; its Warning is
 * withheld likewise (ADR 0013). A denial still names the policy, from its Status.
 */
function shownAnnotations(
  annotations: Readonly<Record<string, string>>,
  about: About,
): Record<string, string> {
  if (!addressesCredentials(about)) return { ...annotations }
  const { [POLICY_FAILURE_ANNOTATION]: _withheld, ...rest } = annotations
  return rest
}

/** A JSON Pointer as the diff writes paths: keys joined by dots (`/data/k` is `data.k`). */
const dotted = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.')

/**
 * The diff as the renderer may see it: an entry at or under a field the redaction replaced in what
 * was sent or returned shows no value, nor one holding such a field; every value is redacted too.
 */
function shownDiff(
  diff: NonNullable<LabResult['dryRunDiff']>,
  about: About,
  redactedPointers: string[],
): NonNullable<LabResult['dryRunDiff']> {
  const hidden = redactedPointers.map(dotted).filter(Boolean)
  const covered = (path: string) =>
    hidden.some(
      (h) =>
        path === h ||
        path.startsWith(`${h}.`) ||
        path.startsWith(`${h}[`) ||
        h.startsWith(`${path}.`),
    )
  return {
    ...diff,
    sentText: redact(diff.sentText, about).value,
    entries: diff.entries.map((e) => {
      const hide = covered(e.path)
      const shown = (v: unknown) => (hide ? REDACTED : redact(v).value)
      return {
        ...e,
        ...(e.sent !== undefined ? { sent: shown(e.sent) } : {}),
        ...(e.returned !== undefined ? { returned: shown(e.returned) } : {}),
      }
    }),
  }
}
