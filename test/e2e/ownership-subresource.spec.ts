// Field ownership through subresources in the browser, against the real server: the seed's own
// story (apply as equipe-web, `kubectl scale deploy vitrine --replicas=4`) drawn as the ownership
// map, its legend, blame and history, with kubectl's owner shown as written through the scale
// subresource; then the what-if apply's conflict naming it as the server does. On 1.20 the same
// commands leave no scale owner (the server records none): the test says so and checks that.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type ClusterInfo } from '../cluster/control-plane'
import { vitrineManifest as vitrine } from '../../src-main/common/lab-seed-manifests'
import { screenshotForDocs } from './artifacts'
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'
import { OwnershipPage } from './pages/ownership-page'
import { WalkthroughsPage } from './pages/walkthroughs-page'

const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-e2e-subresource-'))
function applyAsEquipeWeb(cluster: ClusterInfo, manifest: string, ...flags: string[]) {
  const file = path.join(dir, `vitrine-${Date.now()}.yaml`)
  writeFileSync(file, manifest)
  kubectl(cluster, 'apply', '--server-side', '--field-manager=equipe-web', ...flags, '-f', file)
}
const onOldest = (cluster: ClusterInfo) => cluster.version.startsWith('v1.20.')

test('kubectl scale owns spec.replicas via /scale: map, legend, blame, history, and the what-if conflict', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(120_000)
  const ns = `e2e-subres-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('apps/v1/deployments', ns)
    await expect(apiscope.page.getByText(/· 1 list$/)).toBeVisible()

    applyAsEquipeWeb(cluster, vitrine(ns, 2))
    expect(kubectl(cluster, 'scale', 'deploy', 'vitrine', '--replicas=4', '-n', ns)).toContain(
      'deployment.apps/vitrine scaled',
    )
    await expect(apiscope.page.getByTestId('timeline-chart')).toContainText('vitrine')

    const own = new OwnershipPage(apiscope.page)
    await own.open()
    await own.pickWatched(`Deployment ${ns}/vitrine`)
    await expect(own.row('.spec.replicas')).toBeVisible()
    await expect(own.legend).toContainText('equipe-web')

    if (onOldest(cluster)) {
      // 1.20 records no manager for a write through /scale: equipe-web still owns replicas, and
      // the dry-run re-apply would put 2 back without a conflict.
      await expect(own.legend).not.toContainText('via /scale')
      await expect(own.legend.getByTestId('no-subresource-note')).toContainText(
        'Kubernetes 1.20 records no subresource (that came in 1.22)',
      )
      await expect(own.row('.spec.replicas').locator('[title^="equipe-web"]')).toBeVisible()
      await apiscope.screenshot('ownership-subresource-map-1.20')
      await own.tab('What-if apply')
      await own.whatIf(vitrine(ns, 2), 'equipe-web')
      await expect(own.result).toContainText('200 would apply')
      await expect(own.result).toContainText('/spec/replicas')
      await apiscope.screenshot('ownership-subresource-what-if-1.20')
      return
    }

    await expect(own.legend.getByTestId('no-subresource-note')).toHaveCount(0)
    // The legend: kubectl, an Update, via the scale subresource; the status writer via /status.
    const kubectlEntry = own.legend.getByRole('button', { name: /^\d+\s*kubectl\b/ })
    await expect(kubectlEntry).toContainText('Update')
    await expect(kubectlEntry).toContainText('via /scale')
    await expect(kubectlEntry).toContainText('no time recorded')
    await expect(
      own.legend.getByRole('button', { name: /kube-controller-manager/ }).first(),
    ).toContainText('via /status')
    // The replicas row is kubectl's, labelled as the server names it.
    await expect(
      own.row('.spec.replicas').locator('[title^="kubectl (Update, via scale)"]'),
    ).toBeVisible()
    await expect(own.row('.spec.replicas')).not.toContainText('equipe-web')
    await screenshotForDocs(apiscope, 'ownership-subresource-map')

    await apiscope.page.getByRole('tab', { name: /Blame/ }).click()
    const replicas = apiscope.page
      .getByTestId('blame')
      .locator('tr', { hasText: /^\.spec\.replicas/ })
      .first()
    await expect(replicas).toContainText('kubectl')
    await expect(replicas).toContainText('via /scale')
    await replicas.scrollIntoViewIfNeeded()
    await apiscope.screenshot('ownership-subresource-blame')

    await own.tab('Over time')
    await expect(own.lanes).toContainText('via /scale')
    await expect(own.steps).toContainText('written by kubectl (Update, via scale)')
    await expect(own.steps).toContainText('kubectl (Update, via scale)')
    await apiscope.screenshot('ownership-subresource-timeline')
    // The event inspector of that version names the writer the same way.
    await own.steps
      .locator(':scope > li', { hasText: 'written by kubectl (Update, via scale)' })
      .getByRole('button', { name: 'Show on timeline ›' })
      .click()
    const inspector = apiscope.page.getByTestId('inspector')
    await expect(inspector).toContainText('written by kubectl')
    await expect(inspector).toContainText('via /scale')
    await expect(inspector).toContainText('apps/v1 · no time recorded')
    await expect(inspector).toContainText('/spec/replicas')
    await apiscope.screenshot('ownership-subresource-inspector')
    await inspector.getByRole('button', { name: 'Ownership ›' }).click()
    await expect(own.row('.spec.replicas')).toBeVisible()

    // The re-apply would conflict: the what-if names the owner and its subresource as the server.
    await own.tab('What-if apply')
    await own.whatIf(vitrine(ns, 2), 'equipe-web')
    await expect(own.conflict).toContainText('409 Conflict')
    await expect(apiscope.page.getByTestId('what-if-conflict-message')).toContainText(
      'Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas',
    )
    const row = own.conflict.locator('tbody tr', { hasText: '.spec.replicas' })
    await expect(row).toContainText('kubectl')
    await expect(row).toContainText('via /scale')
    await expect(row).toContainText('Update')
    await screenshotForDocs(apiscope, 'ownership-subresource-conflict')

    // Force (a dry-run): equipe-web would take .spec.replicas back from kubectl.
    await own.conflict.getByRole('button', { name: 'Force' }).click()
    await expect(own.result).toContainText('(forced)')
    await expect(own.result).toContainText('/spec/replicas')
    expect(
      kubectl(cluster, 'get', 'deploy', 'vitrine', '-n', ns, '-o', 'jsonpath={.spec.replicas}'),
    ).toBe('4')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('walkthrough 10 scales through the scale subresource and shows the server’s conflict', async ({
  apiscope,
  cluster,
}) => {
  const w = new WalkthroughsPage(apiscope.page)
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await w.open()
  await w.choose(/Field ownership/)
  await w.start.click()
  await w.send.click() // apply
  await w.next.click()
  const scaled = onOldest(cluster) ? 'fieldManager=kubectl-patch' : '/scale?fieldManager=kubectl'
  await expect(apiscope.page.getByText(scaled).first()).toBeVisible()
  await w.send.click() // the other writer
  await w.next.click()
  await w.send.click() // the conflict
  const conflict = w.outcomes.first()
  await expect(conflict).toContainText('409')
  await expect(conflict).toContainText(
    onOldest(cluster)
      ? 'conflict with "kubectl-patch" using apps/v1: .spec.replicas'
      : 'conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas',
  )
  await conflict.getByTestId('check-table').scrollIntoViewIfNeeded()
  await apiscope.screenshot(`walkthrough-subresource-conflict${onOldest(cluster) ? '-1.20' : ''}`)
  await w.open()
  await w.finish.click()
  await expect(w.plan).toBeVisible()
})
