// The rollout trace lists the Pods of each step in the order they happened, against the real
// server: six Pods with random names, the audit stream on (the API server's own JSON log followed),
// and the order the diagram shows compared with the order of the audit log's creates.
import { auditLogLines } from '../cluster/audit-log-lines'
import { ADMIN_CONTEXT, type ClusterInfo } from '../cluster/control-plane'
import { SimulatedNode } from '../cluster/simulated-node'
import { expect, test } from './fixtures'
import { TrafficPage } from './pages/traffic-page'
import { kubectl } from './kubectl'

interface AuditLine {
  stage: string
  verb: string
  requestReceivedTimestamp: string
  objectRef?: { resource?: string; subresource?: string; namespace?: string; name?: string }
  responseStatus?: { code?: number }
  responseObject?: { metadata?: { name?: string; creationTimestamp?: string } }
}

/**
 * The Pods the ReplicaSet controller created in a namespace, as the audit log has them: by the
 * second of their creationTimestamp, then by when the API server received each create.
 */
function podCreatesInOrder(cluster: ClusterInfo, ns: string): string[] {
  return auditLogLines(cluster.auditLog)
    .filter((line) => line.includes(`"namespace":"${ns}"`))
    .map((line) => JSON.parse(line) as AuditLine)
    .filter(
      (e) =>
        e.stage === 'ResponseComplete' &&
        e.verb === 'create' &&
        e.objectRef?.resource === 'pods' &&
        !e.objectRef.subresource &&
        e.responseStatus?.code === 201,
    )
    .map((e) => ({
      name: e.responseObject?.metadata?.name ?? '',
      second: Math.floor(Date.parse(e.responseObject?.metadata?.creationTimestamp ?? '') / 1000),
      at: e.requestReceivedTimestamp,
    }))
    .sort((a, b) => a.second - b.second || (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .map((p) => p.name)
}

test('the rollout trace lists the Pods in the order they were created, not by name', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(150_000)
  const suffix = Date.now().toString(36)
  const ns = `e2e-order-${suffix}`
  kubectl(cluster, 'create', 'namespace', ns)
  const node = SimulatedNode.fromKubeconfig(cluster.kubeconfig, ADMIN_CONTEXT, {
    name: `sim-order-${suffix}`,
    renewEveryMs: 2000,
  })
  const page = apiscope.page
  const traffic = new TrafficPage(page)
  try {
    await node.start()
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    // The audit stream on: the API server's JSON audit log, followed.
    await traffic.open()
    await traffic.followLog(cluster.auditLog)

    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Rollout trace' })
      .click()
    await page.getByRole('textbox', { name: 'Namespace' }).fill(ns)
    await page.getByRole('textbox', { name: 'Deployment' }).fill('six')
    await page.getByRole('button', { name: 'Trace', exact: true }).click()
    kubectl(
      cluster,
      'create',
      'deployment',
      'six',
      '-n',
      ns,
      '--image=registry.k8s.io/pause:3.2',
      '--replicas=6',
    )
    const diagram = page.getByTestId('rollout-diagram')
    await expect(diagram.locator('[data-arrow="deployment-status"]')).toHaveAttribute(
      'data-state',
      'done',
      { timeout: 90_000 },
    )
    // Every Pod write matched to its audit event: the times shown are the API server's.
    const created = diagram.locator('[data-arrow^="pod-created:"]')
    await expect(created).toHaveCount(6)
    await expect(
      diagram.locator('[data-arrow^="pod-"] text.who', { hasText: '· audit' }),
    ).toHaveCount(18, { timeout: 15_000 })
    const rows = await created.evaluateAll((gs) =>
      gs.map((g) => ({
        name: (g.getAttribute('data-arrow') ?? '').split(':')[1],
        who: g.querySelector('text.who')?.textContent ?? '',
      })),
    )
    // Six random names: sorted by name, this would hold once in 720 runs. On a failure the
    // message holds what the diagram said of each Pod.
    expect(
      rows.map((r) => r.name),
      rows.map((r) => `${r.name}: ${r.who}`).join('\n'),
    ).toEqual(podCreatesInOrder(cluster, ns))
    // And the times on screen go forward, step by step.
    for (const step of ['pod-created', 'pod-bound', 'pod-ready']) {
      const times = await diagram
        .locator(`[data-arrow^="${step}:"] text.who`)
        .evaluateAll((ts) =>
          ts.map((t) => /(\d\d:\d\d:\d\d(?:\.\d+)?)/.exec(t.textContent ?? '')?.[1] ?? ''),
        )
      expect(times, step).toEqual([...times].sort())
    }
    await apiscope.screenshot('rollout-pods-in-time-order')
  } finally {
    // The core outlives this page: the log tail started here stops here.
    await traffic.open()
    await traffic.tab('Setup')
    await page
      .locator('tr[data-source="log-file"]')
      .getByRole('button', { name: 'Stop' })
      .first()
      .click({ timeout: 5000 })
      .catch(() => undefined)
    await node.stop()
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
