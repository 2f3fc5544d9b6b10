// Sends one scenario request and judges it: fill the templates, refuse a write outside the
// walkthrough's namespace, send it as the step's identity (through KubeTransport, so it lands in
// the request log), classify the response with request-stages, compare with the expectation.
// Identities, sending, the watch sample and the shown body are request-as/, shared with the lab.
import { fullResourceOf, parseApiPath } from '@common/api-path'
import { requestCommands, type RequestCommandsInput } from '@common/command-equivalents'
import type { About } from '@common/redaction'
import { commandIdentityOf } from '@common/request-identities'
import { stageOfResponse, type StageVerdict } from '@common/request-stages'
import type { KubeRelease } from '@common/kubectl-releases'
import { decodeContinueToken } from '@common/resource-version'
import { attributeDryRun } from '@common/admission-attribution'
import type {
  AdmissionSummary,
  CheckResult,
  RequestOutcome,
  RequestPreview,
} from '@features/walkthroughs/messages'
import type { ScenarioRequest } from '@features/walkthroughs/common/scenario-format'
import type { AggregatedApis } from './aggregated-apis'
import type { ClusterSession } from '../../core/cluster-session'
import type { AuditStream } from '../../core/audit-bus'
import type { KubeResponse, KubeTransport } from '../../core/kube-transport'
import { attributionRules } from '../../core/request-as/dry-run-attribution'
import { lookupLabAudit } from '../../core/request-as/audit-lookup'
import { IDENTITY_PHRASES, type RequestIdentities } from '../../core/request-as/identities'
import { sendAs } from '../../core/request-as/send-as'
import { hideValues, shownAnswer } from '../../core/request-as/shown-answer'
import {
  answersOtherwise,
  evaluateCheck,
  fillDeep,
  fillTemplate,
  forRelease,
  readValue,
  statusMatches,
  type Observed,
  type Vars,
} from './step-checks'
import { writeIsConfined } from './walkthrough-safety'
import { titleSaid } from '@common/said-error'
import { said, type Said } from '@i18n/translate'

const BODY_LIMIT = 6000

export interface PreparedRequest {
  preview: RequestPreview
  query: Record<string, string>
  /** The body as sent (text), the preview's is the same text pretty-printed. */
  bodyText?: string
}

/** Now as a Kubernetes MicroTime (RFC 3339 with microseconds), for Lease renewTime. */
export function microTimeNow(now = new Date()): string {
  return now.toISOString().replace(/Z$/, '000Z')
}

/** Where the copyable commands send to: the session's server, context and credential kind. */
export type CommandTarget = Omit<
  RequestCommandsInput,
  'identity' | 'method' | 'pathAndQuery' | 'contentType' | 'accept' | 'hasBody'
>

export function commandTargetOf(session: ClusterSession): CommandTarget {
  return {
    context: session.config.context,
    server: session.config.server,
    insecure: session.config.cluster['insecure-skip-tls-verify'] === true,
    authKind: session.transport.authKind,
  }
}

