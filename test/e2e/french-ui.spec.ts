// Switched to French in the side bar, the shell, the Overview, Discovery, the request log and the
// walkthroughs show no English UI text (each area's own spec, french-<area>.spec.ts, checks its
// views the same way): each
// visible text node is checked against the English catalogue (a text whose French differs must
// not show up). The API's own words are the same in both catalogues, so they pass. The language
// is remembered across a reload, and switching keeps the view and its state.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator } from '@playwright/test'
import { demoFacts } from './demo-facts'
import { expect, startServe, test, useDemoServe } from './fixtures'
import { englishShown, expectFits, expectNoEnglish, walkthroughsInFrench } from './french-check'
import { ApiscopePage } from './pages/apiscope-page'
import { showView } from './view-settled'
import { clickMarker, replayStrip } from './replay-markers'

/** The app shell: top bar, replay strip, side bar (the view in the middle is checked on its own). */
const SHELL =
  'header.top, nav.side, [aria-label="Replay controls"], [aria-label="Commandes du rejeu"]'

test('the app shell in French: side bar, top bar, dialogs, no English from the catalogue', async ({
  apiscope,
  page,
}) => {
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'FR, Français' })
    .click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(apiscope.statusPill).toContainText('Connecté')
  const nav = page.getByRole('navigation', { name: 'Vues' })
  await expect(nav.getByRole('button', { name: 'Parcours guidés' })).toBeVisible()
  await expectNoEnglish(page, 'top bar and side bar', SHELL)
  // The Overview's panels: identity (its notes and extra rows come from the core, by key), access
  // rules, health, kubectl proxy.
  await expect(page.getByRole('heading', { name: 'Qui vous êtes, selon le serveur' })).toBeVisible()
  await expect(apiscope.health).toContainText('Vérifié à')
  await expectNoEnglish(page, 'Overview')
  await expectFits(page, 'fr-overview')
  await apiscope.screenshot('fr-overview')
  await page
    .getByRole('navigation', { name: 'Vues' })
    .getByRole('button', { name: 'Découverte' })
    .click()
  await expect(apiscope.resourcesTable.locator('tbody tr').first()).toBeVisible()
  await apiscope.resourcesTable.locator('tr[data-resource="apps/v1 deployments"]').click()
  await expect(page.getByTestId('resource-detail')).toContainText('dans un namespace')
  await expectNoEnglish(page, 'Discovery')
  await expectFits(page, 'fr-discovery')
  await apiscope.screenshot('fr-discovery')
  await page.getByRole('tab', { name: /APIServices/ }).click()
  await expect(page.getByTestId('apiservices-table')).toContainText('Disponible')
  await expectNoEnglish(page, 'APIServices')
  await expectFits(page, 'fr-discovery-apiservices')
  await apiscope.screenshot('fr-discovery-apiservices')

  await page
    .getByRole('navigation', { name: 'Vues' })
    .getByRole('button', { name: /^Requêtes/ })
    .click()
  await apiscope.requestLog.locator('tbody tr', { hasText: '/readyz?verbose' }).first().click()
  await expect(page.getByTestId('request-detail')).toContainText('Les identifiants sont omis')
  await expectNoEnglish(page, 'request log')
  await expectFits(page, 'fr-request-log')
  await apiscope.screenshot('fr-request-log')
  // The shortcuts dialog and the recording dialog (from a side-bar button: a focused tab keeps ?).
  await page
    .getByRole('navigation', { name: 'Vues' })
    .getByRole('button', { name: 'Vue d’ensemble' })
    .click()
  await page.keyboard.press('?')
  await expect(page.getByRole('dialog', { name: 'Raccourcis clavier' })).toBeVisible()
  await expectNoEnglish(page, 'shortcuts dialog', 'dialog[open]')
  await apiscope.screenshot('fr-help')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Rejouer un enregistrement' }).click()
  await expect(page.getByRole('dialog', { name: 'Ouvrir un enregistrement' })).toBeVisible()
  await expectNoEnglish(page, 'recordings dialog', 'dialog[open]')
  await apiscope.screenshot('fr-open-recording')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click()
  await expect(page.getByRole('form', { name: 'Lancer un enregistrement' })).toBeVisible()
  await expectNoEnglish(page, 'record form', SHELL)
  await apiscope.screenshot('fr-record-form')
  await page.getByRole('button', { name: 'Annuler' }).click()

  // Remembered: a reload opens in French.
  await page.reload()
  await expect(apiscope.statusPill).toContainText('Connecté')
  // And back to English without leaving the view.
  await page
    .getByRole('group', { name: 'Langue' })
    .getByRole('button', { name: 'EN, English', exact: true })
    .click()
  await expect(apiscope.statusPill).toContainText('Connected')
  // The check sees English when there is some (the same walk, in English, finds the shell's words).
  expect(await englishShown(page, SHELL)).toEqual(
    expect.arrayContaining(['view.walkthroughs: "Walkthroughs"', 'status.connected: "Connected"']),
  )
})

