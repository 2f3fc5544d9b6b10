// Request lab (#5): compose a request, send it as one of several identities, see where it stopped.
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'
import type { DryRunDiff } from '@common/admission-attribution'
import type { KubectlLineSaid } from '@common/kubectl-line'
import type { LabAudit } from '@common/request-audit'
import { REQUEST_IDENTITIES, type LabIdentityInfo } from '@common/request-identities'
import type { StageVerdict } from '@common/request-stages'
import type { SaidAs } from '@common/result'
import type { ServerWarning } from '@common/server-warnings'

export type { DryRunDiff, LabAudit, LabIdentityInfo }

export const LAB_VERBS = [
  'get',
  'list',
  'watch',
  'create',
  'update',
  'patch',
  'delete',
  'deletecollection',
] as const
export type LabVerb = (typeof LAB_VERBS)[number]

export const PATCH_TYPES = ['merge', 'json', 'strategic', 'apply'] as const
export type PatchType = (typeof PATCH_TYPES)[number]

/** The Content-Type each patch format must be sent with. */
export const PATCH_CONTENT_TYPES: Record<PatchType, string> = {
  merge: 'application/merge-patch+json',
  json: 'application/json-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
}

/** What the server does with unknown or duplicate fields (`fieldValidation`, 1.25+). */
export const FIELD_VALIDATIONS = ['Strict', 'Warn', 'Ignore'] as const
export type FieldValidation = (typeof FIELD_VALIDATIONS)[number]

const segment = z
  .string()
  .max(253)
  .regex(/^[a-z0-9.-]*$/)
const name = z
  .string()
  .max(253)
  .regex(/^[A-Za-z0-9._:-]*$/, 'lab.schema.name')

/**
 * A path typed by hand, with its query: /readyz?verbose, /metrics, a resource that does not exist.
 * On the API server only (it starts with one slash), no fragment, no spaces, no backslash.
 */
export const rawPathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[^\s#\\]*$/, 'lab.schema.rawPath')

export const labRequestSchema = z
  .object({
    /** Who sends it: the seed's "four answers" (common/request-identities.ts). */
    identity: z.enum(REQUEST_IDENTITIES),
    verb: z.enum(LAB_VERBS),
    /** Sent to this path as typed; group, version, resource and subresource are then not used. */
    rawPath: rawPathSchema.optional(),
    group: segment,
    version: segment.min(1),
    resource: segment.min(1),
    subresource: segment.optional(),
    namespace: segment.optional(),
    /** Any name, including an invalid one: the point may be to see the 422. */
    name: name.optional(),
    /** The body as typed, YAML or JSON. */
    body: z.string().max(1_000_000).optional(),
    bodyFormat: z.enum(['yaml', 'json']).optional(),
    patchType: z.enum(PATCH_TYPES).optional(),
    /** Send this Content-Type instead of the right one, to see a 415. */
    contentTypeOverride: z.string().max(200).optional(),
    dryRun: z.boolean().optional(),
    fieldManager: z.string().max(128).optional(),
    /** Server-side field validation (1.25+): left out, the server's default (Warn) applies. */
    fieldValidation: z.enum(FIELD_VALIDATIONS).optional(),
    /** Server-side apply: take ownership of conflicting fields. */
    force: z.boolean().optional(),
    /** Precondition: update and patch put it in metadata.resourceVersion, delete in preconditions. */
    resourceVersion: z.string().max(64).optional(),
    labelSelector: z.string().max(1024).optional(),
    asTable: z.boolean().optional(),
    /** How long a watch stays open (bounded). */
    watchSeconds: z.number().min(1).max(15).optional(),
  })
  .strict()

export type LabRequestSpec = z.infer<typeof labRequestSchema>

export interface LabWatchEvent {
  type: string
  kind?: string
  name?: string
  resourceVersion?: string
  /** ms after the watch opened. */
  atMs: number
}

export interface LabResult {
  request: {
    verb: LabVerb
    method: string
    /** Path and query, as sent. */
    path: string
    identity: string
    /** The identity's label as a catalogue message, to say it in the person's language. */
    identitySaid?: SaidAs
    contentType?: string
    accept: string
    /** The body as sent (JSON, or YAML for an apply). */
    body?: string
  }
  status: number
  statusText: string
  ms: number
  headers: Record<string, string>
  /** The answer's Warning headers, one by one, redacted (server-warnings.ts). */
  warnings?: ServerWarning[]
  /** Parsed JSON, or text; Secret values and tokens replaced by <redacted>. */
  body: unknown
  redacted: string[]
  /** The answer's length in characters when it was too long to show whole (body is its start). */
  bodyTruncatedFrom?: number
  verdict: StageVerdict
  flow: {
    flowSchema?: { uid: string; name?: string }
    priorityLevel?: { uid: string; name?: string }
    /** Why names could not be resolved, when they could not. */
    note?: string
    /** The same as a catalogue message (its reason is the English of the failure, if any). */
    noteSaid?: SaidAs
  }
  curl: string
  kubectl: string
  /** The kubectl line as its command and its comment's notes, said in the person's language. */
  kubectlSaid?: KubectlLineSaid
  watch?: { events: LabWatchEvent[]; closedAfterMs: number; truncated: boolean }
  /** For a write: what the audit stream said about it (core/audit-bus.ts). */
  audit?: LabAudit
  dryRunDiff?: DryRunDiff
}

export const labSchemas = {
  'lab:identities': z.object({}).strict(),
  'lab:mint-token': z.object({ namespace: segment.min(1).optional() }).strict(),
  'lab:send': labRequestSchema,
} satisfies Record<string, z.ZodType>

export interface LabAnswers {
  'lab:identities': LabIdentityInfo[]
  'lab:mint-token': LabIdentityInfo
  'lab:send': LabResult
}

export const labMethods = {
  'lab:identities': 'labIdentities',
  'lab:mint-token': 'labMintToken',
  'lab:send': 'labSend',
} as const satisfies Record<keyof typeof labSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface LabEvents {}

export const labEventMethods = {} as const satisfies Record<keyof LabEvents, string>
