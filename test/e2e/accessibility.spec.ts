// axe-core on every view, in both themes and both languages (the four pairs), live against the
// real server and in a replay of the bundled demo, and on the opened states people use: the watch
// inspector on a changed object (its diff, in the timeline and in the table), a resource's detail
// in Discovery and a request's in Requests, a lab result, the what-if form with an object picked
// and its answer, a live-traffic request's detail, the help overlay, the open-recording dialog and
// the record form. No violation of serious or critical impact (the WCAG 2.1 A and AA rules).
// One page per run: the states are set up once, then the theme (shortcuts overlay) and the
// language (side bar) are switched in place, which keeps every state, so the four pairs cost four
// audits and one setup. Each pair's findings are written to test/artifacts/accessibility/ (all
// impacts), so the moderate and minor ones can be read too.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { translate, type Locale } from '../../i18n/translate'
import { REPO_ROOT } from '../cluster/control-plane'
import { switchDisplay, type Theme } from './display-switch'
import { expect, test, useDemoServe } from './fixtures'
import { kubectl, kubectlWithInput } from './kubectl'
import { ApiscopePage } from './pages/apiscope-page'
import { LabPage } from './pages/lab-page'
import { OwnershipPage } from './pages/ownership-page'
import { TrafficPage } from './pages/traffic-page'
import { showView, VIEWS } from './view-settled'
import { clickMarker } from './replay-markers'

/** The four pairs, ordered so that the theme changes once. */
const PAIRS: readonly [Theme, Locale][] = [
  ['dark', 'en'],
  ['dark', 'fr'],
  ['light', 'fr'],
  ['light', 'en'],
]
const REPORTS = path.join(REPO_ROOT, 'test/artifacts/accessibility')

interface Finding {
  view: string
  id: string
  impact: string
  help: string
  targets: string[]
}

// wcag21a holds one rule, label-content-name-mismatch: a control's visible text is part of its name.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

interface Violation {
  id: string
  impact?: string | null
  help: string
  nodes: { target: unknown[] }[]
}

/**
 * axe on the page as it is. The first audit of a page injects axe-core through AxeBuilder (same
 * origin only: the app has no frames); the page never reloads here, so the later ones call the
 * injected axe.run directly. That skips evaluating axe-core's 600 kB again and AxeBuilder's round
 * trip of partial results through a blank page: a third of the time on the largest views (the
 * discovery table, 150 traffic rows), with the same rules and tags.
 */
async function runAxe(page: Page): Promise<Violation[]> {
  const html = page.locator('html')
  const injected = await html.evaluate((el) => 'axe' in (el.ownerDocument.defaultView ?? {}))
  if (!injected)
    return (
      await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] }) // first: it replaces the options withTags sets
        .withTags(TAGS)
        .setLegacyMode()
        .analyze()
    ).violations
  return html.evaluate(async (el, tags) => {
    // The page's own globals (the Node typecheck has no DOM library).
    const w = el.ownerDocument.defaultView as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> }
    }
    const result = await w.axe.run(el.ownerDocument, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }))
  }, TAGS)
}

async function axe(page: Page, where: string, into: Finding[]): Promise<void> {
  const started = Date.now()
  const violations = await runAxe(page)
  if (process.env.APISCOPE_AXE_TIMES) console.log(`axe ${where}: ${Date.now() - started} ms`)
  for (const v of violations)
    into.push({
      view: where,
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })
}

/** The first row of a table opened by its button (ADR 0020), its detail shown. */
async function openFirstRow(page: Page, table: string, detail: string): Promise<void> {
  await page.getByTestId(table).locator('button.row-open').first().click()
  await expect(page.getByTestId(detail)).toBeVisible()
}

/**
 * Every view in turn (by its key; the states set up before are in them), the watch table with
 * the inspector, then the dialogs, axe on each, in the page's current theme and language.
 */
