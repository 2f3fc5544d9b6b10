// Live → replay → live, as a trainer rehearses it (issue 16, item 1): connected to the real
// control plane with a watch running, Requests open, the bundled demo opened from Replay… and
// played (Space plays at once, it does not press the Replay… button again), Requests and Overview
// show the recording's data and nothing live; Close replay brings the live session back with its
// watch still running and the events that came meanwhile; key 4 shows Requests; no console error.
// Then the other way out of a replay, picking a context, connects live just as cleanly.
// Screenshots: test/artifacts/screenshots/round-trip-*.png.
import { demoFacts } from './demo-facts'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { REPO_ROOT } from '../cluster/control-plane'
import { expect, startServe, test, type ServeHandle } from './fixtures'
import { ApiscopePage } from './pages/apiscope-page'
import { kubectl } from './kubectl'

/** What the demo's header kept of the Overview: its health check, when it ran, the version. */
function demoHealth(): { checkedAt: string; version: { gitVersion: string } } {
  const file = path.join(REPO_ROOT, 'resources/demo/seed-chapter-34.ndjson.gz')
  const header = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').split('\n')[0] ?? '{}')
  return header.answers['kube:health']
}

let serve: ServeHandle
test.beforeAll(async ({ cluster }) => {
  serve = await startServe({ KUBECONFIG: cluster.kubeconfig, HOME: '/nonexistent' })
})
test.afterAll(async () => serve.stop())

