// Presenter mode is a room layout at 1280×720 and 1024×768: nothing wider than the window, no
// control or heading off screen or on top of another, stage names whole, the side bar folded to
// its keys, the timeline showing more lanes, diagram and timeline text larger than at a desk.
// Every view of the bundled demo is audited at both sizes, and screenshotted, Live traffic's
// /metrics and Priority and Fairness tabs too.
import type { Page } from '@playwright/test'
import { expect, test, useDemoServe } from './fixtures'
import { auditLayout, FITS } from './layout-audit'
import { ApiscopePage } from './pages/apiscope-page'
import { showView, VIEWS } from './view-settled'
import { clickMarker } from './replay-markers'
import { TrafficPage } from './pages/traffic-page'

const serve = useDemoServe()

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
] as const

async function openDemo(page: Page, marker: RegExp, presenter: boolean): Promise<ApiscopePage> {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const app = new ApiscopePage(page, serve.url)
  await app.open()
  await page.evaluate(
    (on) => localStorage.setItem('apiscope.presenter', JSON.stringify({ presenter: on })),
    presenter,
  )
  await page.reload()
  await clickMarker(page, marker)
  return app
}

for (const size of SIZES) {
  test(`presenter mode at ${size.width}×${size.height}: every view fits, nothing overlaps`, async ({
    page,
  }) => {
    await page.setViewportSize(size)
    const app = await openDemo(page, /\/metrics and API Priority/, true)
    await expect(page.locator('html')).toHaveClass(/presenter/)
    // The side bar starts folded to its keys, and unfolds.
    const nav = page.getByRole('navigation', { name: 'Views' })
    await expect(nav.getByRole('button', { name: 'Show the side bar' })).toBeVisible()
    for (const [key, name] of VIEWS) {
      await showView(page, key)
      const problems = await auditLayout(page)
      expect.soft(problems, `${name} at ${size.width}×${size.height}`).toEqual(FITS)
      await app.screenshot(`presenter-${size.width}x${size.height}-${name}`)
    }
    // Unfolded, the names come back and still fit.
    await nav.getByRole('button', { name: 'Show the side bar' }).click()
    await expect(nav.getByRole('button', { name: 'Fold the side bar' })).toBeVisible()
    await page.locator('body').press('6')
    expect(await auditLayout(page)).toEqual(FITS)
    await app.screenshot(`presenter-${size.width}x${size.height}-unfolded-lab`)
    await nav.getByRole('button', { name: 'Fold the side bar' }).click()

    // Live traffic's /metrics and Priority and Fairness, as the recording read them: the demo
    // reads both just after the marker above, so the next marker is where they are in.
    await clickMarker(page, /The API server crashes and restarts/)
    const traffic = new TrafficPage(page)
    await showView(page, '7')
    for (const [tab, shown, name] of [
      ['Metrics', page.getByTestId('metrics-replay'), 'metrics'],
      ['Priority & Fairness', page.getByTestId('apf-replay'), 'apf'],
    ] as const) {
      await traffic.tab(tab)
      await expect(shown).toContainText('the recording kept')
      const problems = await auditLayout(page)
      expect.soft(problems, `${name} at ${size.width}×${size.height}`).toEqual(FITS)
      await app.screenshot(`presenter-${size.width}x${size.height}-traffic-${name}`)
    }
  })
}

/** The first match's rendered height, or with `font` its computed font size, in CSS pixels. */
async function measure(page: Page, selector: string, font = false): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate(
      (el, f) =>
        f
          ? parseFloat(el.ownerDocument.defaultView?.getComputedStyle(el).fontSize ?? '0')
          : el.getBoundingClientRect().height,
      font,
    )
}

test('presenter mode grows the timeline and the diagrams, and shows more lanes', async ({
  page,
}) => {
  const sizes: Record<string, { lane: number; axis: number; sequence: number; lanes: number }> = {}
  for (const presenter of [false, true]) {
    await openDemo(page, /End of the demo/, presenter)
    await page.locator('body').press('3')
    const chart = page.getByTestId('timeline-chart')
    await expect(chart).toContainText('carton-1')
    const lanes = await chart.locator('.label').evaluateAll(
      (els) =>
        els.filter((el) => {
          const r = el.getBoundingClientRect()
          const box = el.parentElement?.getBoundingClientRect()
          return box && r.top >= box.top - 1 && r.bottom <= box.bottom + 1
        }).length,
    )
    const lane = await measure(page, '[data-testid="timeline-chart"] .label .name', true)
    const axis = await measure(page, '[data-testid="timeline-chart"] .axis text', true)
    // The trace is built from the rollout's events as the replay plays them.
    const banner = page.getByRole('region', { name: 'Replay controls' })
    await clickMarker(page, /A rollout/)
    await banner.getByLabel('Replay speed').selectOption('16')
    await page.locator('body').press('9')
    await banner.getByRole('button', { name: 'Play', exact: true }).click()
    await expect(page.getByTestId('rollout-diagram')).toBeVisible()
    await banner.getByRole('button', { name: 'Pause', exact: true }).click()
    const sequence = await measure(page, '[data-testid="rollout-diagram"] .label')
    sizes[presenter ? 'presenter' : 'desk'] = { lane, axis, sequence, lanes }
  }
  const { desk, presenter } = sizes as Record<'desk' | 'presenter', (typeof sizes)[string]>
  expect(presenter.lane / desk.lane, 'lane label text').toBeGreaterThanOrEqual(1.15)
  expect(presenter.axis / desk.axis, 'axis text').toBeGreaterThanOrEqual(1.15)
  expect(presenter.sequence / desk.sequence, 'sequence diagram text').toBeGreaterThanOrEqual(1.15)
  // The replay's timeline showed about four lanes in presenter mode at 1280×720.
  expect(presenter.lanes, JSON.stringify(sizes)).toBeGreaterThanOrEqual(6)
})
