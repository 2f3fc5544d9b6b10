// The canary, end to end: a Secret created through the real control plane with a canary value;
// watch it, inspect it, record the session from the UI, replay the recording, export the view and
// a range; list it in the request lab, as JSON and as a Table, and dry-run apply a change to it.
// The canary never appears in any WebSocket frame, the DOM, the recording files or the exports.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { expect, startServe, test } from './fixtures'
import { ApiscopePage } from './pages/apiscope-page'
import { LabPage } from './pages/lab-page'
import { OwnershipPage } from './pages/ownership-page'

test('a Secret’s canary value reaches no frame, DOM, recording or export', async ({
  page,
  cluster,
}) => {
  const CANARY = `canary-${Date.now().toString(36)}-e2e`
  const forms = [CANARY, Buffer.from(CANARY).toString('base64')]
  const kubectl = (...args: string[]) =>
    execFileSync(
      path.join(cluster.binDir, 'kubectl'),
      [`--kubeconfig=${cluster.kubeconfig}`, '--context=apiscope-admin', ...args],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
  const recordings = mkdtempSync(path.join(tmpdir(), 'apiscope-e2e-rec-'))
  const downloads = mkdtempSync(path.join(tmpdir(), 'apiscope-e2e-dl-'))
  const ns = `e2e-canary-${Date.now().toString(36)}`
  kubectl('create', 'namespace', ns)
  const manifest = path.join(downloads, 'secret.json')
  const secret = (key: string) =>
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'coffre', namespace: ns },
      stringData: { [key]: CANARY },
    })
  writeFileSync(manifest, secret('motdepasse'))
  kubectl('apply', '-f', manifest)

  const serve = await startServe({
    KUBECONFIG: cluster.kubeconfig,
    HOME: '/nonexistent',
    APISCOPE_RECORDINGS_DIR: recordings,
  })
  const frames: string[] = []
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))))
  const app = new ApiscopePage(page, serve.url)
  const checkDom = async (where: string) => {
    const html = await page.content()
    for (const f of forms) expect(html.includes(f), `DOM ${where}`).toBe(false)
  }
  try {
    await app.open()
    await expect(app.statusPill).toContainText('Connected')
    await app.startWatch('/v1/secrets', ns)
    await page.getByRole('tab', { name: 'Table' }).click()
    const table = page.getByTestId('watch-table')
    await table
      .getByRole('button', { name: /coffre/ })
      .first()
      .click()
    const inspector = page.getByTestId('inspector')
    await expect(inspector).toContainText('redacted')
    await checkDom('live inspector')
    // The live view exported as SVG, the inspector open on the Secret.
    const [liveSvg] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('group', { name: 'Export the view' })
        .getByRole('button', { name: 'SVG' })
        .click(),
    ])
    const liveSvgText = readFileSync((await liveSvg.path()) as string, 'utf8')
    expect(liveSvgText).toContain('coffre')

    // Record from the UI while the Secret changes, with a marker.
    await page.getByRole('button', { name: 'Record', exact: true }).click()
    await app.screenshot('recording-start')
    await page.getByRole('button', { name: 'Start recording' }).click()
    await expect(page.getByRole('status', { name: 'Recording' })).toBeVisible()
    writeFileSync(manifest, secret('autre'))
    kubectl('apply', '-f', manifest)
    await page.getByRole('button', { name: 'Marker', exact: true }).click()
    await page.getByLabel('Note').fill('the Secret changed')
    await app.screenshot('recording-live')
    await page.getByRole('button', { name: 'Add marker' }).click()
    await expect(table.getByRole('button', { name: /MODIFIED.*coffre/ }).first()).toBeVisible()
    await table
      .getByRole('button', { name: /MODIFIED.*coffre/ })
      .first()
      .click()
    await expect(inspector).toContainText('redacted')
    await page.getByRole('button', { name: 'Stop', exact: true }).click()
    await expect(page.getByRole('status', { name: 'Recording' })).toBeHidden()
    await checkDom('after recording')

    // Replay it, inspect, export.
    const banner = await app.replaySavedToEnd(30_000)
    await page.getByRole('tab', { name: 'Table' }).click()
    await table
      .getByRole('button', { name: /coffre/ })
      .last()
      .click()
    await expect(inspector).toContainText('redacted')
    await inspector.getByRole('tab', { name: 'Raw' }).click()
    await checkDom('replay inspector')
    await banner.getByRole('button', { name: 'Export' }).click()
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'View as SVG' }).click(),
    ])
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'View as PNG' }).click(),
    ])
    await page.getByRole('button', { name: 'Export range as a recording' }).click()
    await expect(page.getByText(/Saved .*events/)).toBeVisible()

    const files: [string, string][] = [
      ['SVG export', readFileSync((await svg.path()) as string, 'utf8')],
      ['live SVG export', liveSvgText],
      ['PNG export', readFileSync((await png.path()) as string).toString('latin1')],
      ...readdirSync(recordings).map((name): [string, string] => {
        const raw = readFileSync(path.join(recordings, name))
        return [name, (name.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')]
      }),
      ['WebSocket frames', frames.join('\n')],
    ]
    expect(files.length).toBeGreaterThanOrEqual(5) // the recording and its range export
    expect(frames.join('\n')).toContain('coffre')
    for (const [what, text] of files) {
      for (const f of forms) expect(text.includes(f), `${what} holds the canary`).toBe(false)
    }

    // Revealing is explicit and per field; a recording made without secrets cannot reveal.
    await inspector.getByText(/secret values? redacted/).click()
    await inspector.getByRole('button', { name: 'Reveal on screen' }).first().click()
    await expect(inspector).toContainText('never written to it')
    await checkDom('after a reveal in the replay')
  } finally {
    await serve.stop()
    kubectl('delete', 'namespace', ns, '--wait=false')
  }
})

