// The store's budget on screen (docs/adr/0019): `apiscope serve --store-budget` with a tiny budget,
// one ConfigMap written 60 times on the real server (about 9 KB of versions as the budget counts
// them, the namespace's kube-root-ca.crt included). The timeline says how many versions of how
// many objects were folded, and how many marks with them (the events take more than half so small
// a budget: the folded versions' marks go too); the inspector on the latest version says how many
// of this object's were, and shows its diff; on the first version kept after the gap it says its
// diff is against the first version.
// Then the budget as a setting: in Watches & lists, by keyboard, with no --store-budget; the live
// store folds at once; a ConfigMap created and deleted is folded whole, its marks too, and the
// timeline says so;
// a second `apiscope serve` (another port) finds the setting again; Default goes back to 128 MB.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test as base } from '@playwright/test'
import { readClusterInfo } from '../cluster/control-plane'
import { adminApi, request } from '../soak/soak-writes'
import { expect, startServe } from './fixtures'
import { kubectl } from './kubectl'
import { ApiscopePage } from './pages/apiscope-page'

const WRITES = 60
const BUDGET_MB = '0.005'

base('a folded object on the timeline and in the inspector', async ({ page }) => {
  base.setTimeout(180_000)
  const state = process.env.APISCOPE_CLUSTER_STATE
  if (!state) throw new Error('no control plane: global setup did not run')
  const cluster = readClusterInfo(state)
  const serve = await startServe({ KUBECONFIG: cluster.kubeconfig, HOME: '/nonexistent' }, [
    '--store-budget',
    BUDGET_MB,
  ])
  const ns = `e2e-budget-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  const api = await adminApi(cluster, 2)
  try {
    const apiscope = new ApiscopePage(page, serve.url)
    await page.setViewportSize({ width: 1600, height: 1000 })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns)
    await expect(page.getByText(/· 1 list$/)).toBeVisible()

    expect(
      await request(api, 'POST', `/api/v1/namespaces/${ns}/configmaps`, {
        metadata: { name: 'reglages' },
        data: { couleur: 'bleu', n: '0' },
      }),
    ).toBe(201)
    for (let n = 1; n < WRITES; n++) {
      const status = await request(
        api,
        'PATCH',
        `/api/v1/namespaces/${ns}/configmaps/reglages`,
        // A note that changes whole at every write: each version a delta of about 100 bytes
        // (the history keeps byte deltas: a one-digit change alone costs too little to fold).
        { data: { n: String(n), note: `${n}-`.repeat(30) } },
        'application/merge-patch+json',
      )
      expect(status).toBe(200)
    }
    const note = page.getByTestId('timeline-folded')
    await expect(note).toContainText(/older versions of 1 busy object were folded away/)
    await expect(note).toContainText('(0.005 MB)')
    await expect(note).toContainText(
      /\d+ marks were folded away too, to keep the events within half the budget/,
    )
    // The marks left: kube-root-ca.crt's LISTED, reglages' first version's and its latest ones'
    // (fewer than the 61 that came).
    const counts = page.getByText(/^\d+ events · 2 objects/)
    await expect(counts).toBeVisible()
    await expect
      .poll(async () => Number(((await counts.textContent()) ?? '').split(' ')[0]))
      .toBeLessThan(WRITES + 1)
    await expect(page.getByTestId('timeline-chart')).toContainText('reglages')

    // The latest version: its diff, and how many of its versions were folded.
    await page.getByRole('tab', { name: 'Table' }).click()
    const table = page.getByTestId('watch-table')
    await table
      .getByRole('button', { name: /MODIFIED/ })
      .last()
      .click()
    const inspector = page.getByTestId('inspector')
    await expect(inspector).toContainText(`version ${WRITES} of ${WRITES}`)
    await expect(inspector.getByTestId('inspector-folded')).toContainText(
      /older versions of this object were folded away to stay within the store’s budget \(0\.005 MB\); a recording keeps them all/,
    )
    await expect(inspector.locator('.diff .add', { hasText: `n: "${WRITES - 1}"` })).toBeVisible()
    await page.getByRole('tab', { name: 'Timeline' }).click()
    await expect(inspector).toBeVisible()
    await apiscope.screenshot('store-budget-timeline-inspector')
    await page.getByRole('tab', { name: 'Table' }).click()
    await apiscope.screenshot('store-budget-table-inspector')

    // The first version kept after the gap (its mark the first MODIFIED left): its diff is
    // against the first version, and the inspector says so.
    await table
      .getByRole('button', { name: /MODIFIED/ })
      .first()
      .click()
    await expect(inspector.getByTestId('inspector-folded')).toContainText(
      'The diff is against version 1, the first one kept.',
    )
    await apiscope.screenshot('store-budget-first-kept')

    // In French: the timeline's note and the inspector's.
    await apiscope.setLanguage('fr')
    await expect(note).toContainText(/versions plus anciennes de 1 objet actif ont été repliées/)
    await expect(note).toContainText('(0,005 Mo)')
    await expect(note).toContainText(/marques ont aussi été repliées/)
    await expect(inspector.getByTestId('inspector-folded')).toContainText(
      'Le diff se fait avec la version 1, la première gardée.',
    )
    await expect(inspector.getByTestId('inspector-folded')).toContainText('(0,005 Mo)')
    await apiscope.screenshot('store-budget-first-kept-fr')
  } finally {
    api.agent.destroy()
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
    await serve.stop()
  }
})

base('the store budget as a setting in Watches & lists, remembered', async ({ page }) => {
  base.setTimeout(240_000)
  const state = process.env.APISCOPE_CLUSTER_STATE
  if (!state) throw new Error('no control plane: global setup did not run')
  const cluster = readClusterInfo(state)
  // A home of its own: the setting is written to its .apiscope/settings.json.
  const home = mkdtempSync(path.join(tmpdir(), 'apiscope-e2e-home-'))
  const env = { KUBECONFIG: cluster.kubeconfig, HOME: home }
  let serve = await startServe(env)
  const ns = `e2e-setting-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  const api = await adminApi(cluster, 2)
  try {
    let apiscope = new ApiscopePage(page, serve.url)
    await page.setViewportSize({ width: 1600, height: 1000 })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns)
    await expect(page.getByText(/· 1 list$/)).toBeVisible()
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    const input = page.getByLabel('Store budget')
    await expect(input).toHaveValue('128')
    const setting = page.getByTestId('store-budget')
    await expect(setting).toContainText('Default 128 MB; 0 keeps every version.')
    await expect(page.getByRole('button', { name: 'Default (128 MB)' })).toBeDisabled()

    // By keyboard: focus, type, Enter.
    await input.focus()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(BUDGET_MB)
    await page.keyboard.press('Enter')
    await expect(setting).toContainText('Remembered on this computer.')
    await expect(setting).toContainText('Past 0.005 MB it folds')
    expect(JSON.parse(readFileSync(path.join(home, '.apiscope/settings.json'), 'utf8'))).toEqual({
      storeBudgetMb: 0.005,
    })

    // The live store folds at once past it: a busy ConfigMap, and one created and deleted.
    expect(
      await request(api, 'POST', `/api/v1/namespaces/${ns}/configmaps`, {
        metadata: { name: 'reglages' },
        data: { couleur: 'bleu', n: '0' },
      }),
    ).toBe(201)
    expect(
      await request(api, 'POST', `/api/v1/namespaces/${ns}/configmaps`, {
        metadata: { name: 'ephemere' },
        data: { k: 'v' },
      }),
    ).toBe(201)
    expect(await request(api, 'DELETE', `/api/v1/namespaces/${ns}/configmaps/ephemere`)).toBe(200)
    for (let n = 1; n < WRITES; n++) {
      const status = await request(
        api,
        'PATCH',
        `/api/v1/namespaces/${ns}/configmaps/reglages`,
        { data: { n: String(n) } },
        'application/merge-patch+json',
      )
      expect(status).toBe(200)
    }
    await page.getByRole('tab', { name: 'Timeline' }).click()
    const note = page.getByTestId('timeline-folded')
    await expect(note).toContainText(/older versions of 1 busy object were folded away/)
    await expect(note).toContainText(
      /The versions of 1 deleted object \(2 versions\) were folded away to stay within the store’s budget \(0\.005 MB\)/,
    )
    // Its marks too: the events take more than half the budget; its lane is gone.
    await expect(note).toContainText(/and every mark of 1 deleted object \(their lanes are gone\)/)
    await apiscope.screenshot('store-budget-deleted-folded')
    await page.getByRole('tab', { name: 'Table' }).click()
    const table = page.getByTestId('watch-table')
    await expect(table.getByRole('button', { name: /reglages/ }).first()).toBeVisible()
    await expect(table.getByRole('button', { name: /ephemere/ })).toHaveCount(0)
    await apiscope.setLanguage('fr')
    await expect(note).toContainText(
      /toutes celles de 1 objet supprimé \(leurs lignes ont disparu\)/,
    )
    await apiscope.screenshot('store-budget-deleted-folded-fr')
    await apiscope.setLanguage('en')
    await page.getByRole('tab', { name: 'Timeline' }).click()

    // Another run (another port): the setting is found again.
    await serve.stop()
    serve = await startServe(env)
    apiscope = new ApiscopePage(page, serve.url)
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.goTo('Watches')
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    await expect(input).toHaveValue('0.005')
    await expect(setting).toContainText('Remembered on this computer.')
    await apiscope.screenshot('store-budget-setting')
    await apiscope.setLanguage('fr')
    await expect(page.getByLabel('Budget du magasin')).toHaveValue('0.005')
    await expect(setting).toContainText('Mémorisé sur cet ordinateur.')
    await apiscope.screenshot('store-budget-setting-fr')
    await apiscope.setLanguage('en')

    // Default, by keyboard: back to 128 MB, and forgotten.
    await input.focus()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Default (128 MB)' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(input).toHaveValue('128')
    await expect(setting).not.toContainText('Remembered')
    expect(JSON.parse(readFileSync(path.join(home, '.apiscope/settings.json'), 'utf8'))).toEqual({})
  } finally {
    api.agent.destroy()
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
    await serve.stop()
  }
})
