// Real 429s in the health panel: the app connected as a ServiceAccount whose ConfigMap requests a
// FlowSchema sends to a priority level with no seats, one of its requests held open
// (test/cluster/apf-no-seats.ts). While the watch backs off, its card names the FlowSchema, the
// priority level and the server's Retry-After, each once (in English and French); once the held
// request goes, the watch opens.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { NO_SEATS_NEEDS, noSeatsFor } from '../cluster/apf-no-seats'
import { expect, startServe, test } from './fixtures'
import { kubectl } from './kubectl'
import { ApiscopePage } from './pages/apiscope-page'

test('a watch refused by API Priority and Fairness names the FlowSchema, backs off and recovers', async ({
  page,
  cluster,
}) => {
  test.skip(cluster.version.startsWith('v1.20.'), NO_SEATS_NEEDS)
  const ns = `e2e-apf-${Date.now().toString(36)}`
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-e2e-apf-'))
  kubectl(cluster, 'create', 'namespace', ns)
  const apf = noSeatsFor({
    kubectl: (...args) => kubectl(cluster, ...args),
    adminKubeconfig: cluster.kubeconfig,
    namespace: ns,
    dir,
  })
  const serve = await startServe({ KUBECONFIG: apf.kubeconfig, HOME: '/nonexistent' })
  try {
    await expect.poll(() => apf.dangling()).toBe('False')
    const release = await apf.hold()
    const apiscope = new ApiscopePage(page, serve.url)
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns, undefined, 'auto')
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    const health = page.getByTestId('watch-health')
    const throttled = health.getByTestId('watch-throttled')
    await expect(throttled).toContainText(/429 Too Many Requests ×\d+:/)
    await expect(throttled).toContainText(
      `FlowSchema ${apf.flowSchema}, priority level ${apf.priorityLevel}; the last`,
    )
    await expect(health.getByTestId('watch-state')).toHaveText('backoff')
    // The reason gives the server's code and message as they came, and its Retry-After; the
    // throttle note names the FlowSchema and the priority level: each once on the card.
    const card = health.getByRole('article')
    await expect(card).toContainText(
      /watch answered 429: Too Many Requests; retrying in \d\.\d s \(the server's Retry-After: 1 s\)/,
    )
    const once = async (language: string) => {
      const text = (await card.textContent()) ?? ''
      for (const name of [apf.flowSchema, apf.priorityLevel, 'Retry-After'])
        expect(text.split(name).length - 1, `${name} on the card, ${language}`).toBe(1)
    }
    await once('en')
    await apiscope.setLanguage('fr')
    await expect(card).toContainText(`FlowSchema ${apf.flowSchema}, niveau de priorité`)
    await once('fr')
    await apiscope.screenshot('fr-apf-429-health')
    await apiscope.setLanguage('en')
    await apiscope.screenshot('apf-429-health')
    release()
    await expect(health.getByTestId('watch-state')).toHaveText('watching', { timeout: 30_000 })
    // Once the reason no longer says it, the note gives the last 429's Retry-After.
    await expect(throttled).toContainText(/Retry-After 1 s; the last \d+ s ago/)
    await apiscope.screenshot('apf-429-recovered')
  } finally {
    await serve.stop()
    apf.remove()
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
    rmSync(dir, { recursive: true, force: true })
  }
})
