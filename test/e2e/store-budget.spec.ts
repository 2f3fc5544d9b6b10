// The store's budget on screen (docs/adr/0019): `apiscope serve --store-budget` with a tiny budget,
// one ConfigMap written 60 times on the real server (about 9 KB of versions as the budget counts
// them, the namespace's kube-root-ca.crt included). The timeline says how many versions of how
// many objects were folded; the inspector on the latest version says how many of this object's
// were, and shows its diff; on a folded version it says the version was folded away.
// Then the budget as a setting: in Watches & lists, by keyboard, with no --store-budget; the live
// store folds at once; a ConfigMap created and deleted is folded whole and the timeline says so;
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
    // The kube-root-ca.crt LISTED and the 60 versions of reglages.
    await expect(page.getByText(`${WRITES + 1} events · 2 objects`)).toBeVisible()
    const note = page.getByTestId('timeline-folded')
    await expect(note).toContainText(/older versions of 1 busy object were folded away/)
    await expect(note).toContainText('(0.005 MB)')
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

    // A folded version: the inspector says so.
    await table
      .getByRole('button', { name: /MODIFIED/ })
      .nth(2)
      .click()
    await expect(inspector).toContainText('This version was folded away')
    await expect(inspector).toContainText('a recording keeps them all')
    await apiscope.screenshot('store-budget-folded-version')

    // In French: the timeline's note and the folded version's card.
    await apiscope.setLanguage('fr')
    await expect(note).toContainText(/versions plus anciennes de 1 objet actif ont été repliées/)
    await expect(note).toContainText('(0,005 Mo)')
    await expect(inspector).toContainText('Cette version a été repliée')
    // The core's card says the budget with French's decimal sign too ({{mb, number}}).
    await expect(inspector).toContainText('(0,005 Mo)')
    await apiscope.screenshot('store-budget-folded-version-fr')
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
    await apiscope.screenshot('store-budget-deleted-folded')
    // The deleted ConfigMap's mark: the inspector says it existed, was deleted, and was folded.
    await page.getByRole('tab', { name: 'Table' }).click()
    // The table follows its tail; the deletion is among the first rows.
    await page
      .getByTestId('watch-table')
      .locator('.scroll')
      .evaluate((el) => el.scrollTo(0, 0))
    await page
      .getByTestId('watch-table')
      .getByRole('button', { name: /DELETED/ })
      .click()
    const inspector = page.getByTestId('inspector')
    await expect(inspector).toContainText(
      'This object was deleted; its 2 versions were folded away',
    )
    await apiscope.screenshot('store-budget-deleted-inspector')
    await apiscope.setLanguage('fr')
    await expect(inspector).toContainText(
      'Cet objet a été supprimé ; ses 2 versions ont été repliées',
    )
    await apiscope.setLanguage('en')

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