export function prepareRequest(
  req: ScenarioRequest,
  given: Vars,
  target?: CommandTarget,
): PreparedRequest {
  const vars = { now: microTimeNow(), ...given }
  const path = fillTemplate(req.path, vars)
  const query = Object.fromEntries(
    Object.entries(req.query ?? {}).map(([k, v]) => [k, fillTemplate(v, vars)]),
  )
  const search = new URLSearchParams(query).toString()
  const body = req.body === undefined ? undefined : fillDeep(req.body, vars)
  const bodyText =
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  // The preview shows the body as the renderer may: a Secret's values or a token redacted.
  const pretty =
    body === undefined
      ? undefined
      : shownAnswer(
          typeof body === 'string' ? body : JSON.stringify(body, null, 2),
          parseApiPath(path) ?? {},
        ).value
  return {
    preview: {
      method: req.method,
      path,
      url: search ? `${path}?${search}` : path,
      identity: req.identity,
      identityLabel: IDENTITY_PHRASES[req.identity],
      ...(req.contentType ? { contentType: req.contentType } : {}),
      ...(req.accept ? { accept: req.accept } : {}),
      ...(pretty !== undefined ? { body: pretty } : {}),
      ...(req.stream ? { stream: req.stream } : {}),
      writes: req.method !== 'GET',
      ...(target
        ? requestCommands({
            ...target,
            identity: commandIdentityOf(req.identity),
            method: req.method,
            pathAndQuery: search ? `${path}?${search}` : path,
            ...(req.contentType || body !== undefined
              ? { contentType: req.contentType ?? 'application/json' }
              : {}),
            ...(req.accept ? { accept: req.accept } : {}),
            hasBody: body !== undefined,
          })
        : {}),
    },
    query,
    ...(bodyText !== undefined ? { bodyText } : {}),
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * What the renderer sees of an answer: the one shown answer (core/request-as/shown-answer.ts), told what
 * the request addressed, hiding the tokens given (its identities' and any a step saved), laid out
 * as text.
 */
export function displayBody(body: unknown, hidden: readonly string[], about: About = {}): string {
  const value = shownAnswer(body, about, hidden).value
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
}

/** The shown body cut at BODY_LIMIT characters, and how many were left out (said by the renderer). */
function cutBody(text: string): { body: string; bodyMore?: number } {
  return text.length > BODY_LIMIT
    ? { body: text.slice(0, BODY_LIMIT), bodyMore: text.length - BODY_LIMIT }
    : { body: text }
}

/** What a check may show of what was observed: redacted as the body is. */
function shownObserved(observed: Observed, about: About): Observed {
  return {
    status: observed.status,
    body: shownAnswer(observed.body, about).value,
    text: shownAnswer(observed.text, about).value,
    ...(observed.lines ? { lines: observed.lines.map((l) => shownAnswer(l, about).value) } : {}),
  }
}

export interface RequestContext {
  namespace: string
  /** For the copyable commands of each request. */
  commands?: CommandTarget
  identities: RequestIdentities
  vars: Record<string, string>
  /** The server's release: a check soft on some releases (softOn) is hard on the others. */
  server?: KubeRelease | null
  /** Values never shown: saved tokens. */
  secrets: Record<string, string>
  /** The groups an APIService hands to another server: their requests cross the aggregation layer. */
  aggregated?: AggregatedApis
  /** The core's audit stream: a dry-run write's event names the webhooks that were called. */
  audit?: AuditStream
  /** The webhooks of every MutatingWebhookConfiguration, when they can be listed. */
  configuredWebhooks?: () => Promise<string[] | undefined>
}

/** The columns and cells of a Table answer (meta.k8s.io/v1, v1beta1), at most 100 rows. */
function tableOf(body: unknown): RequestOutcome['table'] {
  const t = body as {
    kind?: unknown
    columnDefinitions?: { name?: unknown }[]
    rows?: { cells?: unknown[] }[]
  } | null
  if (!t || t.kind !== 'Table' || !Array.isArray(t.columnDefinitions) || !Array.isArray(t.rows))
    return undefined
  const cell = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v ?? ''))
  return {
    columns: t.columnDefinitions.map((c) => String(c.name ?? '')),
    rows: t.rows.slice(0, 100).map((r) => (r.cells ?? []).map(cell)),
  }
}

/**
 * A successful dry-run create's admission: the webhooks its audit event says were called, and
 * each change attributed by the lab's rules (a webhook's, by name, from those annotations).
 */
async function admissionOf(
  req: ScenarioRequest,
  prepared: PreparedRequest,
  observed: Observed,
  headers: KubeResponse['headers'] | undefined,
  ctx: RequestContext,
): Promise<{ summary: AdmissionSummary; annotations?: Record<string, string> } | undefined> {
  const body = observed.body
  if (req.method !== 'POST' || prepared.query.dryRun !== 'All') return undefined
  if (observed.status < 200 || observed.status >= 300) return undefined
  if (typeof body !== 'object' || body === null || prepared.bodyText === undefined) return undefined
  const flat: Record<string, string> = {}
  for (const [k, v] of Object.entries(headers ?? {}))
    if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : String(v)
  const looked = await lookupLabAudit(ctx.audit, flat)
  const verdict = stageOfResponse({
    method: 'POST',
    status: observed.status,
    body,
    ...(looked.annotations ? { auditAnnotations: looked.annotations } : {}),
  })
  const calls = verdict.details.mutatingWebhooks ?? []
  const configured = await ctx.configuredWebhooks?.()
  const kind = String((body as { kind?: unknown }).kind ?? '')
  const report = attributeDryRun(parse(prepared.bodyText), body, attributionRules(), {
    kind,
    ...(looked.annotations
      ? { mutatingWebhooks: calls.filter((c) => c.mutated).map((c) => c.webhook) }
      : {}),
    ...(configured ? { configuredWebhooks: configured } : {}),
  })
  const state = looked.audit.state
  return {
    summary: admissionSummary(report, calls, state),
    ...(looked.annotations ? { annotations: looked.annotations } : {}),
  }
}

/** What the outcome card shows of a dry run's admission (pure: the report and the calls seen). */
export function admissionSummary(
  report: ReturnType<typeof attributeDryRun>,
  calls: NonNullable<StageVerdict['details']['mutatingWebhooks']>,
  state: string,
): AdmissionSummary {
  return {
    audit: state === 'received' ? 'received' : state === 'off' ? 'off' : 'missing',
    webhooks: calls.map((c) => ({
      configuration: c.configuration,
      webhook: c.webhook,
      mutated: c.mutated,
    })),
    changes: report.entries.map((e) => ({
      path: e.path,
      change: e.change,
      source: e.attribution?.source ?? null,
      by: e.attribution?.by ?? null,
    })),
    note: report.webhookNote,
    ...(report.webhookNoteSaid ? { noteSaid: report.webhookNoteSaid } : {}),
  }
}

/** The status, stage, outcome and field checks of an expectation, or of one of its cases. */
function checksOf(
  expected: Pick<ScenarioRequest['expect'], 'status' | 'stage' | 'outcome' | 'fields' | 'softOn'>,
  observed: Observed,
  verdict: StageVerdict,
  vars: Vars,
  server: KubeRelease | null,
  soft: boolean,
): CheckResult[] {
  const checks: CheckResult[] = []
  if (expected.status !== undefined)
    checks.push({
      label: 'HTTP status',
      expected: Array.isArray(expected.status)
        ? expected.status.join(' or ')
        : String(expected.status),
      observed: String(observed.status),
      ok: statusMatches(expected.status, observed.status),
      soft,
    })
  if (expected.stage) {
    checks.push({
      label: 'stopped at stage',
      expected: expected.stage,
      observed: verdict.stoppedAt,
      ok: verdict.stoppedAt === expected.stage,
      soft,
    })
  }
  if (expected.outcome) {
    checks.push({
      label: 'outcome',
      expected: expected.outcome,
      observed: verdict.outcome,
      ok: verdict.outcome === expected.outcome,
      soft,
    })
  }
  for (const field of expected.fields ?? [])
    if (forRelease(field, server)) checks.push(evaluateCheck(field, observed, vars, server))
  return checks
}

const holds = (checks: CheckResult[]) => checks.every((c) => c.ok || c.soft)

/**
 * The checks of a request's expectation and, when it allows several answers (cases), the index of
 * the one that came: the first whose checks all hold. `caseIndex` given, that case is judged (the
 * redacted answer is judged as the answer was). None holding, the first case's checks are shown.
 */
export function judge(
  req: ScenarioRequest,
  observed: Observed,
  verdict: StageVerdict,
  vars: Vars,
  server: KubeRelease | null,
  caseIndex?: number,
): { checks: CheckResult[]; caseIndex?: number } {
  // Status, stage and outcome are soft on the releases the scenario says answer otherwise.
  const soft = answersOtherwise(server, req.expect.softOn)
  const checks = checksOf(req.expect, observed, verdict, vars, server, soft)
  const cases = req.expect.cases ?? []
  if (!cases.length) return { checks }
  const judged = cases.map((c) => checksOf(c, observed, verdict, vars, server, soft))
  const index = caseIndex ?? judged.findIndex(holds)
  return index < 0
    ? { checks: [...checks, ...(judged[0] ?? [])] }
    : { checks: [...checks, ...(judged[index] ?? [])], caseIndex: index }
}

async function sendOnce(
  req: ScenarioRequest,
  prepared: PreparedRequest,
  transport: KubeTransport,
): Promise<{
  observed: Observed
  statusText: string
  ms: number
  headers?: KubeResponse['headers']
}> {
  if (req.stream) {
    const res = await sendAs(
      transport,
      {
        method: 'GET',
        path: prepared.preview.path,
        query: prepared.query,
        ...(prepared.preview.accept ? { accept: prepared.preview.accept } : {}),
      },
      { maxLines: req.stream.lines, ms: req.stream.ms },
    )
    const lines = (res.watch?.lines ?? []).map((l) => parse(l.text))
    return {
      observed: {
        status: res.status,
        body: lines.length ? lines[0] : parse(res.text),
        text: res.text,
        lines,
      },
      statusText: res.statusText,
      ms: res.ms,
    }
  }
  const res = await sendAs(transport, {
    method: req.method,
    path: prepared.preview.path,
    query: prepared.query,
    ...(prepared.bodyText !== undefined ? { body: prepared.bodyText } : {}),
    ...(req.contentType ? { contentType: req.contentType } : {}),
    ...(req.accept ? { accept: req.accept } : {}),
  })
  return {
    observed: { status: res.status, body: parse(res.text), text: res.text },
    statusText: res.statusText,
    ms: res.ms,
    headers: res.headers,
  }
}

function verbOf(req: ScenarioRequest): string | undefined {
  if (req.stream) return 'watch'
  return { POST: 'create', PUT: 'update', PATCH: 'patch', DELETE: 'delete' }[req.method as 'POST']
}

/** metadata.name of the body about to be sent, if it has one. */
export function bodyNameOf(prepared: PreparedRequest): string | undefined {
  const body = parse(prepared.bodyText ?? '') as { metadata?: { name?: unknown } } | null
  const name = typeof body === 'object' && body !== null ? body.metadata?.name : undefined
  return typeof name === 'string' ? name : undefined
}

/** Sends a request (again until its expectation holds, when it may retry) and judges it. */
export async function runRequest(
  req: ScenarioRequest,
  ctx: RequestContext,
): Promise<RequestOutcome> {
  const vars = { ...ctx.vars, ns: ctx.namespace }
  const prepared = prepareRequest(req, vars, ctx.commands)
  const about: About = parseApiPath(prepared.preview.path) ?? {}
  const failure = (why: Said | string): RequestOutcome => ({
    preview: prepared.preview,
    status: null,
    statusText: '',
    ms: 0,
    verdict: null,
    body: '',
    checks: [],
    ok: false,
    attempts: 0,
    error: typeof why === 'string' ? why : why.text,
    ...(typeof why === 'string' ? {} : { errorSaid: why.as }),
  })
  if (!writeIsConfined(req.method, prepared.preview.path, ctx.namespace, bodyNameOf(prepared))) {
    return failure(
      said('walk.err.outside', {
        method: req.method,
        path: prepared.preview.path,
        namespace: ctx.namespace,
      }),
    )
  }
  const identity = ctx.identities.transportFor(req.identity, {
    namespace: ctx.namespace,
    ...(ctx.secrets.saToken ? { token: ctx.secrets.saToken } : {}),
  })
  if (!identity.ok)
    return failure(
      req.identity === 'service-account' ? said('walk.err.noToken') : titleSaid(identity.error),
    )
  const transport = identity.value

  const deadline = Date.now() + (req.retryMs ?? 0)
  let attempts = 0
  for (;;) {
    attempts++
    let sent: Awaited<ReturnType<typeof sendOnce>>
    try {
      sent = await sendOnce(req, prepared, transport)
    } catch (error) {
      return { ...failure(titleSaid(transport.describe(error))), attempts }
    }
    const { observed } = sent
    const verb = verbOf(req)
    const resource = fullResourceOf(prepared.preview.path)
    const aggregated = (await ctx.aggregated?.isRelayed(prepared.preview.path)) === true
    const admission = await admissionOf(req, prepared, observed, sent.headers, ctx)
    const verdict = stageOfResponse({
      method: req.method,
      ...(verb ? { verb } : {}),
      ...(resource ? { resource } : { nonResource: true }),
      ...(aggregated ? { aggregated: true } : {}),
      ...(admission?.annotations ? { auditAnnotations: admission.annotations } : {}),
      dryRun: prepared.query.dryRun === 'All',
      status: observed.status,
      body: observed.body,
      ...(sent.headers ? { headers: sent.headers } : {}),
    })
    const { checks: judged, caseIndex } = judge(req, observed, verdict, vars, ctx.server ?? null)
    const ok = holds(judged)
    if (!ok && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500))
      continue
    }
    for (const [name, from] of Object.entries(req.save ?? {})) {
      const value = readValue(observed, from)
      if (value === undefined) continue
      const text = typeof value === 'string' ? value : JSON.stringify(value)
      if (from.secret) ctx.secrets[name] = text
      else ctx.vars[name] = text
    }
    // Never shown: the tokens these identities send and every value saved as secret, this one's too.
    const secrets = [...Object.values(ctx.secrets), ...ctx.identities.tokens()]
    // Judged on the answer as it came; what each check observed is shown from the redacted one.
    const shownAnswer = shownObserved(observed, about)
    const shown = judge(req, shownAnswer, verdict, vars, ctx.server ?? null, caseIndex).checks
    const answerCase = caseIndex === undefined ? undefined : req.expect.cases?.[caseIndex]
    const table = tableOf(shownAnswer.body)
    const checks = judged.map((c, i): CheckResult => {
      const seen = shown[i]
      return {
        label: c.label,
        ...(c.labelSaid ? { labelSaid: c.labelSaid } : {}),
        ...(c.labelText ? { labelText: c.labelText } : {}),
        expected: c.expected,
        ...(c.expectedSaid ? { expectedSaid: c.expectedSaid } : {}),
        observed: hideValues(seen?.observed ?? '', secrets),
        ...(seen?.observedSaid ? { observedSaid: seen.observedSaid } : {}),
        ok: c.ok,
        soft: c.soft,
      }
    })
    const meta = (observed.body as { metadata?: { continue?: string } } | null)?.metadata
    const token = typeof meta?.continue === 'string' && meta.continue ? meta.continue : null
    return {
      preview: prepared.preview,
      status: observed.status,
      statusText: sent.statusText,
      ms: sent.ms,
      verdict,
      ...cutBody(displayBody(observed.lines ? observed.text : observed.body, secrets, about)),
      ...(observed.lines
        ? {
            lines: observed.lines.map((l) => {
              const t = displayBody(l, secrets, about).replace(/\s*\n\s*/g, ' ')
              return t.length > 400 ? `${t.slice(0, 397)}…` : t
            }),
          }
        : {}),
      ...(token ? { continueToken: { raw: token, decoded: decodeContinueToken(token) } } : {}),
      checks,
      ...(answerCase ? { answerCase: { id: answerCase.id, says: answerCase.says } } : {}),
      ...(table ? { table } : {}),
      ...(admission ? { admission: admission.summary } : {}),
      ok,
      attempts,
    }
  }
}
