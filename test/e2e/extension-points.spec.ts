// Walkthrough 14 (webhooks and aggregated APIs) in the browser against the real API server, with
// the harness's labelling webhook registered for the walkthrough's namespace and its aggregated
// API server behind v1beta1.metrics.k8s.io (stopped and started between steps); and a real
// kubectl 1.37 `delete pod` whose wait shows in the live traffic as a watch with its parameters.
import { spawn } from 'node:child_process'
import path from 'node:path'
import {
  startAggregatedApiServer,
  type AggregatedApiServer,
} from '../cluster/aggregated-api-server'
import { ADMIN_CONTEXT, ADMIN_USER, resolveBinaries } from '../cluster/control-plane'
import { LABEL_WEBHOOK, startLabelWebhook, type LabelWebhook } from '../cluster/label-webhook'
import { expect, test } from './fixtures'
import { kubectl, kubectlWithInput } from './kubectl'
import { TrafficPage } from './pages/traffic-page'
import { WalkthroughsPage } from './pages/walkthroughs-page'

test('walkthrough 14: the webhook called at mutating admission, Local against a Service-backed APIService, a relayed read, AVAILABLE False then True', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(240_000)
  const old = cluster.version.startsWith('v1.20.')
  let aggregated: AggregatedApiServer | undefined
  let webhook: LabelWebhook | undefined
  try {
    aggregated = await startAggregatedApiServer(cluster)
    await aggregated.waitAvailable('True')
    await apiscope.page.setViewportSize({ width: 1280, height: 720 })
    await apiscope.page.emulateMedia({ reducedMotion: 'reduce' })
    // The audit stream names the webhooks a dry run called.
    const traffic = new TrafficPage(apiscope.page)
    await traffic.connectWithWebhook(apiscope, cluster.auditWebhookUrl ?? '')
    await expect(apiscope.page.locator('tr[data-source="webhook"]')).toContainText('running')

    const w = new WalkthroughsPage(apiscope.page)
    await w.open()
    await w.choose(/Webhooks and aggregated APIs/)
    await expect(w.planNamespace).toHaveText(/^apiscope-lab-[0-9a-f]{6}$/)
    const ns = (await w.planNamespace.textContent()) ?? ''
    await w.start.click()
    webhook = await startLabelWebhook(cluster, ns)
    await webhook.ready()

    // 1. The configurations, the harness's among them.
    await w.send.click()
    await expect(w.outcomes.first()).toContainText('200')
    await expect(w.outcomes.first()).toContainText('matches the walkthrough')
    await w.next.click()

    // 2. The dry run: the webhook called at mutating admission, its label attributed by name.
    await w.send.click()
    const call = w.outcomes.first()
    await expect(call).toContainText('201')
    await expect(call.getByTestId('called-webhook')).toHaveText(LABEL_WEBHOOK)
    await expect(call.getByTestId('outcome-admission')).toContainText(
      `apiscope-label-${ns}, changed the object`,
    )
    await expect(call.getByTestId('webhook-change')).toContainText(
      `metadata.labels.apiscope-webhook added by webhook ${LABEL_WEBHOOK}`,
    )
    await expect(call.locator('[data-stage="mutating-admission"]')).toHaveAttribute(
      'data-mark',
      'passed',
    )
    await call.scrollIntoViewIfNeeded()
    await apiscope.screenshot(old ? 'walkthrough-webhook-call-1.20' : 'walkthrough-webhook-call')
    await w.next.click()

    // 3. Local against the Service-backed APIService, as kubectl get apiservices shows them.
    await w.send.click()
    const services = w.outcomes.first()
    await expect(services).toContainText('matches the walkthrough')
    const metricsRow = services.locator('tr[data-first-cell="v1beta1.metrics.k8s.io"]')
    await expect(metricsRow).toContainText('apiscope-aggregated/apiscope-metrics')
    await expect(metricsRow).toContainText('True')
    await expect(services.locator('tr[data-first-cell="v1."]')).toContainText('Local')
    await services.scrollIntoViewIfNeeded()
    await metricsRow.scrollIntoViewIfNeeded()
    await apiscope.screenshot(old ? 'walkthrough-apiservices-1.20' : 'walkthrough-apiservices')
    await w.next.click()

    // 4. A Pod, then its metrics, relayed by the aggregation layer.
    await w.send.click()
    const relayed = w.outcomes.nth(1)
    await expect(relayed).toContainText('200')
    await expect(relayed.locator('[data-stage="aggregation"]')).toHaveAttribute(
      'data-mark',
      'passed',
    )
    await expect(relayed.locator('[data-stage="storage-read"]')).toHaveCount(0)
    await expect(relayed).toContainText('Relayed by the aggregation layer')
    await relayed.scrollIntoViewIfNeeded()
    await apiscope.screenshot(old ? 'walkthrough-relayed-read-1.20' : 'walkthrough-relayed-read')
    await w.next.click()

    // 5. The extension server stops: Available False with its reason, the relay refused.
    await aggregated.stop()
    expect(await aggregated.waitAvailable('False')).toBe('FailedDiscoveryCheck')
    await w.send.click()
    await expect(w.outcomes.first()).toContainText('matches the walkthrough')
    await expect(w.outcomes.first().getByTestId('check-table')).toContainText(
      'FailedDiscoveryCheck',
    )
    const refused = w.outcomes.nth(1)
    await expect(refused).toContainText('503')
    await expect(refused.locator('[data-stage="aggregation"]')).toHaveAttribute(
      'data-mark',
      'refused',
    )
    await expect(refused).toContainText('The aggregation layer could not relay it')
    await w.outcomes.first().scrollIntoViewIfNeeded()
    await apiscope.screenshot(
      old ? 'walkthrough-apiservice-unavailable-1.20' : 'walkthrough-apiservice-unavailable',
    )
    await refused.scrollIntoViewIfNeeded()
    await apiscope.screenshot(old ? 'walkthrough-relay-refused-1.20' : 'walkthrough-relay-refused')
    await w.next.click()

    // 6. Back.
    await aggregated.resume()
    expect(await aggregated.waitAvailable('True')).toBe('Passed')
    await w.send.click()
    await expect(w.outcomes.nth(1)).toContainText('200')
    await expect(w.outcomes.first().getByTestId('check-table')).toContainText('Passed')
    await w.finish.click()
    await expect(w.plan).toBeVisible()
  } finally {
    await webhook?.close()
    await aggregated?.close()
  }
})

