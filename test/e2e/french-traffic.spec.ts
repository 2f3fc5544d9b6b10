// Live traffic and the kubectl proxy in French and in English, against the real server: the setup
// with the audit webhook running, a log that cannot be followed (an error shown), the drawing and
// the request list with rows, a 409's detail open, the metrics after two reads, API Priority and
// Fairness; then the kubectl proxy started from the Overview, a command typed through it, and its
// relayed request open in the request log (RelayedDetail). Each state is reached once, in English
// (the page objects' names), then said in French: no English catalogue text shows and the screen
// fits at 1280×720, in French and in English (Priority and Fairness also in presenter mode at
// 1024×768); each is pictured in both languages (fr-traffic-*, en-traffic-*, *-kproxy-*).
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import type { ClusterInfo } from '../cluster/control-plane'
import { expectFits, expectNoEnglish } from './french-check'
import { expect, test } from './fixtures'
import { auditLayout, FITS } from './layout-audit'
import { kubectl } from './kubectl'
import type { ApiscopePage } from './pages/apiscope-page'
import { TrafficPage } from './pages/traffic-page'

const run = promisify(execFile)

/** kubectl as the admin; refusals (409, 422, 403) are the point. */
const attempt = (cluster: ClusterInfo, ...args: string[]) =>
  run(path.join(cluster.binDir, 'kubectl'), [`--kubeconfig=${cluster.kubeconfig}`, ...args]).catch(
    () => undefined,
  )

/** A terminal: the pasted line, then a command, with the server's kubectl on PATH. */
async function terminal(cluster: ClusterInfo, line: string, command: string): Promise<string> {
  const { stdout } = await run('sh', ['-c', `${line}\n${command}`], {
    env: {
      PATH: `${cluster.binDir}:${process.env.PATH ?? ''}`,
      HOME: mkdtempSync(path.join(tmpdir(), 'apiscope-terminal-')),
    },
  })
  return stdout
}

/** Switches the language in place (the side bar's switch): the view and its state stay. */
async function speak(page: Page, lang: 'en' | 'fr'): Promise<void> {
  await page.locator(`nav.side [data-locale="${lang}"]`).first().click()
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
}

/**
 * The state on screen, said in French (checked: no English catalogue text, fits at 1280×720) and
 * in English, pictured in both; the page is left in English for the next step.
 */
async function bothLanguages(
  apiscope: ApiscopePage,
  name: string,
  french?: (page: Page) => Promise<void>,
): Promise<void> {
  const page = apiscope.page
  await speak(page, 'fr')
  if (french) await french(page)
  // The view itself (main): the side bar and top bar are the shell's, checked by french-ui.spec.
  await expectNoEnglish(page, name, 'main')
  await expectFits(page, name)
  await apiscope.screenshot(`fr-${name}`)
  await speak(page, 'en')
  // English too: its single long words (EXECUTING, REJECTED) once ran a table past the window.
  expect.soft(await auditLayout(page), `layout of the English ${name}`).toEqual(FITS)
  await apiscope.screenshot(`en-${name}`)
}

