// The French screen's checks, shared by the French end-to-end specs (french-ui.spec.ts and one
// per area): which visible texts are English catalogue texts that French says otherwise, or the
// bundled demo's own words in English where its author wrote them in French too, and whether a
// screen fits at 1280×720 (layout-audit.ts); and the walkthroughs opened in French.
import type { Page } from '@playwright/test'
import { catalogues } from '@i18n/translate'
import { demoFacts } from './demo-facts'
import { expect } from './fixtures'
import { auditLayout, FITS } from './layout-audit'
import type { ApiscopePage } from './pages/apiscope-page'
import { WalkthroughsPage } from './pages/walkthroughs-page'

/** A count's placeholder stands for digits and the locale's separators; any other for anything. */
const placeholder = (p: string): string =>
  /^\{\{\s*count(,\s*number)?\s*\}\}$/.test(p) ? '[\\d.,\\s\\u00a0\\u202f]+' : '.+'
const escaped = (part: string): string => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * English texts that French says otherwise, as patterns ({{x}} stands for anything, a count for
 * a number: '{{count, number}} list' must not match the French 'get et list'). A text whose
 * own words are too few to tell a language ('{{title}}: {{detail}}', '{{resource}} in {{ns}}'), or
 * whose French differs by its spaces alone, is left out: its pattern would match French (and the
 * API's) text too.
 */
const saysSomething = (text: string): boolean =>
  /\p{L}{3,}/u.test(text.replace(/\{\{[^}]+\}\}/g, ' '))
/** French that differs by its spaces alone ('watch {{resource}} : {{title}}') says the same words. */
const sameWords = (en: string, fr: string | undefined): boolean =>
  fr !== undefined && en.replace(/\s/g, '') === fr.replace(/\s/g, '')
const english = Object.entries(catalogues.en)
  .filter(([key, text]) => !sameWords(text, catalogues.fr[key]) && saysSomething(text))
  .map(([key, text]) => ({
    key,
    pattern: new RegExp(
      `^${text
        .trim()
        .split(/(\{\{[^}]+\}\})/)
        .map((part, i) => (i % 2 ? placeholder(part) : escaped(part)))
        .join('')}$`,
    ),
  }))

/**
 * The bundled demo's title and marker notes in English, where its author wrote a French text too
 * (scripts/record-demo.ts, the recording's `titleByLanguage` and `noteByLanguage`): the recording's
 * own words, data, yet a French screen says them in French, so their English must not show. Found
 * inside a text too (the spotlight and a cluster's list say a note after a ◆).
 */
const demo = demoFacts()
const demoEnglish = [
  { key: 'demo title', ...demo.title },
  ...demo.markers.map((m, i) => ({ key: `demo marker ${i + 1}`, en: m.en, fr: m.fr })),
].filter((w) => w.en.trim() !== '' && w.en !== w.fr)

/**
 * The visible text nodes of the page, the API's words aside (code, keys, monospace, translate=no)
 * and unselected options, and the tooltips and accessible names of its visible elements (`title`,
 * `aria-label`: a mouse shows the one, a screen reader says the other; on monospace too, where a
 * tooltip may say Apiscope's words about the API's: a cell that holds the API's alone says so by
 * translate=no). A script string:
 * this file is typed for Node, the walk runs in the page.
 */
const VISIBLE_TEXTS = (roots: string, skip: string) => `(() => {
  const out = []
  const skipped = ${JSON.stringify(`code, kbd, pre, script, style, .mono, [translate=no]${skip}`)}
  const skippedNames = ${JSON.stringify(`code, kbd, pre, script, style, [translate=no]${skip}`)}
  const shown = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
  for (const root of document.querySelectorAll(${JSON.stringify(roots)})) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim()
    const parent = node.parentElement
    if (!text || !parent) continue
    if (parent.closest(skipped)) continue
    const option = parent.closest('option')
    if (option && !option.selected) continue
    if (!shown(parent)) continue
    out.push(text)
  }
  for (const el of [root, ...root.querySelectorAll('[title], [aria-label]')]) {
    if (el.closest(skippedNames) || !shown(el)) continue
    for (const name of ['title', 'aria-label']) {
      const text = el.getAttribute(name)?.trim()
      if (text) out.push(text)
    }
  }
  }
  return out
})()`

async function visibleTexts(page: Page, roots: string, skip = ''): Promise<string[]> {
  return page.evaluate<string[]>(VISIBLE_TEXTS(roots, skip ? `, ${skip}` : ''))
}

/** `roots`: the parts of the page to read (the whole page by default). */
export async function englishShown(page: Page, roots = 'body', skip = ''): Promise<string[]> {
  return (await visibleTexts(page, roots, skip)).flatMap((text) => [
    ...english.filter((e) => e.pattern.test(text)).map((e) => `${e.key}: "${text}"`),
    ...demoEnglish.filter((w) => text.includes(w.en)).map((w) => `${w.key}: "${text}"`),
  ])
}

export async function expectNoEnglish(
  page: Page,
  where: string,
  roots = 'body',
  skip = '',
): Promise<void> {
  expect(await englishShown(page, roots, skip), `English UI text on the French ${where}`).toEqual(
    [],
  )
}

/**
 * French is longer: the screen still fits at 1280×720, nothing cut, off screen or overlapping, no
 * table scrolling sideways, no text past its box, no diagram label on another or on its box's edge
 * (every check of layout-audit.ts; dialogs and the record form sit over the page on purpose: not
 * audited). Measured again for up to 4 s: a live diagram's dots move, and a dot's code passing
 * over a label for one frame is motion, not a layout; what stays wrong fails, with its list.
 */
export async function expectFits(page: Page, where: string): Promise<void> {
  await expect
    .poll(() => auditLayout(page), { message: `layout of the French ${where}`, timeout: 4_000 })
    .toEqual(FITS)
}

/**
 * The app opened in French (chosen before, as the side bar's switch stores it), connected, then
 * its walkthroughs by the side bar's button.
 */
export async function walkthroughsInFrench(apiscope: ApiscopePage): Promise<WalkthroughsPage> {
  const page = apiscope.page
  await page.addInitScript("localStorage.setItem('apiscope.locale', 'fr')")
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connecté')
  await page
    .getByRole('navigation', { name: 'Vues' })
    .getByRole('button', { name: 'Parcours guidés' })
    .click()
  return new WalkthroughsPage(page)
}
