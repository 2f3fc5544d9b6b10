// Presenter mode on a live session against the real control plane: the top bar fits at 1280×720
// and 1024×768, in English and French, with Reconnect on screen and the namespace whole beside the
// context; the watch picker takes two rows; "hide user names" hides users, not a context spelled like
// one (apiscope-viewer is both); the watch picker keeps its choices across views.
import { expect, test } from './fixtures'
import { auditLayout, controlRows, FITS, onOneRow, shownWhole } from './layout-audit'
import { showView } from './view-settled'

const LONG_NAMESPACE = 'e2e-list-429-a-namespace-named-at-length-for-a-room-mxbqywef'

async function presenterPrefs(
  page: import('@playwright/test').Page,
  prefs: Record<string, unknown>,
): Promise<void> {
  await page.evaluate((p) => localStorage.setItem('apiscope.presenter', JSON.stringify(p)), prefs)
  await page.reload()
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
]) {
  test(`live presenter mode at ${size.width}×${size.height}, in English and French: the top bar fits, the namespace whole, the watch picker in two rows`, async ({
    apiscope,
    page,
  }) => {
    await page.setViewportSize(size)
    await apiscope.open()
    await presenterPrefs(page, { presenter: true })
    await expect(apiscope.statusPill.filter({ hasText: 'Connected' })).toBeVisible()
    const brand = page.locator('header.top .brand')
    for (const language of ['en', 'fr'] as const) {
      if (language === 'fr') await apiscope.setLanguage('fr')
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      const where = `${language}, ${size.width}×${size.height}`
      const reconnect = page.getByRole('button', {
        name: /^(Reconnect|Reconnecter)$/,
      })
      await expect(reconnect).toBeInViewport({ ratio: 1 })
      expect(await onOneRow(reconnect, brand), `${where}: Reconnect on the bar's row`).toBe(true)
      // The context's namespace read whole, beside the context (it was "def…" in French at 1024).
      const ns = page.getByTestId('namespace')
      await expect(ns).toHaveText('default')
      expect(await shownWhole(ns), `${where}: the namespace whole`).toBe(true)
      expect(await onOneRow(ns, brand), `${where}: the namespace on the bar's row`).toBe(true)
      for (const key of ['1', '3', '6', '7', '8']) {
        await showView(page, key)
        expect(await auditLayout(page), `${where}, view ${key}`).toEqual(FITS)
        if (key !== '3') continue
        // Every field of the watch picker in two rows, with a namespace of 60 characters too (it
        // took three: the namespace's field grew, and the selectors wrapped before it narrowed).
        const picker = page.getByRole('form', {
          name: /^(Start a watch|Lancer un watch)$/,
        })
        expect(await controlRows(picker), `${where}: the watch picker's rows`).toBe(2)
        const field = picker.getByLabel(/^(Namespace to watch|Namespace à observer)$/)
        await field.fill(LONG_NAMESPACE)
        expect(await controlRows(picker), `${where}: the rows, a long namespace`).toBe(2)
        expect(await auditLayout(page), `${where}, a long namespace`).toEqual(FITS)
        await apiscope.screenshot(
          `${language === 'fr' ? 'fr-' : ''}presenter-live-${size.width}x${size.height}-watches`,
        )
        // The keys go to the page again, not to the field.
        await field.fill('default')
        await field.blur()
      }
      await apiscope.screenshot(
        `${language === 'fr' ? 'fr-' : ''}presenter-live-${size.width}x${size.height}`,
      )
    }
    await apiscope.setLanguage('en')
    await presenterPrefs(page, {})
  })
}

test('hide user names hides the users, not a context named like one', async ({
  apiscope,
  page,
}) => {
  await apiscope.open()
  await expect(apiscope.statusPill.filter({ hasText: 'Connected' })).toBeVisible()
  await presenterPrefs(page, { presenter: true, hideIdentifiers: true })
  await expect(apiscope.identity.getByTestId('username')).toHaveText('‹user›')
  // apiscope-viewer is the viewer context's name and its user's: the context list keeps it.
  await expect(
    apiscope.contextSelect.locator('option', { hasText: 'apiscope-viewer' }),
  ).toHaveCount(1)
  await expect(apiscope.contextSelect.locator('option', { hasText: '‹user›' })).toHaveCount(0)
  await apiscope.screenshot('presenter-hidden-users-context-kept')
  await presenterPrefs(page, {})
})

test('the watch picker keeps what was chosen when the view changes', async ({ apiscope, page }) => {
  await apiscope.open()
  await expect(apiscope.statusPill.filter({ hasText: 'Connected' })).toBeVisible()
  await apiscope.goTo('Watches')
  await page.getByLabel('Resource to watch').selectOption('/v1/secrets')
  await page.getByLabel('Namespace to watch').fill('kube-system')
  await page.getByLabel('Label selector').fill('app=web')
  await page.getByLabel('Page size (limit)').fill('50')
  await apiscope.goTo('Overview')
  await apiscope.goTo('Watches')
  await expect(page.getByLabel('Resource to watch')).toHaveValue('/v1/secrets')
  await expect(page.getByLabel('Namespace to watch')).toHaveValue('kube-system')
  await expect(page.getByLabel('Label selector')).toHaveValue('app=web')
  await expect(page.getByLabel('Page size (limit)')).toHaveValue('50')
})
