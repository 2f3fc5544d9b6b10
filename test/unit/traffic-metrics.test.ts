// /metrics recorded from the real 1.20 server (apiserver_request_total and apiserver_flowcontrol_*),
// read with parse-prometheus-text-format; APF objects. The setup helper: audit-setup-guides.test.ts.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DiscoveryReport } from '@common/kube-types'
import {
  flowSchemaRow,
  pickFlowcontrolVersion,
  priorityLevelRow,
  withGauges,
} from '../../src-main/features/traffic/apf'
import {
  MetricsPoller,
  flowcontrolGauges,
  parseMetrics,
  requestTotals,
} from '../../src-main/features/traffic/metrics'

const TEXT = readFileSync(
  path.join(import.meta.dirname, '../fixtures/recorded/audit/metrics-1.20.txt'),
  'utf8',
)

function families(text = TEXT) {
  const parsed = parseMetrics(text)
  if (!parsed.ok) throw new Error(parsed.error.title)
  return parsed.value
}

/** The same text with one series grown by n. */
function grown(verb: string, resource: string, code: string, n: number): string {
  const line = new RegExp(
    `^(apiserver_request_total\\{[^}]*code="${code}"[^}]*resource="${resource}"[^}]*verb="${verb}"[^}]*\\}) (\\d+)$`,
    'm',
  )
  if (!line.test(TEXT))
    return `${TEXT}apiserver_request_total{code="${code}",component="apiserver",dry_run="",group="",resource="${resource}",scope="namespace",subresource="",verb="${verb}",version="v1"} ${n}\n`
  return TEXT.replace(line, (_, head: string, value: string) => `${head} ${Number(value) + n}`)
}

describe('/metrics', () => {
  it('sums apiserver_request_total by verb, resource and code', () => {
    const totals = requestTotals(families())
    expect(totals.size).toBeGreaterThan(10)
    expect([...totals.keys()].some((k) => k.startsWith('LIST configmaps 200'))).toBe(true)
  })

  it('deltas between two reads, with a 409 surge marked and a quiet series not', () => {
    const poller = new MetricsPoller()
    const first = poller.take(families(), 1000)
    expect(first.intervalMs).toBeNull()
    expect(first.deltas.every((d) => d.delta === 0)).toBe(true)
    const second = poller.take(families(grown('POST', 'configmaps', '409', 7)), 3000)
    expect(second.intervalMs).toBe(2000)
    const conflict = second.deltas.find(
      (d) => d.verb === 'POST' && d.resource === 'configmaps' && d.code === '409',
    )
    expect(conflict).toMatchObject({ delta: 7, surge: true })
    expect(second.deltas[0]).toEqual(conflict) // biggest first
    expect(second.deltas.filter((d) => d.surge)).toHaveLength(1)
  })

  it('a counter that went down (the server restarted) counts from zero', () => {
    const poller = new MetricsPoller()
    poller.take(families(grown('GET', 'pods', '200', 100)), 0)
    const after = poller.take(families(grown('GET', 'pods', '200', 2)), 1)
    expect(after.deltas.every((d) => d.delta >= 0)).toBe(true)
  })

  it('APF gauges per priority level, and the limit on 1.20 (request_concurrency_limit)', () => {
    const gauges = flowcontrolGauges(families())
    expect(
      gauges.find(
        (g) => g.name === 'request_concurrency_limit' && g.priorityLevel === 'global-default',
      )?.value,
    ).toBeGreaterThan(0)
    const rows = withGauges([{ name: 'global-default', type: 'Limited' }], gauges)
    expect(rows[0]?.seatLimit).toBeGreaterThan(0)
  })

  it('text that is not metrics is a clear error', () => {
    const parsed = parseMetrics('<html>hello</html>')
    expect(parsed.ok).toBe(false)
  })
})

describe('API Priority and Fairness', () => {
  const discovery = (versions: string[]) =>
    ({
      groups: [
        {
          name: 'flowcontrol.apiserver.k8s.io',
          versions,
          preferredVersion: versions[0] ?? '',
          resourceCount: 2,
        },
      ],
    }) as unknown as DiscoveryReport

  it('picks the newest version served', () => {
    expect(pickFlowcontrolVersion(discovery(['v1beta1', 'v1alpha1']))).toBe('v1beta1')
    expect(pickFlowcontrolVersion(discovery(['v1beta3', 'v1', 'v1beta2']))).toBe('v1')
    expect(pickFlowcontrolVersion({ groups: [] } as unknown as DiscoveryReport)).toBeUndefined()
  })

  it('reads v1beta1 and v1 shapes', () => {
    const fs = flowSchemaRow({
      metadata: { name: 'system-nodes' },
      spec: {
        priorityLevelConfiguration: { name: 'system' },
        matchingPrecedence: 500,
        distinguisherMethod: { type: 'ByUser' },
        rules: [
          {
            subjects: [{ kind: 'Group', group: { name: 'system:nodes' } }],
            resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
            nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
          },
        ],
      },
    })
    expect(fs).toEqual({
      name: 'system-nodes',
      priorityLevel: 'system',
      matchingPrecedence: 500,
      distinguisher: 'ByUser',
      subjects: ['group system:nodes'],
      rules: ['* * (*)', '* *'],
    })
    const old = priorityLevelRow({
      metadata: { name: 'global-default' },
      spec: {
        type: 'Limited',
        limited: {
          assuredConcurrencyShares: 20,
          limitResponse: {
            type: 'Queue',
            queuing: { queues: 128, handSize: 6, queueLengthLimit: 50 },
          },
        },
      },
    })
    expect(old).toMatchObject({
      concurrencyShares: 20,
      queues: 128,
      handSize: 6,
      queueLengthLimit: 50,
      limitResponse: 'Queue',
    })
    expect(
      priorityLevelRow({
        metadata: { name: 'x' },
        spec: { type: 'Limited', limited: { nominalConcurrencyShares: 30 } },
      }).concurrencyShares,
    ).toBe(30)
  })
})
