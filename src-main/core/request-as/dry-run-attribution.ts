// The dry-run diff of the lab and the walkthroughs: what was sent against what a dryRun=All create, update or apply
// returned, each change attributed by the rules in src-main/common/data/admission-attribution.json.
import { stringify } from 'yaml'
import {
  attributeDryRun,
  parseAttributionRules,
  type AttributionRule,
  type DryRunDiff,
} from '@common/admission-attribution'
import {
  matchingPolicies,
  type MatchedPolicy,
  type PolicyRequest,
} from '@common/admission-policy-match'
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
  /** The MutatingAdmissionPolicy bindings that match the request; undefined: none served. */
  mutatingPolicies?: MatchedPolicy[],
): DryRunDiff {
  const kind =
    typeof returned === 'object' && returned !== null && 'kind' in returned
      ? String((returned as { kind: unknown }).kind)
      : ''
  const report = attributeDryRun(sent, returned, attributionRules(), {
    kind,
    ...(webhooks.audited ? { mutatingWebhooks: webhooks.audited } : {}),
    ...(webhooks.configured ? { configuredWebhooks: webhooks.configured } : {}),
    ...(mutatingPolicies ? { mutatingPolicies } : {}),
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

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

function labelsOf(object: unknown): Record<string, string> {
  const metadata = isObject(object) ? object.metadata : undefined
  const labels = isObject(metadata) ? metadata.labels : undefined
  return isObject(labels)
    ? (Object.fromEntries(
        Object.entries(labels).filter(([, v]) => typeof v === 'string'),
      ) as Record<string, string>)
    : {}
}

/**
 * The MutatingAdmissionPolicy bindings that match a request (admission-policy-match.ts), read as
 * the kubeconfig user from the version discovery serves them in (v1 from 1.36; v1beta1, v1alpha1
 * before, where enabled); undefined when the server serves none (1.20) or they cannot be listed.
 */
export async function matchingMutatingPolicies(
  session: ClusterSession,
  request: Omit<PolicyRequest, 'namespaceLabels' | 'objectLabels'>,
  sent: unknown,
): Promise<MatchedPolicy[] | undefined> {
  const discovery = await session.getDiscovery()
  if (!discovery.ok) return undefined
  const served = (name: string) =>
    ['v1', 'v1beta1', 'v1alpha1'].find((v) =>
      discovery.value.resources.some(
        (r) => r.group === 'admissionregistration.k8s.io' && r.version === v && r.name === name,
      ),
    )
  const version = served('mutatingadmissionpolicies')
  if (!version || served('mutatingadmissionpolicybindings') !== version) return undefined
  const base = `/apis/admissionregistration.k8s.io/${version}`
  const [policies, bindings] = await Promise.all([
    session.transport.json<{ items?: unknown[] }>({ path: `${base}/mutatingadmissionpolicies` }),
    session.transport.json<{ items?: unknown[] }>({
      path: `${base}/mutatingadmissionpolicybindings`,
    }),
  ])
  if (!policies.ok || !bindings.ok) return undefined
  let namespaceLabels: Record<string, string> = {}
  if (request.namespace) {
    const ns = await session.transport.json<unknown>({
      path: `/api/v1/namespaces/${encodeURIComponent(request.namespace)}`,
    })
    if (ns.ok) namespaceLabels = labelsOf(ns.value)
  }
  return matchingPolicies(policies.value.items ?? [], bindings.value.items ?? [], {
    ...request,
    namespaceLabels,
    objectLabels: labelsOf(sent),
  })
}
