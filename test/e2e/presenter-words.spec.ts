// Presenter mode against the real server, at 1024×768 and 1280×720, in English and French: no word
// cut by a line's end where a room reads it. The latest requests' column headers keep each word
// whole ("UTILI|SATEUR" was seen at 1024 in French) and a user such as system:apiserver or
// system:serviceaccount:ns:name wraps at its colons only; the Watches toolbar (views, axis, zoom,
// filter, counts) takes one row; the watch cards' count labels ("OBJETS LISTÉS") take one line.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'
import { auditLayout, controlRows, FITS, textLines, wordsCut } from './layout-audit'
import { TrafficPage } from './pages/traffic-page'
import { showView } from './view-settled'

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
] as const

/** Switches the language in place (the side bar's switch): the view and its state stay. */
async function speak(page: Page, lang: 'en' | 'fr'): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return
  await page.locator(`nav.side [data-locale="${lang}"]`).first().click()
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
}

async function presenter(page: Page, on: boolean): Promise<void> {
  await page.evaluate(
    (p) => localStorage.setItem('apiscope.presenter', JSON.stringify(p)),
    on ? { presenter: true } : {},
  )
  await page.reload()
}

for (const size of SIZES) {
  test(`presenter mode at ${size.width}×${size.height}: the latest requests and the Watches view cut no word, in English and French`, async ({
    apiscope,
    cluster,
  }) => {
    test.setTimeout(150_000)
    const page = apiscope.page
    const ns = `e2e-words-${Date.now().toString(36)}`
    kubectl(cluster, 'create', 'namespace', ns)
    const traffic = new TrafficPage(page)
    const at = `${size.width}x${size.height}`
    try {
      await page.setViewportSize(size)
      await apiscope.open()
      await presenter(page, true)
      await expect(apiscope.statusPill).toContainText('Connected')

      // Live traffic: the webhook on, the control plane's own requests listed.
      await showView(page, '7')
      await traffic.startWebhook(cluster.auditWebhookUrl ?? '')
      await traffic.tab('Requests')
      for (let i = 0; i < 3; i++) kubectl(cluster, 'get', 'configmaps', '-n', ns)
      // A 403: its stage (Authorization, Autorisation) is one long word.
      try {
        kubectl(cluster, '--context=apiscope-viewer', 'get', 'secrets', '-n', ns)
      } catch {
        // refused, as meant
      }
      await expect(traffic.list.locator('tr[data-code="403"]').first()).toBeVisible({
        timeout: 30_000,
      })
      // The users' column, or under the client in a narrow list.
      const users = traffic.list.locator('tbody [data-user]:visible')
      await expect(users.filter({ hasText: /^system:.+:/ }).first()).toBeVisible({
        timeout: 30_000,
      })
      // The list held still while it is measured (the pointer over it).
      await traffic.list.hover()
      for (const lang of ['en', 'fr'] as const) {
        await speak(page, lang)
        const where = `${lang}, ${at}`
        for (const th of await traffic.list.locator('thead th:visible').all())
          expect
            .soft(await wordsCut(th), `${where}: the header ${await th.innerText()}`)
            .toEqual([])
        for (const td of (await users.all()).slice(0, 30))
          expect
            .soft(await wordsCut(td, ':'), `${where}: the user ${await td.innerText()}`)
            .toEqual([])
        for (const td of await traffic.list.locator('tr[data-code="403"] td.stop').all())
          expect.soft(await wordsCut(td), `${where}: the stage ${await td.innerText()}`).toEqual([])
        expect.soft(await auditLayout(page), `${where}: the live view`).toEqual(FITS)
        await apiscope.screenshot(`${lang}-presenter-${at}-traffic-list`)
      }
      await speak(page, 'en')
      await traffic.stopSources()

      // Watches: a list in pages and a streaming list of the namespace's ConfigMaps.
      for (let i = 1; i <= 4; i++) kubectl(cluster, 'create', 'configmap', `carton-${i}`, '-n', ns)
      await showView(page, '3')
      await page.getByLabel('Resource to watch').selectOption('/v1/configmaps')
      await page.getByLabel('Namespace to watch').fill(ns)
      await page.getByLabel('Page size (limit)').fill('2')
      await page.getByRole('button', { name: 'Both ways' }).click()
      await page.getByLabel('Namespace to watch').blur()
      await expect(page.getByTestId('timeline-chart')).toContainText(/LIST @\d+ · 3 pages/)
      const bar = page.getByTestId('watch-bar')
      for (const lang of ['en', 'fr'] as const) {
        await speak(page, lang)
        const where = `${lang}, ${at}`
        await page.getByRole('tab', { name: lang === 'fr' ? 'Chronologie' : 'Timeline' }).click()
        expect.soft(await controlRows(bar), `${where}: the toolbar's rows`).toBe(1)
        // The axis button shows "rv" when narrow; its name stays the field's, at every width.
        await expect(bar.getByRole('radio', { name: 'resourceVersion', exact: true })).toBeVisible()
        // The counts, in the bar or under the chart: on one line.
        const counts = page.locator('[data-testid^="watch-counts"]:visible')
        await expect(counts).toHaveCount(1)
        expect.soft(await textLines(counts), `${where}: counts`).toBe(1)
        expect.soft(await auditLayout(page), `${where}: the timeline`).toEqual(FITS)
        await apiscope.screenshot(`${lang}-presenter-${at}-watches-timeline`)
        await page
          .getByRole('tab', { name: lang === 'fr' ? 'Watches et listes' : 'Watches & lists' })
          .click()
        const health = page.getByTestId('watch-health')
        await expect(health.getByRole('article')).toHaveCount(2)
        for (const id of ['watch-listed', 'watch-events']) {
          for (const dt of await health.getByTestId(id).locator('dt').all()) {
            const label = `${where}: ${await dt.innerText()}`
            expect.soft(await wordsCut(dt), label).toEqual([])
            expect.soft(await textLines(dt), label).toBe(1)
          }
        }
        expect.soft(await auditLayout(page), `${where}: the health cards`).toEqual(FITS)
        await apiscope.screenshot(`${lang}-presenter-${at}-watches-health`)
      }
      await speak(page, 'en')
      for (const id of [2, 1]) await page.getByRole('button', { name: `Stop watch ${id}` }).click()
    } finally {
      await presenter(page, false)
      kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
    }
  })
}
