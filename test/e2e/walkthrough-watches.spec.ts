// A walkthrough's watch against the real server: it is listed under Watches while the walkthrough
// runs, and once the walkthrough is finished it is stopped and leaves the list (its events stay on
// the timeline). A watch of the user's own stays.
import { expect, test } from './fixtures'
import { WalkthroughsPage } from './pages/walkthroughs-page'

test('a finished walkthrough stops its watch and the Watches list lets it go', async ({
  apiscope,
}) => {
  const page = apiscope.page
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  // A watch of the user's own, beside the walkthrough's.
  await apiscope.startWatch('/v1/configmaps', 'kube-system')
  const health = page.getByTestId('watch-health')
  const healthTab = page.getByRole('tablist', { name: 'Watch views' }).getByRole('tab', {
    name: /^Watches & lists/,
  })

  const w = new WalkthroughsPage(page)
  await w.open()
  await w.choose(/eight verbs/)
  const ns = (await w.planNamespace.textContent()) ?? ''
  await w.start.click()
  await expect(w.stepTitle).toContainText('Step 1 of 8')
  await w.sendAndNext() // step 1 opens the walkthrough's watch
  const theirs = health.locator('article', { hasText: `configmaps in ${ns}` })
  const ours = health.locator('article', { hasText: 'configmaps in kube-system' })

  await apiscope.goTo('Watches')
  await healthTab.click()
  await expect(theirs).toHaveCount(1)
  await expect(theirs).toContainText('watching')
  await expect(ours).toHaveCount(1)

  await w.open()
  await w.finish.click()
  await expect(w.start).toBeVisible()
  await apiscope.goTo('Watches')
  await healthTab.click()
  await expect(ours).toHaveCount(1)
  await expect(ours).toContainText('watching')
  await expect(theirs).toHaveCount(0)
  await expect(health).not.toContainText('stopped')
  await apiscope.screenshot('walkthrough-watch-gone')
  // The user's own, stopped, leaves the list too.
  await ours.getByRole('button', { name: /^Stop watch/ }).click()
  await expect(ours).toHaveCount(0)
})
