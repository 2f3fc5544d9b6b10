// axe-core on every view, in both themes, live against the real server and in a replay of the
// bundled demo: no violation of serious or critical impact. Each run's findings are written to
// test/artifacts/accessibility/ (all impacts), so the minor ones can be read too.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { REPO_ROOT } from '../cluster/control-plane'
import { expect, startServe, test, type ServeHandle } from './fixtures'
import { ApiscopePage } from './pages/apiscope-page'
import { showView } from './view-settled'

const VIEWS = [
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
const THEMES = ['dark', 'light'] as const
const REPORTS = path.join(REPO_ROOT, 'test/artifacts/accessibility')

interface Finding {
  view: string
  id: string
  impact: string
  help: string
  targets: string[]
}

async function setTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.evaluate((t) => {
    const key = 'apiscope.presenter'
    const prefs = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>
    localStorage.setItem(key, JSON.stringify({ ...prefs, theme: t }))
  }, theme)
}

/** Every view in turn (by its key), axe on each; the serious and critical findings come back. */
async function auditViews(page: Page, label: string): Promise<Finding[]> {
  const all: Finding[] = []
  for (const [key, view] of VIEWS) {
    await showView(page, key) // the view's own first load: axe reads the settled page
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze()
    for (const v of result.violations)
      all.push({
        view,
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      })
  }
  mkdirSync(REPORTS, { recursive: true })
  writeFileSync(path.join(REPORTS, `${label}.json`), JSON.stringify(all, null, 2))
  return all.filter((f) => f.impact === 'serious' || f.impact === 'critical')
}

for (const theme of THEMES) {
  test(`live, ${theme} theme: every view has no serious or critical axe violation`, async ({
    apiscope,
  }) => {
    test.setTimeout(120_000)
    await apiscope.open()
    await setTheme(apiscope.page, theme)
    await apiscope.page.reload()
    await expect(apiscope.statusPill).toContainText('Connected')
    await expect(apiscope.page.locator('html')).toHaveAttribute('data-theme', theme)
    expect(await auditViews(apiscope.page, `live-${theme}`)).toEqual([])
  })
}

test.describe('in a replay of the bundled demo', () => {
  let serve: ServeHandle
  test.beforeAll(async () => {
    serve = await startServe({ KUBECONFIG: '/nonexistent/kubeconfig', HOME: '/nonexistent' }, [
      '--demo-if-no-cluster',
    ])
  })
  test.afterAll(async () => serve.stop())

  for (const theme of THEMES) {
    test(`replay, ${theme} theme: every view has no serious or critical axe violation`, async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      const app = new ApiscopePage(page, serve.url)
      await app.open()
      await setTheme(page, theme)
      await page.reload()
      const banner = page.getByRole('region', { name: 'Replay controls' })
      await banner
        .getByRole('button', { name: /Marker: \/metrics and API Priority/ })
        .dispatchEvent('click')
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      expect(await auditViews(page, `replay-${theme}`)).toEqual([])
    })
  }
})
