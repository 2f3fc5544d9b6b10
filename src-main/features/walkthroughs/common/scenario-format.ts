// The format of a guided walkthrough (a scenario): data, not code. Each step names the requests to
// send, the view to look at, a narration in English and French, and the outcome to expect. The
// core's runner (src-main/features/walkthroughs/) interprets it; both processes read the types.
import { z } from 'zod'
import { REQUEST_IDENTITIES } from '@common/request-identities'
import { VIEWS } from '@common/views'

/** Views a step can point at: every view of the app (common/views.ts). */
export const SCENARIO_VIEWS = VIEWS

const text = z.object({ en: z.string().min(1), fr: z.string().min(1) }).strict()

const release = z.string().regex(/^1\.\d+$/)
/**
 * Where servers genuinely do something else (not a mere difference of answer, which softOn
 * covers): a request or check sent and judged only from `sinceRelease` on, or only before
 * `beforeRelease`. A server of unknown release counts as a recent one.
 */
const releases = {
  sinceRelease: release.optional(),
  beforeRelease: release.optional(),
}

/**
 * Strings in paths, queries and bodies may hold `{{ns}}` (the walkthrough's namespace) and
 * `{{var}}` (a value an earlier request saved).
 */
const template = z.string().max(4000)

/** Where a value is read from a response: a JSON Pointer into the body, or a regex on a text body. */
const source = z
  .object({
    pointer: z.string().startsWith('/').optional(),
    /** The first capture group of the first match; on text bodies (/metrics, /readyz). */
    regex: z.string().optional(),
    /** The Nth line of a watch stream (0-based) instead of the whole body; with pointer. */
    line: z.number().int().nonnegative().optional(),
    /** When nothing matches (a counter that does not exist yet counts 0). */
    default: z.string().optional(),
  })
  .strict()
export type ValueSource = z.infer<typeof source>

const check = source
  .extend({
    equals: z.unknown().optional(),
    notEquals: z.unknown().optional(),
    exists: z.boolean().optional(),
    contains: z.string().optional(),
    /** Numeric: greater than this number or `{{var}}`. */
    greaterThan: z.union([z.number(), z.string()]).optional(),
    /** Array length at least this. */
    minItems: z.number().int().nonnegative().optional(),
    /** What the check shows, in both languages, e.g. "the data after the merge patch". */
    label: text.optional(),
    /**
     * A soft check's difference is shown but does not fail the step: for what the test harness
     * cannot provide (a node agent), never for a difference between releases (softOn).
     */
    soft: z.boolean().optional(),
    /**
     * The releases (`1.20`) on which the real server was seen to answer otherwise: there the
     * check is soft, on every other release hard.
     */
    softOn: z.array(z.string().regex(/^1\.\d+$/)).optional(),
    ...releases,
  })
  .strict()
export type FieldCheck = z.infer<typeof check>

const status = z.union([z.number().int(), z.array(z.number().int())])

/**
 * One of the answers a server may truthfully give, depending on its state rather than its release
 * (a young API server still holds the history an older one has dropped): what to check, and what
 * to tell the audience when this is the answer that came.
 */
const answerCase = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    says: text,
    status: status.optional(),
    outcome: z.string().optional(),
    fields: z.array(check).optional(),
  })
  .strict()

export const requestSchema = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: template,
    query: z.record(z.string(), template).optional(),
    body: z.unknown().optional(),
    contentType: z.string().optional(),
    accept: z.string().optional(),
    /** Who sends it (common/request-identities.ts): the kubeconfig's user unless said. */
    identity: z.enum(REQUEST_IDENTITIES).default('kubeconfig'),
    /** A watch: keep the stream open and read this many lines, or until `streamMs` passes. */
    stream: z
      .object({ lines: z.number().int().positive(), ms: z.number().int().positive() })
      .strict()
      .optional(),
    /** Values to keep for later requests, by name. */
    save: z
      .record(z.string(), source.extend({ secret: z.boolean().optional() }).strict())
      .optional(),
    /** Send again until the expectation holds (controllers take time), up to this long. */
    retryMs: z.number().int().positive().max(60_000).optional(),
    ...releases,
    expect: z
      .object({
        /** Required unless every case names its own. */
        status: status.optional(),
        /** request-stages' stoppedAt: 'done', 'authentication', 'persistence'... */
        stage: z.string().optional(),
        outcome: z.string().optional(),
        fields: z.array(check).optional(),
        /**
         * The releases on which the real server was seen to answer otherwise (no such API yet):
         * there status, stage and outcome are soft, as a field check's softOn makes it.
         */
        softOn: z.array(z.string().regex(/^1\.\d+$/)).optional(),
        /**
         * The answer is one of these (checked after the fields above): the first whose checks
         * all hold is the one that came, and its `says` is shown; none holding is a failure.
         */
        cases: z.array(answerCase).min(2).optional(),
      })
      .strict()
      .refine((e) => e.status !== undefined || e.cases?.every((c) => c.status !== undefined), {
        message: 'expect.status is required unless every case has its own',
      }),
  })
  .strict()
export type ScenarioRequest = z.infer<typeof requestSchema>

/** A watch started through the app's watch engine, so the Watches view draws it. */
const watchAction = z
  .object({
    resource: z.string(),
    group: z.string().default(''),
    version: z.string().default('v1'),
    fieldSelector: template.optional(),
    labelSelector: template.optional(),
    /** A watch only reads, so it may look outside the walkthrough's namespace (kube-node-lease). */
    namespace: template.default('{{ns}}'),
  })
  .strict()

const stepSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    title: text,
    narration: text,
    view: z.enum(SCENARIO_VIEWS),
    /** What to look at in that view, in words. */
    highlight: text.optional(),
    requests: z.array(requestSchema).default([]),
    startWatch: watchAction.optional(),
    /** After the requests: the watch started earlier delivered these event types for that name. */
    expectWatchEvents: z
      .object({ name: template, types: z.array(z.string()), withinMs: z.number().optional() })
      .strict()
      .optional(),
  })
  .strict()
export type ScenarioStep = z.infer<typeof stepSchema>

export const scenarioSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** Its place in the course: "seed 000, section 3". */
    source: z.string(),
    order: z.number(),
    title: text,
    summary: text,
    steps: z.array(stepSchema).min(1),
  })
  .strict()
export type Scenario = z.infer<typeof scenarioSchema>

export type Language = 'en' | 'fr'
