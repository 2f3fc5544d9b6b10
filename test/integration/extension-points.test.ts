// Walkthrough 14 (webhooks and aggregated APIs) against the real control plane, with the two
// servers the harness plugs in: the labelling webhook (test/cluster/label-webhook.ts), registered
// for the walkthrough's namespace once it exists, and the aggregated API server
// (test/cluster/aggregated-api-server.ts) behind v1beta1.metrics.k8s.io, stopped and started
// between steps. The audit stream is on (the cluster's audit webhook), so a dry run's webhook
// calls come from its audit event. Needs kube-apiserver started by control-plane.ts with the
// front-proxy flags; one APIService for the group, so this file runs alone.
import { readFileSync } from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TrafficSourceStatus } from '@features/traffic/messages'
import type { RunState, StepResult } from '@features/walkthroughs/messages'
import { AGGREGATED_PATH } from '@common/request-stages'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { scenarioById } from '../../src-main/features/walkthroughs/scenario-catalog'
import {
  AGGREGATED_GROUP,
  APISERVICE_NAME,
  startAggregatedApiServer,
  type AggregatedApiServer,
} from '../cluster/aggregated-api-server'
import { ADMIN_CONTEXT, ADMIN_USER } from '../cluster/control-plane'
import {
  LABEL_WEBHOOK,
  WEBHOOK_ADDED_LABEL,
  startLabelWebhook,
  type LabelWebhook,
} from '../cluster/label-webhook'
import { FRONT_PROXY_CLIENT_CN } from '../cluster/pki'
import { cluster, coreFor, unwrap } from './helpers'

let core: ApiscopeCore
let aggregated: AggregatedApiServer
let webhook: LabelWebhook | undefined
const scenario = scenarioById('extension-points')

beforeAll(async () => {
  core = coreFor()
  unwrap(await core.invoke('kube:connect', { context: ADMIN_CONTEXT }))
  const url = new URL(cluster().auditWebhookUrl ?? '')
  unwrap<TrafficSourceStatus>(
    await core.invoke('traffic:start-webhook', {
      host: '127.0.0.1',
      port: Number(url.port),
      path: url.pathname,
    }),
  )
  aggregated = await startAggregatedApiServer(cluster())
  await aggregated.waitAvailable('True')
}, 180_000)

afterAll(async () => {
  try {
    await webhook?.close()
  } finally {
    await aggregated?.close()
    await core?.close()
  }
})

describe('walkthrough 14: webhooks and aggregated APIs', () => {
  it(
    'shows the webhook called at mutating admission with its change by name, a request relayed by the aggregation layer, and AVAILABLE False then True',
    { timeout: 300_000 },
    async () => {
      if (!scenario) throw new Error('no extension-points walkthrough')
      const plan = unwrap<{ namespace: string }>(
        await core.invoke('walkthroughs:plan', { scenarioId: scenario.id }),
      )
      let run = unwrap<RunState>(
        await core.invoke('walkthroughs:start', {
          scenarioId: scenario.id,
          namespace: plan.namespace,
          confirmWrites: true,
        }),
      )
      const ns = plan.namespace
      webhook = await startLabelWebhook(cluster(), ns)
      await webhook.ready()
      const results: Record<string, StepResult> = {}
      const step = async () => {
        const id = scenario.steps[run.stepIndex]?.id ?? '?'
        run = unwrap<RunState>(await core.invoke('walkthroughs:step', { runId: run.runId }))
        const result = run.results.at(-1)
        if (!result) throw new Error(`${id}: no result`)
        // Every check holds here, the soft ones too: the harness provides what they look for.
        for (const req of result.requests)
          for (const check of req.checks)
            expect(
              check.ok,
              `${id} ${req.preview.url}: ${check.label}: ${check.expected}, got ${check.observed}`,
            ).toBe(true)
        results[id] = result
        return result
      }

      const listed = await step()
      expect(listed.requests[0]?.body).toContain(`apiscope-label-${ns}`)

      const call = (await step()).requests[0]
      expect(call?.verdict).toMatchObject({ stoppedAt: 'persistence', outcome: 'dry-run' })
      expect(call?.verdict?.passed).toContain('mutating-admission')
      expect(call?.admission?.audit).toBe('received')
      expect(call?.admission?.webhooks).toEqual([
        { configuration: `apiscope-label-${ns}`, webhook: LABEL_WEBHOOK, mutated: true },
      ])
      expect(call?.admission?.changes).toContainEqual({
        path: `metadata.labels.${WEBHOOK_ADDED_LABEL}`,
        change: 'added',
        source: 'mutating-webhook',
        by: LABEL_WEBHOOK,
      })
      // The built-in plugins' changes keep their own names.
      expect(call?.admission?.changes).toContainEqual(
        expect.objectContaining({ path: 'spec.serviceAccountName', source: 'admission-plugin' }),
      )

      const services = (await step()).requests
      expect(services[0]?.body).toContain('apiscope-aggregated/apiscope-metrics')

      const relayed = (await step()).requests[1]
      expect(relayed?.status).toBe(200)
      expect(relayed?.verdict).toMatchObject({
        stoppedAt: 'done',
        outcome: 'success',
        path: [...AGGREGATED_PATH],
        passed: [...AGGREGATED_PATH],
      })
      // The extension server saw the user through the front proxy, not kube-apiserver's own.
      expect(aggregated.calls).toContainEqual({
        method: 'GET',
        path: `/apis/${AGGREGATED_GROUP}/v1beta1/namespaces/${ns}/pods`,
        user: ADMIN_USER,
        groups: expect.arrayContaining(['system:masters', 'system:authenticated']),
        clientCn: FRONT_PROXY_CLIENT_CN,
      })

      await aggregated.stop()
      const reason = await aggregated.waitAvailable('False')
      expect(reason).toBe('FailedDiscoveryCheck')
      const down = (await step()).requests
      expect(down[0]?.body).toContain('FailedDiscoveryCheck')
      expect(down[1]?.status).toBe(503)
      expect(down[1]?.verdict).toMatchObject({
        stoppedAt: 'aggregation',
        outcome: 'aggregated-unavailable',
        passed: ['authentication', 'flow-control', 'authorization'],
      })

      await aggregated.resume()
      expect(await aggregated.waitAvailable('True')).toBe('Passed')
      const back = (await step()).requests
      expect(back[1]?.status).toBe(200)
      expect(back[1]?.verdict?.stoppedAt).toBe('done')
      expect(run.done).toBe(true)
      unwrap(await core.invoke('walkthroughs:finish', { runId: run.runId }))
    },
  )

  it('the aggregated server refuses a caller without the front-proxy certificate', async () => {
    const pki = path.join(cluster().dir, 'pki')
    // The cluster's own admin certificate: trusted by kube-apiserver, not by the front proxy's CA.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      https
        .get(
          {
            host: aggregated.address,
            port: aggregated.port,
            path: `/apis/${AGGREGATED_GROUP}/v1beta1`,
            headers: { 'X-Remote-User': ADMIN_USER },
            ca: readFileSync(path.join(pki, 'ca.crt')),
            cert: readFileSync(path.join(pki, 'admin.crt')),
            key: readFileSync(path.join(pki, 'admin.key')),
            servername: `apiscope-metrics.apiscope-aggregated.svc`,
          },
          (res) => {
            let body = ''
            res.on('data', (c: Buffer) => (body += c.toString('utf8')))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
          },
        )
        .on('error', reject)
    })
    expect(answer.status).toBe(401)
    expect(answer.body).toContain('front proxy')
    expect(APISERVICE_NAME).toBe('v1beta1.metrics.k8s.io')
  })
})