/** Every console error and uncaught exception of the page (Svelte's each_key_duplicate is one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return errors
}

test('live → replay → live: each world shows its own data, the live session comes back whole', async ({
  page,
  cluster,
}) => {
  test.setTimeout(120_000)
  const errors = collectErrors(page)
  const app = new ApiscopePage(page, serve.url)
  const banner = page.getByRole('region', { name: 'Replay controls' })
  const table = page.getByTestId('watch-table')
  const rows = app.requestLog.locator('tbody tr')
  const liveServer = new URL(cluster.server).host
  const ns = `e2e-worlds-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    // Live: connected, a watch on our namespace holding one ConfigMap.
    await app.open()
    await expect(app.statusPill).toContainText(`Connected · ${cluster.version}`)
    await app.startWatch('/v1/configmaps', ns)
    kubectl(cluster, 'create', 'configmap', 'avant', '-n', ns)
    await page.getByRole('tab', { name: 'Table' }).click()
    await expect(table).toContainText('avant')

    // Requests (key 4): the live session's.
    await page.keyboard.press('4')
    await expect(app.requestLog).toContainText(`/namespaces/${ns}/configmaps`)

    // Replay… → the bundled demo; Space plays it (the focused Replay… button stays unpressed).
    await page.getByRole('button', { name: 'Replay a recording' }).click()
    const dialog = page.getByRole('dialog', { name: 'Open a recording' })
    await dialog
      .getByRole('row', { name: /bundled demo/ })
      .getByRole('button', { name: 'Open' })
      .click()
    await expect(banner.getByText('REPLAY', { exact: true })).toBeVisible()
    await expect(dialog).toBeHidden()
    await banner.getByLabel('Replay speed').selectOption('16')
    await page.getByRole('button', { name: 'Replay a recording' }).focus()
    await page.keyboard.press(' ')
    await expect(banner.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
    await expect(dialog).toBeHidden()
    // Played to the end: every event applied.
    await expect(banner.getByLabel('Events replayed')).toHaveText(/^(\d+)\/\1 events$/, {
      timeout: 30_000,
    })

    // Requests during the replay: the recording's requests (its namespace ch34, its server), none
    // of the live session's.
    await expect(page.getByRole('heading', { name: 'Requests Apiscope sent' })).toBeVisible()
    await expect(page.getByText(new RegExp(`^${demoFacts().requests} requests`))).toBeVisible()
    await expect(app.requestLog).toContainText('/namespaces/ch34/')
    await expect(app.requestLog).not.toContainText(ns)
    await expect(app.requestLog).not.toContainText(liveServer)
    await app.screenshot('round-trip-replay-requests')

    // Overview during the replay: the recorded identity and health (checked when it was recorded).
    const recorded = demoHealth()
    const recordedAt = await page.evaluate(
      (at) => `Checked at ${new Date(at).toLocaleTimeString()}`,
      recorded.checkedAt,
    )
    await page.keyboard.press('1')
    await expect(app.health).toContainText(recordedAt)
    await expect(app.health.getByTestId('server-version')).toHaveText(recorded.version.gitVersion)
    await expect(app.identity.getByTestId('username')).toHaveText('minikube-user')
    await expect(app.identity).toContainText(
      demoFacts().identitySource === 'server' ? 'from the server' : 'derived by Apiscope',
    )
    await app.screenshot('round-trip-replay-overview')

    // Meanwhile the live watch goes on: a ConfigMap created now is not on the replay's screen.
    kubectl(cluster, 'create', 'configmap', 'pendant', '-n', ns)
    await page.keyboard.press('3')
    await page.getByRole('tab', { name: 'Table' }).click()
    await expect(table).toContainText('vitrine')
    await expect(table).not.toContainText('pendant')

    // Close replay: the live session, as it was, with what its watch saw meanwhile.
    await banner.getByRole('button', { name: 'Close replay' }).click()
    await expect(banner).toBeHidden()
    await expect(app.statusPill).toContainText(`Connected · ${cluster.version}`)
    await expect(page.getByText('Connect to a cluster')).toHaveCount(0)
    await page.getByRole('tab', { name: 'Table' }).click()
    await expect(table).toContainText('avant')
    await expect(table).toContainText('pendant')
    await expect(table).not.toContainText('vitrine')
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    const health = page.getByTestId('watch-health')
    await expect(health).toContainText(`configmaps in ${ns}`)
    await expect(health.getByTestId('watch-state').first()).toHaveText('watching')
    // The watch never stopped: a ConfigMap created now arrives.
    kubectl(cluster, 'create', 'configmap', 'apres', '-n', ns)
    await page.getByRole('tab', { name: 'Table' }).click()
    await expect(table).toContainText('apres')

    // Key 4 shows Requests: the live log again, nothing of the recording.
    await page.keyboard.press('4')
    await expect(page.getByRole('heading', { name: 'Requests Apiscope sent' })).toBeVisible()
    await expect(table).toHaveCount(0)
    await expect(app.requestLog).toContainText(`/namespaces/${ns}/configmaps`)
    await expect(app.requestLog).toContainText(liveServer)
    await expect(app.requestLog).not.toContainText('/namespaces/ch34/')
    await expect(rows.first()).toBeVisible()
    await app.screenshot('round-trip-live-requests')

    // Overview: the live identity and health again (as read before the replay, not the recording's).
    await page.keyboard.press('1')
    await expect(app.health.getByTestId('server-version')).toHaveText(cluster.version)
    await expect(app.health).toContainText('Checked at')
    await expect(app.health).not.toContainText(recordedAt)
    await expect(app.accessRules).toContainText('SelfSubjectRulesReview for default')
    await expect(app.identity.getByTestId('username')).toHaveText('minikube-user')
    await app.screenshot('round-trip-live-overview')

    // The other way out of a replay: pick a context; it connects live, nothing stuck.
    await page.getByRole('button', { name: 'Replay a recording' }).click()
    await dialog
      .getByRole('row', { name: /bundled demo/ })
      .getByRole('button', { name: 'Open' })
      .click()
    await expect(banner).toBeVisible()
    await app.chooseContext('apiscope-admin')
    await expect(banner).toBeHidden()
    await expect(app.statusPill).toContainText(`Connected · ${cluster.version}`)
    await expect(page.getByText('Connecting…')).toHaveCount(0)
    await page.keyboard.press('4')
    await expect(page.getByRole('heading', { name: 'Requests Apiscope sent' })).toBeVisible()
    await expect(app.requestLog).not.toContainText('/namespaces/ch34/')

    expect(errors).toEqual([])
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
