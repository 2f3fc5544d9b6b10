// Walkthroughs in the browser against the real control plane: a walkthrough before and after a
// step (what it will send, then what came back, checked), in English and French; and the rollout
// trace of a kubectl apply, first waiting for a node, then complete once the SIMULATED node agent
// runs. Screenshots of both for the docs.
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { SimulatedNode } from '../cluster/simulated-node'
import { expect, test } from './fixtures'
import { WalkthroughsPage } from './pages/walkthroughs-page'
import { kubectl } from './kubectl'

test.use({ viewport: { width: 1280, height: 720 } })

test('a walkthrough shows what it will send, then what came back, checked', async ({
  apiscope,
  cluster,
}) => {
  const w = new WalkthroughsPage(apiscope.page)
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await w.open()
  await w.choose(/eight verbs/)
  await expect(w.planNamespace).toHaveText(/^apiscope-lab-[0-9a-f]{6}$/)
  await expect(w.plan).toContainText('The eight verbs')
  await expect(apiscope.page.getByText('looks local')).toBeVisible()
  await apiscope.screenshot('walkthrough-plan')
  const ns = (await w.planNamespace.textContent()) ?? ''
  await w.start.click()

  // Step 1 starts a watch; step 2 creates the ConfigMap.
  await expect(w.stepTitle).toContainText('Step 1 of 8')
  await w.sendAndNext()
  await expect(w.stepTitle).toContainText('Step 2 of 8')
  await expect(w.previews.first()).toContainText(`POST /api/v1/namespaces/${ns}/configmaps`)
  await expect(w.previews.first()).toContainText('"couleur": "bleu"')
  // Every request can be sent by hand: a curl line and a kubectl --raw line, credentials as variables.
  const commands = w.previews.first().getByTestId('request-commands')
  await commands.getByText('Send it yourself').click()
  await expect(commands).toContainText(
    `kubectl --context ${ADMIN_CONTEXT} create --raw /api/v1/namespaces/${ns}/configmaps -f body.json`,
  )
  await expect(commands).toContainText('curl -sS -X POST --cacert "$CA" --cert "$CERT"')
  await commands.scrollIntoViewIfNeeded()
  await apiscope.screenshot('walkthrough-before-send-commands')
  await commands.getByText('Send it yourself').click()
  await apiscope.screenshot('walkthrough-before-send')
  await w.sendAndNext()

  // Step 3, mid-step: the second POST stops at etcd with 409 AlreadyExists, as the chapter says.
  await w.send.click()
  await expect(w.outcomes.first()).toContainText('409')
  await expect(w.outcomes.first()).toContainText('matches the walkthrough')
  await expect(w.outcomes.first().getByTestId('check-table')).toContainText('already exists')
  // Let the request finish travelling the stages (its stage path says when), and show the checks.
  await expect(w.outcomes.first().locator('.stage-path')).toHaveAttribute('data-settled', 'true', {
    timeout: 10_000,
  })
  await w.outcomes.first().getByTestId('check-table').scrollIntoViewIfNeeded()
  await apiscope.screenshot('walkthrough-mid-step')
  expect(kubectl(cluster, 'get', 'configmap', 'reglages', '-n', ns, '-o', 'name').trim()).toBe(
    'configmap/reglages',
  )

  // The same step in French (the app's language switch: the group is named in French after it).
  await apiscope.page
    .getByRole('group', { name: 'Language' })
    .getByRole('button', { name: 'FR', exact: true })
    .click()
  await expect(w.narration).toContainText('POST crée, il ne remplace pas')
  await apiscope.page
    .getByRole('group', { name: 'Langue' })
    .getByRole('button', { name: 'EN', exact: true })
    .click()

  await w.finish.click()
  await expect(w.plan).toBeVisible()
  const phase = kubectl(
    cluster,
    'get',
    'namespace',
    ns,
    '--ignore-not-found',
    '-o',
    'jsonpath={.status.phase}',
  )
  expect(['', 'Terminating']).toContain(phase.trim())
})

