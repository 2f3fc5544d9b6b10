// Every view of the bundled demo at 1280×720, in English and in French, dark and light, at a desk
// (presenter-layout.spec.ts audits presenter mode): nothing wider than the window, off screen,
// overlapping or cut, no table scrolling sideways, no text running past its card, no label of a
// diagram on another or on its box's edge (layout-audit.ts). Also the states a view opens into: the
// watch table beside the inspector (its names whole), the recorded 409 conflict card, a request's
// detail over the live traffic list, a resource's detail in Discovery, a request's in Requests;
// the connect screen once the replay is closed; and, live against the real control plane, a
// walkthrough mid-step (its 409 checked). Each state is reached in English, audited, pictured
// en-<theme>-<state>, then switched to French (the switch keeps the state), audited and pictured
// fr-<theme>-<state>; the French screen also shows no English text of the catalogue
// (french-check.ts), the recorded core's words included.
import type { Page } from '@playwright/test'
import { expect, test, useDemoServe } from './fixtures'
import { englishShown } from './french-check'
import { auditLayout, FITS } from './layout-audit'
import { ApiscopePage } from './pages/apiscope-page'
import { OwnershipPage } from './pages/ownership-page'
import { TrafficPage } from './pages/traffic-page'
import { WalkthroughsPage } from './pages/walkthroughs-page'
import { showView, VIEWS } from './view-settled'
import { clickMarker } from './replay-markers'

const serve = useDemoServe()

async function speak(page: Page, language: 'en' | 'fr'): Promise<void> {
  await page.locator(`button[data-locale="${language}"]`).first().click()
  await expect(page.locator('html')).toHaveAttribute('lang', language)
}

/** The state on screen fits, in English then in French, each pictured; back to English. */
async function fitsInBoth(app: ApiscopePage, theme: string, state: string): Promise<void> {
  const { page } = app
  for (const language of ['en', 'fr'] as const) {
    await speak(page, language)
    expect.soft(await auditLayout(page), `${state}, ${theme} theme, ${language}`).toEqual(FITS)
    if (language === 'fr')
      expect
        .soft(await englishShown(page), `English UI text on the French ${state}, ${theme} theme`)
        .toEqual([])
    await app.screenshot(`${language}-${theme}-${state}`)
  }
  await speak(page, 'en')
}

for (const theme of ['dark', 'light'] as const) {
  test(`every view and its opened states fit at 1280×720 in both languages, ${theme} theme`, async ({
    page,
  }) => {
    test.setTimeout(420_000)
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const app = new ApiscopePage(page, serve.url)
    await app.open()
    await page.evaluate((t) => {
      localStorage.setItem('apiscope.presenter', JSON.stringify({ theme: t }))
      localStorage.setItem('apiscope.locale', 'en')
    }, theme)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    const banner = page.getByRole('region', { name: 'Replay controls' })
    const marker = (note: RegExp) => clickMarker(page, note)

    await marker(/End of the demo/)
    for (const [key, name] of VIEWS) {
      await showView(page, key)
      await fitsInBoth(app, theme, name)
    }

    // A resource's detail under Discovery's table, and a request's under the Requests list.
    await showView(page, '2')
    await app.resourcesTable
      .locator('tr[data-resource="apps/v1 deployments"]')
      .getByRole('button')
      .click()
    await expect(page.getByTestId('resource-detail')).toBeVisible()
    await fitsInBoth(app, theme, 'discovery-detail')
    await showView(page, '4')
    await app.requestLog.locator('button.row-open').nth(2).click()
    await expect(page.getByTestId('request-detail')).toBeVisible()
    await fitsInBoth(app, theme, 'requests-detail')

    // The watch table with the inspector open beside it: each name whole.
    await showView(page, '3')
    await page.getByRole('tab', { name: 'Table' }).click()
    await page
      .getByTestId('watch-table')
      .getByRole('button', { name: /MODIFIED/ })
      .last()
      .click()
    await expect(page.getByTestId('inspector')).toContainText('MODIFIED')
    await fitsInBoth(app, theme, 'watches-table-inspector')

    // A request's detail over the live traffic list, the list scrolled to.
    const traffic = new TrafficPage(page)
    await traffic.open()
    await traffic.list.locator('tr[data-code]').first().click()
    await expect(traffic.detail).toBeVisible()
    await traffic.list.scrollIntoViewIfNeeded()
    await fitsInBoth(app, theme, 'traffic-list-detail')

    // The recorded 409 conflict card of vitrine after --force-conflicts, its three ways out.
    await marker(/--force-conflicts/)
    const own = new OwnershipPage(page)
    await own.open()
    await own.pickWatched('vitrine')
    await own.tab('What-if apply')
    await expect(own.conflict).toContainText('.spec.replicas')
    await own.conflict.getByText('--force-conflicts').scrollIntoViewIfNeeded()
    await fitsInBoth(app, theme, 'ownership-conflict')

    // The replay closed: the connect screen, no cluster answering, the demo offered. Closed
    // only in the last theme's run, since the server (shared by the file) stays closed after;
    // the connect screen is then pictured in both themes.
    if (theme !== 'light') return
    await banner.getByRole('button', { name: 'Close replay' }).click()
    await expect(page.getByRole('heading', { name: 'Connect to a cluster' })).toBeVisible()
    await fitsInBoth(app, 'light', 'connect')
    await page.evaluate(() =>
      localStorage.setItem('apiscope.presenter', JSON.stringify({ theme: 'dark' })),
    )
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(page.getByRole('heading', { name: 'Connect to a cluster' })).toBeVisible()
    await fitsInBoth(app, 'dark', 'connect')
  })

  test(`a walkthrough mid-step fits at 1280×720 in both languages, ${theme} theme`, async ({
    apiscope,
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.addInitScript((t) => {
      localStorage.setItem('apiscope.presenter', JSON.stringify({ theme: t }))
      localStorage.setItem('apiscope.locale', 'en')
    }, theme)
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    const w = new WalkthroughsPage(page)
    await w.open()
    await w.choose(/eight verbs/)
    await w.start.click()
    await w.sendAndNext()
    await w.sendAndNext()
    // Step 3: the second POST stops at etcd with 409 AlreadyExists, its checks in the table.
    await w.send.click()
    await expect(w.outcomes.first()).toContainText('409')
    await expect(w.outcomes.first().locator('.stage-path')).toHaveAttribute('data-settled', 'true')
    await w.outcomes.first().getByTestId('check-table').scrollIntoViewIfNeeded()
    await fitsInBoth(apiscope, theme, 'walkthrough-mid-step')
    await w.finish.click()
    await expect(w.plan).toBeVisible()
  })
}
