// CEL admission policies in the browser against the real API server: in the request lab, a
// Deployment with 7 replicas stops at validating admission with the ValidatingAdmissionPolicy and
// its binding named; a dry run's label set by two MutatingAdmissionPolicies names both; the
// admission walkthrough's policy step, stopped at the same stage. On 1.20 (no policy API) the
// walkthrough's step shows its checks as soft differences.
import { expect, test } from './fixtures'
import { LabPage } from './pages/lab-page'
import { TrafficPage } from './pages/traffic-page'
import { WalkthroughsPage } from './pages/walkthroughs-page'
import { kubectl, kubectlWithInput } from './kubectl'
import {
  deletePoliciesAndNamespace,
  DEPLOYMENT_RULES,
  namespaceSelector,
  replicaLimit,
  sendUntilRefused,
  vitrineDeployment,
} from './admission-policy-setup'

test('the lab: a policy’s denial stops at validating admission, naming the policy and binding; mutating policies named in the dry-run diff', async ({
  apiscope,
  cluster,
}) => {
  test.skip(cluster.version.startsWith('v1.20.'), '1.20 serves no admission policies')
  const id = Date.now().toString(36)
  const ns = `e2e-policy-${id}`
  const policy = `max-replicas-${id}`
  const team = `team-label-${id}`
  const teamToo = `team-label-too-${id}`
  kubectl(cluster, 'create', 'namespace', ns)
  const mutating = (name: string) => `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: ${name}}
spec:
  matchConstraints:
${DEPLOYMENT_RULES}
  reinvocationPolicy: Never
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration:
      expression: 'Object{metadata: Object.metadata{labels: {"team": "web"}}}'
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: ${name}-binding}
spec:
  policyName: ${name}
  matchResources:
${namespaceSelector(ns)}
`
  kubectlWithInput(
    cluster,
    `${replicaLimit(policy, ns)}---
${mutating(team)}---
${mutating(teamToo)}`,
    'apply',
    '-f',
    '-',
  )
  try {
    await apiscope.page.setViewportSize({ width: 1280, height: 720 })
    await apiscope.page.emulateMedia({ reducedMotion: 'reduce' })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    // Live traffic follows the API server's audit log (a tail, not the shared webhook port).
    const traffic = new TrafficPage(apiscope.page)
    await traffic.open()
    await traffic.followLog(cluster.auditLog)
    const lab = new LabPage(apiscope.page)
    await sendUntilRefused(lab, ns)
    await expect(lab.stagePath).toHaveAttribute('data-stopped-at', 'validating-admission')
    await expect(lab.stage('schema-validation')).toHaveAttribute('data-mark', 'passed')
    await expect(lab.stage('validating-admission')).toHaveAttribute('data-mark', 'refused')
    await expect(lab.stage('persistence')).toHaveAttribute('data-mark', 'not-reached')
    await expect(apiscope.page.getByTestId('lab-explanation')).toContainText(
      `The ValidatingAdmissionPolicy ${policy}, through its binding ${policy}-binding (action Deny), refused it in validating admission: "replicas must be at most 5"`,
    )
    const row = lab.result.getByTestId('policy-failure')
    await expect(row).toHaveAttribute('data-policy', policy)
    await expect(row).toHaveAttribute('data-binding', `${policy}-binding`)
    await expect(row).toContainText('Deny')
    await lab.stagePath.scrollIntoViewIfNeeded()
    await apiscope.screenshot('lab-policy-denied')

    // The same denial in live traffic, from the audit log: stopped there, the policy named.
    await traffic.open()
    await traffic.tab('Requests')
    await traffic.list
      .locator('tr[data-code="422"]', { hasText: 'vitrine' })
      .first()
      .click({ timeout: 20_000 })
    await expect(traffic.detail.locator('[data-stopped-at="validating-admission"]')).toBeVisible()
    await expect(traffic.detail.getByTestId('policy-failure')).toHaveAttribute(
      'data-binding',
      `${policy}-binding`,
    )
    await traffic.detail.getByTestId('policy-failures').scrollIntoViewIfNeeded()
    await apiscope.screenshot('traffic-policy-denied')
    await traffic.detail.getByRole('button', { name: 'Close the detail' }).click()
    await lab.open()

    // Within the limit: a dry run, the label both mutating policies could have set named by both.
    await apiscope.page.getByTestId('lab-body').fill(vitrineDeployment(3))
    await lab.send.click()
    await expect(lab.status).toHaveText('201')
    await lab.diff.getByLabel('Field by field').check()
    await lab.diff.locator('button[data-source="mutating-policy"]').click()
    const label = lab.diff.locator('tr[data-path="metadata.labels.team"]')
    await expect(label).toContainText('Mutating admission policy')
    await expect(label).toContainText(`${team}, ${teamToo}`)
    await expect(label).toContainText('more than one could have made it')
    await expect(apiscope.page.getByTestId('lab-policy-note')).toContainText(`${team}-binding`)
    await lab.diff.scrollIntoViewIfNeeded()
    await apiscope.screenshot('lab-mutating-policy-diff')
  } finally {
    deletePoliciesAndNamespace(
      cluster,
      ns,
      `validatingadmissionpolicybinding/${policy}-binding`,
      `validatingadmissionpolicy/${policy}`,
      `mutatingadmissionpolicybinding/${team}-binding`,
      `mutatingadmissionpolicy/${team}`,
      `mutatingadmissionpolicybinding/${teamToo}-binding`,
      `mutatingadmissionpolicy/${teamToo}`,
    )
  }
})

