// What a dry-run answer added or changed, and which part of the API server did it: server-set
// metadata, defaulting at decode, a named admission plugin, a mutating webhook, or values computed
// at creation. The rules are data (src-main/common/data/admission-attribution.json, each citing the
// Kubernetes documentation); this module diffs and matches, and names what no rule explains.
// Pure: the rules are passed in, so it runs in both processes and in unit tests.
import { z } from 'zod'
import { said, type Said } from '@i18n/translate'
import { policiesFor, type MatchedPolicy } from './admission-policy-match'
import type { StageId } from './request-stages'
import { told, type SaidParts } from './said-parts'

export const ATTRIBUTION_SOURCES = [
  'server-metadata',
  'defaulting',
  'admission-plugin',
  'mutating-webhook',
  'mutating-policy',
  'computed',
  'decoding',
] as const
export type AttributionSource = (typeof ATTRIBUTION_SOURCES)[number]

// Each source's name for a person is in the catalogue (i18n/catalogue/attribution.*.ts,
// `attr.source.<source>`); DryRunDiff says it in the chosen language.

const stageIds = [
  'decoding',
  'mutating-admission',
  'schema-validation',
  'validating-admission',
  'persistence',
] as const satisfies readonly StageId[]

const ruleSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    source: z.enum(ATTRIBUTION_SOURCES),
    stage: z.enum(stageIds),
    /** The admission plugin's name, for source admission-plugin. */
    plugin: z.string().optional(),
    /** Kinds the rule applies to; absent: every kind. */
    kinds: z.array(z.string()).optional(),
    /** Path patterns: `spec.containers[*].imagePullPolicy`; a pattern also matches what is under it. */
    paths: z.array(z.string().min(1)),
    changes: z.array(z.enum(['added', 'changed', 'removed'])).optional(),
    /** Field of the value (dotted; `$` for the value itself) -> regular expression its text must match. */
    valueMatch: z.record(z.string(), z.string()).optional(),
    /** Applies only when the returned object carries this annotation (LimitRanger leaves one). */
    requiresAnnotation: z.string().optional(),
    explanation: z.string().min(10),
    doc: z.string().regex(/^https:\/\/kubernetes\.io\//),
  })
  .strict()

export type AttributionRule = z.infer<typeof ruleSchema>

const rulesFileSchema = z.object({ rules: z.array(ruleSchema).min(1) })

/** Checks the rules file once; a malformed file is a bug, so it throws with zod's message. */
export function parseAttributionRules(raw: unknown): AttributionRule[] {
  const rules = rulesFileSchema.parse(raw).rules
  const ids = new Set<string>()
  for (const rule of rules) {
    if (ids.has(rule.id)) throw new Error(`duplicate attribution rule id ${rule.id}`)
    ids.add(rule.id)
    if (rule.source === 'admission-plugin' && !rule.plugin)
      throw new Error(`rule ${rule.id} names no admission plugin`)
  }
  return rules
}

// ---------------------------------------------------------------------------------------------
// The diff: sent against returned, list items matched by name (or key), not by position
// ---------------------------------------------------------------------------------------------

export type ChangeKind = 'added' | 'changed' | 'removed'

