// A watch typed in a terminal through Apiscope's kubectl proxy, on the timeline in the browser
// against the real server: `kubectl get configmaps -w -o yaml` (whole objects) and
// `kubectl get configmaps -w` (a Table) each get a lane of their own, labelled by the command and
// marked relayed, their objects' lanes beside them; an event opens in the inspector; the Watches &
// lists card says who opened each and what a Table watch carries, and its Cut ends kubectl's watch.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ClusterInfo } from '../cluster/control-plane'
import { screenshotForDocs } from './artifacts'
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'

/** A terminal left running: the pasted line, then a command that does not end by itself. */
function terminal(cluster: ClusterInfo, line: string, command: string): ChildProcess {
  return spawn('sh', ['-c', `${line}\nexec ${command}`], {
    env: {
      PATH: `${cluster.binDir}:${process.env.PATH ?? ''}`,
      HOME: mkdtempSync(path.join(tmpdir(), 'apiscope-terminal-')),
    },
    stdio: 'ignore',
  })
}

test('watches typed in a terminal through the proxy show on the timeline as relayed', async ({
  apiscope,
  cluster,
}) => {
  const ns = `kproxy-w-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  const terminals: ChildProcess[] = []
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    const panel = apiscope.page.getByTestId('kubectl-proxy-panel')
    await panel.getByRole('button', { name: 'Start' }).click()
    const line = panel.locator('code', { hasText: 'export KUBECONFIG=' }).first()
    await expect(line).toBeVisible()
    const pasted = (await line.innerText()).trim()

    terminals.push(terminal(cluster, pasted, `kubectl -n ${ns} get configmaps -w -o yaml`))
    terminals.push(terminal(cluster, pasted, `kubectl -n ${ns} get configmaps -w`))
    await apiscope.goTo('Watches')
    const chart = apiscope.page.getByTestId('timeline-chart')
    // kubectl 1.20 sends no Kubectl-Command header: its watch is named by its User-Agent.
    const old = cluster.version.startsWith('v1.20.')
    const label = old
      ? `kubectl/${cluster.version} watch · configmaps in ${ns}`
      : `kubectl get -w · configmaps in ${ns}`
    // Both relayed watches are running (a watch's lane comes with its first event, as Apiscope's own).
    await apiscope.page.getByRole('tab', { name: 'Watches & lists' }).click()
    const health = apiscope.page.getByTestId('watch-health')
    await expect(health.getByTestId('watch-relayed')).toHaveCount(2)
    await apiscope.page.getByRole('tab', { name: 'Timeline' }).click()
    // Made once the watches run: its ADDED and MODIFIED both pass through them, so the inspector
    // tells the patch's writer from the diff (a first-seen version has only managedFields' times,
    // and a create and a patch in the same second tie).
    kubectl(cluster, 'create', 'configmap', 'reglages', '-n', ns, '--from-literal=couleur=bleu')
    for (let i = 1; i <= 2; i++)
      kubectl(cluster, 'create', 'configmap', `carton-${i}`, '-n', ns, `--from-literal=n=${i}`)
    kubectl(
      cluster,
      'patch',
      'configmap',
      'reglages',
      '-n',
      ns,
      '--type=merge',
      '-p',
      '{"data":{"couleur":"vert"}}',
    )
    kubectl(cluster, 'delete', 'configmap', 'carton-1', '-n', ns)
    await expect(chart).toContainText('carton-2')
    await expect(chart.getByText(label)).toHaveCount(2)
    await expect(chart.locator('.tag', { hasText: 'relayed' }).first()).toBeVisible()
    // Each object twice (one lane per watch: the objects', and the Table's rows).
    await expect(apiscope.page.getByText(/10 events · 6 objects/)).toBeVisible()
    await screenshotForDocs(apiscope, 'kubectl-proxy-watch-timeline')

    // The lanes behave like others: an event opens in the inspector, at its version; the objects'
    // watch shows the object, the Table watch the row's metadata, and says so.
    await apiscope.page.getByRole('tab', { name: 'Table' }).click()
    const table = apiscope.page.getByTestId('watch-table')
    const modified = table.getByRole('button', { name: /MODIFIED .*reglages/ })
    await expect(modified).toHaveCount(2)
    const inspector = apiscope.page.getByTestId('inspector')
    const note = inspector.getByTestId('inspector-table-row')
    let rowAt = -1
    for (const i of [0, 1]) {
      await modified.nth(i).click()
      await expect(inspector).toContainText('written by kubectl-patch')
      await inspector.getByRole('tab', { name: 'YAML' }).click()
      if (await inspector.getByText('kind: PartialObjectMetadata').isVisible()) {
        rowAt = i
        await expect(note).toBeVisible()
      } else {
        await expect(inspector).toContainText('couleur: vert')
        await expect(note).toHaveCount(0)
      }
    }
    expect(rowAt).toBeGreaterThanOrEqual(0)
    await modified.nth(rowAt).click()
    await expect(note).toBeVisible()
    await apiscope.page.getByRole('tab', { name: 'Timeline' }).click()
    await expect(inspector).toBeVisible()
    await apiscope.screenshot('kubectl-proxy-watch-inspector')

    await apiscope.page.getByRole('tab', { name: 'Watches & lists' }).click()
    await expect(health.getByTestId('watch-relayed')).toHaveCount(2)
    await expect(health).toContainText(`kubectl/${cluster.version}`)
    await expect(health.getByTestId('watch-relayed-table')).toContainText('Table rows, not objects')
    await health.getByTestId('watch-relayed-table').scrollIntoViewIfNeeded()
    await apiscope.screenshot('kubectl-proxy-watch-health')
    // Cut: kubectl's watch ends, and the watch leaves the list (its events stay).
    const table$ = health.locator('article', {
      has: apiscope.page.getByTestId('watch-relayed-table'),
    })
    await table$.getByRole('button', { name: /Cut relayed watch/ }).click()
    await expect(health.getByTestId('watch-relayed')).toHaveCount(1)
    await expect.poll(() => terminals[1]?.exitCode ?? null, { timeout: 10_000 }).not.toBeNull()
  } finally {
    for (const t of terminals) t.kill('SIGKILL')
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