test('Live traffic and the kubectl proxy in French and English: setup, list, detail, metrics, APF, relayed detail', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(240_000)
  const page = apiscope.page
  const ns = `e2e-fr-traffic-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  const traffic = new TrafficPage(page)
  try {
    await traffic.connectWithWebhook(apiscope, cluster.auditWebhookUrl ?? '')
    await expect(page.getByTestId('traffic-source')).toContainText('webhook')
    await expect(page.getByTestId('audit-arrivals')).toContainText('Audit events arrived')

    // Setup: the webhook running, the check, the kind of cluster and its commands.
    await bothLanguages(apiscope, 'traffic-setup', async (p) => {
      await expect(p.getByRole('heading', { name: 'L’audit est-il actif ?' })).toBeVisible()
      await expect(p.locator('tr[data-source="webhook"]')).toContainText('en marche')
      await expect(p.getByTestId('audit-arrivals')).toContainText(
        'Des événements d’audit sont arrivés',
      )
    })

    // An error shown: a log file that does not exist.
    await page.getByLabel('Log file').fill(`/nonexistent/${ns}/audit.log`)
    await page.getByRole('button', { name: 'Follow log' }).click()
    await expect(page.locator('.sources [role="alert"]')).toContainText('does not exist')
    await bothLanguages(apiscope, 'traffic-setup-error', async (p) => {
      await expect(p.locator('.sources [role="alert"]')).toContainText(
        'Impossible de suivre ce journal d’audit',
      )
    })
    // Stop the failed log source (the webhook stays).
    const logStop = page.locator('tr[data-source="log"]').getByRole('button', { name: 'Stop' })
    while ((await logStop.count()) > 0) await logStop.first().click()

    // Requests: a 201, a 409 AlreadyExists, a 422 and a 403 drawn and listed.
    await traffic.tab('Requests')
    const burst = async (i: number) => {
      await attempt(cluster, 'create', 'configmap', `reglages-${i}`, '-n', ns)
      await attempt(cluster, 'create', 'configmap', `reglages-${i}`, '-n', ns)
      await attempt(cluster, 'create', 'configmap', 'Reglages_1', '-n', ns)
      await attempt(cluster, '--context=apiscope-viewer', 'get', 'secrets', '-n', ns)
    }
    await burst(0)
    await page.getByRole('combobox', { name: 'Code', exact: true }).selectOption('409')
    const own409 = traffic.list.locator('tr[data-code="409"]', {
      hasText: 'configmaps reglages-0',
    })
    await expect(own409.first()).toBeVisible({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await burst(1)
    await expect(traffic.drawing.locator('g.dot').first()).toBeVisible()
    await bothLanguages(apiscope, 'traffic-live', async (p) => {
      await expect(p.getByRole('region', { name: 'Dernières requêtes' })).toBeVisible()
      await expect(p.getByRole('figure', { name: /en direct$/ })).toBeVisible()
    })
    await traffic.list.scrollIntoViewIfNeeded()
    await bothLanguages(apiscope, 'traffic-list')

    // A request's detail open: the 409, where it stopped and why (filtered to 409s first: on a
    // busy server it may have left the 150 rows shown).
    await page.getByRole('combobox', { name: 'Code', exact: true }).selectOption('409')
    await own409.first().click()
    await expect(traffic.detail).toContainText('AlreadyExists')
    await expect(traffic.detail.locator('[data-settled="true"]')).toBeVisible()
    await traffic.detail.locator('[data-stopped-at="persistence"]').scrollIntoViewIfNeeded()
    await bothLanguages(apiscope, 'traffic-detail', async (p) => {
      await expect(p.getByRole('complementary', { name: 'Détail de la requête' })).toContainText(
        'ID d’audit',
      )
    })
    // Its audit events, as JSON: each line wraps inside the box (the audit's `sideways`).
    const events = traffic.detail.locator('.text-block')
    await events.scrollIntoViewIfNeeded()
    await bothLanguages(apiscope, 'traffic-detail-audit-events')
    // Its lines hang under their keys, and the text reads back whole: the JSON parses.
    const read = JSON.parse(await events.innerText()) as { stage: string; verb: string }[]
    expect(read.map((e) => [e.stage, e.verb])).toEqual([['ResponseComplete', 'create']])
    await traffic.detail.getByRole('button', { name: 'Close the detail' }).click()
    await page.getByRole('button', { name: 'Clear filters' }).click()

    // Metrics after two reads, with conflicts in between.
    await traffic.tab('Metrics')
    await expect(page.getByText(/series read/)).toBeVisible()
    for (let i = 0; i < 3; i++)
      await attempt(cluster, 'create', 'configmap', 'reglages-0', '-n', ns)
    await page.getByRole('button', { name: 'Read /metrics now' }).click()
    await expect(page.locator('tr.surge[data-code="409"]').first()).toBeVisible()
    await bothLanguages(apiscope, 'traffic-metrics', async (p) => {
      await expect(p.getByText(/séries lues/)).toBeVisible()
    })

    // API Priority and Fairness.
    await traffic.tab('Priority & Fairness')
    await expect(page.locator('table.levels')).toContainText('global-default')
    await bothLanguages(apiscope, 'traffic-apf', async (p) => {
      await expect(
        p.getByRole('heading', { name: 'Flow schemas, dans l’ordre de correspondance' }),
      ).toBeVisible()
    })
    // The same in presenter mode at 1024×768 (the bundled demo recorded no read of these, so
    // presenter-layout.spec cannot audit them), then back to a desk at 1280×720.
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.getByRole('button', { name: 'Presenter', exact: true }).click()
    await expect(page.locator('html')).toHaveClass(/presenter/)
    await bothLanguages(apiscope, 'presenter-1024x768-traffic-apf')
    await page.getByRole('button', { name: 'Presenter', exact: true }).click()
    await expect(page.locator('html')).not.toHaveClass(/presenter/)
    await page.setViewportSize({ width: 1280, height: 720 })
    await traffic.stopSources()

    // The kubectl proxy: started in the Overview, a command typed through it, its request open.
    await apiscope.goTo('Overview')
    const panel = page.getByTestId('kubectl-proxy-panel')
    if (await panel.getByRole('button', { name: 'Start' }).isVisible())
      await panel.getByRole('button', { name: 'Start' }).click()
    const line = panel.locator('code', { hasText: 'export KUBECONFIG=' }).first()
    await expect(line).toBeVisible()
    const pasted = (await line.innerText()).trim()
    await terminal(cluster, pasted, `kubectl -n ${ns} get configmaps 2>&1`)
    await apiscope.goTo('Requests')
    const row = apiscope.requestLog.locator('tbody tr', {
      hasText: `/api/v1/namespaces/${ns}/configmaps?limit=500`,
    })
    await expect(row).toHaveCount(1)
    await row.click()
    const detail = page.getByTestId('relayed-detail')
    await expect(detail).toContainText('Accept: application/json;as=Table')
    await bothLanguages(apiscope, 'kproxy-relayed', async () => {
      await expect(detail.getByRole('heading', { name: 'Réponse' })).toBeVisible()
      await expect(detail).toContainText('Corps ·')
    })
    // The same request in Live traffic, drawn from kubectl with no audit source.
    await traffic.open()
    await terminal(cluster, pasted, `kubectl -n ${ns} get configmaps 2>&1`)
    await expect(page.locator('g.client[data-client="kubectl"]:not(.quiet)')).toBeVisible()
    await bothLanguages(apiscope, 'traffic-proxy-only', async (p) => {
      await expect(p.getByText('proxy kubectl seul')).toBeVisible()
    })
    await apiscope.goTo('Overview')
    await panel.getByRole('button', { name: 'Stop' }).click()
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
