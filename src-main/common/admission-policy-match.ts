// Which MutatingAdmissionPolicies (admissionregistration.k8s.io, GA in 1.36) and bindings match a
// request, read from their specs as the API server reads them: the policy's matchConstraints and
// the binding's matchResources (resourceRules, excludeResourceRules, namespaceSelector,
// objectSelector). The server writes no audit annotation for a policy's mutation, so this is how
// the lab's dry-run diff can name one. What Apiscope does not evaluate is said: matchConditions
// (CEL) and matchPolicy Equivalent (the same resource through another group or version).
// https://kubernetes.io/docs/reference/access-authn-authz/mutating-admission-policy/
// Pure: the policies, bindings and labels are passed in.

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []

/** What the request is, as admission sees it. */
export interface PolicyRequest {
  group: string
  version: string
  /** "deployments"; a subresource apart. */
  resource: string
  subresource?: string
  /** The object's name, for rules that list resourceNames. */
  name?: string
  /** CREATE, UPDATE...; a server-side apply may be either (it creates when nothing is stored). */
  operations: string[]
  /** Absent at cluster scope, where namespaceSelector does not apply. */
  namespace?: string
  namespaceLabels?: Record<string, string>
  objectLabels?: Record<string, string>
}

export interface MatchedPolicy {
  policy: string
  binding: string
  /** The policy has matchConditions: CEL Apiscope does not run, so it may still not apply. */
  conditional: boolean
  /** Every string of its mutations' CEL (ApplyConfiguration or JSONPatch expressions). */
  mutationText: string
}

interface LabelSelector {
  matchLabels?: Record<string, string>
  matchExpressions?: { key: string; operator: string; values?: string[] }[]
}

/** A metav1.LabelSelector against labels; an empty or absent selector matches everything. */
export function selectorMatches(selector: unknown, labels: Record<string, string> = {}): boolean {
  if (!isObject(selector)) return true
  const s = selector as LabelSelector
  for (const [key, value] of Object.entries(s.matchLabels ?? {}))
    if (labels[key] !== value) return false
  for (const e of s.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, e.key)
    const values = e.values ?? []
    const ok =
      e.operator === 'In'
        ? has && values.includes(labels[e.key] ?? '')
        : e.operator === 'NotIn'
          ? !has || !values.includes(labels[e.key] ?? '')
          : e.operator === 'Exists'
            ? has
            : e.operator === 'DoesNotExist'
              ? !has
              : false
    if (!ok) return false
  }
  return true
}

const anyOf = (list: string[], value: string) => list.includes('*') || list.includes(value)

/** One NamedRuleWithOperations: groups, versions, operations, resources (`*`, `pods/*`), names. */
function ruleMatches(rule: unknown, req: PolicyRequest): boolean {
  if (!isObject(rule)) return false
  if (!anyOf(strings(rule.apiGroups), req.group)) return false
  if (!anyOf(strings(rule.apiVersions), req.version)) return false
  const operations = strings(rule.operations)
  if (!req.operations.some((op) => anyOf(operations, op))) return false
  const full = req.subresource ? `${req.resource}/${req.subresource}` : req.resource
  const resources = strings(rule.resources)
  const resourceOk = resources.some((r) => {
    if (r === '*') return !req.subresource
    if (r === '*/*') return true
    const [res, sub] = r.split('/', 2)
    if (sub === undefined) return r === full
    return (res === '*' || res === req.resource) && (sub === '*' ? true : sub === req.subresource)
  })
  if (!resourceOk) return false
  const names = strings(rule.resourceNames)
  return names.length === 0 || (req.name !== undefined && names.includes(req.name))
}

/** A MatchResources block: every part it sets must hold. */
function matchResources(match: unknown, req: PolicyRequest, required: boolean): boolean {
  if (!isObject(match)) return !required
  const rules = Array.isArray(match.resourceRules) ? match.resourceRules : []
  if (required || rules.length > 0) {
    if (!rules.some((r) => ruleMatches(r, req))) return false
  }
  const excluded = Array.isArray(match.excludeResourceRules) ? match.excludeResourceRules : []
  if (excluded.some((r) => ruleMatches(r, req))) return false
  if (req.namespace !== undefined && !selectorMatches(match.namespaceSelector, req.namespaceLabels))
    return false
  return selectorMatches(match.objectSelector, req.objectLabels)
}

function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) value.forEach((v) => allStrings(v, out))
  else if (isObject(value)) Object.values(value).forEach((v) => allStrings(v, out))
  return out
}

/** The policy and binding pairs that apply to this request. */
export function matchingPolicies(
  policies: readonly unknown[],
  bindings: readonly unknown[],
  req: PolicyRequest,
): MatchedPolicy[] {
  const byName = new Map<string, Json>()
  for (const p of policies) {
    const name = isObject(p) && isObject(p.metadata) ? p.metadata.name : undefined
    if (typeof name === 'string' && isObject(p)) byName.set(name, p)
  }
  const out: MatchedPolicy[] = []
  for (const b of bindings) {
    if (!isObject(b) || !isObject(b.spec) || !isObject(b.metadata)) continue
    const policyName = b.spec.policyName
    const policy = typeof policyName === 'string' ? byName.get(policyName) : undefined
    if (!policy || !isObject(policy.spec)) continue
    if (!matchResources(policy.spec.matchConstraints, req, true)) continue
    if (!matchResources(b.spec.matchResources, req, false)) continue
    out.push({
      policy: policyName as string,
      binding: String(b.metadata.name ?? ''),
      conditional: Array.isArray(policy.spec.matchConditions)
        ? policy.spec.matchConditions.length > 0
        : false,
      mutationText: allStrings(policy.spec.mutations).join('\n'),
    })
  }
  return out.sort((a, b) => a.policy.localeCompare(b.policy) || a.binding.localeCompare(b.binding))
}

/** The last field name of a diff path (`spec.template.spec.containers[c].image` is `image`). */
export function leafOf(path: string): string {
  const last =
    path
      .replace(/\[[^\]]*\]$/, '')
      .split('.')
      .pop() ?? ''
  return last.replace(/\[[^\]]*\]/g, '')
}

/**
 * The matched policies that could have made a change at this path: those whose mutations name
 * its last field (a label key, `replicas`); when none names it, all of them.
 */
export function policiesFor(path: string, matched: readonly MatchedPolicy[]): MatchedPolicy[] {
  const leaf = leafOf(path)
  const naming = leaf ? matched.filter((m) => m.mutationText.includes(leaf)) : []
  return naming.length > 0 ? naming : [...matched]
}
