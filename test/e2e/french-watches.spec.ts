// The Watches view in French and in English, against the real server: the timeline with two
// watches running (a list in pages and a streaming list of the same ConfigMaps), an event picked
// with the arrow keys and said in the live region, the table, the inspector on a change with its
// diff, the health panel with the pages of the list and a watch in backoff (a label selector the
// server refuses), and the picker filled. In French no English catalogue text shows and each
// screen fits at 1280×720; each state is pictured in both languages (fr-watches-*, en-watches-*).
import type { Page } from '@playwright/test'
import { expectFits, expectNoEnglish } from './french-check'
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'

type Lang = 'en' | 'fr'

/** The words the test looks for, in each language (the catalogue's, as the screen says them). */
const SAYS = {
  en: {
    timeline: 'Timeline',
    table: 'Table',
    health: 'Watches & lists',
    selected: /^Selected: [A-Z]+/,
    inPages: 'in 3 pages',
    stream: 'STREAMING LIST',
    backoff: 'backoff',
    resource: 'Resource to watch',
    namespace: 'Namespace to watch',
    labelSelector: 'Label selector',
    pageSize: 'Page size (limit)',
    start: 'Start watch',
    both: 'Both ways',
    stop: 'Stop watch',
  },
  fr: {
    timeline: 'Chronologie',
    table: 'Tableau',
    health: 'Watches et listes',
    selected: /^Sélectionné\s: [A-Z]+/,
    inPages: 'en 3 pages',
    stream: 'LISTE EN FLUX',
    backoff: 'en attente',
    resource: 'Ressource à observer',
    namespace: 'Namespace à observer',
    labelSelector: 'Sélecteur de labels',
    pageSize: 'Taille de page (limit)',
    start: 'Lancer le watch',
    both: 'Les deux',
    stop: 'Arrêter le watch',
  },
} as const

/** Switches the language in place (the side bar's switch): the view and its state stay. */
async function speak(page: Page, lang: Lang): Promise<void> {
  await page.locator(`nav.side [data-locale="${lang}"]`).first().click()
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
}

/** In French: no English catalogue text on screen, and the screen fits at 1280×720. */
async function checked(page: Page, lang: Lang, where: string): Promise<void> {
  if (lang !== 'fr') return
  await expectNoEnglish(page, where)
  await expectFits(page, where)
}

