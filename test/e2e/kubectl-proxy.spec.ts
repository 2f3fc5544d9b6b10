// kubectl through Apiscope, in the browser against the real server: the trainer starts the proxy in
// the Overview, pastes the line it shows in a terminal (here, a shell the test runs with that very
// line) and types the seed's `kubectl -n NS get pods`: its requests arrive in the request log,
// named after kubectl, with their -v=8 headers a click away, and in live traffic with their stage.
// A canary Secret read the same way shows redacted, never in the page.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { ClusterInfo } from '../cluster/control-plane'
import { screenshotForDocs } from './artifacts'
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'
import { TrafficPage } from './pages/traffic-page'

const run = promisify(execFile)
const CANARY = `apiscope-canary-${Math.random().toString(36).slice(2, 10)}`
const B64 = Buffer.from(CANARY).toString('base64')

/** A terminal: the pasted line, then a command, in a shell with the server's kubectl on PATH. */
async function terminal(cluster: ClusterInfo, line: string, command: string): Promise<string> {
  const { stdout } = await run('sh', ['-c', `${line}\n${command}`], {
    env: {
      PATH: `${cluster.binDir}:${process.env.PATH ?? ''}`,
      HOME: mkdtempSync(path.join(tmpdir(), 'apiscope-terminal-')),
    },
  })
  return stdout
}

test('a kubectl command typed in a terminal shows its requests on screen', async ({
  apiscope,
  cluster,
}) => {
  const ns = `kproxy-e2e-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  kubectl(cluster, 'create', 'secret', 'generic', 'canari', '-n', ns, `--from-literal=k=${CANARY}`)
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    const panel = apiscope.page.getByTestId('kubectl-proxy-panel')
    await expect(panel).toContainText('kubectl through Apiscope')
    await panel.getByRole('button', { name: 'Start' }).click()
    const line = panel.locator('code', { hasText: 'export KUBECONFIG=' }).first()
    await expect(line).toBeVisible()
    const pasted = (await line.innerText()).trim()
    expect(pasted).toMatch(/^export KUBECONFIG=\S+kubeconfig$/)
    await apiscope.screenshot('kubectl-proxy-panel')

    // The request log outlives a test in this worker's server: count what an earlier test relayed.
    await apiscope.goTo('Requests')
    const relayed = apiscope.requestLog.locator('tbody tr', {
      has: apiscope.page.getByTestId('relayed-client'),
    })
    const before = await relayed.count()
    const out = await terminal(cluster, pasted, `kubectl -n ${ns} get pods 2>&1`)
    expect(out).toContain(`No resources found in ${ns} namespace.`)

    await expect(apiscope.page.getByTestId('proxy-line')).toContainText(pasted)
    const list = apiscope.requestLog.locator('tbody tr', {
      hasText: `/api/v1/namespaces/${ns}/pods?limit=500`,
    })
    await expect(list).toHaveCount(1)
    await expect(list).toContainText(`kubectl/${cluster.version}`)
    await expect(list).toContainText('200 OK')
    // The seed's first experiment, exactly: on 1.37, aggregated discovery (/api, /apis), then the
    // list. 1.20 serves no aggregated discovery: its kubectl walks each group version as well.
    // Newest first: this command's requests are the first rows.
    if (!cluster.version.startsWith('v1.20.')) {
      await expect(relayed).toHaveCount(before + 3)
      await expect(relayed.nth(2)).toContainText('/api?timeout=32s')
      await expect(relayed.nth(1)).toContainText('/apis?timeout=32s')
    } else {
      await expect.poll(() => relayed.count()).toBeGreaterThan(before + 3)
      const ours = (await relayed.count()) - before
      await expect(relayed.nth(ours - 1)).toContainText('/api?timeout=32s')
    }
    await list.click()
    const detail = apiscope.page.getByTestId('relayed-detail')
    await expect(detail).toContainText('Accept: application/json;as=Table')
    await expect(detail).toContainText('Authorization: Bearer <masked>')
    await expect(detail).toContainText('"kind": "Table"')
    await screenshotForDocs(apiscope, 'kubectl-proxy-requests')

    // The canary: kubectl gets the Secret as the server sent it; the page shows it redacted.
    const yaml = await terminal(cluster, pasted, `kubectl -n ${ns} get secret canari -o yaml`)
    expect(yaml).toContain(B64)
    const read = apiscope.requestLog.locator('tbody tr', {
      hasText: `/api/v1/namespaces/${ns}/secrets/canari`,
    })
    await expect(read).toHaveCount(1)
    await read.click()
    await expect(detail).toContainText('<redacted>')
    await expect(detail).toContainText('redacted')
    const html = await apiscope.page.content()
    expect(html.includes(CANARY)).toBe(false)
    expect(html.includes(B64)).toBe(false)
    await apiscope.screenshot('kubectl-proxy-secret-redacted')

    // Live traffic: the same requests, with the stage each one stopped at.
    const traffic = new TrafficPage(apiscope.page)
    await traffic.open()
    // With no audit source (an earlier test's webhook may still run in this worker's server).
    await traffic.stopSources()
    await expect(
      apiscope.page.getByText('only kubectl’s requests through Apiscope’s proxy'),
    ).toBeVisible()
    // A command typed while the drawing is on screen: its requests come in as dots from kubectl.
    await terminal(cluster, pasted, `kubectl -n ${ns} get configmaps`)
    await expect(apiscope.page.locator('g.client[data-client="kubectl"]:not(.quiet)')).toBeVisible()
    const row = traffic.list.locator('tr', { hasText: 'kubectl' }).filter({ hasText: 'pods' })
    await expect(row.first()).toContainText('list')
    await expect(row.first()).toContainText('200')
    await apiscope.screenshot('kubectl-proxy-live-traffic')
    expect((await apiscope.page.content()).includes(B64)).toBe(false)
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
