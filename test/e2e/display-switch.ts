// Switching the theme and the language in place, as a person does: the theme from the shortcuts
// overlay (`?`), the language from the side bar. Neither reloads the page, so every state the
// views hold (a watch, an inspector, a lab result, a what-if answer, a request's detail) stays:
// the accessibility and keyboard specs set their states up once and look at them in each pair.
import { expect, type Page } from '@playwright/test'
import { translate, type Locale } from '../../i18n/translate'

export type Theme = 'dark' | 'light'

/** The language the page speaks now (`<html lang>`). */
async function currentLocale(page: Page): Promise<Locale> {
  return (await page.locator('html').getAttribute('lang')) === 'fr' ? 'fr' : 'en'
}

export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  const html = page.locator('html')
  if ((await html.getAttribute('data-theme')) === theme) return
  const lang = await currentLocale(page)
  // `?` goes to the page, not to a field the last step left focused.
  await html.evaluate((el) => el.ownerDocument.activeElement?.blur())
  await page.locator('body').press('?')
  const dialog = page.getByRole('dialog', { name: translate(lang, 'help.title') })
  await expect(dialog).toBeVisible()
  await dialog
    .getByRole('radio', { name: translate(lang, theme === 'dark' ? 'help.dark' : 'help.light') })
    .check()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(html).toHaveAttribute('data-theme', theme)
}

export async function switchLanguage(page: Page, lang: Locale): Promise<void> {
  const html = page.locator('html')
  if ((await html.getAttribute('lang')) === lang) return
  await page.locator(`nav.side [data-locale="${lang}"]`).click()
  await expect(html).toHaveAttribute('lang', lang)
}

/** Both, theme first. */
export async function switchDisplay(page: Page, theme: Theme, lang: Locale): Promise<void> {
  await switchTheme(page, theme)
  await switchLanguage(page, lang)
}
