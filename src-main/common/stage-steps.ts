// What StagePath (src-renderer/src/components/stages/) draws, computed from a stage verdict
// (request-stages.ts): one mark per stage of the request's path. Pure, so both the lab and the live
// stream can reuse it and test it.
import {
  READ_PATH,
  REQUEST_STAGES,
  WRITE_PATH,
  type StageId,
  type StageVerdict,
} from './request-stages'

/**
 * passed: the response proves the request went through it. refused: it stopped there.
 * dry-run: a dry run stops here on purpose (just before etcd). maybe: the response says it
 * stopped at one of these, not which. unknown: after an unknown stop, nothing can be said.
 * not-reached: after the stage that refused it.
 */
export type StageMark = 'passed' | 'refused' | 'dry-run' | 'maybe' | 'unknown' | 'not-reached'

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
}

const READ_VERBS = new Set(['get', 'list', 'watch'])

/** The read path for get, list and watch (and a verdict that proves a read), else the write path. */
export function pathFor(verdict: StageVerdict | null, verb?: string): readonly StageId[] {
  if (verb !== undefined) return READ_VERBS.has(verb.toLowerCase()) ? READ_PATH : WRITE_PATH
  if (verdict?.stoppedAt === 'storage-read' || verdict?.passed.includes('storage-read'))
    return READ_PATH
  return WRITE_PATH
}

export function stageSteps(verdict: StageVerdict | null, verb?: string): StageStep[] {
  const path = pathFor(verdict, verb)
  const labelOf = (id: StageId) => REQUEST_STAGES.find((s) => s.id === id)?.label ?? id
  return path.map((id, index) => {
    let mark: StageMark = 'not-reached'
    if (verdict) {
      const stopIndex =
        verdict.stoppedAt === 'done'
          ? path.length
          : verdict.stoppedAt === 'unknown'
            ? -1
            : path.indexOf(verdict.stoppedAt)
      if (verdict.passed.includes(id)) mark = 'passed'
      else if (verdict.stoppedAt === 'unknown')
        mark = verdict.candidates.includes(id) ? 'maybe' : 'unknown'
      else if (index === stopIndex) mark = verdict.outcome === 'dry-run' ? 'dry-run' : 'refused'
      else if (index < stopIndex) mark = 'passed'
    }
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

/** One sentence for screen readers and the caption under the path. */
export function stopSentence(verdict: StageVerdict | null, steps: readonly StageStep[]): string {
  if (!verdict) return 'No request sent yet.'
  const refused = steps.find((s) => s.mark === 'refused')
  if (refused) return `Stopped at ${refused.label}.`
  if (steps.some((s) => s.mark === 'dry-run')) return 'Dry run: stopped just before etcd.'
  if (verdict.stoppedAt === 'done') return 'Went through every stage.'
  const maybe = steps.filter((s) => s.mark === 'maybe').map((s) => s.short)
  return maybe.length > 0
    ? `Stopped at one of: ${maybe.join(', ')} (the response does not say which).`
    : 'Where it stopped cannot be told from the response.'
}
