// Field ownership in the browser against the real server: the seed's apply / patch / forced
// apply sequence on a watched Deployment, drawn as the ownership map, followed over time (and
// back to its event on the timeline), and a what-if apply that conflicts, with its three ways out.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type ClusterInfo } from '../cluster/control-plane'
import { vitrineManifest as vitrine } from '../../src-main/common/lab-seed-manifests'
import { screenshotForDocs } from './artifacts'
import { expect, test } from './fixtures'
import { OwnershipPage } from './pages/ownership-page'
import { kubectlWithInput as kubectl } from './kubectl'

const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-e2e-ssa-'))
function apply(cluster: ClusterInfo, manifest: string, manager: string, ...flags: string[]) {
  const file = path.join(dir, `${manager}.yaml`)
  writeFileSync(file, manifest)
  kubectl(
    cluster,
    null,
    'apply',
    '--server-side',
    `--field-manager=${manager}`,
    ...flags,
    '-f',
    file,
  )
}

/** Keeps a screenshot for the README as well as in the test artifacts. */
const keep = screenshotForDocs

test('ownership map, ownership over time, and a conflict with its three ways out', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(120_000)
  const ns = `e2e-own-${Date.now().toString(36)}`
  kubectl(cluster, null, 'create', 'namespace', ns)
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('apps/v1/deployments', ns)
    await expect(apiscope.page.getByText(/· 1 list$/)).toBeVisible()

    // The seed's sequence: applied by equipe-web, scaled by an Update, forced back; a second
    // applier co-owns the label it sets to the same value.
    apply(cluster, vitrine(ns, 2), 'equipe-web')
    kubectl(
      cluster,
      null,
      'patch',
      'deployment',
      'vitrine',
      '-n',
      ns,
      '-p',
      '{"spec":{"replicas":4}}',
    )
    apply(cluster, vitrine(ns, 2), 'equipe-web', '--force-conflicts')
    apply(
      cluster,
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: vitrine\n  namespace: ${ns}\n  labels:\n    app: vitrine\n    audit: "oui"\n`,
      'equipe-audit',
    )
    await expect(apiscope.page.getByTestId('timeline-chart')).toContainText('vitrine')

    const own = new OwnershipPage(apiscope.page)
    await own.open()
    await own.pickWatched(`Deployment ${ns}/vitrine`)
    await expect(own.row('.spec.replicas')).toBeVisible()
    await expect(own.legend).toContainText('equipe-web')
    await expect(own.legend).toContainText('kube-controller-manager')
    await expect(own.legend).toContainText('equipe-audit')
    // Co-owned by both appliers; a default nobody owns; server-set metadata.
    await expect(own.row('.metadata.labels.app')).toContainText('co-owned')
    await expect(own.row('.spec.progressDeadlineSeconds')).toContainText('default?')
    await expect(own.row('.spec.replicas').locator('[title^="equipe-web"]')).toBeVisible()
    // Filter to one manager: the others dim.
    await own.legend.getByRole('button', { name: /equipe-audit/ }).click()
    await expect(own.row('.spec.replicas')).toHaveClass(/dimmed/)
    await expect(own.row('.metadata.labels.audit')).not.toHaveClass(/dimmed/)
    await own.legend.getByRole('button', { name: /equipe-audit/ }).click()
    await keep(apiscope, 'ownership-map')
    await apiscope.page.getByRole('tab', { name: /Blame/ }).click()
    await expect(apiscope.page.getByTestId('blame')).toContainText('.spec.replicas')
    await keep(apiscope, 'ownership-blame')

    // Over time: spec.replicas went equipe-web -> kubectl-patch -> equipe-web.
    await own.tab('Over time')
    await expect(own.lanes).toBeVisible()
    await expect(own.steps).toContainText('kubectl-patch (Update)')
    const replicaSteps = own.steps.locator(':scope > li')
    await expect(replicaSteps).toHaveCount(3)
    await expect(replicaSteps.nth(1)).toContainText('written by kubectl-patch (Update)')
    await expect(replicaSteps.nth(1)).toContainText('▼ lost')
    await expect(replicaSteps.nth(2)).toContainText('equipe-web (Apply)')
    await keep(apiscope, 'ownership-timeline')
    // Every field: what each manager gained (▲) and lost (▼) at each version.
    await apiscope.page.getByLabel('Field to follow').selectOption('')
    await expect(own.lanes).toContainText('equipe-audit')
    await apiscope.screenshot('ownership-timeline-all-fields')
    await apiscope.page.getByLabel('Field to follow').selectOption('.spec.replicas')
    // Linked to the timeline: the inspector opens on that very event.
    await replicaSteps.nth(1).getByRole('button', { name: 'Show on timeline ›' }).click()
    const inspector = apiscope.page.getByTestId('inspector')
    await expect(inspector).toContainText('written by kubectl-patch')
    await expect(inspector).toContainText('/spec/replicas')
    await apiscope.screenshot('ownership-to-timeline')
    // And back: the inspector opens the ownership of its object.
    await inspector.getByRole('button', { name: 'Ownership ›' }).click()
    await expect(own.row('.spec.replicas')).toBeVisible()

    // Any object by resource, namespace and name: a GET through discovery, without history.
    await own.openByName('/v1/configmaps', ns, 'kube-root-ca.crt')
    await expect(apiscope.page.getByText('not watched: no history')).toBeVisible()
    await expect(own.row('.data.ca.crt')).toBeVisible()
    await expect(own.legend).toContainText('kube-controller-manager')
    await own.openByName('/v1/configmaps', ns, 'nope')
    await expect(apiscope.page.getByRole('alert')).toContainText(
      `No configmaps named nope in ${ns}`,
    )

    // What-if: another Update takes replicas, then equipe-web's manifest conflicts.
    kubectl(
      cluster,
      null,
      'patch',
      'deployment',
      'vitrine',
      '-n',
      ns,
      '-p',
      '{"spec":{"replicas":3}}',
    )
    await own.tab('What-if apply')
    await own.whatIf(vitrine(ns, 2), 'equipe-web')
    await expect(own.conflict).toContainText('409 Conflict')
    await expect(own.conflict).toContainText('.spec.replicas')
    await expect(own.conflict).toContainText('kubectl-patch')
    await expect(
      apiscope.page.getByText('--field-manager=equipe-web --dry-run=server'),
    ).toBeVisible()
    await keep(apiscope, 'ownership-conflict')

    // Way out 1: drop the field. The manifest loses it, and the dry-run goes through.
    await own.conflict.getByRole('button', { name: 'Drop the fields' }).click()
    await expect(own.result).toContainText('200 would apply')
    await expect(apiscope.page.getByText('manifest: dropped .spec.replicas')).toBeVisible()
    await expect(own.manifest).not.toHaveValue(/replicas/)
    // Way out 2: co-own with the live value.
    await own.whatIf(vitrine(ns, 2), 'equipe-web')
    await own.conflict.getByRole('button', { name: 'Co-own: use the live values' }).click()
    await expect(own.result).toContainText('200 would apply')
    await expect(own.manifest).toHaveValue(/replicas: 3/)
    await expect(own.result).toContainText('.spec.replicas')
    // Way out 3: force.
    await own.whatIf(vitrine(ns, 2), 'equipe-web')
    await own.conflict.getByRole('button', { name: 'Force' }).click()
    await expect(own.result).toContainText('(forced)')
    await expect(own.result).toContainText('/spec/replicas')
    await expect(apiscope.page.getByText('--dry-run=server --force-conflicts')).toBeVisible()
    // Nothing was written: still 3.
    expect(
      kubectl(
        cluster,
        null,
        'get',
        'deploy',
        'vitrine',
        '-n',
        ns,
        '-o',
        'jsonpath={.spec.replicas}',
      ),
    ).toBe('3')

    // Exercise 3 (b): once equipe-web alone owns replicas, dropping it resets it to 1.
    apply(cluster, vitrine(ns, 2), 'equipe-web', '--force-conflicts')
    await own.whatIf(vitrine(ns, null), 'equipe-web')
    await expect(own.result).toContainText('reset to the default: 2 → 1')
    await keep(apiscope, 'ownership-what-if-reset')
    // The requests are in the request log like every other.
    await apiscope.goTo('Requests')
    await expect(apiscope.requestLog).toContainText('dryRun=All')
  } finally {
    kubectl(cluster, null, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('the object picker fills from the watches as they fill, grouped, with a filter', async ({
  apiscope,
  cluster,
}) => {
  const ns = `e2e-pick-${Date.now().toString(36)}`
  kubectl(cluster, null, 'create', 'namespace', ns)
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    // Ownership first, while no watch holds anything: the picker says so.
    const own = new OwnershipPage(apiscope.page)
    await own.open()
    await expect(own.watchedSelect.locator('option').first()).toHaveText(
      'No watched objects yet (Watches view)',
    )
    // Then a deployments watch holding web, and a ConfigMap watch beside it.
    await apiscope.startWatch('apps/v1/deployments', ns)
    await expect(apiscope.page.getByText(/· 1 list$/)).toBeVisible()
    apply(cluster, vitrine(ns, 1).replace(/vitrine/g, 'web'), 'equipe-web')
    await apiscope.startWatch('/v1/configmaps', ns)
    kubectl(cluster, null, 'create', 'configmap', 'reglages', '-n', ns, '--from-literal=a=b')
    await expect(apiscope.page.getByTestId('timeline-chart')).toContainText('reglages')

    // Back in Ownership, without touching the picker: it lists them, by kind and namespace.
    await own.open()
    await expect
      .poll(() => own.watchedOptions())
      .toEqual(
        expect.arrayContaining([
          `ConfigMap · ${ns}: kube-root-ca.crt`,
          `ConfigMap · ${ns}: reglages`,
          `Deployment · ${ns}: web`,
        ]),
      )
    await own.watchedFilter.fill('deploy web')
    await expect.poll(() => own.watchedOptions()).toEqual([`Deployment · ${ns}: web`])
    await own.watchedFilter.press('Enter')
    await expect(own.legend).toContainText('equipe-web')
    await own.watchedFilter.fill('')
    await apiscope.screenshot('ownership-picker-live')
  } finally {
    kubectl(cluster, null, 'delete', 'namespace', ns, '--wait=false')
  }
})