async function auditPair(page: Page, lang: Locale, all: Finding[]): Promise<void> {
  for (const [key, view] of VIEWS) {
    await showView(page, key) // the view's own first load: axe reads the settled page
    // Discovery and Requests with their first row's detail open: the view and its detail at once.
    if (key === '2') await openFirstRow(page, 'resources-table', 'resource-detail')
    if (key === '4') await openFirstRow(page, 'request-log', 'request-detail')
    await axe(page, view, all)
  }
  // The watch inspector beside the event table (the view's tab; the event stays selected).
  await showView(page, '3')
  await page.getByRole('tab', { name: translate(lang, 'watch.tabTable') }).click()
  await expect(page.getByTestId('watch-table')).toBeVisible()
  await expect(page.getByTestId('inspector')).toBeVisible()
  await axe(page, 'watch table and inspector', all)
  // The help overlay, opened with ?
  await showView(page, '1')
  await page.locator('body').press('?')
  await expect(page.getByRole('dialog')).toBeVisible()
  await axe(page, 'help overlay', all)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The open-recording dialog.
  await page.getByRole('button', { name: translate(lang, 'rec.openAria'), exact: true }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await axe(page, 'open-recording dialog', all)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The record form (live only: a replay records nothing).
  const record = page.getByRole('button', { name: translate(lang, 'rec.record'), exact: true })
  if (await record.isVisible()) {
    await record.click()
    await expect(page.getByRole('form', { name: translate(lang, 'rec.startAria') })).toBeVisible()
    await axe(page, 'record form', all)
    await page.keyboard.press('Escape')
  }
}

/** The four pairs on one page, switched in place; the serious and critical findings come back. */
async function auditPairs(page: Page, mode: 'live' | 'replay'): Promise<string[]> {
  const serious: string[] = []
  mkdirSync(REPORTS, { recursive: true })
  for (const [theme, lang] of PAIRS) {
    await switchDisplay(page, theme, lang)
    const all: Finding[] = []
    await auditPair(page, lang, all)
    const label = `${mode}-${theme}-${lang}`
    writeFileSync(path.join(REPORTS, `${label}.json`), JSON.stringify(all, null, 2))
    for (const f of all)
      if (f.impact === 'serious' || f.impact === 'critical')
        serious.push(
          `${label} ${f.view}: ${f.impact} ${f.id} (${f.help}) at ${f.targets.join(', ')}`,
        )
  }
  return serious
}

/** Selects the first MODIFIED event of the watch table: the inspector opens on its diff. */
async function inspectAChange(page: Page): Promise<void> {
  await showView(page, '3')
  await page.getByRole('tab', { name: 'Table' }).click()
  await page
    .getByTestId('watch-table')
    .getByRole('button', { name: /^MODIFIED/ })
    .first()
    .click()
  await expect(page.getByTestId('inspector').locator('.diff')).toBeVisible()
}

/** Opens a request of the traffic list by keyboard (its row's button, Enter), then pauses. */
async function openRequest(page: Page, row: ReturnType<Page['locator']>): Promise<void> {
  await row.getByRole('button').first().focus()
  await page.keyboard.press('Enter')
  await expect(new TrafficPage(page).detail).toBeVisible()
  // Paused, the list holds still while axe reads it; the detail stays open.
  await page.getByRole('button', { name: 'Pause' }).click()
}

test('live, both themes and both languages: no serious or critical axe violation', async ({
  apiscope,
  cluster,
  page,
}) => {
  test.setTimeout(600_000)
  // A namespace of its own (parallel runs do not meet): a ConfigMap applied by one manager, then
  // changed by another, for a watch event with a diff and a what-if with something to say.
  const ns = `e2e-a11y-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    const manifest = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: reglages\n  namespace: ${ns}\ndata:\n  couleur: bleu\n`
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    // Live traffic from the API server's audit log (a tail: no port shared with other runs).
    const traffic = new TrafficPage(page)
    await traffic.open()
    await traffic.tab('Setup')
    await page.getByLabel('Log file').fill(cluster.auditLog)
    await page.getByRole('button', { name: 'Follow log' }).click()
    await expect(page.locator('tr[data-source="log-file"]', { hasText: 'running' })).toBeVisible()
    await traffic.tab('Requests')
    // The watch, its events and a change.
    await apiscope.startWatch('/v1/configmaps', ns)
    await expect(page.getByTestId('timeline-chart')).toContainText('kube-root-ca.crt')
    kubectlWithInput(
      cluster,
      manifest,
      'apply',
      '--server-side',
      '--field-manager=equipe-a11y',
      '-f',
      '-',
    )
    kubectl(
      cluster,
      'patch',
      'configmap',
      'reglages',
      '-n',
      ns,
      '-p',
      '{"data":{"couleur":"vert"}}',
    )
    await expect(page.getByTestId('timeline-chart')).toContainText('reglages')
    await inspectAChange(page)
    // A lab result: a refused anonymous list (it writes nothing).
    const lab = new LabPage(page)
    await lab.open()
    await lab.namespace.fill(ns)
    await lab.preset('anonymous-list')
    await lab.send.click()
    await expect(lab.status).toHaveText('403')
    // The what-if of the ConfigMap picked, and its answer.
    const own = new OwnershipPage(page)
    await own.open()
    await own.pickWatched(`ConfigMap ${ns} reglages`)
    await own.tab('What-if apply')
    await expect(own.manifest).toHaveValue(/name: reglages/)
    await page.getByRole('button', { name: 'Dry-run apply' }).click()
    await expect(own.result.or(own.conflict)).toBeVisible()
    // The lab's 403 in the traffic list, its detail open.
    await traffic.open()
    const refused = traffic.list.locator('tbody tr[data-code="403"]', { hasText: 'configmaps' })
    await expect(refused.first()).toBeVisible({ timeout: 30_000 })
    await openRequest(page, refused.first())
    expect(await auditPairs(page, 'live')).toEqual([])
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test.describe('in a replay of the bundled demo', () => {
  const serve = useDemoServe()

  test('replay, both themes and both languages: no serious or critical axe violation', async ({
    page,
  }) => {
    test.setTimeout(600_000)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const app = new ApiscopePage(page, serve.url)
    await app.open()
    const marker = (note: RegExp) => clickMarker(page, note)
    // The recorded what-if of vitrine after --force-conflicts, its answer shown.
    await marker(/--force-conflicts/)
    const own = new OwnershipPage(page)
    await own.open()
    await own.pickWatched('vitrine')
    await own.tab('What-if apply')
    const recorded = page.getByTestId('what-if-recorded')
    await expect(recorded).toBeVisible()
    await recorded.getByRole('button').last().click()
    await expect(own.result.or(own.conflict)).toBeVisible()
    // The lab's recorded 422, and the traffic recorded up to it, one request's detail open.
    await marker(/Request lab: a ValidatingAdmissionPolicy refuses 7 replicas/)
    const lab = new LabPage(page)
    await lab.open()
    await expect(lab.result).toBeVisible({ timeout: 20_000 })
    await inspectAChange(page)
    await showView(page, '7')
    const row = new TrafficPage(page).list.locator('tbody tr[data-code]').first()
    await expect(row).toBeVisible({ timeout: 20_000 })
    await openRequest(page, row)
    expect(await auditPairs(page, 'replay')).toEqual([])
  })
})
