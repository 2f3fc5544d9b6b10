// A list answer cut in the middle, as a person sees it in "Watches & lists" (#14). The app
// (`apiscope serve`, browser mode) reaches the real kube-apiserver through the fault proxy
// (test/cluster/fault-proxy.ts), which slows the list's one answer to 24 KB/s and then resets
// every connection once some objects are on the timeline: a cut by the connection, as at 150,056
// ConfigMaps, so no test-only setting of the app is needed. The card then shows the list cut once,
// its cut page (the items it brought, why, and the continue token Apiscope built after the last
// one), the list going on in pages of 500 at the same resourceVersion, and every object reaches
// the timeline once. Pictured in English and French (list-cut-watches, fr-list-cut-watches).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { FaultProxy, kubeconfigVia } from '../cluster/fault-proxy'
import { expectFits, expectNoEnglish } from './french-check'
import { expect, startServe, test } from './fixtures'
import { kubectl } from './kubectl'
import { ApiscopePage } from './pages/apiscope-page'

/** ConfigMaps to list: a cut after a few dozen leaves more than two pages of 500 to go on with. */
const COUNT = 1100

test('a list answer cut mid-way goes on in pages; Watches & lists shows the cut page, every object once', async ({
  page,
  cluster,
}) => {
  test.setTimeout(300_000)
  const ns = `e2e-list-cut-${Date.now().toString(36)}`
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-e2e-list-cut-'))
  const proxy = await FaultProxy.start(cluster.server)
  kubectl(cluster, 'create', 'namespace', ns)
  const serve = await startServe({
    KUBECONFIG: kubeconfigVia(cluster.kubeconfig, proxy.url, dir),
    HOME: '/nonexistent',
  })
  try {
    // 3 KB of random hex each: gzip (the list is over 128 KB) cannot shrink the answer to nothing.
    const items = Array.from({ length: COUNT }, (_, i) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `c-${String(i).padStart(4, '0')}`, namespace: ns },
      data: { pad: randomBytes(1500).toString('hex') },
    }))
    const file = path.join(dir, 'configmaps.json')
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items }))
    kubectl(cluster, 'create', '-f', file)
    const total = COUNT + 1 // and the namespace's kube-root-ca.crt
    const grouped = total.toLocaleString('en-US')

    const apiscope = new ApiscopePage(page, serve.url)
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    // The list's one answer (no page size: one request, no limit) at 24 KB/s.
    proxy.throttle(24_000)
    await apiscope.startWatch('/v1/configmaps', ns)
    const counts = page.getByText(/ objects? · \d+ lists?$/)
    const objectsOnScreen = async () =>
      Number(/([\d,]+) objects?/.exec((await counts.textContent()) ?? '')?.[1]?.replace(/,/g, ''))
    await expect.poll(objectsOnScreen, { timeout: 60_000 }).toBeGreaterThanOrEqual(20)
    expect(await objectsOnScreen(), 'the answer was still coming').toBeLessThan(total)
    expect(proxy.cutAll()).toBeGreaterThan(0)
    proxy.throttle(null)

    // Every object reaches the timeline once: as many LISTED events as objects.
    await expect(counts).toHaveText(`${grouped} events · ${grouped} objects · 1 list`, {
      timeout: 60_000,
    })
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    const health = page.getByTestId('watch-health')
    await expect(health.getByTestId('watch-state')).toHaveText('watching')
    await expect(health).toContainText(`${grouped} items at resourceVersion`)
    await expect(health).toContainText('its answer was cut once')
    // The cut page: the items it brought, why, and where the list went on.
    const cut = health.getByTestId('list-page-cut')
    await expect(cut).toHaveText(/^cut after \d+ items: connection lost \(.+\)$/)
    const brought = Number(/cut after (\d+)/.exec((await cut.textContent()) ?? '')?.[1])
    const last = `c-${String(brought - 1).padStart(4, '0')}`
    // The items come in name order: kube-root-ca.crt last, so the cut page's last one is c-….
    await expect(health).toContainText(
      `went on after the last item received: continue built by Apiscope → {"v":"meta.k8s.io/v1","rv":`,
    )
    await expect(health).toContainText(`"start":"/${last}\\u0000"}`)
    // Then pages of 500 at the same resourceVersion, each said with its items.
    const after = Math.ceil((total - brought) / 500)
    await expect(health).toContainText(`in ${after + 1} pages`)
    await expect(health).toContainText(/page 2: 500 items, rv \d+, \d{1,3}(,\d{3})* remaining/)
    await expect(health.getByTestId('list-ending')).toHaveCount(0)
    await expect(health.getByTestId('list-page-refused')).toHaveCount(0)
    const picture = await apiscope.screenshot('list-cut-watches')
    test.info().annotations.push({ type: 'screenshot', description: picture })

    await apiscope.setLanguage('fr')
    await expect(health).toContainText('sa réponse a été coupée une fois')
    await expect(health.getByTestId('list-page-cut')).toHaveText(
      /^coupée après \d+ éléments : connexion perdue \(.+\)$/,
    )
    await expectNoEnglish(page, 'Watches & lists, a cut list')
    await expectFits(page, 'Watches & lists, a cut list')
    await apiscope.screenshot('fr-list-cut-watches')
    await apiscope.setLanguage('en')
  } finally {
    await serve.stop()
    await proxy.close()
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
    rmSync(dir, { recursive: true, force: true })
  }
})
