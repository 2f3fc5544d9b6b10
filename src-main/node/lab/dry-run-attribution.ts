// The dry-run diff of the lab: what was sent against what a dryRun=All create, update or apply
// returned, each change attributed by the rules in src-main/common/data/admission-attribution.json.
import { stringify } from 'yaml'
import {
  attributeDryRun,
  parseAttributionRules,
  type AttributionRule,
} from '@common/admission-attribution'
import type { LabResult } from '@common/messages/lab'
import rulesFile from '@common/data/admission-attribution.json'

let rules: AttributionRule[] | null = null

export function attributionRules(): AttributionRule[] {
  rules ??= parseAttributionRules(rulesFile)
  return rules
}

const lines = (value: unknown) => stringify(value).trimEnd().split('\n').length

export function dryRunDiff(
  sent: unknown,
  returned: unknown,
  /** Lines of the body as typed; counted from the parsed object when absent. */
  sentLines?: number,
  mutatingWebhooks?: string[],
): NonNullable<LabResult['dryRunDiff']> {
  const kind =
    typeof returned === 'object' && returned !== null && 'kind' in returned
      ? String((returned as { kind: unknown }).kind)
      : ''
  const report = attributeDryRun(sent, returned, attributionRules(), {
    kind,
    ...(mutatingWebhooks ? { mutatingWebhooks } : {}),
  })
  return { ...report, kind, sentLines: sentLines ?? lines(sent), returnedLines: lines(returned) }
}
