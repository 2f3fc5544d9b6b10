// Matching MutatingAdmissionPolicy bindings to a request, as the API server reads their specs.
import { describe, expect, it } from 'vitest'
import { attributeDryRun } from '@common/admission-attribution'
import {
  leafOf,
  matchingPolicies,
  policiesFor,
  selectorMatches,
  type PolicyRequest,
} from '@common/admission-policy-match'

const rule = (extra = {}) => ({
  apiGroups: ['apps'],
  apiVersions: ['v1'],
  operations: ['CREATE'],
  resources: ['deployments'],
  ...extra,
})
const policy = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: {
    matchConstraints: { resourceRules: [rule()] },
    mutations: [
      { applyConfiguration: { expression: 'Object{metadata: {labels: {"team": "w"}}}' } },
    ],
    ...spec,
  },
})
const binding = (name: string, policyName: string, matchResources?: unknown) => ({
  metadata: { name },
  spec: { policyName, ...(matchResources ? { matchResources } : {}) },
})
const request: PolicyRequest = {
  group: 'apps',
  version: 'v1',
  resource: 'deployments',
  operations: ['CREATE'],
  namespace: 'web',
  namespaceLabels: { 'kubernetes.io/metadata.name': 'web', env: 'dev' },
  objectLabels: { app: 'vitrine' },
}

describe('label selectors', () => {
  it('match labels and expressions, and an empty selector matches all', () => {
    const labels = { env: 'dev', tier: 'front' }
    expect(selectorMatches(undefined, labels)).toBe(true)
    expect(selectorMatches({}, labels)).toBe(true)
    expect(selectorMatches({ matchLabels: { env: 'dev' } }, labels)).toBe(true)
    expect(selectorMatches({ matchLabels: { env: 'prod' } }, labels)).toBe(false)
    const expr = (operator: string, values?: string[]) => ({
      matchExpressions: [{ key: 'env', operator, ...(values ? { values } : {}) }],
    })
    expect(selectorMatches(expr('In', ['dev', 'qa']), labels)).toBe(true)
    expect(selectorMatches(expr('NotIn', ['dev']), labels)).toBe(false)
    expect(selectorMatches(expr('Exists'), labels)).toBe(true)
    expect(selectorMatches(expr('DoesNotExist'), labels)).toBe(false)
    expect(selectorMatches(expr('NotIn', ['dev']), {})).toBe(true)
  })
})

describe('matchingPolicies', () => {
  it('needs a binding, the policy’s constraints and the binding’s resources to match', () => {
    const policies = [
      policy('a'),
      policy('pods-only', { matchConstraints: { resourceRules: [rule({ resources: ['pods'] })] } }),
      policy('updates', {
        matchConstraints: { resourceRules: [rule({ operations: ['UPDATE'] })] },
      }),
      policy('unbound'),
      policy('excluded', {
        matchConstraints: {
          resourceRules: [rule({ apiGroups: ['*'], resources: ['*'] })],
          excludeResourceRules: [rule()],
        },
      }),
      policy('conditional', { matchConditions: [{ name: 'x', expression: 'true' }] }),
    ]
    const bindings = [
      binding('a-everywhere', 'a'),
      binding('a-prod', 'a', { namespaceSelector: { matchLabels: { env: 'prod' } } }),
      binding('a-dev', 'a', { namespaceSelector: { matchLabels: { env: 'dev' } } }),
      binding('a-other-objects', 'a', { objectSelector: { matchLabels: { app: 'x' } } }),
      binding('p', 'pods-only'),
      binding('u', 'updates'),
      binding('e', 'excluded'),
      binding('c', 'conditional'),
      binding('dangling', 'no-such-policy'),
    ]
    const matched = matchingPolicies(policies, bindings, request)
    expect(matched.map((m) => `${m.policy}/${m.binding}`)).toEqual([
      'a/a-dev',
      'a/a-everywhere',
      'conditional/c',
    ])
    expect(matched.find((m) => m.policy === 'conditional')?.conditional).toBe(true)
    // An apply may create or update: the UPDATE policy matches it too.
    expect(
      matchingPolicies(policies, bindings, { ...request, operations: ['CREATE', 'UPDATE'] }).map(
        (m) => m.policy,
      ),
    ).toContain('updates')
  })

  it('reads subresources and resourceNames as rules write them', () => {
    const scale = { ...request, subresource: 'scale', name: 'vitrine' }
    const withResources = (resources: string[], extra = {}) => [
      policy('p', { matchConstraints: { resourceRules: [rule({ resources, ...extra })] } }),
    ]
    const b = [binding('b', 'p')]
    expect(matchingPolicies(withResources(['deployments']), b, scale)).toEqual([])
    expect(matchingPolicies(withResources(['deployments/*']), b, scale)).toHaveLength(1)
    expect(matchingPolicies(withResources(['*/scale']), b, scale)).toHaveLength(1)
    expect(matchingPolicies(withResources(['*']), b, scale)).toEqual([])
    expect(
      matchingPolicies(withResources(['deployments'], { resourceNames: ['other'] }), b, request),
    ).toEqual([])
  })
})

