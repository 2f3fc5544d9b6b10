// A large namespace on the timeline, the way a presenter uses it: 240 ConfigMaps fold into one
// density band, which opens into its lanes (in natural order) and folds back; the filter picks
// lanes out by namespace/name, narrows as one types on, follows a ConfigMap created while filtered
// if it matches, opens the first match in the inspector with Enter, and cleared, folds the group
// back. Against the real server.
import type { Page } from '@playwright/test'
import type { ClusterInfo } from '../cluster/control-plane'
import { expect, test } from './fixtures'
import type { ApiscopePage } from './pages/apiscope-page'
import { kubectl, kubectlWithInput } from './kubectl'

const COUNT = 240

/** The object lanes' names on screen, top to bottom. */
const laneNames = (page: Page) =>
  page
    .getByTestId('timeline-chart')
    .locator('.label:not(.watch) span.name')
    .evaluateAll((spans) => spans.map((s) => s.textContent?.trim() ?? ''))

/** A namespace of its own holding COUNT ConfigMaps, cm-0 to cm-239, made in one request. */
function filledNamespace(cluster: ClusterInfo, prefix: string): string {
  const ns = `${prefix}-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
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
  return ns
}

/** Opens the app and watches the namespace's ConfigMaps until all are in; returns how many. */
async function watchEveryConfigMap(apiscope: ApiscopePage, ns: string): Promise<number> {
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await apiscope.startWatch('/v1/configmaps', ns)
  // The fill's ConfigMaps and the namespace's kube-root-ca.crt.
  const objects = COUNT + 1
  await expect(apiscope.page.getByTestId('watch-counts').first()).toContainText(
    `${objects} objects`,
  )
  return objects
}

test('a band opens into its lanes in natural order, by mouse or keyboard, and folds back', async ({
  apiscope,
  cluster,
}) => {
  // A namespace name long enough to be cut in the labels' column, whatever its width.
  const ns = filledNamespace(cluster, 'e2e-band-with-a-name-long-enough-to-be-cut')
  try {
    const { page } = apiscope
    const objects = await watchEveryConfigMap(apiscope, ns)
    const band = page.getByRole('button', { name: `▸ ${objects} objects · density` })
    await band.click()
    // The group's lanes, the first ones on screen: natural order (cm-2 before cm-10).
    await expect
      .poll(async () => (await laneNames(page)).slice(0, 12))
      .toEqual([...Array.from({ length: 11 }, (_, i) => `cm-${i}`), 'cm-11'])
    await expect(page.getByTestId('timeline-shown')).toBeHidden()
    await apiscope.screenshot('timeline-band-open')
    // The fold button whole in the labels' column beside a long group name (cut with an
    // ellipsis), and the element under its middle.
    const fold = page.getByRole('button', { name: 'fold', exact: true })
    expect(
      await fold.evaluate((button) => {
        const r = button.getBoundingClientRect()
        const column = button.closest('.labels')?.getBoundingClientRect()
        const page = globalThis as unknown as {
          document: { elementFromPoint(x: number, y: number): unknown }
        }
        const under = page.document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
        return (
          column !== undefined &&
          r.width > 0 &&
          r.left >= column.left &&
          r.right <= column.right &&
          under === button
        )
      }),
    ).toBe(true)
    await fold.click()
    await expect.poll(() => laneNames(page)).toEqual([])
    // From the keyboard: the band is a button, Enter opens it.
    await band.focus()
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await laneNames(page))[0]).toBe('cm-0')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

test('the filter picks lanes out of a folded group, narrows, follows new objects, opens the first', async ({
  apiscope,
  cluster,
}) => {
  const ns = filledNamespace(cluster, 'e2e-filter')
  try {
    const { page } = apiscope
    const objects = await watchEveryConfigMap(apiscope, ns)
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
