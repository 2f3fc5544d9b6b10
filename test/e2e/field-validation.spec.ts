// Server-side field validation in the browser against the real API server: the lab's misspelt
// lables field comes back as a Warning header (1.25+), Strict turns it into a 400 at decoding, the
// request log marks the warned request, and a what-if apply with a repeated key shows its warning.
// On 1.20 the lab says the server has no field validation, and nothing warns.
import { expect, test } from './fixtures'
import { LabPage } from './pages/lab-page'
import { OwnershipPage } from './pages/ownership-page'
import { kubectl } from './kubectl'

test('field validation: the Warning header, Strict’s 400, the request log and the what-if', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(90_000)
  const old = cluster.version.startsWith('v1.20.')
  const ns = `e2e-fieldval-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    await apiscope.page.setViewportSize({ width: 1280, height: 800 })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    const lab = new LabPage(apiscope.page)
    await lab.open()
    await lab.namespace.fill(ns)
    const warnings = lab.result.getByTestId('server-warnings')
    const oldNote = apiscope.page.getByTestId('lab-field-validation-old')

    // The server's default: the typo goes through, with a warning on 1.25+.
    await lab.preset('unknown-field')
    await expect(apiscope.page.getByTestId('lab-field-validation')).toHaveValue('')
    await lab.send.click()
    await lab.settled()
    await expect(lab.status).toHaveText('201')
    if (old) {
      await expect(oldNote).toContainText('Kubernetes 1.20 has no server-side field validation')
      await expect(warnings).toHaveCount(0)
      await oldNote.scrollIntoViewIfNeeded()
      await apiscope.screenshot('lab-field-validation-1-20')
    } else {
      await expect(oldNote).toHaveCount(0)
      await expect(warnings.getByTestId('server-warning')).toHaveText([
        /Warning:\s*unknown field "metadata.lables"\s*299 · agent -/,
      ])
      await expect(warnings).toContainText('fieldValidation=Strict refuses the request')
      await apiscope.screenshot('lab-field-validation-warning')
    }

    // Strict: a 400 at decoding on 1.25+; 1.20 ignores the parameter (the name now exists: 409).
    await lab.preset('unknown-field-strict')
    await expect(apiscope.page.getByTestId('lab-field-validation')).toHaveValue('Strict')
    if (!old) {
      await apiscope.page.getByTestId('lab-field-validation').scrollIntoViewIfNeeded()
      await apiscope.screenshot('lab-field-validation-composer')
    }
    await lab.send.click()
    await lab.settled()
    if (old) {
      await expect(lab.status).toHaveText('409')
    } else {
      await expect(lab.status).toHaveText('400')
      await expect(lab.stagePath).toHaveAttribute('data-stopped-at', 'decoding')
      await expect(apiscope.page.getByTestId('lab-explanation')).toContainText(
        'Field validation refused the body (fieldValidation=Strict): unknown field "metadata.lables"',
      )
      await expect(lab.result).toContainText(
        'strict decoding error: unknown field "metadata.lables"',
      )
      await expect(warnings).toHaveCount(0)
      await apiscope.screenshot('lab-field-validation-strict-400')
    }

    // The request log marks the request that was warned, and lists its warning.
    await apiscope.goTo('Requests')
    const warned = apiscope.page.getByTestId('request-log-warning')
    if (old) {
      await expect(warned).toHaveCount(0)
    } else {
      await expect(warned).toHaveCount(1)
      await warned.click()
      await expect(
        apiscope.page.getByTestId('request-detail').getByTestId('server-warning'),
      ).toContainText('unknown field "metadata.lables"')
      await apiscope.screenshot('request-log-warning')
    }

    // The what-if: a repeated key, as the server's YAML reader sees it.
    const own = new OwnershipPage(apiscope.page)
    await own.open()
    await own.tab('What-if apply')
    await apiscope.page.getByLabel('Field manager').fill('equipe-web')
    await own.manifest.fill(
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: repete\n  namespace: ${ns}\ndata:\n  couleur: bleu\n  couleur: rouge\n`,
    )
    await apiscope.page.getByRole('button', { name: 'Dry-run apply' }).click()
    await expect(own.result).toContainText('would create')
    const whatIfWarnings = apiscope.page.getByTestId('server-warnings')
    if (old) {
      await expect(whatIfWarnings).toHaveCount(0)
    } else {
      await expect(whatIfWarnings).toContainText('line 8: key "couleur" already set in map')
      await apiscope.screenshot('what-if-warning')
    }
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
