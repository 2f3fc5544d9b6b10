// axe-core on every view, in both themes and both languages, live against the real server and in
// a replay of the bundled demo, and on the opened states people use (the watch inspector on an
// event, the live-traffic request detail, the help overlay, the record form, the open-recording
// dialog, the what-if form, a lab result): no violation of serious or critical impact. One page
// per theme: the states are set up once in English, then the side bar's language switch (which
// keeps every state) says them in French. Each run's findings are written to
// test/artifacts/accessibility/ (all impacts), so the moderate and minor ones can be read too.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { translate, type Locale } from '../../i18n/translate'
import { REPO_ROOT } from '../cluster/control-plane'
import { expect, test, useDemoServe } from './fixtures'
import { ApiscopePage } from './pages/apiscope-page'
import { LabPage } from './pages/lab-page'
import { OwnershipPage } from './pages/ownership-page'
import { showView, VIEWS } from './view-settled'

const REPORTS = path.join(REPO_ROOT, 'test/artifacts/accessibility')

interface Finding {
  view: string
  id: string
  impact: string
  help: string
  targets: string[]
}

async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((t) => {
    const key = 'apiscope.presenter'
    const prefs = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>
    localStorage.setItem(key, JSON.stringify({ ...prefs, theme: t }))
  }, theme)
}

async function axe(page: Page, where: string, into: Finding[]): Promise<void> {
  const started = Date.now()
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze()
  if (process.env.APISCOPE_AXE_TIMES) console.log(`axe ${where}: ${Date.now() - started} ms`)
  for (const v of result.violations)
    into.push({
      view: where,
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })
}

/** Every view in turn (by its key), then the opened states, axe on each, in one language. */
async function auditLanguage(page: Page, lang: Locale, all: Finding[]): Promise<void> {
  for (const [key, view] of VIEWS) {
    await showView(page, key) // the view's own first load: axe reads the settled page
    await axe(page, `${lang} ${view}`, all)
  }
  // The help overlay, opened with ?
  await showView(page, '1')
  await page.locator('body').press('?')
  await expect(page.getByRole('dialog')).toBeVisible()
  await axe(page, `${lang} help overlay`, all)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The open-recording dialog.
  await page.getByRole('button', { name: translate(lang, 'rec.openAria'), exact: true }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await axe(page, `${lang} open-recording dialog`, all)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The record form (live only: a replay records nothing).
  const record = page.getByRole('button', { name: translate(lang, 'rec.record'), exact: true })
  if (await record.isVisible()) {
    await record.click()
    await expect(page.getByRole('form', { name: translate(lang, 'rec.startAria') })).toBeVisible()
    await axe(page, `${lang} record form`, all)
    await page.keyboard.press('Escape')
  }
  // The watch inspector open on the timeline's first event.
  await showView(page, '3')
  await page.getByTestId('timeline-chart').focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('inspector')).toBeVisible()
  await axe(page, `${lang} watch inspector`, all)
  await page.keyboard.press('Escape')
}

/** The audit in one language (switched in the side bar: every state stays); the serious and
 * critical findings come back, all of them go to the report. */
async function auditIn(page: Page, lang: Locale, label: string): Promise<Finding[]> {
  const all: Finding[] = []
  await page.locator(`nav.side [data-locale="${lang}"]`).click()
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
  await auditLanguage(page, lang, all)
  mkdirSync(REPORTS, { recursive: true })
  writeFileSync(path.join(REPORTS, `${label}.json`), JSON.stringify(all, null, 2))
  return all.filter((f) => f.impact === 'serious' || f.impact === 'critical')
}

// Each theme in each language once, live or in the replay: both themes and both languages are
// audited live and in the replay, and the run stays within a few minutes on two cores (axe takes
// seconds on a view as large as the timeline or the traffic list).
const LIVE = [
  ['dark', 'en'],
  ['light', 'fr'],
] as const
const REPLAY = [
  ['dark', 'fr'],
  ['light', 'en'],
] as const

for (const [theme, lang] of LIVE) {
  test(`live, ${theme} theme, ${lang}: no serious or critical axe violation`, async ({
    apiscope,
    page,
  }) => {
    test.setTimeout(180_000)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await apiscope.open()
    await setTheme(page, theme)
    await page.reload()
    await expect(apiscope.statusPill).toContainText('Connected')
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    // The states the views keep, set up once in English: a watch with events, a lab result (a
    // refused anonymous list: it writes nothing), the what-if form.
    await apiscope.startWatch('/v1/configmaps', 'default')
    await expect(page.getByTestId('timeline-chart')).toContainText('kube-root-ca.crt')
    const lab = new LabPage(page)
    await lab.open()
    await lab.namespace.fill('default')
    await lab.preset('anonymous-list')
    await lab.send.click()
    await expect(lab.status).toHaveText('403')
    const own = new OwnershipPage(page)
    await own.open()
    await own.tab('What-if apply')
    await expect(page.getByRole('form', { name: 'What-if apply' })).toBeVisible()
    expect(await auditIn(page, lang, `live-${theme}-${lang}`)).toEqual([])
  })
}

test.describe('in a replay of the bundled demo', () => {
  const serve = useDemoServe()

  for (const [theme, lang] of REPLAY) {
    test(`replay, ${theme} theme, ${lang}: no serious or critical axe violation`, async ({
      page,
    }) => {
      test.setTimeout(180_000)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      const app = new ApiscopePage(page, serve.url)
      await app.open()
      await setTheme(page, theme)
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      const banner = page.getByRole('region', { name: 'Replay controls' })
      const marker = (text: RegExp) =>
        banner.getByRole('button', { name: text }).dispatchEvent('click')
      // The recorded what-if of vitrine after --force-conflicts.
      await marker(/Marker: --force-conflicts/)
      const own = new OwnershipPage(page)
      await own.open()
      await own.pickWatched('vitrine')
      await own.tab('What-if apply')
      await expect(page.getByTestId('what-if-recorded')).toBeVisible()
      // The lab's recorded 422, and the traffic recorded up to it, one request's detail open.
      await marker(/Marker: Request lab: a ValidatingAdmissionPolicy refuses 7 replicas/)
      const lab = new LabPage(page)
      await lab.open()
      await expect(lab.result).toBeVisible({ timeout: 20_000 })
      await showView(page, '7')
      const row = page.locator('tbody tr[data-code]').first()
      await expect(row).toBeVisible({ timeout: 20_000 })
      await row.focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('complementary', { name: 'Request detail' })).toBeVisible()
      expect(await auditIn(page, lang, `replay-${theme}-${lang}`)).toEqual([])
    })
  }
})
