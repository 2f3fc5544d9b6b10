// A recording keeps the keys of its timeline notes (docs/recording-format.md, `noteSaid`), so a
// replay says them in the chosen language. Recorded here from the real server: a ConfigMap
// deleted in etcd while kube-apiserver is down, which no watch can see happen; the restarted
// server answers the watch's resume with 410 Expired, the relist no longer returns the ConfigMap,
// and the timeline gets a GONE event with Apiscope's note. The recording is replayed in the real
// browser in French: the note reads in French, and its line in the file carries its key.
// Screenshots: test/artifacts/screenshots/fr-replayed-gone-note.png (and en-…).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { restartApiserver } from '../cluster/control-plane'
import { etcdctlOf } from '../cluster/etcd-compaction'
import { expectFits, expectNoEnglish } from './french-check'
import { expect, startServe, test } from './fixtures'
import { kubectl } from './kubectl'
import { ApiscopePage } from './pages/apiscope-page'

test('a GONE note recorded from the real server replays in French', async ({ page, cluster }) => {
  test.setTimeout(240_000)
  const recordings = mkdtempSync(path.join(tmpdir(), 'apiscope-e2e-note-'))
  const ns = `e2e-fr-note-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  kubectl(cluster, 'create', 'configmap', 'reste', '-n', ns, '--from-literal=a=1')
  kubectl(cluster, 'create', 'configmap', 'partie', '-n', ns, '--from-literal=a=2')
  const serve = await startServe({
    KUBECONFIG: cluster.kubeconfig,
    HOME: '/nonexistent',
    APISCOPE_RECORDINGS_DIR: recordings,
  })
  const app = new ApiscopePage(page, serve.url)
  const table = page.getByTestId('watch-table')
  try {
    await app.open()
    await expect(app.statusPill).toContainText('Connected')
    await app.startWatch('/v1/configmaps', ns)
    await page.getByRole('tab', { name: 'Table' }).click()
    await expect(table).toContainText('partie')

    await page.getByRole('button', { name: 'Record', exact: true }).click()
    await page.getByRole('button', { name: 'Start recording' }).click()
    await expect(page.getByRole('status', { name: 'Recording' })).toBeVisible()

    // Deleted in etcd while the API server is down: the watch never sees a DELETED for it.
    await restartApiserver(cluster, 300, () => {
      execFileSync(
        etcdctlOf(cluster),
        [`--endpoints=${cluster.etcdEndpoint}`, 'del', `/registry/configmaps/${ns}/partie`],
        { stdio: 'ignore' },
      )
    })
    await expect(table).toContainText('not in the relist at', { timeout: 120_000 })
    await page.getByRole('button', { name: 'Stop', exact: true }).click()
    await expect(page.getByRole('status', { name: 'Recording' })).toBeHidden()

    // The file keeps the note's English and its key.
    const [file] = readdirSync(recordings)
    if (!file) throw new Error('no recording was written')
    const raw = readFileSync(path.join(recordings, file))
    const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8')
    const gone = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { kind: string; note?: string; noteSaid?: unknown })
      .find((line) => line.kind === 'gone')
    expect(gone?.note).toMatch(/^not in the relist at \S+: deleted while no watch was open$/)
    expect(gone?.noteSaid).toMatchObject({ key: 'watch.core.goneNote' })

    // Replayed, in French.
    await app.replaySavedToEnd(60_000)
    await page.getByRole('tab', { name: 'Table' }).click()
    await expect(table).toContainText('not in the relist at')
    await app.screenshot('en-replayed-gone-note')

    await app.setLanguage('fr')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(table).toContainText(
      /absent de la nouvelle liste à \S+\s: supprimé pendant qu’aucun watch n’était ouvert/,
    )
    await expect(table).not.toContainText('not in the relist')
    await expectNoEnglish(page, 'a replayed GONE note')
    await expectFits(page, 'a replayed GONE note')
    await app.screenshot('fr-replayed-gone-note')
  } finally {
    await serve.stop()
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
