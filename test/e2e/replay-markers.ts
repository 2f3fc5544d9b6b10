// A replay strip's marker clicked as a person clicks it, with the mouse: the marker alone on the
// strip, or the cluster that holds it (markers too close to draw apart), then the marker in the
// list it opens. Playwright's click checks that the pointer lands on that very button (nothing
// drawn over it), which a dispatched click event never did.
import type { Page } from '@playwright/test'

/** The strip in either language. */
export const replayStrip = (page: Page) =>
  page.getByRole('region', { name: /^(Replay controls|Commandes du rejeu)$/ })

/** Clicks the marker whose note matches `note` (the note's words, not "Marker: "). */
export async function clickMarker(page: Page, note: RegExp): Promise<void> {
  const track = replayStrip(page).locator('.markers')
  const spots = track.locator(':scope > button')
  await spots.first().waitFor()
  const labels = await spots.evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute('aria-label') ?? ''),
  )
  const at = labels.findIndex((label) => note.test(label))
  if (at < 0) throw new Error(`no marker on the strip says ${note}: ${labels.join(' | ')}`)
  const spot = spots.nth(at)
  const expanded = await spot.getAttribute('aria-expanded')
  if (expanded === null) return spot.click()
  if (expanded !== 'true') await spot.click()
  await track
    .getByRole('group', { name: /^(Markers close together|Repères rapprochés)$/ })
    .getByRole('button', { name: note })
    .click()
}