test('the connect screen and a connection failure in French', async ({ apiscope, page }) => {
  // Picked earlier and remembered (the side bar's switch stores it).
  await page.addInitScript("localStorage.setItem('apiscope.locale', 'fr')")
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connecté')
  await page.getByLabel('Contexte Kubernetes').selectOption('apiscope-wrong-ca')
  const error = page.locator('[data-error-kind="tls-ca"]')
  await expect(error).toContainText('n’est pas signé par la CA')
  await expect(error).toContainText('Que faire')
  await expect(page.getByRole('heading', { name: 'Se connecter à un cluster' })).toBeVisible()
  await expectNoEnglish(page, 'connect screen')
  await expectFits(page, 'fr-connect-wrong-ca')
  await apiscope.screenshot('fr-connect-wrong-ca')
  // The same error, said again in English when the language changes: nothing is reloaded.
  await page
    .getByRole('group', { name: 'Langue' })
    .getByRole('button', { name: 'EN, English', exact: true })
    .click()
  await expect(error).toContainText('not signed by the CA this kubeconfig trusts')
  await page.getByRole('button', { name: 'Connect to apiscope-admin' }).click()
  await expect(apiscope.statusPill).toContainText('Connected')
})

// A kubeconfig the YAML parser refuses: the card frames the parser's message (its own words, the
// same in both languages) in the catalogue's words, "ligne 4 :" in French.
test('a kubeconfig that cannot be read, in French: our frame, the parser’s message', async ({
  page,
}) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'apiscope-e2e-')), 'config')
  writeFileSync(file, 'apiVersion: v1\nkind: Config\nclusters: [\n  - name: x\n')
  const serve = await startServe({ KUBECONFIG: file, HOME: '/nonexistent' })
  try {
    const apiscope = new ApiscopePage(page, serve.url)
    await page.addInitScript("localStorage.setItem('apiscope.locale', 'fr')")
    await apiscope.open()
    const error = page.locator('[data-error-kind="kubeconfig-malformed"]')
    await expect(error).toContainText('Le fichier kubeconfig est illisible')
    await expect(error).toContainText(`${file}, ligne 4 : Block collections are not allowed`)
    await expectNoEnglish(page, 'malformed kubeconfig')
    await expectFits(page, 'fr-connect-malformed-kubeconfig')
    await apiscope.screenshot('fr-connect-malformed-kubeconfig')
    await page
      .getByRole('group', { name: 'Langue' })
      .getByRole('button', { name: 'EN, English', exact: true })
      .click()
    await expect(error).toContainText(`${file}, line 4: Block collections are not allowed`)
    await apiscope.screenshot('en-connect-malformed-kubeconfig')
  } finally {
    await serve.stop()
  }
})

