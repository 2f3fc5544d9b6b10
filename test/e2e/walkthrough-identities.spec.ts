// The four identities walkthrough in the browser against the real control plane: each step says
// who it sends as, in the words of core/request-as/identities.ts; the made-up token (the same one the
// request lab sends) is refused with a 401 and reaches neither the page nor the commands, which
// say $TOKEN; the ServiceAccount step sends the token an earlier step requested.
import { expect, test } from './fixtures'
import { WalkthroughsPage } from './pages/walkthroughs-page'

test.use({ viewport: { width: 1280, height: 720 } })

test('the four identities: who each step sends as, and no token in the page', async ({
  apiscope,
}) => {
  const w = new WalkthroughsPage(apiscope.page)
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await w.open()
  await w.choose(/four identities/)
  await w.start.click()

  await expect(w.stepTitle).toContainText('Step 1 of')
  await expect(w.previews.first()).toContainText('as anonymous: no certificate, no token')
  await w.sendAndNext()

  await expect(w.previews.first()).toContainText('as a made-up bearer token that nobody issued')
  const commands = w.previews.first().getByTestId('request-commands')
  await commands.getByText('Send it yourself').click()
  await expect(commands).toContainText('"$TOKEN"')
  await w.previews.first().scrollIntoViewIfNeeded()
  await apiscope.screenshot('walkthrough-made-up-token-preview')
  await w.send.click()
  await expect(w.outcomes.first()).toContainText('401')
  await expect(w.outcomes.first()).toContainText('matches the walkthrough')
  await expect(w.outcomes.first().locator('.stage-path')).toHaveAttribute('data-settled', 'true', {
    timeout: 10_000,
  })
  await apiscope.screenshot('walkthrough-made-up-token-401')
  await expect(apiscope.page.locator('body')).not.toContainText('apiscope-made-up-')
  await w.next.click()

  // The ServiceAccount: a TokenRequest first, then the list sent with the token it returned.
  await expect(w.previews.first()).toContainText('serviceaccounts/default/token')
  await w.send.click()
  await expect(w.outcomes.first()).toContainText('201')
  await expect(w.previews.nth(1)).toContainText(
    'as the token of the namespace’s default ServiceAccount (TokenRequest)',
  )
  await expect(w.outcomes.nth(1)).toContainText('403')
  await expect(w.outcomes.nth(1)).toContainText('matches the walkthrough')
  await expect(apiscope.page.locator('body')).not.toContainText(/eyJ[\w-]+\.eyJ/)
  await expect(w.outcomes.nth(1).locator('.stage-path')).toHaveAttribute('data-settled', 'true', {
    timeout: 10_000,
  })
  await w.outcomes.nth(1).scrollIntoViewIfNeeded()
  await apiscope.screenshot('walkthrough-service-account-403')
  await w.finish.click()
  await expect(w.plan).toBeVisible()
})
