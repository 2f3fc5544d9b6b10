// Field ownership, the Rollout trace, the Overview's identity and the connect screen in French and
// in English, against the real server. Each state is reached in English (the page objects read the
// English names), then the language is switched in place (the view and its state stay): in French
// no English catalogue text shows and the screen fits at 1280×720; each state is pictured in both
// languages (fr-<view>-<state>, en-<view>-<state>). Ownership: the map, the blame table, the field
// timeline, an object that is not there (an error), the what-if form filled, a 409 conflict card,
// a way out's outcome, a subresource owner (kubectl scale, 1.22+). The Rollout trace waiting for a
// node, then complete once the simulated node agent runs. The identity panel with its notes and
// the connect screen with a kubeconfig warning.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { ADMIN_CONTEXT, type ClusterInfo } from '../cluster/control-plane'
import { SimulatedNode } from '../cluster/simulated-node'
import { vitrineManifest as vitrine } from '../../src-main/common/lab-seed-manifests'
import { expectFits, expectNoEnglish } from './french-check'
import { expect, startServe, test } from './fixtures'
import { kubectl } from './kubectl'
import { ApiscopePage } from './pages/apiscope-page'
import { OwnershipPage } from './pages/ownership-page'

type Lang = 'en' | 'fr'

/** Switches the language in place (the side bar's switch, or the connect screen's). */
async function speak(page: Page, lang: Lang): Promise<void> {
  await page.locator(`[data-locale="${lang}"]`).first().click()
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
}

/**
 * The state on screen in French (checked: no English catalogue text, fits at 1280×720) and in
 * English, pictured in both; it ends in English, where the page objects find their names.
 */
async function inBoth(
  apiscope: ApiscopePage,
  name: string,
  frenchSays?: string | RegExp,
): Promise<void> {
  const page = apiscope.page
  await speak(page, 'fr')
  if (frenchSays) await expect(page.getByText(frenchSays).first()).toBeVisible()
  await expectNoEnglish(page, name)
  await expectFits(page, name)
  await apiscope.screenshot(`fr-${name}`)
  await speak(page, 'en')
  await apiscope.screenshot(`en-${name}`)
}

const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-e2e-french-own-'))
function apply(cluster: ClusterInfo, manifest: string, manager: string, ...flags: string[]) {
  const file = path.join(dir, `${manager}-${Date.now()}.yaml`)
  writeFileSync(file, manifest)
  kubectl(cluster, 'apply', '--server-side', `--field-manager=${manager}`, ...flags, '-f', file)
}
const onOldest = (cluster: ClusterInfo) => cluster.version.startsWith('v1.20.')