test('a list and a Table of Secrets in the lab, a what-if of a Secret: no canary in a frame or the DOM', async ({
  apiscope,
  cluster,
}) => {
  const CANARY = `apiscope-canary-${Date.now().toString(36)}-lab`
  const forms = [CANARY, Buffer.from(CANARY).toString('base64')]
  const kubectl = (...args: string[]) =>
    execFileSync(
      path.join(cluster.binDir, 'kubectl'),
      [`--kubeconfig=${cluster.kubeconfig}`, '--context=apiscope-admin', ...args],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
  const ns = `e2e-canary-lab-${Date.now().toString(36)}`
  kubectl('create', 'namespace', ns)
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'apiscope-e2e-lab-')), 'secret.json')
  // Client-side apply: the last-applied annotation a Table's rows carry holds the value too.
  writeFileSync(
    file,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'coffre', namespace: ns },
      stringData: { motdepasse: CANARY },
    }),
  )
  kubectl('apply', '-f', file)
  const frames: string[] = []
  const page = apiscope.page
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => frames.push(String(f.payload)))
    ws.on('framesent', (f) => frames.push(String(f.payload)))
  })
  const checkDom = async (where: string) => {
    const html = await page.content()
    for (const f of forms) expect(html.includes(f), `DOM ${where}`).toBe(false)
  }
  try {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    const lab = new LabPage(page)
    await lab.open()
    await page.getByTestId('lab-identity').selectOption('kubeconfig')
    await page.getByTestId('lab-verb').selectOption('list')
    await page.getByTestId('lab-resource').selectOption('/v1/secrets')
    await lab.namespace.fill(ns)
    await lab.send.click()
    await expect(lab.status).toHaveText('200')
    await expect(lab.result).toContainText('coffre')
    await expect(lab.result).toContainText('<redacted>')
    await checkDom('lab list')
    await apiscope.screenshot('redaction-lab-secret-list')

    await page.getByLabel('Accept as Table').check()
    await lab.send.click()
    await expect(lab.status).toHaveText('200')
    await expect(page.getByTestId('lab-table')).toContainText('coffre')
    await checkDom('lab Table')
    await apiscope.screenshot('redaction-lab-secret-table')

    // A what-if that only adds a label: the live Secret and the result hold the value.
    const own = new OwnershipPage(page)
    await own.open()
    await own.tab('What-if apply')
    await own.whatIf(
      `apiVersion: v1\nkind: Secret\nmetadata:\n  name: coffre\n  namespace: ${ns}\n  labels:\n    equipe: web\n`,
      'equipe',
    )
    await expect(own.result).toBeVisible()
    await expect(own.result).toContainText('equipe')
    await checkDom('what-if')
    await apiscope.screenshot('redaction-what-if-secret')

    expect(frames.join('\n')).toContain('coffre')
    for (const f of forms)
      expect(frames.join('\n').includes(f), `a WebSocket frame holds ${f}`).toBe(false)
  } finally {
    kubectl('delete', 'namespace', ns, '--wait=false')
  }
})
