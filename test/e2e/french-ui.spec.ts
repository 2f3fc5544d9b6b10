// Switched to French in the side bar, the views translated so far show no English UI text: each
// visible text node is checked against the English catalogue (a text whose French differs must
// not show up). The API's own words are the same in both catalogues, so they pass. The language
// is remembered across a reload, and switching keeps the view and its state.
import type { Page } from '@playwright/test'
import { catalogues } from '@i18n/translate'
import { expect, test } from './fixtures'

/** English texts that French says otherwise, as patterns ({{x}} stands for anything). */
const english = Object.entries(catalogues.en)
  .filter(([key, text]) => catalogues.fr[key] !== text)
  .map(([key, text]) => ({
    key,
    pattern: new RegExp(
      `^${text
        .trim()
        .split(/\{\{[^}]+\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+')}$`,
    ),
  }))

/**
 * The visible text nodes of the page, the API's words aside (code, keys, monospace, translate=no)
 * and unselected options. A script string:
 * this file is typed for Node, the walk runs in the page.
 */
const VISIBLE_TEXTS = `(() => {
  const out = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim()
    const parent = node.parentElement
    if (!text || !parent) continue
    if (parent.closest('code, kbd, pre, script, style, .mono, [translate=no]')) continue
    const option = parent.closest('option')
    if (option && !option.selected) continue
    if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
    out.push(text)
  }
  return out
})()`

async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(VISIBLE_TEXTS)
}

async function englishShown(page: Page): Promise<string[]> {
  return (await visibleTexts(page)).flatMap((text) =>
    english.filter((e) => e.pattern.test(text)).map((e) => `${e.key}: "${text}"`),
  )
}

async function expectNoEnglish(page: Page, where: string): Promise<void> {
  expect(await englishShown(page), `English UI text on the French ${where}`).toEqual([])
}

test('the app shell in French: side bar, top bar, dialogs, nothing English left', async ({
  apiscope,
  page,
}) => {
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'Français' })
    .click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(apiscope.statusPill).toContainText('Connecté')
  const nav = page.getByRole('navigation', { name: 'Vues' })
  await expect(nav.getByRole('button', { name: 'Parcours guidés' })).toBeVisible()
  await expectNoEnglish(page, 'top bar and side bar')
  await apiscope.screenshot('fr-shell')

  // The shortcuts dialog and the recording dialog.
  await page.keyboard.press('?')
  await expect(page.getByRole('dialog', { name: 'Raccourcis clavier' })).toBeVisible()
  await expectNoEnglish(page, 'shortcuts dialog')
  await apiscope.screenshot('fr-help')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Ouvrir un enregistrement' }).click()
  await expect(page.getByRole('dialog', { name: 'Ouvrir un enregistrement' })).toBeVisible()
  await expectNoEnglish(page, 'recordings dialog')
  await apiscope.screenshot('fr-open-recording')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click()
  await expect(page.getByRole('form', { name: 'Lancer un enregistrement' })).toBeVisible()
  await expectNoEnglish(page, 'record form')
  await apiscope.screenshot('fr-record-form')
  await page.getByRole('button', { name: 'Annuler' }).click()

  // Remembered: a reload opens in French.
  await page.reload()
  await expect(apiscope.statusPill).toContainText('Connecté')
  // And back to English without leaving the view.
  await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click()
  await expect(apiscope.statusPill).toContainText('Connected')
  // The check sees English when there is some (the same walk, in English, finds the shell's words).
  expect(await englishShown(page)).toEqual(
    expect.arrayContaining(['view.walkthroughs: "Walkthroughs"', 'status.connected: "Connected"']),
  )
})

test('the connect screen and a connection failure in French', async ({ apiscope, page }) => {
  // Picked earlier and remembered (the side bar's switch stores it).
  await page.addInitScript("localStorage.setItem('apiscope.locale', 'fr')")
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connecté')
  await page.getByLabel('Contexte Kubernetes').selectOption('apiscope-wrong-ca')
  const error = page.locator('[data-error-kind="tls-ca"]')
  await expect(error).toContainText('n’est pas signé par la CA')
  await expect(error).toContainText('Que faire')
  await expect(page.getByRole('heading', { name: 'Se connecter à un cluster' })).toBeVisible()
  await expectNoEnglish(page, 'connect screen')
  await apiscope.screenshot('fr-connect-wrong-ca')
  // The same error, said again in English when the language changes: nothing is reloaded.
  await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click()
  await expect(error).toContainText('not signed by the CA this kubeconfig trusts')
  await page.getByRole('button', { name: 'Connect to apiscope-admin' }).click()
  await expect(apiscope.statusPill).toContainText('Connected')
})
