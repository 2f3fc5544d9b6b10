// Switching views by key in the e2e specs, then waiting on what the page shows rather than for a
// fixed time: the view's button in the side nav is the current page, nothing in the view area
// says it is loading, and the view area (its elements, text and height) has held still for
// SETTLED_MS. A view whose first load takes longer is waited for; a quick one is not.
import { expect, type Page } from '@playwright/test'

const SETTLED_MS = 150

export async function showView(page: Page, key: string): Promise<void> {
  await page.locator('body').press(key)
  await expect(page.locator('nav[aria-label="Views"] button[aria-current="page"] kbd')).toHaveText(
    key,
  )
  await page.evaluate(() => {
    delete (window as { __apiscopeSettle?: unknown }).__apiscopeSettle
  })
  await page.waitForFunction(
    (settledMs) => {
      const main = document.querySelector('main')
      const text = main?.textContent ?? ''
      if (!main || /Loading…|Reading…/.test(text)) return false
      const sig = `${main.getElementsByTagName('*').length}:${text.length}:${main.scrollHeight}`
      const w = window as { __apiscopeSettle?: { sig: string; since: number } }
      const now = performance.now()
      if (w.__apiscopeSettle?.sig !== sig) {
        w.__apiscopeSettle = { sig, since: now }
        return false
      }
      return now - w.__apiscopeSettle.since >= settledMs
    },
    SETTLED_MS,
    { polling: 50, timeout: 10_000 },
  )
}
