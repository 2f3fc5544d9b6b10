// The request lab in the browser against the real API server: compose and send, the request
// travelling the stages and stopping at authorization for anonymous, replay from the keyboard,
// reduced motion, and the bare Pod's dry run with its additions attributed.
import type { ClusterInfo } from '../cluster/control-plane'
import { expect, test } from './fixtures'
import { LabPage } from './pages/lab-page'
import { kubectl } from './kubectl'

async function waitForDefaultServiceAccount(cluster: ClusterInfo, ns: string): Promise<void> {
  await expect
    .poll(
      () => {
        try {
          return kubectl(
            cluster,
            'get',
            'sa',
            'default',
            '-n',
            ns,
            '-o',
            // Up to 1.23 the controller-manager also makes the account's token Secret, which the
            // ServiceAccount admission plugin of 1.20 mounts; from 1.24 none is made.
            cluster.version.startsWith('v1.20.') ? 'jsonpath={.secrets[0].name}' : 'name',
          )
        } catch {
          return ''
        }
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
}

test('compose, send as anonymous: the request stops at authorization', async ({
  apiscope,
  cluster,
}) => {
  const ns = `e2e-lab-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    await apiscope.page.setViewportSize({ width: 1280, height: 720 })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    const lab = new LabPage(apiscope.page)
    await lab.open()
    await lab.namespace.fill(ns)

    await lab.preset('anonymous-list')
    await lab.send.click()
    // Mid-flight: the request is still travelling, the answer waits until it stops.
    await expect(lab.stagePath).toHaveAttribute('data-settled', 'false')
    await expect(lab.result).toHaveCount(0)
    // For the picture only: let the page finish scrolling and the request reach a later stage.
    // This wait stays: the moment pictured exists only mid-flight, and no state marks it.
    await apiscope.page.waitForTimeout(600)
    await apiscope.screenshot('lab-mid-animation')
    await lab.settled()
    await expect(lab.status).toHaveText('403')
    await expect(lab.stagePath).toHaveAttribute('data-stopped-at', 'authorization')
    await expect(lab.stage('authentication')).toHaveAttribute('data-mark', 'passed')
    await expect(lab.stage('authorization')).toHaveAttribute('data-mark', 'refused')
    await expect(lab.stage('storage-read')).toHaveAttribute('data-mark', 'not-reached')
    await expect(lab.result).toContainText('system:anonymous')
    await apiscope.screenshot('lab-anonymous-403')

    // Replay from the keyboard.
    await lab.stagePath.focus()
    await apiscope.page.keyboard.press('r')
    await expect(lab.stagePath).toHaveAttribute('data-settled', 'false')
    await lab.settled()

    // The equivalent commands, with the credentials left as variables.
    await lab.result.getByRole('tab', { name: 'curl & kubectl' }).click()
    await expect(lab.result).toContainText(
      'curl -sS --cacert "$CA" -H \'Accept: application/json\'',
    )
    await expect(lab.result).toContainText('kubectl --kubeconfig /dev/null')

    // A made-up token: 401 at authentication; the curl shows $TOKEN, never the token.
    await lab.preset('made-up-token')
    await lab.send.click()
    await expect(lab.status).toHaveText('401')
    await lab.settled()
    await expect(lab.stage('authentication')).toHaveAttribute('data-mark', 'refused')
    await lab.result.getByRole('tab', { name: 'curl & kubectl' }).click()
    await expect(lab.result).toContainText('Authorization: Bearer $TOKEN')
    await expect(apiscope.page.locator('body')).not.toContainText('apiscope-made-up-')

    // As the kubeconfig user, a list with Accept as Table: the server lays out the columns.
    await lab.preset('anonymous-list')
    await apiscope.page.getByTestId('lab-identity').selectOption('kubeconfig')
    await apiscope.page.getByLabel('Accept as Table').check()
    await lab.send.click()
    await expect(lab.status).toHaveText('200')
    await expect(apiscope.page.getByTestId('lab-table')).toContainText('kube-root-ca.crt')
    await expect(apiscope.page.getByTestId('lab-table').locator('th').first()).toHaveText('Name')

    // The seed's ConfigMap, then a patch sent with a form Content-Type: 415 at decoding.
    await lab.preset('create-reglages')
    await lab.send.click()
    await expect(lab.status).toHaveText('201')
    await lab.preset('wrong-content-type')
    await lab.send.click()
    await expect(lab.status).toHaveText('415')
    await expect(lab.stage('decoding')).toHaveAttribute('data-mark', 'refused')

    // Under prefers-reduced-motion the answer shows at once.
    await apiscope.page.emulateMedia({ reducedMotion: 'reduce' })
    await lab.preset('invalid-name')
    await lab.send.click()
    await expect(lab.status).toHaveText('422')
    await expect(lab.stagePath).toHaveAttribute('data-settled', 'true')
    await expect(lab.stage('schema-validation')).toHaveAttribute('data-mark', 'refused')
    await expect(lab.result).toContainText('metadata.name')
    await apiscope.screenshot('lab-invalid-422')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('the bare Pod dry run: a full object back, each addition attributed, nothing stored', async ({
  apiscope,
  cluster,
}) => {
  const ns = `e2e-lab-pod-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    await waitForDefaultServiceAccount(cluster, ns)
    await apiscope.page.setViewportSize({ width: 1280, height: 720 })
    await apiscope.page.emulateMedia({ reducedMotion: 'reduce' })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    const lab = new LabPage(apiscope.page)
    await lab.open()
    await lab.namespace.fill(ns)
    await lab.preset('bare-pod')
    await lab.send.click()
    await expect(lab.status).toHaveText('201')
    await expect(lab.stage('persistence')).toHaveAttribute('data-mark', 'dry-run')
    await expect(lab.diff).toContainText('8 lines')
    // Sent and returned side by side, each added line coloured by who added it.
    const yaml = apiscope.page.getByTestId('lab-dry-run-yaml')
    await expect(yaml.locator('li[data-source="sent"]')).toHaveCount(8)
    await expect(yaml.locator('li[data-source="admission-plugin"]').first()).toBeVisible()
    await lab.diff.scrollIntoViewIfNeeded()
    await apiscope.screenshot('lab-dry-run-yaml')
    // Field by field, the admission plugins' part.
    await lab.diff.getByLabel('Field by field').check()
    await lab.diff.locator('button[data-source="admission-plugin"]').click()
    await expect(lab.diff.locator('tbody tr')).toHaveCount(7)
    await lab.diff.scrollIntoViewIfNeeded()
    await apiscope.screenshot('lab-dry-run-diff')
    await lab.diff.getByRole('button', { name: /^All/ }).click()
    await expect(lab.diff.locator('tr[data-path="spec.serviceAccountName"]')).toContainText(
      'ServiceAccount',
    )
    await expect(
      lab.diff.locator('tr[data-path="spec.tolerations[node.kubernetes.io/not-ready]"]'),
    ).toContainText('DefaultTolerationSeconds')
    await expect(lab.diff.locator('tr[data-path="status.qosClass"]')).toContainText(
      'Computed at creation',
    )
    await expect(lab.diff.locator('tr[data-source="unattributed"]')).toHaveCount(0)

    // Nothing was stored.
    expect(() => kubectl(cluster, 'get', 'pod', 'nu', '-n', ns)).toThrow(/NotFound/)

    // A ServiceAccount token minted with TokenRequest: the page shows who, never the token.
    await apiscope.page.getByTestId('lab-identity').selectOption('service-account')
    await apiscope.page.getByTestId('lab-verb').selectOption('list')
    await apiscope.page.getByRole('button', { name: `Mint token in ${ns}` }).click()
    await expect(apiscope.page.getByTestId('lab-sa-status')).toContainText(
      `ServiceAccount default/${ns}, expires`,
    )
    await lab.send.click()
    await expect(lab.status).toHaveText('403')
    await expect(lab.stage('authorization')).toHaveAttribute('data-mark', 'refused')
    await expect(lab.result).toContainText(`system:serviceaccount:${ns}:default`)
    await expect(apiscope.page.locator('body')).not.toContainText(/eyJ[\w-]+\./)
    await apiscope.screenshot('lab-serviceaccount-403')

    // A watch, opened for a second and closed: its first events.
    await apiscope.page.getByTestId('lab-identity').selectOption('kubeconfig')
    await apiscope.page.getByTestId('lab-verb').selectOption('watch')
    await apiscope.page.getByTestId('lab-resource').selectOption('/v1/configmaps')
    await apiscope.page.getByTestId('lab-name').fill('')
    await apiscope.page.getByLabel('Watch for (s)').fill('1')
    await lab.send.click()
    await expect(lab.status).toHaveText('200')
    await expect(lab.result.getByRole('tab', { name: /Watch events/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(lab.result).toContainText('ADDED')
    await expect(lab.result).toContainText('kube-root-ca.crt')
    // 1.20 kept long-running requests out of Priority and Fairness (no PF headers); newer servers
    // put the start of a watch through it, and the admin's requests go to the exempt schema.
    if (cluster.version.startsWith('v1.20.')) await expect(lab.result).toContainText('long-running')
    else await expect(lab.result).toContainText('Flow schema exempt')
    await apiscope.screenshot('lab-watch')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('a stale PUT stops at etcd with no ✓ on validation; a delete is not schema-validated', async ({
  apiscope,
  cluster,
}) => {
  const ns = `e2e-lab-stale-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    kubectl(cluster, 'create', 'configmap', 'reglages', '-n', ns, '--from-literal=couleur=bleu')
    const staleRv = kubectl(
      cluster,
      'get',
      'configmap',
      'reglages',
      '-n',
      ns,
      '-o',
      'jsonpath={.metadata.resourceVersion}',
    )
    kubectl(cluster, 'label', 'configmap', 'reglages', '-n', ns, 'equipe=web')
    await apiscope.page.setViewportSize({ width: 1280, height: 720 })
    await apiscope.page.emulateMedia({ reducedMotion: 'reduce' })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    const lab = new LabPage(apiscope.page)
    await lab.open()
    await lab.namespace.fill(ns)
    await lab.preset('create-reglages')
    await apiscope.page.getByTestId('lab-verb').selectOption('update')
    await apiscope.page.getByTestId('lab-name').fill('reglages')
    // An invalid key too: with a stale resourceVersion the server never gets to validate it.
    await apiscope.page
      .getByTestId('lab-body')
      .fill(
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: reglages\ndata:\n  couleur: vert\n  bad key!: x\n',
      )
    await apiscope.page.getByTestId('lab-rv').fill(staleRv)
    await lab.send.click()
    await expect(lab.status).toHaveText('409')
    await lab.settled()
    await expect(lab.stage('mutating-admission')).toHaveAttribute('data-mark', 'passed')
    for (const id of ['schema-validation', 'validating-admission']) {
      await expect(lab.stage(id)).toHaveAttribute('data-mark', 'not-reached')
      await expect(lab.stage(id).locator('.icon')).not.toHaveText('✓')
      await expect(lab.stage(id)).toContainText('not reached')
    }
    await expect(lab.stage('persistence')).toHaveAttribute('data-mark', 'refused')
    await lab.stagePath.scrollIntoViewIfNeeded()
    await apiscope.screenshot('lab-stale-put-409')

    // Without the precondition the same object is validated, and refused there: 422.
    await apiscope.page.getByTestId('lab-rv').fill('')
    await lab.send.click()
    await expect(lab.status).toHaveText('422')
    await expect(lab.stage('schema-validation')).toHaveAttribute('data-mark', 'refused')

    await apiscope.page.getByTestId('lab-verb').selectOption('delete')
    await lab.send.click()
    await expect(lab.status).toHaveText('200')
    await lab.settled()
    await expect(lab.stage('schema-validation')).toHaveAttribute('data-mark', 'not-applicable')
    await expect(lab.stage('schema-validation')).toContainText('not part of this request')
    await expect(lab.stage('persistence')).toHaveAttribute('data-mark', 'passed')
    await lab.stagePath.scrollIntoViewIfNeeded()
    await apiscope.screenshot('lab-delete-path')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('a path typed by hand, and kubectl lines that run on this server’s release', async ({
  apiscope,
  cluster,
}) => {
  const ns = `e2e-lab-raw-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    kubectl(cluster, 'create', 'deployment', 'web', '-n', ns, '--image=registry.k8s.io/pause:3.9')
    await apiscope.page.setViewportSize({ width: 1280, height: 720 })
    await apiscope.page.emulateMedia({ reducedMotion: 'reduce' })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    const lab = new LabPage(apiscope.page)
    await lab.open()
    await lab.namespace.fill(ns)
    const commands = async () => {
      await lab.result.getByRole('tab', { name: 'curl & kubectl' }).click()
      return lab.result
    }

    // /readyz?verbose, as the chapter does with curl: answered by the server itself, no storage.
    await lab.preset('readyz')
    await expect(apiscope.page.getByTestId('lab-path')).toHaveValue('/readyz?verbose')
    await apiscope.screenshot('lab-raw-path-composer')
    await lab.send.click()
    await expect(lab.status).toHaveText('200')
    await expect(lab.result).toContainText('readyz check passed')
    await expect(lab.stage('authorization')).toHaveAttribute('data-mark', 'passed')
    await expect(lab.stage('storage-read')).toHaveAttribute('data-mark', 'not-applicable')
    await expect(await commands()).toContainText("get --raw '/readyz?verbose'")
    await lab.stagePath.scrollIntoViewIfNeeded()
    await apiscope.screenshot('lab-raw-readyz')

    // /metrics: text.
    await lab.preset('metrics')
    await lab.send.click()
    await expect(lab.status).toHaveText('200')
    await lab.result.getByRole('tab', { name: 'Response' }).click()
    await expect(lab.result).toContainText('# HELP apiserver_')

    // A resource that does not exist: 404, and the stage model says nothing is served there.
    await lab.preset('made-up-resource')
    await lab.send.click()
    await expect(lab.status).toHaveText('404')
    await expect(lab.result).toContainText('Nothing is served at this path')

    // A merge patch of the scale subresource: the kubectl of this server's release.
    await apiscope.page.getByTestId('lab-target-discovery').check()
    await apiscope.page.getByTestId('lab-verb').selectOption('patch')
    await apiscope.page.getByTestId('lab-resource').selectOption('apps/v1/deployments')
    await apiscope.page.getByTestId('lab-subresource').selectOption('scale')
    await apiscope.page.getByTestId('lab-name').fill('web')
    await apiscope.page.getByTestId('lab-body').fill('{"spec": {"replicas": 2}}')
    await expect(apiscope.page.getByTestId('lab-body-format')).toHaveText('JSON')
    await lab.send.click()
    await expect(lab.status).toHaveText('200')
    const shown = await commands()
    if (cluster.series === '1.20') {
      await expect(shown).toContainText(`scale deployments.v1.apps web -n ${ns} --replicas=2`)
      await expect(shown).toContainText('kubectl 1.20 has no --subresource flag (1.24+)')
      await expect(shown).not.toContainText('--subresource=scale')
    } else {
      await expect(shown).toContainText(
        `patch deployments.v1.apps web -n ${ns} --subresource=scale`,
      )
    }
    await shown.scrollIntoViewIfNeeded()
    await apiscope.screenshot(`lab-scale-kubectl-${cluster.series}`)
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
