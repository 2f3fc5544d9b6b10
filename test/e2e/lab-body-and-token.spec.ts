// The request lab against the real server: the body's format follows the text typed (a YAML
// patch after a JSON preset is sent as YAML, not refused with a 400), and sending as a
// ServiceAccount before minting names the namespace chosen, as the Mint button does.
import { expect, test } from './fixtures'
import { LabPage } from './pages/lab-page'
import { kubectl } from './kubectl'

test('a YAML body after a JSON preset is sent as YAML; the no-token error names the namespace chosen', async ({
  apiscope,
  cluster,
}) => {
  const ns = `e2e-labfmt-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    // A session of its own: no ServiceAccount token minted in it yet.
    await apiscope.page.getByRole('button', { name: 'Reconnect' }).click()
    await expect(apiscope.statusPill).toContainText('Connected')
    const lab = new LabPage(apiscope.page)
    await lab.open()
    await lab.namespace.fill(ns)
    await lab.preset('create-reglages')
    await lab.send.click()
    await expect(lab.status).toHaveText('201')

    // The wrong-type preset writes its patch in JSON (415 at decoding)...
    await lab.preset('wrong-content-type')
    await lab.send.click()
    await expect(lab.status).toHaveText('415')
    // ...then the patch typed in YAML, with the right Content-Type: it applies (it was sent as
    // JSON text, the preset's choice, and refused with a 400).
    await apiscope.page.getByTestId('lab-wrong-type').uncheck()
    await apiscope.page.getByTestId('lab-body').fill('data:\n  taille: grande\n')
    await lab.send.click()
    await expect(lab.status).toHaveText('200')
    await expect(lab.result).toContainText('grande')
    const format = apiscope.page.getByTestId('lab-body-format')
    await expect(format).toHaveText('YAML, sent as JSON')
    await format.scrollIntoViewIfNeeded()
    await apiscope.screenshot('lab-body-format-yaml')
    expect(
      kubectl(cluster, 'get', 'configmap', 'reglages', '-n', ns, '-o', 'jsonpath={.data.taille}'),
    ).toBe('grande')
    // Malformed JSON is still sent as typed, to see the server's answer: 400 today; 1.20.2
    // answered a malformed merge patch 500 "Invalid JSON Patch" (checked with curl).
    await apiscope.page.getByTestId('lab-body').fill('{"data": {"taille": }')
    await expect(format).toHaveText('JSON')
    await lab.send.click()
    await expect(lab.status).toHaveText(cluster.version.startsWith('v1.20.') ? '500' : '400')
    await apiscope.screenshot('lab-body-format')

    // As the ServiceAccount of the namespace chosen, before minting: both name that namespace.
    await apiscope.page.getByTestId('lab-identity').selectOption('service-account')
    await apiscope.page.getByTestId('lab-verb').selectOption('list')
    await expect(apiscope.page.getByRole('button', { name: `Mint token in ${ns}` })).toBeVisible()
    await lab.send.click()
    const alert = apiscope.page.getByRole('alert')
    await expect(alert).toContainText('No ServiceAccount token minted yet')
    await expect(alert).toContainText(`/api/v1/namespaces/${ns}/serviceaccounts/default/token`)
    await expect(alert).toContainText(`Mint token in ${ns}`)
    await expect(alert).not.toContainText('namespace default')
    await apiscope.screenshot('lab-no-token-names-namespace')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