// The walkthrough's own words are checked, and the core's stage explanation under the stage path
// (said again by key).
test('a walkthrough in French: plan, what it will send, what came back, checked', async ({
  apiscope,
  page,
}) => {
  const w = await walkthroughsInFrench(apiscope)
  await expect(
    page.getByRole('heading', { name: 'Refaire les expériences du chapitre, pas à pas' }),
  ).toBeVisible()
  await expectNoEnglish(page, 'walkthroughs list')
  await w.choose(/huit verbes/)
  await expect(w.plan).toContainText('D’après le chapitre : Les huit verbes')
  await expect(page.getByText('semble local')).toBeVisible()
  await expectNoEnglish(page, 'walkthrough plan')
  await expectFits(page, 'fr-walkthrough-plan')
  await apiscope.screenshot('fr-walkthrough-plan')
  await w.start.click()
  await expect(w.stepTitle).toContainText('Étape 1 sur 8 : watch : ouvrir d’abord un watch')
  await w.sendAndNext()
  await expect(page.getByRole('heading', { name: 'Il va envoyer' })).toBeVisible()
  await expect(w.previews.first()).toContainText('en tant que les identifiants du contexte')
  await expect(w.previews.first()).toContainText('écrit dans le namespace du parcours')
  await expectNoEnglish(page, 'step before it is sent')
  await expectFits(page, 'fr-walkthrough-before-send')
  await apiscope.screenshot('fr-walkthrough-before-send')
  await w.sendAndNext()
  // Step 3: the second POST stops at etcd with 409 AlreadyExists (the API's words, unchanged).
  await w.send.click()
  await expect(w.outcomes.first()).toContainText('409')
  await expect(w.outcomes.first()).toContainText('conforme au parcours')
  const checks = w.outcomes.first().getByTestId('check-table')
  await expect(checks).toContainText('comme prévu')
  await expect(w.outcomes.first().locator('.stage-path')).toHaveAttribute('data-settled', 'true', {
    timeout: 10_000,
  })
  await checks.scrollIntoViewIfNeeded()
  await expectNoEnglish(page, 'step after it was sent')
  await expectFits(page, 'fr-walkthrough-mid-step')
  await apiscope.screenshot('fr-walkthrough-mid-step')
  await w.finish.click()
  await expect(w.plan).toBeVisible()
})