test('a real kubectl 1.37 delete pod: its wait shows in the live traffic as a watch with its parameters', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(120_000)
  const old = cluster.version.startsWith('v1.20.')
  const ns = `e2e-kdel-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  const kubectl137 = path.join(resolveBinaries('1.37'), 'kubectl')
  try {
    await apiscope.page.setViewportSize({ width: 1280, height: 720 })
    await apiscope.page.emulateMedia({ reducedMotion: 'reduce' })
    const traffic = new TrafficPage(apiscope.page)
    await traffic.connectWithWebhook(apiscope, cluster.auditWebhookUrl ?? '')
    await expect(apiscope.page.locator('tr[data-source="webhook"]')).toContainText('running')
    await traffic.tab('Requests')
    // A finalizer holds the Pod (no kubelet here): kubectl has a deletion to wait for.
    kubectlWithInput(
      cluster,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'held', namespace: ns, finalizers: ['apiscope.io/hold'] },
        spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.2' }] },
      }),
      'create',
      '-f',
      '-',
    )
    const deleting = spawn(kubectl137, [
      `--kubeconfig=${cluster.kubeconfig}`,
      `--context=${ADMIN_CONTEXT}`,
      'delete',
      'pod',
      'held',
      '-n',
      ns,
    ])
    const exited = new Promise<number | null>((resolve) => deleting.on('exit', resolve))
    // A busy cluster pushes older rows out: keep the admin's watches only.
    const filters = apiscope.page.getByRole('group', { name: 'Filter and pause' })
    await expect(filters.getByLabel('User').locator(`option[value="${ADMIN_USER}"]`)).toHaveCount(
      1,
      { timeout: 30_000 },
    )
    await filters.getByLabel('User').selectOption(ADMIN_USER)
    await expect(filters.getByLabel('Verb').locator('option[value="watch"]')).toHaveCount(1, {
      timeout: 30_000,
    })
    await filters.getByLabel('Verb').selectOption('watch')
    // 1.37: the streaming list kubectl waits on; 1.20: the same, refused with a 422.
    const row = traffic.list
      .locator(`tbody tr[data-code="${old ? 422 : 200}"]`, { hasText: /kubectl.*watch\s*pods/ })
      .first()
    await expect(row).toBeVisible({ timeout: 30_000 })
    await row.click()
    const shown = traffic.detail.getByTestId('watch-query')
    await expect(traffic.detail.getByTestId('watch-start')).toHaveText('streaming list')
    for (const p of [
      'watch=true',
      'sendInitialEvents=true',
      'resourceVersionMatch=NotOlderThan',
      'allowWatchBookmarks=true',
      'fieldSelector=metadata.name=held',
    ])
      await expect(shown).toContainText(p)
    await expect(shown).toContainText(old ? 'refused with 422' : 'k8s.io/initial-events-end')
    await shown.scrollIntoViewIfNeeded()
    await apiscope.screenshot(
      old ? 'traffic-kubectl-delete-watch-1.20' : 'traffic-kubectl-delete-watch',
    )
    kubectl(
      cluster,
      'patch',
      'pod',
      'held',
      '-n',
      ns,
      '--type=json',
      '-p',
      '[{"op":"remove","path":"/metadata/finalizers"}]',
    )
    expect(await exited).toBe(0)
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