test('Ownership in French: map, blame, timeline, an error, the what-if form, a conflict, its outcome, a subresource owner', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(180_000)
  const ns = `e2e-fr-own-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  const page = apiscope.page
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('apps/v1/deployments', ns)
    await expect(page.getByText(/· 1 list$/)).toBeVisible()
    // The seed's sequence: applied by equipe-web, scaled through /scale by kubectl (an Update of
    // the scale subresource from 1.22 on), a second applier co-owning a label.
    apply(cluster, vitrine(ns, 2), 'equipe-web')
    kubectl(cluster, 'scale', 'deploy', 'vitrine', '--replicas=4', '-n', ns)
    apply(
      cluster,
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: vitrine\n  namespace: ${ns}\n  labels:\n    app: vitrine\n    audit: "oui"\n`,
      'equipe-audit',
    )
    await expect(page.getByTestId('timeline-chart')).toContainText('vitrine')

    const own = new OwnershipPage(page)
    await own.open()
    await inBoth(apiscope, 'ownership-empty', 'Choisissez un objet')
    await own.pickWatched(`Deployment ${ns}/vitrine`)
    await expect(own.row('.spec.replicas')).toBeVisible()
    await expect(own.legend).toContainText('equipe-audit')
    await expect(own.row('.metadata.labels.app')).toContainText('co-owned')
    await inBoth(apiscope, 'ownership-map', 'copossédé')
    if (!onOldest(cluster)) {
      // The subresource owner: kubectl owns spec.replicas via /scale, with no time recorded.
      // Shown alone: the legend's entry pressed, the fields it owns through /scale stand out.
      const kubectlEntry = own.legend.getByRole('button', { name: /^\d+\s*kubectl\b/ })
      await expect(kubectlEntry).toContainText('via /scale')
      await kubectlEntry.click()
      await expect(own.row('.spec.replicas')).not.toHaveClass(/dimmed/)
      await inBoth(apiscope, 'ownership-subresource', 'pas d’heure enregistrée')
      await kubectlEntry.click()
    }

    await page.getByRole('tab', { name: /Blame/ }).click()
    await expect(page.getByTestId('blame')).toContainText('.spec.replicas')
    await inBoth(apiscope, 'ownership-blame', 'Propriétaires, depuis')

    await own.tab('Over time')
    await expect(own.lanes).toBeVisible()
    await page.getByLabel('Field to follow').selectOption('.spec.replicas')
    // kubectl's write through /scale takes .spec.replicas from 1.22 on; 1.20 records no owner for a
    // write through a subresource, and the applier keeps it (checked with kubectl on 1.20.2).
    await expect(own.steps).toContainText(onOldest(cluster) ? 'equipe-web' : 'kubectl')
    await inBoth(apiscope, 'ownership-timeline', /changements? de propriété de \.spec\.replicas/)

    // An object that is not there: the core's error, by key, in French.
    await own.tab('Map')
    await own.openByName('/v1/configmaps', ns, 'nope')
    await expect(page.getByRole('alert')).toContainText(`No configmaps named nope in ${ns}`)
    await inBoth(apiscope, 'ownership-error', `Pas de configmaps nommé nope dans ${ns}`)

    // What-if: the form filled, then a 409 (kubectl, or on 1.20 the last applier, holds replicas
    // at 4, the manifest says 2), then a way out and its outcome.
    await own.open()
    await own.pickWatched(`Deployment ${ns}/vitrine`)
    await own.tab('What-if apply')
    await own.manifest.fill(vitrine(ns, 2))
    await page.getByLabel('Field manager').fill('equipe-audit')
    await inBoth(apiscope, 'ownership-what-if-form', 'Apiscope envoie')
    await page.getByRole('button', { name: 'Dry-run apply' }).click()
    await expect(own.conflict).toContainText('409 Conflict')
    await inBoth(apiscope, 'ownership-conflict', 'Trois issues (chacune en dry-run)')
    await own.conflict.getByRole('button', { name: 'Co-own: use the live values' }).click()
    await expect(own.result).toContainText('200 would apply')
    await expect(page.getByText(/^manifest: set \.spec\.replicas to the live value/)).toBeVisible()
    await inBoth(apiscope, 'ownership-what-if-outcome', /^manifeste\s: \.spec\.replicas mis à la/)
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('the Rollout trace in French: waiting for a node, then complete with the simulated node agent', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(150_000)
  const suffix = Date.now().toString(36)
  const ns = `e2e-fr-roll-${suffix}`
  kubectl(cluster, 'create', 'namespace', ns)
  const node = SimulatedNode.fromKubeconfig(cluster.kubeconfig, ADMIN_CONTEXT, {
    name: `sim-fr-${suffix}`,
    renewEveryMs: 2000,
  })
  const page = apiscope.page
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Rollout trace' })
      .click()
    await inBoth(apiscope, 'rollout-empty', 'Nommez un Deployment à suivre.')
    await page.getByRole('textbox', { name: 'Namespace' }).fill(ns)
    await page.getByRole('textbox', { name: 'Deployment' }).fill('deux')
    await page.getByRole('button', { name: 'Trace', exact: true }).click()
    await expect(page.getByTestId('rollout-not-found')).toBeVisible()
    await inBoth(apiscope, 'rollout-not-found', /^Pas encore de Deployment deux/)
    // Created before any node of ours runs: the Pods wait for the scheduler (when no other
    // node is there) or for their node's agent.
    kubectl(
      cluster,
      'create',
      'deployment',
      'deux',
      '-n',
      ns,
      '--image=registry.k8s.io/pause:3.2',
      '--replicas=2',
    )
    const diagram = page.getByTestId('rollout-diagram')
    await expect(diagram.locator('[data-arrow^="pod-created:"]')).toHaveCount(2, {
      timeout: 30_000,
    })
    await expect(diagram.locator('[data-state="waiting"]').first()).toBeVisible()
    await inBoth(apiscope, 'rollout-waiting', /; en attente\s:/)

    await node.start()
    await expect(diagram.locator('[data-arrow="deployment-status"]')).toHaveAttribute(
      'data-state',
      'done',
      { timeout: 90_000 },
    )
    await expect(page.getByTestId('node-heartbeat').filter({ hasText: node.name })).toContainText(
      'simulated node agent',
    )
    await page.getByTestId('node-heartbeat').filter({ hasText: node.name }).scrollIntoViewIfNeeded()
    await inBoth(apiscope, 'rollout-complete', 'Le rollout est terminé.')
  } finally {
    await node.stop()
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('the Overview identity in French, and the connect screen with a kubeconfig warning', async ({
  page,
  cluster,
}) => {
  test.setTimeout(90_000)
  // A second kubeconfig named in KUBECONFIG that does not exist: a warning on the connect screen.
  const missing = path.join(dir, 'missing-kubeconfig.yaml')
  const serve = await startServe({
    KUBECONFIG: `${cluster.kubeconfig}${path.delimiter}${missing}`,
    HOME: '/nonexistent',
  })
  try {
    const apiscope = new ApiscopePage(page, serve.url)
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await expect(apiscope.identity.getByTestId('username')).not.toBeEmpty()
    // 1.20 serves no SelfSubjectReview: the identity is derived and says so in its notes.
    await inBoth(
      apiscope,
      'overview-identity',
      onOldest(cluster)
        ? /^Ce serveur ne sert pas SelfSubjectReview/
        : 'Qui vous êtes, selon le serveur',
    )
    await apiscope.chooseContext('apiscope-wrong-ca')
    await expect(page.locator('[data-error-kind="tls-ca"]')).toBeVisible()
    await expect(page.getByText(`${missing} (named in KUBECONFIG) does not exist`)).toBeVisible()
    await inBoth(apiscope, 'connect-warning', `${missing} (nommé dans KUBECONFIG) n’existe pas`)
  } finally {
    await serve.stop()
  }
})
