// The shared audit stream in the browser, against the real server: with the Live traffic webhook
// on, the Request lab names the REAL mutating webhook (test/cluster/label-webhook.ts) that labelled
// a dry-run Pod, and the Rollout trace names each write's authenticated user and exact time.
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { LABEL_WEBHOOK, startLabelWebhook } from '../cluster/label-webhook'
import { SimulatedNode } from '../cluster/simulated-node'
import { screenshotForDocs } from './artifacts'
import { expect, test } from './fixtures'
import { LabPage } from './pages/lab-page'
import { TrafficPage } from './pages/traffic-page'
import { kubectl } from './kubectl'

const keep = screenshotForDocs

test('with the audit stream on, the lab names the webhook and the trace names the users', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(150_000)
  const suffix = Date.now().toString(36)
  const ns = `e2e-audit-${suffix}`
  kubectl(cluster, 'create', 'namespace', ns)
  const webhook = await startLabelWebhook(cluster, ns)
  const node = SimulatedNode.fromKubeconfig(cluster.kubeconfig, ADMIN_CONTEXT, {
    name: `sim-audit-${suffix}`,
    renewEveryMs: 2000,
  })
  try {
    await expect
      .poll(() => kubectl(cluster, 'get', 'sa', 'default', '-n', ns, '-o', 'name'), {
        timeout: 30_000,
      })
      .toContain('serviceaccount')
    await webhook.ready()
    await apiscope.page.setViewportSize({ width: 1280, height: 720 })
    await apiscope.page.emulateMedia({ reducedMotion: 'reduce' })
    const traffic = new TrafficPage(apiscope.page)
    await traffic.connectWithWebhook(apiscope, cluster.auditWebhookUrl ?? '')
    await expect(apiscope.page.locator('tr[data-source="webhook"]')).toContainText('running')

    // The lab: the bare Pod's dry run, its new label attributed to the webhook by name.
    const lab = new LabPage(apiscope.page)
    await lab.open()
    await lab.namespace.fill(ns)
    await lab.preset('bare-pod')
    await lab.send.click()
    await expect(lab.status).toHaveText('201')
    const note = apiscope.page.getByTestId('lab-audit-note')
    await expect(note).toHaveAttribute('data-state', 'received')
    await expect(note).toContainText(`from its audit annotations: ${LABEL_WEBHOOK}`)
    await expect(note.locator(`li[data-webhook="${LABEL_WEBHOOK}"]`)).toContainText(
      'mutated the object',
    )
    await lab.diff.getByLabel('Field by field').check()
    await lab.diff.locator('button[data-source="mutating-webhook"]').click()
    const row = lab.diff.locator('tr[data-path="metadata.labels.apiscope-webhook"]')
    await expect(row).toContainText(LABEL_WEBHOOK)
    await expect(lab.diff.locator('tr[data-source="unattributed"]')).toHaveCount(0)
    await lab.diff.scrollIntoViewIfNeeded()
    await keep(apiscope, 'lab-webhook-attribution')

    // The rollout trace: each arrow names the user the API server authenticated.
    await node.start()
    await apiscope.page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Rollout trace' })
      .click()
    await apiscope.page.getByRole('textbox', { name: 'Namespace' }).fill(ns)
    await apiscope.page.getByRole('textbox', { name: 'Deployment' }).fill('suivie')
    await apiscope.page.getByRole('button', { name: 'Trace', exact: true }).click()
    kubectl(
      cluster,
      'create',
      'deployment',
      'suivie',
      '-n',
      ns,
      '--image=registry.k8s.io/pause:3.2',
      '--replicas=2',
    )
    const diagram = apiscope.page.getByTestId('rollout-diagram')
    await expect(diagram.locator('[data-arrow="deployment-status"]')).toHaveAttribute(
      'data-state',
      'done',
      { timeout: 60_000 },
    )
    await expect(apiscope.page.getByTestId('rollout-audit-note')).toContainText(
      'Audit stream on: 10 of 10 writes name the user',
      { timeout: 10_000 },
    )
    await expect(diagram.locator('[data-arrow^="pod-bound"]').first()).toContainText(
      'system:kube-scheduler',
    )
    await expect(diagram.locator('[data-arrow^="pod-created"]').first()).toContainText(
      'system:serviceaccount:kube-system:replicaset-controller',
    )
    await expect(diagram.locator('[data-arrow^="replicaset-created"]')).toContainText(
      'system:serviceaccount:kube-system:deployment-controller',
    )
    await keep(apiscope, 'rollout-audit')
  } finally {
    await node.stop()
    await webhook.close()
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
