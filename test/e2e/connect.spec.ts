// A user opens Apiscope in browser mode with the test cluster in their kubeconfig: it connects to
// the current context, shows who they are, the server's health and everything it announces.
import { expect, startServe, test } from './fixtures'
import { ApiscopePage } from './pages/apiscope-page'
import { auditLayout, FITS } from './layout-audit'

test('connects to the current context and shows identity and health', async ({
  apiscope,
  cluster,
}) => {
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText(`Connected · ${cluster.version}`)
  await expect(apiscope.identity.getByTestId('username')).toHaveText('minikube-user')
  await expect(apiscope.identity).toContainText('system:masters')
  // SelfSubjectReview answers on 1.28+; 1.20 cannot say, and Apiscope says it derived the identity.
  await expect(apiscope.identity).toContainText(
    cluster.version.startsWith('v1.20.') ? 'derived by Apiscope' : 'from the server',
  )
  await expect(apiscope.health).toContainText('readyz check passed')
  await expect(apiscope.health).toContainText('livez check passed')
  await expect(apiscope.health.getByTestId('server-version')).toHaveText(cluster.version)
  await expect(apiscope.accessRules).toContainText('SelfSubjectRulesReview for default')
  // The token has left the address bar: nothing secret on a shared screen.
  expect(apiscope.page.url()).not.toContain('token=')
  await apiscope.screenshot('overview-identity-health')
})

test('the discovery explorer filters as you type and gives the raw path', async ({ apiscope }) => {
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await apiscope.goTo('Discovery')
  await expect(apiscope.resourcesTable.locator('tbody tr').first()).toBeVisible()
  await apiscope.screenshot('discovery-explorer')
  await apiscope.page.getByLabel('Filter resources').fill('deploy')
  const row = apiscope.resourcesTable.locator('tr[data-resource="apps/v1 deployments"]')
  await expect(row).toBeVisible()
  await expect(row).toContainText('/scale /status')
  await expect(apiscope.resourcesTable.locator('tbody tr')).toHaveCount(1)
  await row.click()
  const detail = apiscope.page.getByTestId('resource-detail')
  await expect(detail).toContainText(
    'kubectl get --raw /apis/apps/v1/namespaces/default/deployments',
  )
  await apiscope.screenshot('discovery-deployments')
  await apiscope.page.getByRole('tab', { name: /APIServices/ }).click()
  await expect(apiscope.page.getByTestId('apiservices-table')).toContainText('v1.apps')
  await apiscope.screenshot('discovery-apiservices')
})

test('the request log shows each request with curl and kubectl equivalents', async ({
  apiscope,
}) => {
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await apiscope.goTo('Requests')
  const row = apiscope.requestLog.locator('tbody tr', { hasText: '/readyz?verbose' }).first()
  await expect(row).toContainText('200 OK')
  await row.click()
  const detail = apiscope.page.getByTestId('request-detail')
  await expect(detail).toContainText(
    `kubectl --context 'apiscope-admin' get --raw '/readyz?verbose'`,
  )
  await expect(detail).toContainText('--cert "$CERT" --key "$KEY"')
  await apiscope.screenshot('request-log')
})

test('a context with the wrong CA says so, and switching back works', async ({ apiscope }) => {
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await apiscope.chooseContext('apiscope-wrong-ca')
  const error = apiscope.page.locator('[data-error-kind="tls-ca"]')
  await expect(error).toContainText('not signed by the CA this kubeconfig trusts')
  await expect(error).toContainText('What to do')
  // Node 24 and newer (Electron 40 and newer) end this error with advice for whoever runs Node.
  await expect(error).toContainText('unable to verify the first certificate')
  await expect(error).not.toContainText('Node.js')
  await apiscope.screenshot('connect-wrong-ca')
  await apiscope.page.getByRole('button', { name: 'Connect to apiscope-viewer' }).click()
  await expect(apiscope.identity.getByTestId('username')).toHaveText('apiscope-viewer')
  await expect(apiscope.page.getByText('namespace apiscope-view')).toBeVisible()
  // The request that failed, in the request log: the same text, in its column (it wraps there).
  await apiscope.goTo('Requests')
  const failed = apiscope.requestLog
    .locator('tbody tr', { hasText: 'unable to verify the first certificate' })
    .first()
  await expect(failed).toBeVisible()
  await expect(failed).not.toContainText('Node.js')
  expect(await auditLayout(apiscope.page), 'layout of the request log').toEqual(FITS)
})

test('with no kubeconfig at all, the app explains and stays usable', async ({ page }) => {
  const serve = await startServe({ KUBECONFIG: '/nonexistent/kubeconfig', HOME: '/nonexistent' })
  try {
    const app = new ApiscopePage(page, serve.url)
    await app.open()
    await expect(page.locator('[data-error-kind="no-kubeconfig"]')).toContainText(
      'No kubeconfig found',
    )
    await expect(page.getByRole('button', { name: 'Read the kubeconfig again' })).toBeVisible()
    await app.screenshot('connect-no-kubeconfig')
  } finally {
    await serve.stop()
  }
})
