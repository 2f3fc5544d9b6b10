// Switching views by key in the e2e specs, then waiting on what the page shows rather than for a
// fixed time: the view's button in the side nav is the current page, nothing in the view area
// says it is loading, and the view area (its elements, text and height) has held still for
// SETTLED_MS. A view whose first load takes longer is waited for; a quick one is not.
import { expect, type Page } from '@playwright/test'

/** The side bar's nine views, by the key that shows each and the name its pictures take. */
export const VIEWS = [
  ['1', 'overview'],
  ['2', 'discovery'],
  ['3', 'watches'],
  ['4', 'requests'],
  ['5', 'ownership'],
  ['6', 'lab'],
  ['7', 'traffic'],
  ['8', 'walkthroughs'],
  ['9', 'rollout'],
] as const

const SETTLED_MS = 150
const GIVE_UP_MS = 10_000

export async function showView(page: Page, key: string): Promise<void> {
  await page.locator('body').press(key)
  await expect(page.locator('nav.side button[aria-current="page"] kbd')).toHaveText(key)
  // Watched in the page itself, every 25 ms: no round trip to the test per look.
  await page.locator('main').evaluate(
    (el, [settledMs, giveUpMs]) =>
      new Promise<void>((resolve, reject) => {
        const start = performance.now()
        let last = ''
        let since = start
        const look = () => {
          const text = el.textContent ?? ''
          const sig = /Loading…|Reading…/.test(text)
            ? ''
            : `${el.getElementsByTagName('*').length}:${text.length}:${el.scrollHeight}`
          const now = performance.now()
          if (sig === '' || sig !== last) {
            last = sig
            since = now
          } else if (now - since >= settledMs) return resolve()
          if (now - start > giveUpMs) return reject(new Error('the view never settled'))
          setTimeout(look, 25)
        }
        look()
      }),
    [SETTLED_MS, GIVE_UP_MS] as const,
  )
}
