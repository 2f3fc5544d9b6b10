// The aggregation layer as a stage: requests relayed to an aggregated API server, over responses
// recorded from kube-apiserver 1.20.2 and 1.37.2 relaying to the test harness's server
// (scripts/record-aggregation-fixtures.ts), and which APIServices send a path there.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { AGGREGATED_PATH, requestPath, stageOfResponse } from '@common/request-stages'
import { stageSteps, stopSentence } from '@common/stage-steps'
import { groupVersionOf } from '../../src-main/features/walkthroughs/aggregated-apis'

interface Recorded {
  status: number
  contentType: string
  body: string
}
const fixture = (series: string) =>
  JSON.parse(
    readFileSync(
      path.join(import.meta.dirname, '../fixtures/recorded', series, 'aggregation.json'),
      'utf8',
    ),
  ) as { path: string; relayed: Recorded; afterStop: Recorded; whileUnavailable: Recorded }

const body = (r: Recorded) =>
  r.contentType.startsWith('application/json') ? (JSON.parse(r.body) as unknown) : r.body

describe.each(['1.20', '1.37'])('a request relayed by the aggregation layer (%s)', (series) => {
  const f = fixture(series)
  const verdictOf = (r: Recorded) =>
    stageOfResponse({
      method: 'GET',
      verb: 'list',
      resource: 'pods',
      aggregated: true,
      status: r.status,
      body: body(r),
    })

  it('crosses the filters, then the relay; no watch cache, no etcd of kube-apiserver', () => {
    const verdict = verdictOf(f.relayed)
    expect(f.relayed.status).toBe(200)
    expect(verdict).toMatchObject({
      stoppedAt: 'done',
      outcome: 'success',
      path: [...AGGREGATED_PATH],
      passed: [...AGGREGATED_PATH],
    })
    const steps = stageSteps(verdict, 'list')
    expect(steps.map((s) => [s.id, s.mark])).toEqual([
      ['authentication', 'passed'],
      ['flow-control', 'passed'],
      ['authorization', 'passed'],
      ['aggregation', 'passed'],
    ])
    expect(steps.at(-1)?.short).toBe('Aggregation layer')
  })

  it.each(['afterStop', 'whileUnavailable'] as const)(
    'stops at the aggregation layer with a 503 once its server is gone (%s)',
    (when) => {
      const r = f[when]
      expect(r.status).toBe(503)
      const verdict = verdictOf(r)
      expect(verdict).toMatchObject({
        stoppedAt: 'aggregation',
        outcome: 'aggregated-unavailable',
        passed: ['authentication', 'flow-control', 'authorization'],
      })
      expect(verdict.explanation).toContain(r.body.trim())
      expect(stopSentence(verdict, stageSteps(verdict, 'list'))).toBe(
        'Stopped at Aggregation layer (relayed to an APIService’s server).',
      )
    },
  )

  it('keeps the read path when nothing says the group is aggregated', () => {
    expect(requestPath({ verb: 'list', resource: 'pods' })).not.toContain('aggregation')
    // The 503 alone does not tell the relay from kube-apiserver being unavailable.
    expect(
      stageOfResponse({
        method: 'GET',
        verb: 'list',
        status: 503,
        body: body(f.whileUnavailable),
      }).stoppedAt,
    ).toBe('unknown')
  })
})

describe('groupVersionOf', () => {
  it('reads the group and version of /apis paths only', () => {
    expect(groupVersionOf('/apis/metrics.k8s.io/v1beta1/namespaces/a/pods')).toBe(
      'metrics.k8s.io/v1beta1',
    )
    expect(groupVersionOf('/apis/metrics.k8s.io/v1beta1')).toBe('metrics.k8s.io/v1beta1')
    expect(groupVersionOf('/apis/metrics.k8s.io')).toBeUndefined()
    expect(groupVersionOf('/api/v1/pods')).toBeUndefined()
  })
})