describe('which matched policy could have made a change', () => {
  it('narrows to the policies whose mutations name the field, else keeps them all', () => {
    expect(leafOf('metadata.labels.team')).toBe('team')
    expect(leafOf('spec.template.spec.containers[c].image')).toBe('image')
    expect(leafOf('spec.tolerations[node.kubernetes.io/not-ready]')).toBe('tolerations')
    const m = (policy: string, mutationText: string) => ({
      policy,
      binding: `${policy}-b`,
      conditional: false,
      mutationText,
    })
    const matched = [
      m('team', 'labels: {"team": "web"}'),
      m('reviewed', 'annotations: {"reviewed": "y"}'),
    ]
    expect(policiesFor('metadata.labels.team', matched).map((p) => p.policy)).toEqual(['team'])
    expect(policiesFor('spec.replicas', matched).map((p) => p.policy)).toEqual(['team', 'reviewed'])
    expect(policiesFor('spec.replicas', [])).toEqual([])
  })
})

describe('attributeDryRun with MutatingAdmissionPolicies', () => {
  const sent = { kind: 'Deployment', metadata: { name: 'v' } }
  const returned = { kind: 'Deployment', metadata: { name: 'v', labels: { team: 'web' } } }
  const m = (policy: string, mutationText: string, conditional = false) => ({
    policy,
    binding: `${policy}-b`,
    conditional,
    mutationText,
  })

  it('names the one matching policy, or every candidate with a webhook, and says so', () => {
    const one = attributeDryRun(sent, returned, [], {
      kind: 'Deployment',
      mutatingPolicies: [
        m('team', 'labels: {"team": "web"}'),
        m('other', 'annotations: {"x": "y"}'),
      ],
    })
    expect(one.entries[0]?.attribution).toMatchObject({ source: 'mutating-policy', by: 'team' })
    expect(one.entries[0]?.attribution?.explanation).toContain(
      'the only one that could have made it',
    )
    expect(one.counts['mutating-policy']).toBe(1)
    expect(one.policyNote).toContain('team (binding team-b), other (binding other-b)')
    const mixed = attributeDryRun(sent, returned, [], {
      kind: 'Deployment',
      mutatingWebhooks: ['label.example.com'],
      mutatingPolicies: [m('team', 'labels: {"team": "web"}', true)],
    })
    expect(mixed.entries[0]?.attribution?.by).toBe('team, label.example.com')
    expect(mixed.entries[0]?.attribution?.explanation).toContain('more than one could have made it')
    expect(mixed.entries[0]?.attribution?.explanation).toContain(
      'matchConditions (CEL) were not evaluated',
    )
  })

  it('says nothing of policies where none is served, and that none matches where none does', () => {
    const unserved = attributeDryRun(sent, returned, [], { kind: 'Deployment' })
    expect(unserved.policyNote).toBeUndefined()
    expect(unserved.counts.unattributed).toBe(1)
    const none = attributeDryRun(sent, returned, [], { kind: 'Deployment', mutatingPolicies: [] })
    expect(none.policyNote).toContain(
      'none of this server’s MutatingAdmissionPolicy bindings matches',
    )
  })
})
