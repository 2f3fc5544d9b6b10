// The language follows the system until someone presses EN or FR in the side bar, and the side
// bar's third button, named with the system's language, follows it again. A French system here:
// the context's locale fr-FR gives navigator.languages ['fr-FR'].
import path from 'node:path'
import { SCREENSHOTS } from './artifacts'
import { expect, test } from './fixtures'

test.use({ locale: 'fr-FR' })

test('the side bar follows the system language again after EN was pressed', async ({
  apiscope,
  page,
}) => {
  await apiscope.open()
  const html = page.locator('html')
  // Nothing picked yet: the system's French, and "Système (Français)" is the pressed choice.
  await expect(html).toHaveAttribute('lang', 'fr')
  const group = page
    .getByRole('navigation', { name: 'Vues' })
    .getByRole('group', { name: 'Langue' })
  const system = group.getByRole('button', { name: 'Système (Français)' })
  await expect(system).toHaveAttribute('aria-pressed', 'true')
  await expect(group.getByRole('button', { name: 'FR, Français', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await group.screenshot({ path: path.join(SCREENSHOTS, 'language-group-fr.png') })

  // EN, by keyboard: remembered across a reload, the system is no longer followed.
  await group.getByRole('button', { name: 'EN, English', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(html).toHaveAttribute('lang', 'en')
  await page.reload()
  await expect(html).toHaveAttribute('lang', 'en')
  const groupEn = page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('group', { name: 'Language' })
  await expect(groupEn.getByRole('button', { name: 'EN, English', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const systemEn = groupEn.getByRole('button', { name: 'System (Français)' })
  await expect(systemEn).toHaveAttribute('aria-pressed', 'false')
  await groupEn.screenshot({ path: path.join(SCREENSHOTS, 'language-group-en.png') })

  // Follow the system again (a Tab stop like any button): French, and still after a reload.
  await systemEn.focus()
  await page.keyboard.press('Space')
  await expect(html).toHaveAttribute('lang', 'fr')
  expect(await page.evaluate(() => localStorage.getItem('apiscope.locale'))).toBeNull()
  await page.reload()
  await expect(html).toHaveAttribute('lang', 'fr')
  await expect(system).toHaveAttribute('aria-pressed', 'true')
})
