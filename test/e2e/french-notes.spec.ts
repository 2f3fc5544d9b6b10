// Two French paths no other spec walked, against the real server: the Ownership history's "That
// event is no longer on the timeline." said again after a language switch (a flag the view keeps,
// not a text), and a walkthrough's answer cut at 6,000 characters, "(N more characters)" in
// French under its body. The timeline lacks the event when the page has not been given its frames:
// they are held back on the page's WebSocket (what a tab that lags behind its core lives through),
// while the core's store, which the Ownership history reads, has the new version.
import { expectFits, expectNoEnglish, walkthroughsInFrench } from './french-check'
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'
import { OwnershipPage } from './pages/ownership-page'

test('the Ownership history says its event is gone from the timeline, again after a language switch', async ({
  apiscope,
  cluster,
  page,
}) => {
  test.setTimeout(120_000)
  const ns = `e2e-frnote-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  // The page's WebSocket through the test: watch frames are held back while `holding`.
  let holding = false
  await page.routeWebSocket(
    (url) => url.protocol === 'ws:',
    (ws) => {
      const server = ws.connectToServer()
      server.onMessage((message) => {
        if (holding && typeof message === 'string' && message.includes('"channel":"watch:frame"'))
          return
        ws.send(message)
      })
    },
  )
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns)
    kubectl(cluster, 'create', 'configmap', 'etiquette', '-n', ns, '--from-literal=couleur=bleu')
    await expect(page.getByTestId('timeline-chart')).toContainText('etiquette')

    const own = new OwnershipPage(page)
    await own.open()
    await own.pickWatched(`ConfigMap ${ns}/etiquette`)
    await own.tab('Over time')
    const steps = own.steps.locator(':scope > li')
    await expect(steps).toHaveCount(1)

    // A second version the page's timeline never receives; the core's store has it.
    holding = true
    kubectl(
      cluster,
      'patch',
      'configmap',
      'etiquette',
      '-n',
      ns,
      '--type=merge',
      '-p',
      '{"data":{"couleur":"vert"}}',
    )
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click()
      await own.tab('Over time')
      await expect(steps).toHaveCount(2, { timeout: 1_000 })
    }).toPass({ timeout: 20_000 })
    await steps.nth(1).getByRole('button', { name: 'Show on timeline ›' }).click()
    const note = page.getByText('That event is no longer on the timeline.')
    await expect(note).toBeVisible()
    await apiscope.screenshot('en-ownership-gone-from-timeline')

    await apiscope.setLanguage('fr')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByText('Cet événement n’est plus sur la frise.')).toBeVisible()
    await expect(note).toHaveCount(0)
    await expectNoEnglish(page, 'Ownership history, its event gone from the timeline')
    await expectFits(page, 'fr-ownership-gone-from-timeline')
    await apiscope.screenshot('fr-ownership-gone-from-timeline')

    await apiscope.setLanguage('en')
    await expect(note).toBeVisible()
  } finally {
    holding = false
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('a walkthrough’s answer cut at 6,000 characters says how many more in French', async ({
  apiscope,
  page,
}) => {
  test.setTimeout(120_000)
  const w = await walkthroughsInFrench(apiscope)
  await w.choose(/Des adresses et la découverte/)
  await w.start.click()
  await expect(w.stepTitle).toContainText('Étape 1 sur 5')
  // /api, then /apis, then /api/v1: the core group's resources, far longer than 6,000 characters.
  await w.sendAndNext()
  await w.sendAndNext()
  await expect(w.stepTitle).toContainText('Les ressources de v1')
  await w.send.click()
  const outcome = w.outcomes.first()
  await expect(outcome).toContainText('200')
  await outcome.getByText('Corps de la requête et de la réponse').click()
  const cut = outcome.locator('p.cut')
  await expect(cut).toBeVisible()
  // French groups its digits with a narrow no-break space (Intl): "… (12 345 caractères de plus)".
  await expect(cut).toHaveText(/^… \(\d{1,3}([\u202f\u00a0 ]\d{3})* caractères de plus\)$/)
  const more = Number((await cut.innerText()).replace(/\D/g, ''))
  expect(more).toBeGreaterThan(0)
  const body = (await outcome.locator('pre.body').innerText()).length
  expect(body).toBeGreaterThanOrEqual(5_900)
  await cut.scrollIntoViewIfNeeded()
  await expectNoEnglish(page, 'walkthrough answer cut')
  await expectFits(page, 'fr-walkthrough-body-cut')
  await apiscope.screenshot('fr-walkthrough-body-cut')
  await w.finish.click()
})
