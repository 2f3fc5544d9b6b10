// Live traffic in a replay counts in recorded time: each request at the time the API server
// received it, the 10 s window ending at the replay's position. A seek to a marker (minutes of
// recorded requests delivered at once) shows the 10 s before the marker; a paused replay keeps its
// numbers while the presenter talks. The page's clock is Playwright's: 15 s pass in an instant.
import { expect, test, useDemoServe } from './fixtures'
import { demoFacts, demoTrafficBefore } from './demo-facts'
import { ApiscopePage } from './pages/apiscope-page'
import { clickMarker, replayStrip } from './replay-markers'

const serve = useDemoServe()

/** What a client row says for n requests in the window: the count, then the rate (per 10 s). */
const said = (n: number) =>
  n === 0 ? 'quiet' : `${n} · ${n >= 100 ? (n / 10).toFixed(0) : (n / 10).toFixed(1)}/s`

test("a paused replay keeps live traffic's numbers; a seek shows the 10 s before the marker", async ({
  page,
}) => {
  await page.clock.install()
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const app = new ApiscopePage(page, serve.url)
  await app.open()
  const banner = replayStrip(page)
  const pause = banner.getByRole('button', { name: 'Pause', exact: true })
  const play = banner.getByRole('button', { name: 'Play', exact: true })
  await expect(pause.or(play)).toBeVisible()
  if (await pause.isVisible()) await pause.click()
  await expect(play).toBeVisible()

  const markers = demoFacts().markers
  const at = (note: RegExp) => markers.find((m) => note.test(m.en))?.atMs ?? -1
  const row = (client: string) =>
    page.locator(`.architecture g.client[data-client="${client}"] .client-count`)

  await clickMarker(page, /A Secret: its values/)
  await page.keyboard.press('7')
  const secret = at(/A Secret: its values/)
  const apiscope = said(demoTrafficBefore(secret, 'apiscope'))
  expect(apiscope).not.toBe('quiet')
  await expect(row('apiscope')).toHaveText(apiscope)
  await app.screenshot('replay-traffic-paused-at-marker')

  // The presenter talks for 15 s of the page's clock: the replay stays where it is, so do the numbers.
  await page.clock.fastForward('00:15')
  // One round trip after the timers the jump fired (the counts' 1 s interval among them).
  expect(await page.evaluate(() => Date.now())).toBeGreaterThan(0)
  await expect(row('apiscope')).toHaveText(apiscope)

  // Another marker: the 10 s before it, whatever came before.
  await clickMarker(page, /Another manager \(kubectl-patch\)/)
  const other = at(/Another manager \(kubectl-patch\)/)
  const managers = said(demoTrafficBefore(other, 'kube-controller-manager'))
  expect(managers).not.toBe('quiet')
  await expect(row('kube-controller-manager')).toHaveText(managers)
  await expect(row('apiscope')).toHaveText(said(demoTrafficBefore(other, 'apiscope')))
  await page.clock.fastForward('00:15')
  expect(await page.evaluate(() => Date.now())).toBeGreaterThan(0)
  await expect(row('kube-controller-manager')).toHaveText(managers)
})
