// The Request lab in French against the real API server: each state it reaches (empty, a composed
// request, each identity's answer, a 422, a dry run's attributed diff and its audit note, a watch
// sample, an error, a ValidatingAdmissionPolicy's denial) shows no English catalogue text and
// fits at 1280×720 once switched to French, and is pictured in both languages. The switch keeps
// the state: each state is reached once, pictured in English, then in French.
import type { Page } from '@playwright/test'
import { expectFits, expectNoEnglish } from './french-check'
import { expect, test } from './fixtures'
import { kubectl, kubectlWithInput } from './kubectl'
import {
  deletePoliciesAndNamespace,
  replicaLimit,
  sendUntilRefused,
  vitrineDeployment,
} from './admission-policy-setup'
import type { ApiscopePage } from './pages/apiscope-page'
import { LabPage } from './pages/lab-page'
import { TrafficPage } from './pages/traffic-page'

const LAB = 'section[aria-labelledby="lab-title"]'

async function speak(page: Page, language: 'en' | 'fr'): Promise<void> {
  await page.locator(`button[data-locale="${language}"]`).first().click()
  await expect(page.locator('html')).toHaveAttribute('lang', language)
}

/** The state on screen, pictured in English, then checked and pictured in French; back to English. */
async function inBoth(apiscope: ApiscopePage, state: string, scrollTo?: string): Promise<void> {
  const { page } = apiscope
  if (scrollTo) await page.getByTestId(scrollTo).scrollIntoViewIfNeeded()
  await apiscope.screenshot(`en-lab-${state}`)
  await speak(page, 'fr')
  if (scrollTo) await page.getByTestId(scrollTo).scrollIntoViewIfNeeded()
  await expectNoEnglish(page, `Request lab (${state})`, LAB)
  await expectFits(page, `lab (${state})`)
  await apiscope.screenshot(`fr-lab-${state}`)
  await speak(page, 'en')
}

