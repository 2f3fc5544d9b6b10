// Exports show what the person sees: the visible area of the view (scrolled where they scrolled,
// every style applied, the architecture diagram's SVG included) or one chosen panel, in both
// themes. Each export is compared pixel by pixel with Chromium's own screenshot of the same area.
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, test, useDemoServe } from './fixtures'
import { compareImages } from './image-compare'
import { ApiscopePage } from './pages/apiscope-page'
import { clickMarker } from './replay-markers'

const serve = useDemoServe()

// Exports are drawn at twice the CSS size; so is the screenshot they are compared with.
test.use({ deviceScaleFactor: 2 })
// A guard, not a timing: drawing a view at twice its size, and waiting for two screenshots alike,
// took over the default 60 s on a machine at load 30.
test.describe.configure({ timeout: 180_000 })

/** At most this share of pixels may differ (text anti-aliasing through the SVG round trip). */
const TOLERANCE = 0.01
/**
 * A panel inside the view sits at a fractional position (58.16 px of top bar, 135.83 of replay
 * strip above it): each of its edges rounds to device pixels differently on screen than in the
 * export, drawn from the panel's own origin. A wrong area or unstyled shapes differ by far more.
 */
const PANEL_TOLERANCE = 0.03

/**
 * Chromium's screenshot of what the export covers: the target's box inside its scroll bars, cut
 * to whole device pixels as the export's canvas is; taken once two in a row are the same.
 */
async function settledScreenshot(target: Locator): Promise<Buffer> {
  const clip = await target.evaluate((el) => {
    const win = el.ownerDocument.defaultView
    if (!win) throw new Error('the element left the page')
    const r = el.getBoundingClientRect()
    const s = win.getComputedStyle(el)
    const box = el as unknown as { offsetWidth: number; offsetHeight: number }
    const barX = box.offsetWidth - el.clientWidth - parseFloat(s.borderLeftWidth)
    const barY = box.offsetHeight - el.clientHeight - parseFloat(s.borderTopWidth)
    const device = (css: number) => Math.floor(css * win.devicePixelRatio) / win.devicePixelRatio
    return {
      x: r.left,
      y: r.top,
      width: device(r.width - Math.max(0, barX - parseFloat(s.borderRightWidth))),
      height: device(r.height - Math.max(0, barY - parseFloat(s.borderBottomWidth))),
    }
  })
  const page = target.page()
  let previous = await page.screenshot({ clip, animations: 'disabled' })
  // Waiting on a condition (two screenshots alike), sampled every 200 ms for up to 15 s.
  for (let i = 0; i < 75; i++) {
    await page.waitForTimeout(200)
    const next = await page.screenshot({ clip, animations: 'disabled' })
    if (next.equals(previous)) return next
    previous = next
  }
  return previous
}

async function exportPicture(page: Page, what: string): Promise<Buffer> {
  const banner = page.getByRole('region', { name: 'Replay controls' })
  const menu = page.getByRole('group', { name: 'Export' })
  if (!(await menu.isVisible()))
    await banner.getByRole('button', { name: 'Export', exact: true }).click()
  await menu.getByLabel('What to export').selectOption({ label: what })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('button', { name: 'View as PNG' }).click(),
  ])
  // The menu closes before the next screenshot: it is not part of the view.
  await banner.getByRole('button', { name: 'Export', exact: true }).click()
  await expect(menu).toBeHidden()
  return readFileSync((await download.path()) as string)
}

async function openDemoAt(page: Page, marker: RegExp): Promise<ApiscopePage> {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const app = new ApiscopePage(page, serve.url)
  await app.open()
  await clickMarker(page, marker)
  return app
}

test('Live traffic exported as PNG is the view on screen, diagram included, in both themes', async ({
  page,
}) => {
  const app = await openDemoAt(page, /End of the demo/)
  await page.keyboard.press('7')
  const main = page.locator('main.main')
  // The drawing's server box (a client box's title may also say kube-apiserver, unseen).
  await expect(main.locator('text.server-name')).toHaveText('kube-apiserver')
  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') {
      await page.keyboard.press('?')
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
      await help.getByLabel('Light', { exact: true }).check()
      await page.keyboard.press('Escape')
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    }
    const screen = await settledScreenshot(main)
    const exported = await exportPicture(page, 'Visible area')
    const diff = compareImages(screen, exported, `export-traffic-${theme}`)
    expect(diff.ratio, `export-traffic-${theme}: see test/artifacts/screenshots`).toBeLessThan(
      TOLERANCE,
    )
  }
  await app.screenshot('export-traffic-light-page')
  await page.keyboard.press('?')
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByLabel('Dark').check()
  await page.keyboard.press('Escape')
})

test('the lab exports the 422 scrolled to, not the top of the form; and one chosen panel', async ({
  page,
}) => {
  await openDemoAt(page, /\/metrics and API Priority/)
  await page.keyboard.press('6')
  const main = page.locator('main.main')
  const result = page.getByTestId('lab-result')
  await expect(result).toContainText('422')
  // The person scrolls down to the answer, as in class.
  await result.scrollIntoViewIfNeeded()
  await main.evaluate((m) => m.scrollBy(0, 40))
  expect(await main.evaluate((m) => m.scrollTop)).toBeGreaterThan(100)
  const screen = await settledScreenshot(main)
  const exported = await exportPicture(page, 'Visible area')
  const diff = compareImages(screen, exported, 'export-lab-422')
  expect(diff.ratio).toBeLessThan(TOLERANCE)

  // One panel: the stage path alone, whole, at the size it has on screen.
  const path = page.getByTestId('lab-stage-path').locator('figure')
  await path.scrollIntoViewIfNeeded()
  const panelScreen = await settledScreenshot(path)
  const panel = await exportPicture(page, 'Stage path')
  const panelDiff = compareImages(panelScreen, panel, 'export-lab-stage-path')
  expect(panelDiff.ratio).toBeLessThan(PANEL_TOLERANCE)
})
