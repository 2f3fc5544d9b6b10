// The bundled demo with no cluster at all (KUBECONFIG names a file that does not exist): the app
// opens it by itself, says it is a replay, and every view works from it; step through it, seek,
// play fast; presenter mode in both themes with the spotlight and the help overlay; exports.
import { readFileSync } from 'node:fs'
import { demoFacts } from './demo-facts'
import { expect, test, useDemoServe } from './fixtures'
import { ApiscopePage } from './pages/apiscope-page'
import { clickMarker } from './replay-markers'

const serve = useDemoServe()

test('with no cluster, the demo opens as a replay and steps through like a live session', async ({
  page,
}) => {
  const app = new ApiscopePage(page, serve.url)
  const banner = page.getByRole('region', { name: 'Replay controls' })
  await app.open()
  await expect(banner.getByText('REPLAY', { exact: true })).toBeVisible()
  await expect(banner).toContainText('No cluster answered')
  await expect(banner).toContainText('no cluster is contacted')
  // The demo says which server it was recorded from (re-recorded against the current release).
  expect(demoFacts().serverVersion).toMatch(/^v1\.37\./)
  await expect(banner).toContainText(demoFacts().serverVersion)
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toHaveCount(0)
  // The Overview shows what the recording kept: who recorded it, the server's version.
  await expect(app.identity.getByTestId('username')).toHaveText('minikube-user')

  // A replay opens at its start, before the first event: the first step brings the first list.
  const count = banner.getByLabel('Events replayed')
  await expect(count).toHaveText(/^0\/\d+ events$/)
  await app.goTo('Watches')
  await banner.getByRole('button', { name: 'Step forward one event' }).click()
  const chart = page.getByTestId('timeline-chart')
  await expect(chart).toContainText(' in ch34')
  const before = Number((await count.textContent())?.split('/')[0])
  await banner.getByRole('button', { name: 'Step forward one event' }).click()
  await expect(count).toContainText(`${before + 1}/`)
  await page.keyboard.press('ArrowRight')
  await expect(count).toContainText(`${before + 2}/`)
  await page.keyboard.press('ArrowLeft')
  await expect(count).toContainText(`${before + 1}/`)

  // The markers: jump to the Deployment's conflict, then play the rest at 16x.
  // By mouse, though markers a few seconds apart crowd the strip (drawn apart, or clustered).
  await clickMarker(page, /equipe-web applies replicas: 2 again/)
  // The conflict comes after the lists, the ConfigMap verbs, the cartons and the Secret.
  await expect
    .poll(async () => Number((await count.textContent())?.split('/')[0]))
    .toBeGreaterThan(20)
  await expect(page.getByText(/[2-9]\d events · \d+ objects/)).toBeVisible()
  await app.screenshot('replay-watches')
  await banner.getByLabel('Replay speed').selectOption('16')
  await banner.getByRole('button', { name: 'Play', exact: true }).click()
  await expect(banner.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
  // Played to the end: every event applied, and the strip offers Play again.
  await expect(count).toHaveText(/^(\d+)\/\1 events$/, { timeout: 30_000 })
  await expect(banner.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  await expect(chart).toContainText(/410/)

  await page.getByRole('tab', { name: 'Table' }).click()
  await page
    .getByTestId('watch-table')
    .getByRole('button', { name: /MODIFIED/ })
    .last()
    .click()
  await expect(page.getByTestId('inspector')).toContainText('MODIFIED')
  await app.screenshot('replay-inspector')

  await app.goTo('Requests')
  await expect(app.requestLog).toContainText('409')
  await app.screenshot('replay-requests')
  await app.goTo('Discovery')
  await expect(app.resourcesTable.locator('tbody tr').first()).toBeVisible()
})

test('presenter mode: both themes, the spotlight, the help overlay, hidden identifiers', async ({
  page,
}) => {
  const app = new ApiscopePage(page, serve.url)
  await app.open()
  const banner = page.getByRole('region', { name: 'Replay controls' })
  await expect(banner).toBeVisible()
  await clickMarker(page, /Server-side apply/)
  await page.getByRole('button', { name: 'Presenter' }).click()
  await app.goTo('Watches')
  await banner.getByRole('button', { name: 'Step forward one event' }).click()
  await expect(page.getByTestId('spotlight')).toBeVisible()
  await expect(page.getByTestId('spotlight')).toContainText('resourceVersion')
  const fontSize = await page
    .locator('html')
    .evaluate((html) => html.ownerDocument.defaultView?.getComputedStyle(html).fontSize ?? '0')
  expect(parseFloat(fontSize)).toBeGreaterThanOrEqual(19)
  await app.screenshot('presenter-dark')

  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toContainText('play / pause the replay')
  await help.getByLabel('Light', { exact: true }).check()
  await app.screenshot('presenter-help')
  await help.getByLabel('Hide server URLs, IP addresses and user names').check()
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await app.screenshot('presenter-light')

  await app.goTo('Requests')
  await expect(app.requestLog).toContainText('https://server')
  const text = await page.locator('body').innerText()
  expect(text).not.toMatch(/127\.0\.0\.1/)
  await app.goTo('Overview')
  await expect(app.identity.getByTestId('username')).toHaveText('‹user›')

  // Space plays and pauses; + zooms.
  await page.locator('body').click({ position: { x: 5, y: 700 } })
  await page.keyboard.press(' ')
  await expect(banner.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
  await page.keyboard.press(' ')
  await expect(banner.getByRole('button', { name: 'Play', exact: true })).toBeVisible()

  // Exports: the current view as SVG and PNG, and a time range as a smaller recording.
  await banner.getByRole('button', { name: 'Export' }).click()
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'View as SVG' }).click(),
  ])
  const svgText = readFileSync((await svg.path()) as string, 'utf8')
  expect(svgText).toContain('<svg')
  expect(svgText).not.toMatch(/127\.0\.0\.1/)
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'View as PNG' }).click(),
  ])
  expect(
    readFileSync((await png.path()) as string)
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG')
  await page.getByRole('button', { name: 'Export range as a recording' }).click()
  await expect(page.getByText(/Saved .*events/)).toBeVisible()

  // Back to normal for the other tests in this browser profile.
  await page.keyboard.press('?')
  await help.getByLabel('Dark', { exact: true }).check()
  await help.getByLabel('Hide server URLs, IP addresses and user names').uncheck()
  await help.getByLabel(/Presenter mode/).uncheck()
})
