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
import type { ClusterSession } from '../cluster-session'

let rules: AttributionRule[] | null = null

export function attributionRules(): AttributionRule[] {
  rules ??= parseAttributionRules(rulesFile)
  return rules
}

const lines = (value: unknown) => stringify(value).trimEnd().split('\n').length

export function dryRunDiff(
  sent: unknown,
  returned: unknown,
  /** The body as typed; written from the parsed object when absent. */
  sentText?: string,
  webhooks: { audited?: string[]; configured?: string[] } = {},
): NonNullable<LabResult['dryRunDiff']> {
  const kind =
    typeof returned === 'object' && returned !== null && 'kind' in returned
      ? String((returned as { kind: unknown }).kind)
      : ''
  const report = attributeDryRun(sent, returned, attributionRules(), {
    kind,
    ...(webhooks.audited ? { mutatingWebhooks: webhooks.audited } : {}),
    ...(webhooks.configured ? { configuredWebhooks: webhooks.configured } : {}),
  })
  return {
    ...report,
    kind,
    sentText: sentText ?? stringify(sent),
    sentLines: sentText ? sentText.trimEnd().split('\n').length : lines(sent),
    returnedLines: lines(returned),
  }
}

/**
 * The webhooks of every MutatingWebhookConfiguration, read as the kubeconfig user; undefined when
 * they cannot be listed (no right, no such API). None configured proves no webhook changed it.
 */
export async function configuredMutatingWebhooks(
  session: ClusterSession,
): Promise<string[] | undefined> {
  const discovery = await session.getDiscovery()
  if (!discovery.ok) return undefined
  const served = discovery.value.groups.find((g) => g.name === 'admissionregistration.k8s.io')
  const version = ['v1', 'v1beta1'].find((v) => served?.versions.includes(v))
  if (!version) return undefined
  const list = await session.transport.json<{ items?: { webhooks?: { name?: string }[] }[] }>({
    path: `/apis/admissionregistration.k8s.io/${version}/mutatingwebhookconfigurations`,
  })
  if (!list.ok) return undefined
  return (list.value.items ?? []).flatMap((c) => (c.webhooks ?? []).map((w) => w.name ?? '?'))
}
