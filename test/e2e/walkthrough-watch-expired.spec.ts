// Walkthrough 5 against the real server, in English and in French: the watch from version 10 and
// the list at exactly version 1 each match one of the answers the walkthrough allows (410 Expired,
// or, on an API server that still reaches that version, the history replayed or the list at 1),
// and the step says which this server gave, in the language shown.
import { expect, test } from './fixtures'
import { expectNoEnglish } from './french-check'
import { WalkthroughsPage } from './pages/walkthroughs-page'

const LANGUAGES = [
  {
    lang: 'en',
    title: /Watch from an old resourceVersion/,
    step2: 'Step 2 of 4',
    matches: 'matches the walkthrough',
    thisServer: 'This server:',
    said: /no longer reaches version 10|still reaches version 10/,
  },
  {
    lang: 'fr',
    title: /Watch depuis une vieille resourceVersion/,
    step2: 'Étape 2 sur 4',
    matches: 'conforme au parcours',
    thisServer: 'Ce serveur :',
    said: /ne remonte plus jusqu’à la version 10|remonte encore jusqu’à la version 10/,
  },
] as const

for (const l of LANGUAGES)
  test(`walkthrough 5 says which answer this server gave (${l.lang})`, async ({
    apiscope,
    page,
  }) => {
    await page.addInitScript(`localStorage.setItem('apiscope.locale', '${l.lang}')`)
    const w = new WalkthroughsPage(page)
    await apiscope.open()
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /Walkthroughs|Parcours guidés/ })
      .click()
    await w.choose(l.title)
    await w.start.click()
    await w.sendAndNext() // writes a ConfigMap
    await expect(w.stepTitle).toContainText(l.step2)
    await w.send.click()
    const watch = w.outcomes.first()
    await expect(watch).toContainText(l.matches)
    await expect(watch.getByTestId('answer-case')).toContainText(l.thisServer)
    await expect(watch.getByTestId('answer-case')).toContainText(l.said)
    await expect(watch.getByTestId('check-table')).not.toContainText(/differs|diffère/)
    await expect(watch.locator('.stage-path')).toHaveAttribute('data-settled', 'true', {
      timeout: 10_000,
    })
    if (l.lang === 'fr') await expectNoEnglish(page, 'the watch from version 10, answered')
    await watch.getByTestId('check-table').scrollIntoViewIfNeeded()
    await apiscope.screenshot(`walkthrough-watch-from-10-${l.lang}`)
    await w.next.click()
    await w.send.click()
    const list = w.outcomes.first()
    await expect(list).toContainText(l.matches)
    await expect(list.getByTestId('answer-case')).toContainText(l.thisServer)
    await expect(list.locator('.stage-path')).toHaveAttribute('data-settled', 'true', {
      timeout: 10_000,
    })
    await list.getByTestId('check-table').scrollIntoViewIfNeeded()
    await apiscope.screenshot(`walkthrough-list-at-1-${l.lang}`)
    await w.finish.click()
    await expect(w.plan).toBeVisible()
  })
