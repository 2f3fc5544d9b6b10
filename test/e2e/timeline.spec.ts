// Watches in the browser: start a watch, run the seed's ConfigMap sequence with kubectl against
// the real server, and read it back on the timeline, in the table, the inspector and the health.
import { restartApiserver } from '../cluster/control-plane'
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'

test('a watch fills the timeline; the inspector shows the diff and the writer', async ({
  apiscope,
  cluster,
}) => {
  const ns = `e2e-watch-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns)
    await expect(apiscope.page.getByText(/· 1 list$/)).toBeVisible()

    kubectl(cluster, 'create', 'configmap', 'reglages', '-n', ns, '--from-literal=couleur=bleu')
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
    kubectl(
      cluster,
      'patch',
      'configmap',
      'reglages',
      '-n',
      ns,
      '--type=json',
      '-p',
      '[{"op":"replace","path":"/data/couleur","value":"vert"}]',
    )
    for (let i = 1; i <= 3; i++)
      kubectl(cluster, 'create', 'configmap', `carton-${i}`, '-n', ns, `--from-literal=n=${i}`)
    kubectl(cluster, 'delete', 'configmap', 'reglages', '-n', ns)

    const chart = apiscope.page.getByTestId('timeline-chart')
    await expect(chart).toContainText('reglages')
    await expect(chart).toContainText(`configmaps in ${ns}`)
    await expect(chart).toContainText(/LIST @\d+ · 1 page/)
    await expect(apiscope.page.getByText(/8 events · 5 objects/)).toBeVisible()
    await apiscope.screenshot('timeline-live')

    // Step through with the keyboard: the first object event is kube-root-ca.crt's LISTED, the
    // reglages lane is further down; the table is the precise way in.
    await apiscope.page.getByRole('tab', { name: 'Table' }).click()
    const table = apiscope.page.getByTestId('watch-table')
    await expect(table.getByRole('button', { name: /DELETED/ })).toBeVisible()
    await apiscope.screenshot('timeline-table')
    await table
      .getByRole('button', { name: /MODIFIED/ })
      .last()
      .click()
    const inspector = apiscope.page.getByTestId('inspector')
    await expect(inspector).toContainText('MODIFIED')
    await expect(inspector).toContainText('written by kubectl-patch')
    await expect(inspector).toContainText('/data/couleur')
    await expect(inspector.locator('.diff .add', { hasText: 'couleur: vert' })).toBeVisible()
    await apiscope.page.getByRole('tab', { name: 'Timeline' }).click()
    await expect(inspector).toBeVisible()
    await apiscope.screenshot('timeline-inspector-diff')
    await inspector.getByRole('tab', { name: 'Raw' }).click()
    await expect(inspector).toContainText('"type":"MODIFIED"')

    await apiscope.page.getByRole('tab', { name: 'Watches & lists' }).click()
    const health = apiscope.page.getByTestId('watch-health')
    await expect(health).toContainText('watching')
    await expect(health).toContainText(`configmaps in ${ns}`)
    await apiscope.screenshot('timeline-health')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('a secret’s values never reach the page', async ({ apiscope, cluster }) => {
  const ns = `e2e-secret-${Date.now().toString(36)}`
  const canary = `canary-${Math.random().toString(36).slice(2)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/secrets', ns)
    kubectl(
      cluster,
      'create',
      'secret',
      'generic',
      'coffre',
      '-n',
      ns,
      `--from-literal=mot=${canary}`,
    )
    await apiscope.page.getByRole('tab', { name: 'Table' }).click()
    await apiscope.page
      .getByTestId('watch-table')
      .getByRole('button', { name: /ADDED .*coffre/ })
      .click()
    const inspector = apiscope.page.getByTestId('inspector')
    await expect(inspector).toContainText('secret value redacted')
    await inspector.getByRole('tab', { name: 'YAML' }).click()
    await expect(inspector).toContainText('<redacted>')
    const html = await apiscope.page.content()
    expect(html).not.toContain(canary)
    expect(html).not.toContain(Buffer.from(canary).toString('base64'))
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('paging with decoded continue tokens, and a real 410 with its relist, on screen', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(180_000)
  const ns = `e2e-pages-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    for (let i = 1; i <= 7; i++)
      kubectl(cluster, 'create', 'configmap', `carton-${i}`, '-n', ns, `--from-literal=n=${i}`)
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns, 3)
    const chart = apiscope.page.getByTestId('timeline-chart')
    await expect(chart).toContainText(/LIST @\d+ · 3 pages/)
    await apiscope.page.getByRole('tab', { name: 'Watches & lists' }).click()
    const health = apiscope.page.getByTestId('watch-health')
    await expect(health).toContainText('in 3 pages')
    await expect(health).toContainText('continue → {"v":"meta.k8s.io/v1","rv":')
    // 1.20 starts the key without its leading slash; later releases (and the seed) with it.
    const start = cluster.version.startsWith('v1.20.') ? 'carton-3' : '/carton-3'
    await expect(health).toContainText(`"start":"${start}\\u0000"}`)
    await apiscope.screenshot('watch-lists-pages')

    // A write the watch does not see, then a kube-apiserver crash: its watch cache restarts at the
    // current revision, so resuming from our last resourceVersion answers 410 Expired.
    kubectl(
      cluster,
      'create',
      'configmap',
      `outside-${Date.now()}`,
      '-n',
      'default',
      '--from-literal=a=b',
    )
    await restartApiserver(cluster, 300)
    kubectl(
      cluster,
      'patch',
      'configmap',
      'carton-1',
      '-n',
      ns,
      '--type=merge',
      '-p',
      '{"data":{"n":"after"}}',
    )
    await expect(health).toContainText(/RELIST after 410 Expired/, { timeout: 90_000 })
    await apiscope.screenshot('watch-health-after-410')
    await apiscope.page.getByRole('tab', { name: 'Timeline' }).click()
    await expect(chart).toContainText('410 Expired')
    await expect(chart).toContainText(/RELIST @\d+/)
    await apiscope.screenshot('timeline-410-relist')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('clicking an object’s mark opens that object, not the lane below it', async ({
  apiscope,
  cluster,
}) => {
  const ns = `e2e-click-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns)
    await expect(apiscope.page.getByText(/· 1 list$/)).toBeVisible()
    for (let i = 1; i <= 4; i++)
      kubectl(cluster, 'create', 'configmap', `carton-${i}`, '-n', ns, `--from-literal=n=${i}`)
    const chart = apiscope.page.getByTestId('timeline-chart')
    await expect(chart).toContainText('carton-4')
    const inspector = apiscope.page.getByTestId('inspector')
    for (const name of ['carton-2', 'carton-3', 'carton-1']) {
      // Where the mark is drawn: the row of the object's label, and the ADDED colour's pixels
      // (#4ade80) on the canvas in that row; then a real click there.
      const label = chart.locator('.label', { has: apiscope.page.getByText(name, { exact: true }) })
      const labelBox = await label.boundingBox()
      if (!labelBox) throw new Error(`no label for ${name}`)
      const centreY = labelBox.y + labelBox.height / 2
      const markX = await chart.locator('canvas').evaluate((element, y) => {
        // The browser's canvas, typed as much as this check reads of it.
        const canvas = element as unknown as {
          width: number
          getBoundingClientRect(): { left: number; top: number; width: number }
          getContext(kind: '2d'): {
            getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> }
          } | null
        }
        const rect = canvas.getBoundingClientRect()
        const scale = canvas.width / rect.width
        const row = Math.round((y - rect.top) * scale)
        const ctx = canvas.getContext('2d')
        if (!ctx) return null
        const pixels = ctx.getImageData(0, row, canvas.width, 1).data
        for (let x = 0; x < canvas.width; x++) {
          const [r, g, b] = [pixels[x * 4], pixels[x * 4 + 1], pixels[x * 4 + 2]]
          if (
            Math.abs((r ?? 0) - 74) < 12 &&
            Math.abs((g ?? 0) - 222) < 12 &&
            Math.abs((b ?? 0) - 128) < 12
          )
            return rect.left + (x + 3) / scale
        }
        return null
      }, centreY)
      if (markX === null) throw new Error(`no mark drawn in ${name}'s row`)
      await apiscope.page.mouse.click(markX, centreY)
      await expect(inspector).toContainText(`ConfigMap ${ns}/${name}`)
      await expect(inspector).toContainText('ADDED')
    }
    await apiscope.screenshot('timeline-click-carton-1')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('the canvas follows a pixel ratio that changes with no resize, at its next draw', async ({
  apiscope,
  cluster,
}) => {
  const ns = `e2e-dpr-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns)
    kubectl(cluster, 'create', 'configmap', 'loupe', '-n', ns, '--from-literal=n=1')
    const chart = apiscope.page.getByTestId('timeline-chart')
    await expect(chart).toContainText('loupe')
    const canvas = chart.locator('canvas')
    // Device pixels across the canvas for each CSS pixel of its box.
    const ratio = () =>
      canvas.evaluate((element) => {
        const c = element as unknown as {
          width: number
          getBoundingClientRect(): { width: number }
        }
        return Math.round((c.width / c.getBoundingClientRect().width) * 10) / 10
      })
    const before = await ratio()
    const size = apiscope.page.viewportSize()
    if (!size) throw new Error('no viewport size')
    // The same CSS size at twice the device pixels: what moving to a screen of another scale does.
    const cdp = await apiscope.page.context().newCDPSession(apiscope.page)
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: size.width,
      height: size.height,
      deviceScaleFactor: before * 2,
      mobile: false,
    })
    // Headless Chromium says nothing of an emulated ratio (no resize, no media query change): the
    // next draw, for the next event, reads it.
    kubectl(cluster, 'create', 'configmap', 'loupe-2', '-n', ns, '--from-literal=n=2')
    await expect.poll(ratio).toBe(before * 2)
    await expect(chart).toContainText('loupe-2')
    await cdp.send('Emulation.clearDeviceMetricsOverride')
    kubectl(cluster, 'create', 'configmap', 'loupe-3', '-n', ns, '--from-literal=n=3')
    await expect.poll(ratio).toBe(before)
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
