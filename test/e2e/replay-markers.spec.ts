// Every marker of the bundled demo clicked with the mouse, at 1280×720, at a desk and in presenter
// mode, in English and in French: whatever the recording's timing (its first markers a few
// seconds apart), each marker is drawn where a pointer reaches it, alone or in a cluster that
// opens its list; a click seeks the replay to its moment. The demo's title and each marker's note
// show in the chosen language (the recording's own words, written in both by its author), and no
// marker overlaps another control.
import { demoFacts } from './demo-facts'
import { expect, test, useDemoServe } from './fixtures'
import { auditLayout } from './layout-audit'
import { ApiscopePage } from './pages/apiscope-page'
import { clickMarker, replayStrip } from './replay-markers'

const serve = useDemoServe()
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The strip's clock: minutes and seconds. */
const clock = (ms: number) => {
  const s = Math.floor(ms / 1000)
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

for (const lang of ['en', 'fr'] as const) {
  for (const presenter of [false, true]) {
    const mode = presenter ? 'presenter mode' : 'at a desk'
    test(`every demo marker by mouse at 1280×720, ${mode}, ${lang}`, async ({ page }) => {
      test.setTimeout(180_000)
      await page.setViewportSize({ width: 1280, height: 720 })
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.addInitScript(
        ([l, on]) => {
          localStorage.setItem('apiscope.locale', l as string)
          localStorage.setItem('apiscope.presenter', JSON.stringify({ presenter: on }))
        },
        [lang, presenter] as const,
      )
      const app = new ApiscopePage(page, serve.url)
      await app.open()
      const strip = replayStrip(page)
      await expect(strip).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      const facts = demoFacts()
      expect(facts.markers.length).toBeGreaterThan(10)
      const other = lang === 'en' ? 'fr' : 'en'
      // The title at a desk (presenter mode shows the spotlight in its place).
      if (!presenter) {
        await expect(strip.locator('.title')).toHaveText(facts.title[lang])
        expect(facts.title[lang]).not.toBe(facts.title[other])
      }
      const time = strip.locator('.track .time').first()
      const spots = strip.locator('.markers > button')
      await expect(spots.first()).toBeVisible()
      await app.screenshot(`${lang}-replay-markers-${presenter ? 'presenter' : 'desk'}`)
      // A cluster says how many markers it holds in type read from the back of a room: presenter
      // mode draws its count no smaller than the strip's own text (the clock beside the track).
      if (presenter) {
        const cluster = strip.locator('.markers > button.cluster span').first()
        const [countPx, timePx] = await Promise.all(
          [cluster, time].map((l) =>
            l.evaluate((el) =>
              parseFloat(el.ownerDocument.defaultView?.getComputedStyle(el).fontSize ?? '0'),
            ),
          ),
        )
        expect(countPx).toBeGreaterThanOrEqual(timePx ?? Infinity)
      }
      for (const [k, m] of facts.markers.entries()) {
        const note = m[lang]
        await clickMarker(page, new RegExp(escape(note)))
        await expect(time).toHaveText(clock(m.atMs))
        // The spotlight names the last marker passed once an event has been replayed (the first
        // marker comes before any).
        if (presenter && k > 0)
          await expect(page.getByTestId('spotlight')).toContainText(`◆ ${note}`)
      }
      // The markers' words are the chosen language's: no marker says the other language's note
      // where the two differ.
      const labels = await spots.evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')))
      for (const m of facts.markers.filter((k) => k.en !== k.fr))
        expect(labels.join(' | ')).not.toContain(m[other])
      // Nothing drawn over a marker, and no marker over anything.
      const overlapping = (await auditLayout(page)).overlapping.filter((o) =>
        /button\.(marker|cluster)/.test(o),
      )
      expect(overlapping).toEqual([])
    })
  }
}

test('a cluster opens the list of its markers, and Escape or a click elsewhere closes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  const app = new ApiscopePage(page, serve.url)
  await app.open()
  const strip = replayStrip(page)
  const cluster = strip.locator('.markers > button.cluster').first()
  // The demo's first markers, a few seconds apart, do not all fit apart on a 1280 px strip.
  await expect(cluster).toBeVisible()
  const list = strip.getByRole('group', { name: 'Markers close together' })
  await cluster.click()
  await expect(cluster).toHaveAttribute('aria-expanded', 'true')
  await expect(list.getByRole('button').first()).toBeFocused()
  await app.screenshot('en-replay-marker-cluster-open')
  await page.keyboard.press('Escape')
  await expect(list).toHaveCount(0)
  await cluster.click()
  await expect(list).toBeVisible()
  await page.getByRole('navigation', { name: 'Views' }).click({ position: { x: 5, y: 5 } })
  await expect(list).toHaveCount(0)
})
