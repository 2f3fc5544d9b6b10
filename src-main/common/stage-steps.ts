// What StagePath (src-renderer/src/ui/stages/) draws, computed from a stage verdict
// (request-stages.ts): one mark per stage, a check only where the verdict proves one. Pure, so the
// lab, the live stream and the walkthroughs share it and tests can read it.
import {
  AGGREGATED_PATH,
  READ_PATH,
  REQUEST_STAGES,
  WRITE_PATH,
  requestPath,
  type StageId,
  type StageVerdict,
} from './request-stages'
import { translate, type Locale } from '@i18n/translate'

/**
 * passed: the verdict proves the request went through it (only what its `passed` lists).
 * refused: it stopped there. dry-run: a dry run stops here on purpose (just before etcd).
 * maybe: the response says it stopped at one of these, not which. unknown: nothing can be said
 * (after an unknown stop, or a stage a success does not prove). not-reached: the request never
 * got there (after the stop, or skipped: a stale update is refused before validation runs).
 * not-applicable: this kind of request has no such stage (a delete's schema validation, a
 * TokenRequest's etcd).
 */
export type StageMark =
  'passed' | 'refused' | 'dry-run' | 'maybe' | 'unknown' | 'not-reached' | 'not-applicable'

export interface StageStep {
  id: StageId
  /** The stage's full name, from the stage model. */
  label: string
  /** A short name that fits a box at 1280x720. */
  short: string
  mark: StageMark
}

const SHORT: Record<StageId, string> = {
  authentication: 'Authentication',
  'flow-control': 'Priority & Fairness',
  authorization: 'Authorization',
  decoding: 'Decoding',
  'mutating-admission': 'Mutating admission',
  'schema-validation': 'Schema validation',
  'validating-admission': 'Validating admission',
  persistence: 'etcd',
  'storage-read': 'Watch cache / etcd',
  aggregation: 'Aggregation layer',
}

// What each mark means, in words, is in the catalogue (i18n/, `mark.*`): StagePath says it in the
// chosen language.

/**
 * The stages this request crosses: the verdict's own path, else the one its verb and resource
 * give; with neither, a verdict that proves a read takes the read path.
 */
export function pathFor(
  verdict: StageVerdict | null,
  verb?: string,
  resource?: string,
  fallback?: readonly StageId[],
): readonly StageId[] {
  if (verdict?.path) return verdict.path
  if (fallback) return fallback
  if (verb !== undefined) return requestPath({ verb, ...(resource ? { resource } : {}) })
  if (verdict?.stoppedAt === 'storage-read' || verdict?.passed.includes('storage-read'))
    return READ_PATH
  return requestPath({ verb: 'create', ...(resource ? { resource } : {}) })
}

/**
 * One box per stage: the read path for a read; for a write every write stage, those the request
 * does not cross marked as not part of it. A stage is drawn as passed only when the verdict's
 * `passed` lists it, never because it lies before the stop.
 */
export function stageSteps(
  verdict: StageVerdict | null,
  verb?: string,
  resource?: string,
  /** The path to draw when the verdict has none (before sending: the one the request will take). */
  fallback?: readonly StageId[],
): StageStep[] {
  const path = pathFor(verdict, verb, resource, fallback)
  // A read, or a non-resource request (which stops short of storage), is drawn on the read path.
  // A request relayed to an aggregated server is drawn on its own path, the relay as last box.
  const boxes = path.includes('decoding')
    ? WRITE_PATH
    : path.includes('aggregation')
      ? AGGREGATED_PATH
      : READ_PATH
  const labelOf = (id: StageId) => REQUEST_STAGES.find((s) => s.id === id)?.label ?? id
  return boxes.map((id) => {
    let mark: StageMark = 'not-reached'
    // Where it stopped comes first: a TokenRequest for a missing ServiceAccount stops at etcd,
    // which its path otherwise leaves out (it reads the account, it stores nothing).
    if (verdict?.stoppedAt === id) mark = verdict.outcome === 'dry-run' ? 'dry-run' : 'refused'
    else if (!path.includes(id)) mark = 'not-applicable'
    else if (!verdict) mark = 'not-reached'
    else if (verdict.passed.includes(id)) mark = 'passed'
    else if (verdict.stoppedAt === 'unknown')
      mark = verdict.candidates.includes(id) ? 'maybe' : 'unknown'
    else if (verdict.stoppedAt === 'done') mark = 'unknown'
    return { id, label: labelOf(id), short: SHORT[id], mark }
  })
}

/** How many stages the travelling request visits: through the passed ones to where it stopped. */
export function travelLength(steps: readonly StageStep[]): number {
  let last = -1
  steps.forEach((step, index) => {
    if (step.mark === 'passed' || step.mark === 'refused' || step.mark === 'dry-run') last = index
  })
  return last + 1
}

/**
 * One sentence for screen readers and the caption under the path, in `locale` (English for the
 * core and its tests; StagePath passes the renderer's, with the steps' names already in it).
 */
export function stopSentence(
  verdict: StageVerdict | null,
  steps: readonly StageStep[],
  locale: Locale = 'en',
): string {
  if (!verdict) return translate(locale, 'stages.noRequest')
  const refused = steps.find((s) => s.mark === 'refused')
  if (refused) return translate(locale, 'stages.stoppedAt', { stage: refused.label })
  if (steps.some((s) => s.mark === 'dry-run')) return translate(locale, 'stages.dryRun')
  if (verdict.stoppedAt === 'done') {
    const unproven = steps.filter((s) => s.mark === 'unknown').map((s) => s.short)
    if (unproven.length > 0)
      return translate(locale, 'stages.unproven', { stages: unproven.join(', ') })
    const outside = steps.filter((s) => s.mark === 'not-applicable').map((s) => s.short)
    return outside.length > 0
      ? translate(locale, 'stages.outside', {
          count: outside.length,
          stages: outside.join(` ${translate(locale, 'stages.and')} `),
        })
      : translate(locale, 'stages.everyStage')
  }
  const maybe = steps.filter((s) => s.mark === 'maybe').map((s) => s.short)
  return maybe.length > 0
    ? translate(locale, 'stages.oneOf', { stages: maybe.join(', ') })
    : translate(locale, 'stages.cannotTell')
}
