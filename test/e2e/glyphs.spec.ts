// Every character on screen has a glyph in the fonts Debian's Chromium has (DejaVu, Liberation):
// a missing one draws as a box (⏸ on the dry-run's etcd stage did). Each character of every view
// of the bundled demo is drawn on a canvas in its element's font and compared with a code point no
// font has.
import { expect, test, useDemoServe } from './fixtures'
import { ApiscopePage } from './pages/apiscope-page'
import { showView } from './view-settled'
import { clickMarker } from './replay-markers'

const serve = useDemoServe()

/** Characters of the page's visible text that draw as the missing-glyph box, with where. */
async function missingGlyphs(page: ApiscopePage['page']): Promise<string[]> {
  return page.locator('body').evaluate((body) => {
    const doc = body.ownerDocument
    const win = doc.defaultView
    if (!win) return ['no window']
    const canvas = doc.createElement('canvas')
    canvas.width = 48
    canvas.height = 48
    const ctx = canvas.getContext('2d', { willReadFrequently: true })
    if (!ctx) return ['no canvas']
    const draw = (ch: string, font: string) => {
      ctx.clearRect(0, 0, 48, 48)
      ctx.font = font
      ctx.fillStyle = '#000'
      ctx.fillText(ch, 4, 36)
      return ctx.getImageData(0, 0, 48, 48).data.join(',')
    }
    const missing = new Set<string>()
    const walker = doc.createTreeWalker(body, 4 /* NodeFilter.SHOW_TEXT */)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement
      if (!el || !el.getClientRects().length) continue
      const style = win.getComputedStyle(el)
      if (style.visibility === 'hidden') continue
      const font = `${style.fontWeight} 32px ${style.fontFamily}`
      const box = draw('\u{10FFFD}', font)
      for (const ch of new Set<string>([...(n.nodeValue ?? '')])) {
        if (ch.charCodeAt(0) < 0x80 || /\s/u.test(ch)) continue
        if (draw(ch, font) === box)
          missing.add(
            `${ch} U+${ch.codePointAt(0)?.toString(16).toUpperCase()} in "${(n.nodeValue ?? '').trim().slice(0, 30)}"`,
          )
      }
    }
    return [...missing]
  })
}

test('every character of every view has a glyph, the dry-run stage included', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const app = new ApiscopePage(page, serve.url)
  await app.open()
  await clickMarker(page, /Request lab: Reglages_1/)
  await page.locator('body').press('6')
  // The bare Pod's dry run, the last send before this marker: its etcd stage says "not stored".
  const etcd = page.getByTestId('lab-stage-path').locator('[data-mark="dry-run"]')
  await expect(etcd).toBeVisible()
  expect(await missingGlyphs(page)).toEqual([])
  for (const key of ['1', '2', '3', '4', '5', '7', '8', '9']) {
    await showView(page, key)
    expect(await missingGlyphs(page), `view ${key}`).toEqual([])
  }
})