test('the Watches view in French and English: timeline, live region, table, inspector, health, picker', async ({
  apiscope,
  cluster,
}) => {
  test.skip(cluster.version.startsWith('v1.20.'), '1.20 serves no streaming list')
  test.setTimeout(180_000)
  const page = apiscope.page
  const ns = `e2e-fr-watch-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    for (let i = 1; i <= 7; i++)
      kubectl(cluster, 'create', 'configmap', `carton-${i}`, '-n', ns, `--from-literal=n=${i}`)
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.goTo('Watches')
    // Both ways at once, the list in pages of 3: w1 lists then watches, w2 is a streaming list.
    await page.getByLabel('Resource to watch').selectOption('/v1/configmaps')
    await page.getByLabel('Namespace to watch').fill(ns)
    await page.getByLabel('Page size (limit)').fill('3')
    await page.getByRole('button', { name: 'Both ways' }).click()
    const chart = page.getByTestId('timeline-chart')
    await expect(chart).toContainText(/LIST @\d+ · 3 pages/)
    await expect(chart).toContainText(/initial-events-end @\d+ · 8 ADDED/)
    kubectl(
      cluster,
      'patch',
      'configmap',
      'carton-1',
      '-n',
      ns,
      '--type=merge',
      '-p',
      '{"data":{"taille":"grande"}}',
    )
    kubectl(cluster, 'delete', 'configmap', 'carton-7', '-n', ns)
    await expect(page.getByText(/ 2 lists$/)).toBeVisible()
    await expect(chart.getByText('w1 list').first()).toBeVisible()

    for (const lang of ['fr', 'en'] as const) {
      const says = SAYS[lang]
      await speak(page, lang)
      await page.getByRole('tab', { name: says.timeline }).click()
      // Words drawn with the chart follow the language: the lane tags, the labels band.
      await expect(chart.getByText(lang === 'fr' ? 'w2 flux' : 'w2 stream').first()).toBeVisible()
      await expect(chart).toContainText(/LIST @\d+ · 3 pages/)
      // The counts line, each count in its own plural.
      await expect(
        page.getByText(lang === 'fr' ? / objets · 2 listes$/ : / objects · 2 lists$/),
      ).toBeVisible()
      await checked(page, lang, 'Watches timeline')
      await apiscope.screenshot(`${lang}-watches-timeline`)

      // The arrow keys pick an event; the live region says which, in the current language.
      const announce = page.getByTestId('timeline-announce')
      await expect(announce).toHaveAttribute('aria-live', 'polite')
      await chart.focus()
      await page.keyboard.press('Escape')
      await expect(announce).toHaveText('')
      await page.keyboard.press('ArrowRight')
      await expect(announce).toHaveText(says.selected)
      const first = await announce.textContent()
      await page.keyboard.press('ArrowRight')
      await expect(announce).not.toHaveText(first ?? '')
      await expect(announce).toHaveText(says.selected)
      await expect(announce).toContainText('resourceVersion')
      await expect(page.getByTestId('inspector')).toBeVisible()
      await checked(page, lang, 'Watches timeline, an event selected')
      await apiscope.screenshot(`${lang}-watches-timeline-selected`)

      // The table, then the inspector on the patch: its diff.
      await page.getByRole('tab', { name: says.table }).click()
      const table = page.getByTestId('watch-table')
      // The table alone first: the inspector closed.
      await page
        .getByTestId('inspector')
        .getByRole('button', { name: lang === 'fr' ? /Fermer/ : /Close/ })
        .click()
      await expect(table.getByRole('button', { name: /DELETED/ }).first()).toBeVisible()
      await checked(page, lang, 'Watches table')
      await apiscope.screenshot(`${lang}-watches-table`)
      await table
        .getByRole('button', { name: /MODIFIED/ })
        .first()
        .click()
      const inspector = page.getByTestId('inspector')
      await expect(inspector).toContainText('taille: grande')
      await expect(inspector).toContainText(lang === 'fr' ? 'écrit par' : 'written by')
      await checked(page, lang, 'Watches inspector')
      await apiscope.screenshot(`${lang}-watches-inspector`)
      await inspector.getByRole('button', { name: lang === 'fr' ? /Fermer/ : /Close/ }).click()
    }

    // A watch the server refuses (a label selector it cannot parse): it backs off, saying why.
    await speak(page, 'en')
    await page.getByRole('tab', { name: 'Timeline' }).click()
    await page.getByLabel('Label selector').fill('app in (')
    await page.getByLabel('How the watch starts').selectOption({ label: 'list then watch' })
    await page.getByRole('button', { name: 'Start watch' }).click()
    for (const lang of ['fr', 'en'] as const) {
      const says = SAYS[lang]
      await speak(page, lang)
      await page.getByRole('tab', { name: says.health }).click()
      const health = page.getByTestId('watch-health')
      await expect(health).toContainText(says.inPages)
      await expect(health).toContainText(says.stream)
      await expect(health.getByTestId('watch-state').filter({ hasText: says.backoff })).toHaveCount(
        1,
        { timeout: 30_000 },
      )
      await checked(page, lang, 'Watches health')
      await apiscope.screenshot(`${lang}-watches-health`)
      // The failing watch's card, with its reason.
      await health.getByRole('article').last().scrollIntoViewIfNeeded()
      await checked(page, lang, 'Watches health, a watch in backoff')
      await apiscope.screenshot(`${lang}-watches-health-backoff`)

      // The picker, filled.
      await page.getByRole('tab', { name: says.timeline }).click()
      await expect(page.getByLabel(says.labelSelector)).toHaveValue('app in (')
      await expect(page.getByLabel(says.pageSize)).toHaveValue('3')
      await expect(page.getByRole('button', { name: says.both })).toBeVisible()
      await page.getByLabel(says.resource).focus()
      await checked(page, lang, 'Watches picker')
      await apiscope.screenshot(`${lang}-watches-picker`)
    }
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    for (const id of [3, 2, 1])
      await page.getByRole('button', { name: `${SAYS.en.stop} ${id}` }).click()
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