test('"Look at" marks the step\'s own requests and selects its object in the watches', async ({
  apiscope,
}) => {
  const w = new WalkthroughsPage(apiscope.page)
  const page = apiscope.page
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await w.open()
  await w.choose(/eight verbs/)
  const ns = (await w.planNamespace.textContent()) ?? ''
  await w.start.click()
  await w.sendAndNext()

  // Step 2 creates reglages: Watches opens with its latest event selected, in the inspector.
  await w.send.click()
  await w.next.waitFor()
  await w.look.click()
  const inspector = page.getByTestId('inspector')
  await expect(inspector).toContainText('ADDED')
  await expect(inspector).toContainText('reglages')
  await expect(page.getByTestId('highlight-banner')).toContainText('configmaps/reglages')
  await apiscope.screenshot('walkthrough-highlight-watches')
  await page.getByRole('button', { name: '← Back to the step' }).click()
  await w.next.click()
  await w.sendAndNext()

  // Step 4 (GET then LIST), reached from the keyboard: the Requests view marks exactly those two.
  await w.send.click()
  await w.next.waitFor()
  await w.look.focus()
  await page.keyboard.press('Enter')
  const marked = page.getByTestId('request-log').locator('tr[data-marked="true"]')
  await expect(marked).toHaveCount(2)
  await expect(marked.nth(0)).toContainText(`/api/v1/namespaces/${ns}/configmaps`)
  await expect(marked.nth(0)).toBeInViewport()
  // The row's button takes the focus (ADR 0020), named by its time and request, as the step's.
  const opener = marked.nth(0).getByRole('button')
  await expect(opener).toBeFocused()
  await expect(opener).toHaveAccessibleName(/^\d\d:\d\d:\d\d\.\d{3}: GET .+, this step’s request$/)
  await expect(page.getByTestId('highlight-banner')).toContainText('2 requests of this step')
  await apiscope.screenshot('walkthrough-highlight')

  // Going to another view drops the mark.
  await page.keyboard.press('1')
  await page.keyboard.press('4')
  await expect(marked).toHaveCount(0)
  await w.open()
  await w.finish.click()
  await expect(w.plan).toBeVisible()
})

test('"Look at" opens the step\'s object in the ownership map', async ({ apiscope }) => {
  const w = new WalkthroughsPage(apiscope.page)
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await w.open()
  await w.choose(/Field ownership/)
  const ns = (await w.planNamespace.textContent()) ?? ''
  await w.start.click()
  await w.send.click()
  await w.next.waitFor()
  await w.look.click()
  await expect(apiscope.page.getByTestId('highlight-banner')).toContainText('deployments/vitrine')
  await expect(apiscope.page.getByText(`Deployment ${ns}/vitrine`)).toBeVisible()
  await expect(apiscope.page.getByTestId('manager-legend')).toContainText('equipe-web')
  await apiscope.screenshot('walkthrough-highlight-ownership')
  await w.open()
  await w.finish.click()
  await expect(w.plan).toBeVisible()
})

test('the rollout trace follows a kubectl apply, waiting for a node, then to Running Pods', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(180_000)
  const w = new WalkthroughsPage(apiscope.page)
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await w.open()
  await w.choose(/path of a kubectl apply/)
  const ns = (await w.planNamespace.textContent()) ?? ''
  await w.start.click()
  await w.send.click()
  await expect(w.outcomes.first()).toContainText('201')
  await apiscope.page.getByRole('button', { name: 'Rollout trace →' }).click()

  // No node yet (unless another suite left one): the scheduler's arrows wait, with the reason.
  await expect(w.arrow('deployment-created')).toHaveAttribute('data-state', 'done')
  await expect(w.arrow('replicaset-created')).toHaveAttribute('data-state', 'done')
  const nodes = kubectl(cluster, 'get', 'nodes', '-o', 'name').trim()
  if (nodes === '') {
    await expect(w.arrow('pod-bound').first()).toHaveAttribute('data-state', 'waiting')
    await expect(w.diagram).toContainText('Unschedulable')
    await apiscope.screenshot('rollout-waiting-for-a-node')
  }

  const node = SimulatedNode.fromKubeconfig(cluster.kubeconfig, ADMIN_CONTEXT, {
    name: `sim-e2e-${Date.now().toString(36)}`,
    renewEveryMs: 2000,
  })
  await node.start()
  try {
    await expect(w.arrow('deployment-status')).toHaveAttribute('data-state', 'done', {
      timeout: 60_000,
    })
    await expect(w.diagram).toContainText(node.name)
    await expect(apiscope.page.getByText('The rollout is complete.')).toBeVisible()
    await expect(
      apiscope.page.getByTestId('node-heartbeat').filter({ hasText: node.name }),
    ).toContainText('simulated node agent')
    // A few heartbeats on the strip (the node renews its Lease every 2 s).
    await expect
      .poll(
        () =>
          apiscope.page
            .getByTestId('node-heartbeat')
            .filter({ hasText: node.name })
            .locator('.tick')
            .count(),
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(3)
    await apiscope.screenshot('rollout-trace-complete')
    await apiscope.page
      .getByTestId('node-heartbeat')
      .filter({ hasText: node.name })
      .scrollIntoViewIfNeeded()
    await apiscope.screenshot('rollout-heartbeats')

    // The node goes quiet: after the 40 s grace period the node controller marks it NotReady.
    node.pause()
    const card = apiscope.page.getByTestId('node-heartbeat').filter({ hasText: node.name })
    await expect(card).toHaveAttribute('data-ready', 'Unknown', { timeout: 75_000 })
    await expect(card).toContainText('Ready=Unknown (NodeStatusUnknown)')
    await card.scrollIntoViewIfNeeded()
    await apiscope.screenshot('rollout-node-quiet')
    await node.resume()
    await w.open()
    await w.finish.click()
    // The node agent finishes the Pods' deletion, as a kubelet would; then it can go.
    await expect
      .poll(() => kubectl(cluster, 'get', 'pods', '-n', ns, '-o', 'name').trim(), {
        timeout: 30_000,
      })
      .toBe('')
  } finally {
    await node.stop()
  }
})
