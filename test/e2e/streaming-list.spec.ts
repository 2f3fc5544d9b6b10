// The same ConfigMaps watched both ways at once against the real server: list then watch (the
// list's line and LISTED rings) beside a streaming list (initial ADDED events and the
// initial-events-end bookmark), one change seen by both; the health panel names each mode. On
// 1.20 (run the e2e suite with APISCOPE_K8S=1.20): auto falls back, and the panel says why.
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'

test('both ways side by side: a list and a streaming list of the same objects', async ({
  apiscope,
  cluster,
}) => {
  test.skip(cluster.version.startsWith('v1.20.'), '1.20 serves no streaming list')
  const ns = `e2e-both-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    for (const name of ['vitrine', 'reglages', 'carton'])
      kubectl(cluster, 'create', 'configmap', name, '-n', ns, `--from-literal=name=${name}`)
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.goTo('Watches')
    const page = apiscope.page
    await page.getByLabel('Resource to watch').selectOption('/v1/configmaps')
    await page.getByLabel('Namespace to watch').fill(ns)
    await page.getByLabel('Field selector').fill('metadata.name!=kube-root-ca.crt')
    await page.getByRole('button', { name: 'Both ways' }).click()

    const chart = page.getByTestId('timeline-chart')
    await expect(chart).toContainText(/LIST @\d+ · 1 page/)
    await expect(chart).toContainText(/initial-events-end @\d+ · 3 ADDED/)
    await expect(page.getByText(/3 objects · 2 lists/)).toBeVisible()
    kubectl(
      cluster,
      'patch',
      'configmap',
      'reglages',
      '-n',
      ns,
      '--type=merge',
      '-p',
      '{"data":{"taille":"grande"}}',
    )
    // Each object has a lane per watch, tagged with the way its watch started.
    await expect(chart.getByText('w1 list').first()).toBeVisible()
    await expect(chart.getByText('w2 stream').first()).toBeVisible()
    await page.getByRole('tab', { name: 'Table' }).click()
    const table = page.getByTestId('watch-table')
    await expect(table.getByRole('button', { name: /MODIFIED.*reglages/ })).toHaveCount(2)
    await expect(table.getByText('initial event of a streaming list')).toHaveCount(3)
    await page.getByRole('tab', { name: 'Timeline' }).click()
    await apiscope.screenshot('streaming-list-side-by-side')

    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    const health = page.getByTestId('watch-health')
    const modes = health.getByTestId('watch-mode')
    await expect(modes).toHaveText(['list then watch', 'streaming list'])
    await expect(health).toContainText('in 1 page')
    await expect(health).toContainText(
      /3 initial ADDED events, then the BOOKMARK k8s\.io\/initial-events-end at resourceVersion \d+, gzip-compressed/,
    )
    await expect(health.getByText('gzip', { exact: true })).toBeVisible()
    await health.getByText('STREAMING LIST', { exact: true }).scrollIntoViewIfNeeded()
    await apiscope.screenshot('streaming-list-health')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('on a server without streaming lists, auto lists then watches and the health panel says why', async ({
  apiscope,
  cluster,
}) => {
  test.skip(!cluster.version.startsWith('v1.20.'), 'only 1.20 refuses a streaming list')
  const ns = `e2e-fallback-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    kubectl(cluster, 'create', 'configmap', 'vitrine', '-n', ns, '--from-literal=a=b')
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns, undefined, 'auto')
    const chart = apiscope.page.getByTestId('timeline-chart')
    await expect(chart).toContainText(/LIST @\d+ · 1 page/)
    await apiscope.page.getByRole('tab', { name: 'Watches & lists' }).click()
    const health = apiscope.page.getByTestId('watch-health')
    await expect(health.getByTestId('watch-mode')).toHaveText('auto: list then watch (fallback)')
    await expect(health).toContainText(
      /Fell back: the server refused the streaming list \(422: .*resourceVersionMatch is forbidden for watch.*\); listing, then watching/,
    )
    await apiscope.screenshot('streaming-list-fallback-1.20')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
