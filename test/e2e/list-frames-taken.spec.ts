// The page says which watch frame it applied last (watch:frame-taken, its seq), at the next frame
// it draws, over the real WebSocket: on that word the core sends the next of a backlog at once
// (frame-batcher.ts; the core's side is test/integration/frame-taken.test.ts). Against the real
// server: a namespace of 300 ConfigMaps is listed and watched; the page's words name frames it
// got, in order, once each, the last one among them, and every object is in the page once. (A
// list of several 512 KB frames takes thousands of creates, whose audit events delay the audit
// batches later tests wait for.)
import { expect, test } from './fixtures'
import { kubectl, kubectlWithInput } from './kubectl'

const OBJECTS = 300

interface Sent {
  t: string
  channel?: string
  payload?: { seq?: number; events?: { name: string }[] }
}

test('a list and its watch: the page says which frames it took, frame drawn by frame drawn', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(180_000)
  const page = apiscope.page
  const ns = `e2e-taken-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  const name = (k: number) => `cm-${String(k).padStart(5, '0')}`
  try {
    // One kubectl create of a List: every ConfigMap a POST of its own.
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: Array.from({ length: OBJECTS }, (_, k) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: name(k), namespace: ns },
        data: { k: String(k) },
      })),
    }
    kubectlWithInput(cluster, JSON.stringify(list), 'create', '-f', '-')

    const received: Sent[] = []
    const sent: Sent[] = []
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) => received.push(JSON.parse(String(f.payload)) as Sent))
      ws.on('framesent', (f) => sent.push(JSON.parse(String(f.payload)) as Sent))
    })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns)
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    const card = page.getByTestId('watch-health').getByRole('article').first()
    await expect(card.getByTestId('watch-state')).toHaveText('watching', { timeout: 60_000 })
    // The fill's objects and the namespace's kube-root-ca.crt.
    await expect(card.getByTestId('watch-listed').locator('dd')).toHaveText(
      (OBJECTS + 1).toLocaleString('en'),
    )
    // One more through the watch: a frame of its own, and a word for it.
    kubectl(cluster, 'create', 'configmap', 'after-the-list', '-n', ns)
    await expect(card.getByTestId('watch-events').locator('dd')).toHaveText('1')
    await apiscope.screenshot('list-frames-taken-watches')

    const frames = received.filter((m) => m.t === 'event' && m.channel === 'watch:frame')
    const names = frames.flatMap((m) => m.payload?.events ?? []).map((e) => e.name)
    // Every object of the list once.
    const fill = names.filter((n) => n.startsWith('cm-'))
    expect(names).toContain('after-the-list')
    expect(fill).toHaveLength(OBJECTS)
    expect(new Set(fill).size).toBe(OBJECTS)
    const seqs = () => ({
      got: received
        .filter((m) => m.t === 'event' && m.channel === 'watch:frame')
        .map((m) => m.payload?.seq),
      taken: sent
        .filter((m) => m.t === 'invoke' && m.channel === 'watch:frame-taken')
        .map((m) => m.payload?.seq),
    })
    // The page's words: at most one a frame drawn, for the last frame applied by then, so each
    // names a frame the page got, in order, and the last frame is among them.
    await expect
      .poll(() => {
        const { got, taken } = seqs()
        return taken.at(-1) === got.at(-1)
      })
      .toBe(true)
    const { got, taken } = seqs()
    expect(taken.length).toBeGreaterThanOrEqual(2)
    expect(taken.every((q) => got.includes(q))).toBe(true)
    expect(taken).toEqual([...taken].sort((a, b) => (a ?? 0) - (b ?? 0)))
    expect(new Set(taken).size).toBe(taken.length)
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})