test.describe('in the bundled demo', () => {
  const serve = useDemoServe()

  test('the demo replay in French, and presenter mode with its spotlight', async ({ page }) => {
    await page.addInitScript("localStorage.setItem('apiscope.locale', 'fr')")
    const app = new ApiscopePage(page, serve.url)
    await app.open()
    const banner = page.getByRole('region', { name: 'Commandes du rejeu' })
    await expect(banner).toContainText('REJEU')
    await expect(banner).toContainText('aucun cluster n’est contacté')
    // The demo's title as its author wrote it in French (the recording's own words, in both).
    await expect(banner.locator('.title')).toHaveText(demoFacts().title.fr)
    await expect(banner.locator('.title')).toContainText('Chapitre 34 du cours')
    // Why the demo opened (assembly/demo-fallback), with the failure it names, by key in French.
    await expect(banner.locator('.auto')).toContainText(
      'Aucun cluster n’a répondu (Aucun kubeconfig trouvé)',
    )
    // The check walks the title and the markers' names and tooltips too: the demo's English words
    // would fail it (self-checked at the end, in English).
    await expectNoEnglish(page, 'replay strip', SHELL)
    await expectFits(page, 'fr-replay')
    await app.screenshot('fr-replay')
    // A cluster's list says its markers' notes in French, each with its moment.
    const facts = demoFacts()
    const cluster = banner.locator('.markers > button.cluster').first()
    await cluster.click()
    const list = banner.getByRole('group', { name: 'Repères rapprochés' })
    const inCluster = await list.getByRole('button').count()
    expect(inCluster).toBeGreaterThan(1)
    const noted = (await list.locator('.note').allTextContents()).map((n) => n.replace(/^◆\s*/, ''))
    const frNotes = facts.markers.map((m) => m.fr)
    for (const n of noted) expect(frNotes).toContain(n)
    expect(noted.filter((n) => facts.markers.some((m) => m.en === n && m.fr !== n))).toEqual([])
    await expectNoEnglish(page, 'replay strip, a cluster’s list open', SHELL)
    await app.screenshot('fr-replay-cluster-open')
    await page.keyboard.press('Escape')
    await clickMarker(page, /Server-side apply par equipe-web/)
    await page.getByRole('button', { name: 'Présentation' }).click()
    await page
      .getByRole('navigation', { name: 'Vues' })
      .getByRole('button', { name: /^Watches/ })
      .click()
    await banner.getByRole('button', { name: 'Pas en avant d’un événement' }).click()
    await expect(page.getByTestId('spotlight')).toContainText('resourceVersion')
    await expect(page.getByTestId('spotlight')).toContainText(
      `◆ ${facts.markers.find((m) => m.en.startsWith('Server-side apply'))?.fr}`,
    )
    await expectNoEnglish(page, 'presenter replay strip', SHELL)
    await expectFits(page, 'fr-presenter-replay')
    await app.screenshot('fr-presenter-replay')
    // The replay's place falls in a badge here (00:35): that badge is ringed, and the playhead
    // crosses it but is stacked under it (both are absolutely placed in the markers' box, and
    // take no pointer, so a hit test cannot tell): the badge's count is drawn whole.
    const ringed = banner.locator('.markers > button.cluster.here')
    await expect(ringed).toHaveCount(1)
    const playhead = banner.locator('.markers > .playhead')
    const [p, b] = await Promise.all([playhead.boundingBox(), ringed.boundingBox()])
    expect(p && b && p.x + p.width / 2 > b.x && p.x + p.width / 2 < b.x + b.width).toBe(true)
    const z = (l: Locator) =>
      l.evaluate((el) => Number(el.ownerDocument.defaultView?.getComputedStyle(el).zIndex))
    expect(await z(playhead)).toBeLessThan(await z(ringed))
    // The check sees the demo's English words when they show: in English, the spotlight's marker,
    // then, at a desk again, the title.
    await app.setLanguage('en')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    expect(await englishShown(page, SHELL)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^demo marker \d+: "◆ Server-side apply as equipe-web/),
      ]),
    )
    await page.getByRole('button', { name: 'Presenter' }).click()
    await expect(replayStrip(page).locator('.title')).toHaveText(facts.title.en)
    expect(await englishShown(page, SHELL)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^demo title: "Seed chapter 34/)]),
    )
  })

  // The recorded watches' lanes and the recorded rollout trace: the core's words as the recording
  // kept them (by key), said in French; a status without its key is said again from its target.
  test('the demo’s timeline lanes and rollout trace in French', async ({ page }) => {
    test.setTimeout(150_000)
    await page.addInitScript("localStorage.setItem('apiscope.locale', 'fr')")
    const app = new ApiscopePage(page, serve.url)
    await app.open()
    const banner = page.getByRole('region', { name: 'Commandes du rejeu' })
    await expect(banner).toContainText('REJEU')
    await clickMarker(page, /Fin de la démo/)
    await showView(page, '3')
    const chart = page.getByTestId('timeline-chart')
    await expect(chart).toContainText('configmaps dans ch34')
    await expect(chart).not.toContainText(/\bin ch34\b/)
    await expectNoEnglish(page, 'demo timeline')
    await expectFits(page, 'fr-replay-timeline')
    await app.screenshot('fr-replay-timeline')

    await clickMarker(page, /Un rollout/)
    await showView(page, '9')
    await banner.getByLabel('Vitesse du rejeu').selectOption('16')
    await banner.getByRole('button', { name: 'Lecture', exact: true }).click()
    await expect(page.getByText(/Le rollout est terminé\./)).toBeVisible({ timeout: 60_000 })
    await banner.getByRole('button', { name: 'Pause', exact: true }).click()
    const diagram = page.getByTestId('rollout-diagram')
    // Each caption as the diagram wraps it (one SVG line each).
    for (const caption of [
      'Auteur',
      'toute écriture',
      'Contrôleur',
      'Agent du nœud',
      '(simulé)',
      'pas de kubelet ici',
    ])
      await expect(diagram.getByText(caption, { exact: true }).first()).toBeVisible()
    for (const english of ['Writer', 'every write', 'Deployment', 'Node agent', 'no kubelet here'])
      await expect(diagram.getByText(english, { exact: true })).toHaveCount(0)
    await expectNoEnglish(page, 'demo rollout trace')
    await expectFits(page, 'fr-replay-rollout')
    await app.screenshot('fr-replay-rollout')
  })
})