export interface DiffEntry {
  /** `spec.containers[c].imagePullPolicy`: list items named by their name, key or index. */
  path: string
  change: ChangeKind
  sent?: unknown
  returned?: unknown
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function itemKey(item: unknown, index: number, field: 'name' | 'key' | null): string {
  if (field && isObject(item) && typeof item[field] === 'string') return item[field]
  return String(index)
}

/** Lists of objects that all carry a name (or a key, like tolerations) are matched by it. */
function keyField(...lists: unknown[][]): 'name' | 'key' | null {
  const items = lists.flat()
  if (items.length === 0) return null
  for (const field of ['name', 'key'] as const) {
    const keys = items.map((i) => (isObject(i) ? i[field] : undefined))
    if (keys.every((k) => typeof k === 'string')) {
      // Unique within each list, or matching by it would pair the wrong items.
      if (lists.every((l) => new Set(l.map((i) => (i as Json)[field])).size === l.length))
        return field
    }
  }
  return null
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function diffInto(out: DiffEntry[], path: string, sent: unknown, returned: unknown): void {
  if (sent === undefined && returned === undefined) return
  if (sent === undefined) {
    // A whole list of named items added (volumes, tolerations): one entry per item, so each can
    // be attributed on its own.
    if (Array.isArray(returned) && returned.length > 0 && returned.every(isObject)) {
      const field = keyField(returned)
      returned.forEach((item, i) =>
        out.push({ path: `${path}[${itemKey(item, i, field)}]`, change: 'added', returned: item }),
      )
      return
    }
    // A whole object added (status, a container's securityContext): one entry per field, so
    // status.phase and status.qosClass are explained apart. Empty objects stay one entry.
    if (isObject(returned) && Object.keys(returned).length > 0) {
      for (const [key, value] of Object.entries(returned))
        diffInto(out, path ? `${path}.${key}` : key, undefined, value)
      return
    }
    out.push({ path, change: 'added', returned })
    return
  }
  if (returned === undefined) {
    out.push({ path, change: 'removed', sent })
    return
  }
  if (isObject(sent) && isObject(returned)) {
    const keys = new Set([...Object.keys(sent), ...Object.keys(returned)])
    for (const key of keys) diffInto(out, path ? `${path}.${key}` : key, sent[key], returned[key])
    return
  }
  if (Array.isArray(sent) && Array.isArray(returned)) {
    const field = keyField(sent, returned)
    const sentByKey = new Map(sent.map((item, i) => [itemKey(item, i, field), item]))
    const seen = new Set<string>()
    returned.forEach((item, i) => {
      const key = itemKey(item, i, field)
      seen.add(key)
      diffInto(out, `${path}[${key}]`, sentByKey.get(key), item)
    })
    for (const [key, item] of sentByKey)
      if (!seen.has(key)) out.push({ path: `${path}[${key}]`, change: 'removed', sent: item })
    return
  }
  if (!sameJson(sent, returned)) out.push({ path, change: 'changed', sent, returned })
}

/** Every addition, change and removal between what was sent and what came back. */
export function diffSentReturned(sent: unknown, returned: unknown): DiffEntry[] {
  const out: DiffEntry[] = []
  diffInto(out, '', sent, returned)
  return out
}

// ---------------------------------------------------------------------------------------------
// Matching rules
// ---------------------------------------------------------------------------------------------

const patternCache = new Map<string, RegExp>()

function patternRegex(pattern: string): RegExp {
  let re = patternCache.get(pattern)
  if (!re) {
    const body = pattern
      .split(/(\[\*\]|\*)/)
      .map((part) =>
        part === '[*]'
          ? String.raw`\[[^\]]*\]`
          : part === '*'
            ? String.raw`[^.\[]+`
            : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')
    // The pattern, or anything under it.
    re = new RegExp(String.raw`^${body}(?:$|[.\[])`)
    patternCache.set(pattern, re)
  }
  return re
}

/** Whether a path matches a rule pattern (exported for the rules' own tests). */
export function pathMatches(pattern: string, path: string): boolean {
  return patternRegex(pattern).test(path)
}

function fieldText(value: unknown, field: string): string | undefined {
  let current: unknown = value
  if (field !== '$') {
    for (const part of field.split('.')) current = isObject(current) ? current[part] : undefined
  }
  if (current === undefined) return undefined
  return typeof current === 'string' ? current : JSON.stringify(current)
}

function annotationsOf(object: unknown): Json {
  const metadata = isObject(object) ? object.metadata : undefined
  const annotations = isObject(metadata) ? metadata.annotations : undefined
  return isObject(annotations) ? annotations : {}
}

function ruleMatches(
  rule: AttributionRule,
  entry: DiffEntry,
  kind: string,
  annotations: Json,
): boolean {
  if (rule.kinds && !rule.kinds.includes(kind)) return false
  if (rule.requiresAnnotation && annotations[rule.requiresAnnotation] === undefined) return false
  if (rule.changes && !rule.changes.includes(entry.change)) return false
  if (!rule.paths.some((p) => pathMatches(p, entry.path))) return false
  const value = entry.change === 'removed' ? entry.sent : entry.returned
  for (const [field, pattern] of Object.entries(rule.valueMatch ?? {})) {
    const text = fieldText(value, field)
    if (text === undefined || !new RegExp(pattern).test(text)) return false
  }
  return true
}

export interface Attribution {
  source: AttributionSource
  stage: StageId
  /** The admission plugin or webhook(s) responsible. */
  by?: string
  explanation: string
  /**
   * The explanation as catalogue messages (sentences joined by a space), so the renderer says it
   * in the person's language: a rule's is `attr.rule.<id>`; `explanation` is their English.
   */
  said?: SaidParts
  doc?: string
  ruleId?: string
}

export interface AttributedEntry extends DiffEntry {
  /** null: no rule explains it. */
  attribution: Attribution | null
}

export interface AttributionContext {
  /** The object's kind, e.g. Pod. */
  kind: string
  /** Mutating webhooks the audit annotations say changed the object; undefined: no audit data. */
  mutatingWebhooks?: string[]
  /** The webhooks of every MutatingWebhookConfiguration on the server, when they could be listed. */
  configuredWebhooks?: string[]
  /**
   * The MutatingAdmissionPolicy bindings that match the request (admission-policy-match.ts);
   * undefined: the server serves no such API, or they could not be listed.
   */
  mutatingPolicies?: MatchedPolicy[]
}

export interface AttributionReport {
  entries: AttributedEntry[]
  /** How many entries each source explains, and how many none does. */
  counts: Record<AttributionSource | 'unattributed', number>
  /** What can be said about webhooks, in a sentence. */
  webhookNote: string
  /** The same as catalogue messages (joined by a space), to say it in the person's language. */
  webhookNoteSaid?: SaidParts
  /** What can be said about MutatingAdmissionPolicies, in a sentence; absent where none is served. */
  policyNote?: string
  policyNoteSaid?: SaidParts
}

/** Sentences of the catalogue as one text: its English, and the parts to say it again. */
const joined = (parts: Said[]): { text: string; said: SaidParts } => told(parts, ' ')

const WEBHOOK_DOC =
  'https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/'

export function attributeDryRun(
  sent: unknown,
  returned: unknown,
  rules: readonly AttributionRule[],
  context: AttributionContext,
): AttributionReport {
  const webhooks = context.mutatingWebhooks
  const annotations = annotationsOf(returned)
  const entries: AttributedEntry[] = diffSentReturned(sent, returned).map((entry) => {
    const rule = rules.find((r) => ruleMatches(r, entry, context.kind, annotations))
    if (rule) {
      return {
        ...entry,
        attribution: {
          source: rule.source,
          stage: rule.stage,
          ...(rule.plugin ? { by: rule.plugin } : {}),
          explanation: rule.explanation,
          said: [{ key: `attr.rule.${rule.id}` }],
          doc: rule.doc,
          ruleId: rule.id,
        },
      }
    }
    // A MutatingAdmissionPolicy leaves no audit annotation: the policies whose bindings match
    // the request are the candidates, narrowed to those whose mutations name the field.
    const policies = policiesFor(entry.path, context.mutatingPolicies ?? [])
    if (policies.length > 0) return { ...entry, attribution: policyAttribution(policies, webhooks) }
    // Only the audit annotations can tie a change to a webhook; without them, say nothing.
    if (webhooks && webhooks.length > 0 && entry.change !== 'removed') {
      const why = joined([
        webhooks.length === 1
          ? said('attr.byWebhook', { webhook: webhooks[0] ?? '' })
          : said('attr.byWebhooks', { webhooks: webhooks.join(', ') }),
      ])
      return {
        ...entry,
        attribution: {
          source: 'mutating-webhook',
          stage: 'mutating-admission',
          by: webhooks.join(', '),
          explanation: why.text,
          said: why.said,
          doc: WEBHOOK_DOC,
        },
      }
    }
    return { ...entry, attribution: null }
  })
  const counts = Object.fromEntries(
    [...ATTRIBUTION_SOURCES, 'unattributed'].map((s) => [s, 0]),
  ) as AttributionReport['counts']
  for (const e of entries) counts[e.attribution?.source ?? 'unattributed'] += 1
  const policyNote = mutatingPolicyNote(context.mutatingPolicies)
  const webhook = joined(webhookNote(webhooks, context.configuredWebhooks))
  return {
    entries,
    counts,
    webhookNote: webhook.text,
    webhookNoteSaid: webhook.said,
    ...(policyNote ? { policyNote: policyNote.text, policyNoteSaid: policyNote.said } : {}),
  }
}

const POLICY_DOC =
  'https://kubernetes.io/docs/reference/access-authn-authz/mutating-admission-policy/'

const named = (m: MatchedPolicy) =>
  said('attr.policyBinding', { policy: m.policy, binding: m.binding })

/** `a, b, c`, each a message said in the list's language. */
const listOf = (items: Said[]): Said | string =>
  items.reduce<Said | string>(
    (list, item, i) => (i === 0 ? item : said('attr.listMore', { list, item })),
    '',
  )

function policyAttribution(policies: MatchedPolicy[], webhooks: string[] | undefined): Attribution {
  const mutators = webhooks ?? []
  const names = [...policies.map((m) => m.policy), ...mutators]
  const only = policies[0]
  const main =
    names.length === 1 && only
      ? said('attr.byPolicy', { policy: named(only) })
      : mutators.length > 0
        ? said('attr.byPoliciesAndWebhooks', {
            policies: listOf(policies.map(named)),
            webhooks: mutators.join(', '),
          })
        : said('attr.byPolicies', { policies: listOf(policies.map(named)) })
  const why = joined([
    main,
    ...(policies.some((m) => m.conditional) ? [said('attr.conditional')] : []),
  ])
  return {
    source: 'mutating-policy',
    stage: 'mutating-admission',
    by: names.join(', '),
    explanation: why.text,
    said: why.said,
    doc: POLICY_DOC,
  }
}

function mutatingPolicyNote(
  matched: MatchedPolicy[] | undefined,
): { text: string; said: SaidParts } | undefined {
  if (matched === undefined) return undefined
  if (matched.length === 0) return joined([said('attr.policyNoteNone')])
  return joined([said('attr.policyNote', { policies: listOf(matched.map(named)) })])
}

function webhookNote(audited: string[] | undefined, configured: string[] | undefined): Said[] {
  if (audited !== undefined) {
    return audited.length === 0
      ? [said('attr.webhooksNone')]
      : [said('attr.webhooksAudited', { webhooks: audited.join(', ') })]
  }
  if (configured !== undefined && configured.length === 0) return [said('attr.webhooksNoConfig')]
  return [
    said('attr.webhooksUnknown'),
    ...(configured && configured.length > 0
      ? [said('attr.webhooksConfigured', { webhooks: configured.join(', ') })]
      : []),
  ]
}

/** A dry run's diff as the lab and the walkthroughs show it: the report and the two bodies' sizes. */
export type DryRunDiff = AttributionReport & {
  kind: string
  sentLines: number
  returnedLines: number
  /** The body as typed (YAML or JSON). */
  sentText: string
}
