// The dry-run attribution rules against dryRun=All answers recorded from the real 1.20 server
// (test/fixtures/recorded/1.20/dry-run/, scripts/record-dry-run-fixtures.ts) and a webhook mutation
// recorded with its audit annotations (test/fixtures/recorded/1.20/stages/webhook-mutated-201.json).
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  attributeDryRun,
  diffSentReturned,
  parseAttributionRules,
  pathMatches,
} from '@common/admission-attribution'
import rulesFile from '@common/data/admission-attribution.json'
import { stageOfResponse } from '@common/request-stages'

const rules = parseAttributionRules(rulesFile)
const dir = path.join(__dirname, '../fixtures/recorded/1.20/dry-run')
const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as {
    sent: unknown
    returned: { kind: string }
  }
const report = (name: string) => {
  const f = fixture(name)
  return attributeDryRun(f.sent, f.returned, rules, { kind: f.returned.kind })
}
const at = (name: string) => {
  const entries = report(name).entries
  return (p: string) => entries.find((e) => e.path === p)?.attribution
}

describe('the rules file', () => {
  it('parses, every rule cites kubernetes.io and ids are unique', () => {
    expect(rules.length).toBeGreaterThan(40)
    for (const rule of rules) expect(rule.doc).toMatch(/^https:\/\/kubernetes\.io\/docs\//)
    expect(() =>
      parseAttributionRules({ rules: [{ ...rules[0], doc: 'https://x.test' }] }),
    ).toThrow()
    expect(() => parseAttributionRules({ rules: [rules[0], rules[0]] })).toThrow(/duplicate/)
  })

  it('path patterns match list items and what is under a path, nothing else', () => {
    expect(
      pathMatches('spec.containers[*].imagePullPolicy', 'spec.containers[c].imagePullPolicy'),
    ).toBe(true)
    expect(pathMatches('metadata.managedFields', 'metadata.managedFields[0]')).toBe(true)
    expect(pathMatches('spec.priority', 'spec.priorityClassName')).toBe(false)
    expect(pathMatches('status', 'statusX')).toBe(false)
  })
})

describe('every recorded dry run is explained, on both releases', () => {
  for (const series of ['1.20', '1.37']) {
    const seriesDir = path.join(__dirname, '../fixtures/recorded', series, 'dry-run')
    for (const file of readdirSync(seriesDir).filter((f) => f.endsWith('.json'))) {
      it(`${series} ${file}: nothing unattributed`, () => {
        const f = JSON.parse(readFileSync(path.join(seriesDir, file), 'utf8')) as {
          sent: unknown
          returned: { kind: string }
        }
        const r = attributeDryRun(f.sent, f.returned, rules, { kind: f.returned.kind })
        const unexplained = r.entries.filter((e) => !e.attribution).map((e) => e.path)
        expect(unexplained).toEqual([])
      })
    }
  }
})

describe('the seed’s bare Pod', () => {
  const by = at('pod-bare')
  it('server-set metadata, defaulting, admission plugins, computed values', () => {
    expect(by('metadata.uid')?.source).toBe('server-metadata')
    expect(by('metadata.managedFields[0]')).toMatchObject({
      source: 'server-metadata',
      stage: 'decoding',
    })
    for (const p of [
      'spec.restartPolicy',
      'spec.dnsPolicy',
      'spec.containers[c].terminationMessagePath',
      'spec.containers[c].imagePullPolicy',
    ])
      expect(by(p)).toMatchObject({ source: 'defaulting', stage: 'decoding' })
    expect(by('spec.serviceAccountName')).toMatchObject({
      source: 'admission-plugin',
      by: 'ServiceAccount',
    })
    expect(by('spec.tolerations[node.kubernetes.io/not-ready]')?.by).toBe(
      'DefaultTolerationSeconds',
    )
    expect(by('spec.tolerations[node.kubernetes.io/unreachable]')?.by).toBe(
      'DefaultTolerationSeconds',
    )
    expect(by('spec.priority')?.by).toBe('Priority')
    expect(by('spec.preemptionPolicy')?.by).toBe('Priority')
    expect(by('status.qosClass')?.source).toBe('computed')
    expect(by('status.phase')?.source).toBe('computed')
  })

  it('the 1.20 token volume and its mount (a Secret default-token-xxxxx)', () => {
    const entries = report('pod-bare').entries
    const volume = entries.find((e) => e.path.startsWith('spec.volumes[default-token-'))
    const mount = entries.find((e) =>
      e.path.startsWith('spec.containers[c].volumeMounts[default-token-'),
    )
    expect(volume?.attribution?.by).toBe('ServiceAccount')
    expect(mount?.attribution?.by).toBe('ServiceAccount')
  })

  it('a resourceVersion never comes back from a dry run: it would come from etcd', () => {
    expect(by('metadata.resourceVersion')).toBeUndefined()
  })

  it('says webhooks cannot be told apart without audit annotations', () => {
    expect(report('pod-bare').webhookNote).toMatch(/no audit annotations/)
  })
})

describe('other kinds', () => {
  it('LimitRanger fills requests and limits and annotates the Pod', () => {
    const by = at('pod-limit-range')
    expect(by('spec.containers[c].resources.requests.cpu')?.by).toBe('LimitRanger')
    expect(by('spec.containers[c].resources.limits.memory')?.by).toBe('LimitRanger')
    expect(by('metadata.annotations.kubernetes.io/limit-ranger')?.by).toBe('LimitRanger')
    // The tag latest defaults imagePullPolicy to Always.
    expect(
      report('pod-limit-range').entries.find((e) => e.path === 'spec.containers[c].imagePullPolicy')
        ?.returned,
    ).toBe('Always')
  })

  it('a field the schema does not know is dropped at decode', () => {
    expect(at('pod-unknown-field')('spec.replicas')).toMatchObject({ source: 'decoding' })
    expect(at('pod-unknown-field')('metadata.name')?.ruleId).toBe('meta-generated-name')
  })

  it('DefaultStorageClass and StorageObjectInUseProtection on a claim', () => {
    const by = at('pvc-default-storage-class')
    expect(by('spec.storageClassName')?.by).toBe('DefaultStorageClass')
    expect(by('metadata.finalizers')?.by).toBe('StorageObjectInUseProtection')
  })

  it('a Deployment’s pod template is defaulted but not admitted', () => {
    const entries = report('deployment').entries
    expect(entries.find((e) => e.path === 'spec.replicas')?.attribution?.source).toBe('defaulting')
    expect(
      entries.find((e) => e.path === 'spec.template.spec.restartPolicy')?.attribution?.source,
    ).toBe('defaulting')
    expect(entries.some((e) => e.attribution?.source === 'admission-plugin')).toBe(false)
  })
})

describe('webhooks, from audit annotations', () => {
  it('a change no rule explains goes to the webhook the annotations name', () => {
    const f = JSON.parse(
      readFileSync(
        path.join(__dirname, '../fixtures/recorded/1.20/stages/webhook-mutated-201.json'),
        'utf8',
      ),
    )
    const verdict = stageOfResponse({
      method: 'POST',
      status: f.response.status,
      body: f.response.body,
      auditAnnotations: f.audit.annotations,
    })
    const mutated = (verdict.details.mutatingWebhooks ?? [])
      .filter((c) => c.mutated)
      .map((c) => c.webhook)
    const r = attributeDryRun(f.request.body, f.response.body, rules, {
      kind: 'ConfigMap',
      mutatingWebhooks: mutated,
    })
    const label = r.entries.find((e) => e.path === 'metadata.labels.apiscope-mutated')
    expect(label?.attribution).toMatchObject({
      source: 'mutating-webhook',
      by: 'label.apiscope.test',
    })
    expect(r.webhookNote).toContain('label.apiscope.test')
    expect(r.counts.unattributed).toBe(0)
  })
})

describe('what the lab can say about webhooks without audit annotations', () => {
  it('none configured proves none changed it; configured ones are named as candidates', () => {
    const f = fixture('pod-bare')
    const none = attributeDryRun(f.sent, f.returned, rules, { kind: 'Pod', configuredWebhooks: [] })
    expect(none.webhookNote).toMatch(/no MutatingWebhookConfiguration/)
    const some = attributeDryRun(f.sent, f.returned, rules, {
      kind: 'Pod',
      configuredWebhooks: ['inject.sidecar.test'],
    })
    expect(some.webhookNote).toMatch(
      /cannot be told apart.*Configured on this server: inject\.sidecar\.test/,
    )
  })
})

describe('the diff', () => {
  it('matches list items by name, not position', () => {
    const d = diffSentReturned(
      { spec: { containers: [{ name: 'a' }, { name: 'b' }] } },
      { spec: { containers: [{ name: 'b', x: 1 }, { name: 'a' }] } },
    )
    expect(d).toEqual([{ path: 'spec.containers[b].x', change: 'added', returned: 1 }])
  })
})
