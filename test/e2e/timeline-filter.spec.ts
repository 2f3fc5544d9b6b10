// The timeline's filter, the way a presenter uses it on a large namespace: 240 ConfigMaps fold
// into one density band; typing picks lanes out by namespace/name (in natural order), typing on
// narrows, a ConfigMap created while filtered shows up if it matches, Enter opens the first match
// in the inspector, and clearing the filter folds the group back. Against the real server.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { kubectl, kubectlWithInput } from './kubectl'

const COUNT = 240

/** The object lanes' names on screen, top to bottom. */
const laneNames = (page: Page) =>
  page
    .getByTestId('timeline-chart')
    .locator('.label:not(.watch) span.name')
    .evaluateAll((spans) => spans.map((s) => s.textContent?.trim() ?? ''))

test('the filter picks lanes out of a folded group, narrows, follows new objects, opens the first', async ({
  apiscope,
  cluster,
}) => {
  const ns = `e2e-filter-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    const items = Array.from({ length: COUNT }, (_, i) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `cm-${i}`, namespace: ns },
      data: { n: String(i) },
    }))
    kubectlWithInput(
      cluster,
      JSON.stringify({ apiVersion: 'v1', kind: 'List', items }),
      'create',
      '-f',
      '-',
    )
    const { page } = apiscope
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns)
    // The fill's ConfigMaps and the namespace's kube-root-ca.crt.
    const objects = COUNT + 1
    await expect(page.getByTestId('watch-counts').first()).toContainText(`${objects} objects`)
    const shown = page.getByTestId('timeline-shown')
    await expect(shown).toHaveText(
      `${objects} of ${objects} object lanes are folded into 1 density band (groups of more than 200): click a band to open it, or filter by name.`,
    )
    expect(await laneNames(page)).toEqual([])

    const filter = page.getByLabel("Filter the timeline's objects by namespace/name")
    // Case aside, and the namespace part of the text too.
    await filter.fill(`${ns}/CM-12`)
    await expect(shown).toHaveText(
      `11 of ${objects} object lanes match “${ns}/cm-12”: Enter opens the first.`,
    )
    const twelves = ['cm-12', ...Array.from({ length: 10 }, (_, i) => `cm-12${i}`)]
    await expect.poll(() => laneNames(page)).toEqual(twelves)

    // Typing on narrows what matched.
    await filter.press('3')
    await expect(shown).toHaveText(
      `1 of ${objects} object lanes matches “${ns}/cm-123”: Enter opens it.`,
    )
    await expect.poll(() => laneNames(page)).toEqual(['cm-123'])

    // An object created while filtered shows if its name matches, not otherwise.
    kubectl(cluster, 'create', 'configmap', 'cm-1234', '-n', ns)
    kubectl(cluster, 'create', 'configmap', 'other-123', '-n', ns)
    await expect(page.getByTestId('watch-counts').first()).toContainText(`${objects + 2} objects`)
    await expect.poll(() => laneNames(page)).toEqual(['cm-123', 'cm-1234'])
    await expect(shown).toHaveText(
      `2 of ${objects + 2} object lanes match “${ns}/cm-123”: Enter opens the first.`,
    )

    await apiscope.screenshot('timeline-filter-new-match')
    // Enter opens the first match in the inspector.
    await filter.press('Enter')
    const inspector = page.getByTestId('inspector')
    await expect(inspector).toContainText(`${ns}/cm-123`)

    // Cleared, the group folds back into its band.
    await filter.fill('')
    await expect(shown).toHaveText(
      `${objects + 2} of ${objects + 2} object lanes are folded into 1 density band (groups of more than 200): click a band to open it, or filter by name.`,
    )
    await expect.poll(() => laneNames(page)).toEqual([])
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