async function waitForDefaultServiceAccount(cluster: Parameters<typeof kubectl>[0], ns: string) {
  await expect
    .poll(
      () => {
        try {
          return kubectl(cluster, 'get', 'sa', 'default', '-n', ns, '-o', 'name')
        } catch {
          return ''
        }
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
}

test('the Request lab in French: composer, identities, 422, dry-run diff, watch, error', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(120_000)
  const ns = `e2e-frlab-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    await waitForDefaultServiceAccount(cluster, ns)
    const { page } = apiscope
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    // A session of its own: no ServiceAccount token minted in it yet.
    await page.getByRole('button', { name: 'Reconnect' }).click()
    await expect(apiscope.statusPill).toContainText('Connected')
    const lab = new LabPage(page)
    await lab.open()
    await lab.namespace.fill(ns)
    await inBoth(apiscope, 'empty')

    // Composed: the seed's ConfigMap, its body, a field manager and a dry run offered.
    await lab.preset('create-reglages')
    await page.getByTestId('lab-rv').fill('')
    await inBoth(apiscope, 'composer-filled')
    await page.getByTestId('lab-verb').selectOption('patch')
    await page.getByTestId('lab-patch-type').selectOption('apply')
    await inBoth(apiscope, 'composer-apply')

    // The kubeconfig user creates it: 201.
    await lab.preset('create-reglages')
    await lab.send.click()
    await expect(lab.status).toHaveText('201')
    await inBoth(apiscope, 'kubeconfig-201', 'lab-result')
    await lab.result.getByRole('tab', { name: 'Headers' }).click()
    await inBoth(apiscope, 'kubeconfig-headers', 'lab-result')
    await lab.result.getByRole('tab', { name: 'curl & kubectl' }).click()
    await inBoth(apiscope, 'kubeconfig-commands', 'lab-result')

    // Anonymous: 403 at authorization.
    await lab.preset('anonymous-list')
    await lab.send.click()
    await expect(lab.status).toHaveText('403')
    await expect(lab.stage('authorization')).toHaveAttribute('data-mark', 'refused')
    await inBoth(apiscope, 'anonymous-403', 'lab-stage-path')
    await speak(page, 'fr')
    await expect(lab.stagePath.locator('figcaption')).toContainText(
      'Arrêtée à l’étape Autorisation',
    )
    await expect(lab.stagePath).toHaveAttribute('aria-label', /Appuyez sur R pour rejouer/)
    await expect(page.getByTestId('lab-explanation')).toContainText(
      'L’autorisation l’a refusée : aucune règle ne permet à system:anonymous de faire list sur configmaps (groupe core) dans le namespace',
    )
    await speak(page, 'en')

    // A made-up token: 401 at authentication.
    await lab.preset('made-up-token')
    await lab.send.click()
    await expect(lab.status).toHaveText('401')
    await inBoth(apiscope, 'made-up-token-401', 'lab-stage-path')

    // Reglages_1: 422 at schema validation, its cause in the Status object.
    await lab.preset('invalid-name')
    await lab.send.click()
    await expect(lab.status).toHaveText('422')
    await inBoth(apiscope, 'invalid-422', 'lab-result')
    await speak(page, 'fr')
    await expect(page.getByTestId('lab-explanation')).toContainText(
      'La validation a refusé l’objet, après l’admission mutante : metadata.name :',
    )
    await speak(page, 'en')

    // The ServiceAccount before minting: the error card, in French too.
    await page.getByTestId('lab-identity').selectOption('service-account')
    await page.getByTestId('lab-verb').selectOption('list')
    await lab.send.click()
    await expect(page.getByRole('alert')).toContainText('No ServiceAccount token minted yet')
    await speak(page, 'fr')
    await expect(page.getByRole('alert')).toContainText('Aucun jeton de ServiceAccount émis')
    await expect(page.getByRole('alert')).toContainText(`Émettre un jeton dans ${ns}`)
    await speak(page, 'en')
    await inBoth(apiscope, 'no-token-error')

    // Minted: the ServiceAccount is refused at authorization (403).
    await page.getByRole('button', { name: `Mint token in ${ns}` }).click()
    await expect(page.getByTestId('lab-sa-status')).toContainText(`ServiceAccount default/${ns}`)
    await lab.send.click()
    await expect(lab.status).toHaveText('403')
    await expect(lab.result).toContainText(`system:serviceaccount:${ns}:default`)
    await inBoth(apiscope, 'serviceaccount-403', 'lab-result')

    // The bare Pod's dry run: the attributed diff, side by side and field by field, and the
    // audit note (no audit stream here: what turning it on would add).
    await lab.preset('bare-pod')
    await lab.send.click()
    await expect(lab.status).toHaveText('201')
    await expect(lab.diff).toContainText('8 lines')
    await inBoth(apiscope, 'dry-run-yaml', 'lab-dry-run-diff')
    await speak(page, 'fr')
    await expect(lab.diff).toContainText('8 lignes')
    await expect(page.getByTestId('lab-audit-note')).toContainText('Webhooks mutants')
    await speak(page, 'en')
    await inBoth(apiscope, 'audit-note', 'lab-audit-note')
    await lab.diff.getByLabel('Field by field').check()
    await expect(lab.diff.locator('tr[data-path="status.qosClass"]')).toContainText(
      'Computed at creation',
    )
    await inBoth(apiscope, 'dry-run-diff', 'lab-dry-run-diff')
    await speak(page, 'fr')
    await expect(lab.diff.locator('tr[data-path="status.qosClass"]')).toContainText(
      'Calculé à la création',
    )
    await expect(lab.diff.locator('tr[data-path="spec.dnsPolicy"]')).toContainText(
      'Valeur par défaut au décodage',
    )
    await speak(page, 'en')

    // A watch sample, opened for a second and closed by Apiscope.
    await page.getByTestId('lab-identity').selectOption('kubeconfig')
    await page.getByTestId('lab-verb').selectOption('watch')
    await page.getByTestId('lab-resource').selectOption('/v1/configmaps')
    await page.getByTestId('lab-name').fill('')
    await page.getByLabel('Watch for (s)').fill('1')
    await lab.send.click()
    await expect(lab.status).toHaveText('200')
    await expect(lab.result).toContainText('ADDED')
    await inBoth(apiscope, 'watch', 'lab-result')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('the Request lab in French: a ValidatingAdmissionPolicy’s denial, the audit stream’s note', async ({
  apiscope,
  cluster,
}) => {
  test.skip(cluster.version.startsWith('v1.20.'), '1.20 serves no admission policies')
  test.setTimeout(90_000)
  const id = Date.now().toString(36)
  const ns = `e2e-frpol-${id}`
  const policy = `fr-max-replicas-${id}`
  kubectl(cluster, 'create', 'namespace', ns)
  kubectlWithInput(cluster, replicaLimit(policy, ns), 'apply', '-f', '-')
  try {
    const { page } = apiscope
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    // The audit log followed: a write's own audit event comes back to the dry-run diff.
    const traffic = new TrafficPage(page)
    await traffic.open()
    await traffic.followLog(cluster.auditLog)
    const lab = new LabPage(page)
    await sendUntilRefused(lab, ns)
    await expect(lab.stage('validating-admission')).toHaveAttribute('data-mark', 'refused')
    await expect(lab.result.getByTestId('policy-failure')).toHaveAttribute('data-policy', policy)
    await inBoth(apiscope, 'policy-denied', 'lab-stage-path')
    await speak(page, 'fr')
    await expect(lab.result.getByTestId('policy-failure')).toContainText('vu dans')
    await expect(page.getByTestId('lab-explanation')).toContainText(
      `La ValidatingAdmissionPolicy ${policy}, par son binding ${policy}-binding (action Deny), l’a refusée à l’admission validante : « replicas must be at most 5 »`,
    )
    await speak(page, 'en')

    // Within the limit: the dry run's diff, its audit note from the stream.
    await page.getByTestId('lab-body').fill(vitrineDeployment(3))
    await lab.send.click()
    await expect(lab.status).toHaveText('201')
    const note = page.getByTestId('lab-audit-note')
    await expect(note).toHaveAttribute('data-state', /received|missing/, { timeout: 15_000 })
    await inBoth(apiscope, 'audit-stream-note', 'lab-audit-note')
    await speak(page, 'fr')
    await expect(note).toContainText('Flux d’audit actif')
    await speak(page, 'en')
  } finally {
    deletePoliciesAndNamespace(
      cluster,
      ns,
      `validatingadmissionpolicybinding/${policy}-binding`,
      `validatingadmissionpolicy/${policy}`,
    )
  }
})
