// Live traffic's Setup against the real server: "Is audit on?" says one thing at a time (no source;
// listening and nothing arrives; events arrive), Start webhook cannot be pressed twice, and the
// commands cover minikube, kind and kubeadm.
import { createServer } from 'node:net'
import { expect, test } from './fixtures'
import { TrafficPage } from './pages/traffic-page'

/** A loopback port nothing listens on (kube-apiserver posts its audit batches elsewhere). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

test('Setup: audit arrivals in plain words, one webhook at a time, minikube, kind and kubeadm', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(90_000)
  const page = apiscope.page
  const traffic = new TrafficPage(page)
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await traffic.open()
  await traffic.tab('Setup')
  // The core outlives a page: stop what earlier tests left running.
  const stops = page.locator('table').getByRole('button', { name: 'Stop' })
  while ((await stops.count()) > 0)
    await stops
      .first()
      .click({ timeout: 5000 })
      .catch(() => undefined) // the row may leave as the click lands
  await expect(stops).toHaveCount(0)

  const arrivals = page.getByTestId('audit-arrivals')
  const start = page.getByRole('button', { name: /^(Start webhook|Webhook running|Starting…)$/ })
  await expect(arrivals).toContainText('no source')
  await expect(arrivals).toContainText('No source is running')
  await expect(start).toHaveText('Start webhook')
  await expect(start).toBeEnabled()

  // Listening where kube-apiserver does not post: waiting, and never "arrived".
  const quiet = await freePort()
  await traffic.startWebhook(`http://127.0.0.1:${quiet}/apiscope-audit`)
  await expect(page.locator('tr[data-source="webhook"]')).toContainText(String(quiet))
  await expect(start).toHaveText('Webhook running')
  await expect(start).toBeDisabled()
  await expect(arrivals).toContainText('waiting')
  await expect(arrivals).toContainText('no audit event arrived in the last minute')
  await expect(arrivals).not.toContainText('Audit events arrived')
  await apiscope.screenshot('traffic-setup-waiting')

  // Stopped, then started where the API server posts: events arrive, and it says so.
  await page.locator('tr[data-source="webhook"]').getByRole('button', { name: 'Stop' }).click()
  await expect(start).toBeEnabled()
  await traffic.startWebhook(cluster.auditWebhookUrl ?? '')
  await expect(start).toBeDisabled()
  await expect(arrivals).toContainText('yes')
  await expect(arrivals).toContainText('Audit events arrived in the last minute')
  await expect(arrivals).not.toContainText(/not yet|waiting|no source/)
  await page
    .getByRole('heading', { name: 'Is audit on?' })
    .evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await apiscope.screenshot('traffic-setup-receiving')

  // The commands for each kind of cluster; the test control plane is none of them.
  const flavours = page.getByRole('radiogroup', { name: 'Kind of cluster' })
  await expect(flavours.getByRole('radio', { name: 'minikube' })).toBeChecked()
  const commands = page.locator('ol.commands')
  await expect(commands).toContainText('--extra-config=apiserver.audit-webhook-config-file=')

  await flavours.getByRole('radio', { name: 'kind' }).check()
  await expect(page.getByRole('heading', { name: 'Turn it on in kind' })).toBeVisible()
  await expect(commands).toContainText('extraMounts:')
  await expect(commands).toContainText('kubeadmConfigPatches:')
  await expect(commands).toContainText(
    'audit-webhook-config-file: /etc/kubernetes/apiscope/apiscope-audit-webhook.kubeconfig',
  )
  await expect(commands).toContainText(
    'kind create cluster --name kind --config apiscope-kind.yaml',
  )
  await expect(
    page.getByRole('button', { name: /^Copy: kind create cluster --name kind/ }),
  ).toBeVisible()
  await page
    .getByRole('heading', { name: 'Turn it on in kind' })
    .evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await apiscope.screenshot('traffic-setup-kind')
  await page.getByRole('radio', { name: /^Log:/ }).check()
  await expect(commands).toContainText(
    'docker exec kind-control-plane tail -F -n 0 /var/log/kubernetes/kube-apiserver-audit.log',
  )
  await page.getByRole('radio', { name: /^Webhook/ }).check()

  await flavours.getByRole('radio', { name: 'kubeadm' }).check()
  await expect(page.getByRole('heading', { name: 'Turn it on in kubeadm' })).toBeVisible()
  await expect(commands).toContainText('/etc/kubernetes/manifests/kube-apiserver.yaml')
  await expect(commands).toContainText(
    '- --audit-webhook-config-file=/etc/kubernetes/apiscope/apiscope-audit-webhook.kubeconfig',
  )
  await expect(commands).toContainText('apiVersion: kubeadm.k8s.io/v1beta4')
  // This machine reaches the test API server over loopback: that is the address kubeadm's gets.
  await expect(commands).toContainText('server: http://127.0.0.1:')
  await page
    .getByRole('heading', { name: 'Turn it on in kubeadm' })
    .evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await apiscope.screenshot('traffic-setup-kubeadm')
  await page
    .getByText('Add to the static Pod manifest')
    .evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await apiscope.screenshot('traffic-setup-kubeadm-manifest')

  await page.locator('tr[data-source="webhook"]').getByRole('button', { name: 'Stop' }).click()
})
