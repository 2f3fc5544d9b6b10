// A new session starts from nothing (WorldState.startOver, shell/session-reset.ts): after a
// reconnect, the lab's result, the live traffic rows, the ownership map and the timeline's lanes
// of the session before are gone, against the real server and its audit stream.
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'
import { LabPage } from './pages/lab-page'
import { OwnershipPage } from './pages/ownership-page'
import { TrafficPage } from './pages/traffic-page'

test('a reconnect leaves nothing of the session before: lab result, traffic rows, ownership, timeline', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(120_000)
  const ns = `e2e-reset-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  const page = apiscope.page
  const traffic = new TrafficPage(page)
  const lab = new LabPage(page)
  const own = new OwnershipPage(page)
  try {
    await traffic.connectWithWebhook(apiscope, cluster.auditWebhookUrl ?? '')
    await expect(page.getByTestId('traffic-source')).toContainText('webhook')

    // The timeline: a watch of the namespace, with the ConfigMap the lab creates.
    await apiscope.startWatch('/v1/configmaps', ns)
    await expect(page.getByText(/· 1 list$/)).toBeVisible()
    await lab.open()
    await lab.namespace.fill(ns)
    await lab.preset('create-reglages')
    await lab.send.click()
    await expect(lab.status).toHaveText('201')
    // A request of its own in the traffic: a GET of a name only this test uses (a 404).
    const marker = `absent-${ns}`
    kubectl(cluster, 'get', 'configmap', marker, '-n', ns, '--ignore-not-found')
    await apiscope.goTo('Watches')
    const chart = page.getByTestId('timeline-chart')
    await expect(chart).toContainText('reglages')
    await own.open()
    await own.openByName('/v1/configmaps', ns, 'reglages')
    await expect(own.legend).toBeVisible()
    await traffic.open()
    await traffic.tab('Requests')
    const before = traffic.list.locator('tbody tr', { hasText: marker })
    await expect(before.first()).toBeVisible({ timeout: 20_000 })
    await apiscope.screenshot('session-reset-before')

    await page.getByRole('button', { name: 'Reconnect' }).click()
    await expect(apiscope.statusPill).toContainText('Connected')

    // Traffic keeps coming (the webhook is the core's), but no row of the session before stays.
    await expect(before).toHaveCount(0)
    await apiscope.screenshot('session-reset-traffic-after')
    await lab.open()
    await expect(lab.result).toHaveCount(0)
    await expect(lab.status).toHaveCount(0)
    await own.open()
    await expect(own.legend).toHaveCount(0)
    await apiscope.goTo('Watches')
    // The core stopped the watches of the session before; none of their lanes stays.
    await expect(page.getByText('Nothing watched yet')).toBeVisible()
    await expect(chart).toHaveCount(0)
    await expect(page.getByText('0 events · 0 objects · 0 lists')).toBeVisible()
    await apiscope.screenshot('session-reset-timeline-after')
  } finally {
    await traffic.open()
    await traffic.stopSources()
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