test('the admission walkthrough: a policy and binding in its namespace, then 7 replicas stopped at validating admission', async ({
  apiscope,
  cluster,
}) => {
  const old = cluster.version.startsWith('v1.20.')
  await apiscope.page.setViewportSize({ width: 1280, height: 720 })
  await apiscope.page.emulateMedia({ reducedMotion: 'reduce' })
  const w = new WalkthroughsPage(apiscope.page)
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await w.open()
  await w.choose(/bare Pod dry-run/)
  await expect(w.planNamespace).toHaveText(/^apiscope-lab-[0-9a-f]{6}$/)
  const ns = (await w.planNamespace.textContent()) ?? ''
  // The plan names the cluster-scoped policy and binding it will create, after the namespace.
  await expect(
    apiscope.page.locator('li', { hasText: `ValidatingAdmissionPolicy/${ns}-max-replicas` }),
  ).toContainText('cluster-scoped, named after the namespace, deleted at the end')
  await w.start.click()
  for (let step = 1; step <= 3; step++) await w.sendAndNext()
  await expect(w.stepTitle).toContainText('Step 4 of 5')
  await expect(w.previews.first()).toContainText(`"name": "${ns}-max-replicas"`)
  await w.sendAndNext()
  await expect(w.stepTitle).toContainText('Step 5 of 5')
  await w.send.click()
  const denied = w.outcomes.first()
  if (old) {
    // No policy API: the Deployment goes through, and the walkthrough says it differs softly.
    await expect(denied).toContainText('201')
    await expect(denied.getByTestId('check-table')).toContainText('denied by a policy')
  } else {
    await expect(denied).toContainText('422')
    await expect(denied).toContainText('matches the walkthrough')
    await expect(denied).toContainText(
      `The ValidatingAdmissionPolicy ${ns}-max-replicas, through its binding ${ns}-max-replicas-binding (action Deny), refused it`,
    )
    await expect(denied.getByTestId('policy-failure')).toHaveAttribute(
      'data-binding',
      `${ns}-max-replicas-binding`,
    )
    await expect(denied.locator('[data-stage="validating-admission"]')).toHaveAttribute(
      'data-mark',
      'refused',
    )
  }
  await denied.scrollIntoViewIfNeeded()
  await apiscope.screenshot(old ? 'walkthrough-policy-step-1.20' : 'walkthrough-policy-step')
  await w.finish.click()
  await expect(w.plan).toBeVisible()
  if (!old) {
    const left = kubectl(cluster, 'get', 'validatingadmissionpolicies', '-o', 'name')
    expect(left).not.toContain(ns)
  }
})
