// A list answer cut in the middle, as a person sees it in "Watches & lists" (#14). The app
// (`apiscope serve`, browser mode) reaches the real kube-apiserver through the fault proxy
// (test/cluster/fault-proxy.ts), which slows the list's one answer to 24 KB/s and then resets
// every connection once some objects are on the timeline: a cut by the connection, as at 150,056
// ConfigMaps, so no test-only setting of the app is needed. The card then shows the list cut once,
// its cut page (the items it brought, why, and the continue token Apiscope built after the last
// one), the list going on in pages of 500 at the same resourceVersion, and every object reaches
// the timeline once. Pictured in English and French (list-cut-watches, fr-list-cut-watches).
// And where the server refuses that token (410: etcd compacted past its resourceVersion while the
// proxy held the request that carried it), the cut page says so with the server's answer, the
// list's line says it started over, and the list that started over brings the rest: still every
// object once (list-cut-refused-watches, fr-list-cut-refused-watches); the list that started over
// is a RELIST after 410 Expired, on the card and on the timeline. The card counts the objects the
// last list returned and the watch events apart (1,101 listed, 0 watch events after the list).
// And where API Priority and Fairness answers the request with the built token 429 (the app
// connected as a ServiceAccount whose ConfigMap requests go to a priority level with no seats,
// test/cluster/apf-no-seats.ts): the cut page says each 429 and that the same page was asked
// again after the server's Retry-After, and the list ends with every object once. Its namespace
// has 60 characters: the top bar shows it whole, on a line of its own; in the top bar and on the
// card, Reconnect and Stop stay on their row, each label on one line (list-page-429-watches and -top, at 1280×800, and presenter-1024x768-…, with
// their fr- twins).
// And where the request for a page is answered 503 (the proxy, ending TLS, answers it itself
// once, with kube-apiserver's Status for a 503 and a Retry-After of 30 s): while it waits, the
// card says so in the server's words and when it asks again (fr-presenter-1024x768-list-page-
// 503-backoff, the card from its top); the page before it says so, and that the same page was
// asked again after the Retry-After; the list ends in its pages of 100 with every object once, as
// many as kubectl lists (list-page-503-watches and -top, at 1280×800 and presenter-1024x768-…,
// with their fr- twins).
// The canary case: Secrets that hold a canary (plain in their last-applied annotation, base64 in
// their data), cut and refused: the canary is in no WebSocket frame and in none of the pages the
// list reaches (list-cut-canary-watches).
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { NO_SEATS_NEEDS, noSeatsFor, type NoSeats } from '../cluster/apf-no-seats'
import { ADMIN_CONTEXT, type ClusterInfo } from '../cluster/control-plane'
import { compactEtcdOf } from '../cluster/etcd-compaction'
import { FaultProxy, kubeconfigVia, tlsOfCluster } from '../cluster/fault-proxy'
import { expectFits, expectNoEnglish } from './french-check'
import { auditLayout, controlRows, FITS, onOneRow, shownWhole, textLines } from './layout-audit'
import { expect, startServe, test } from './fixtures'
import { kubectl } from './kubectl'
import { ApiscopePage } from './pages/apiscope-page'

/** What a test lists: `count` ConfigMaps, or Secrets that hold `canary`. */
interface Filled {
  prefix: string
  count: number
  canary?: string
}

/**
 * `count` ConfigMaps c-0000… of 3 KB of random hex each: gzip cannot shrink the answer to nothing.
 * With a canary: Secrets of as much, each with the canary too, their configuration saved as
 * `kubectl apply` saves it (the last-applied annotation holds the canary as it was written).
 */
function fill(cluster: ClusterInfo, ns: string, dir: string, { count, canary }: Filled): void {
  const items = Array.from({ length: count }, (_, i) => ({
    apiVersion: 'v1',
    metadata: { name: `c-${String(i).padStart(4, '0')}`, namespace: ns },
    ...(canary === undefined
      ? { kind: 'ConfigMap', data: { pad: randomBytes(1500).toString('hex') } }
      : {
          kind: 'Secret',
          stringData: {
            motdepasse: `${canary}-${i}`,
            pad: randomBytes(1500).toString('hex'),
          },
        }),
  }))
  const file = path.join(dir, `${ns}.json`)
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items }))
  kubectl(cluster, 'create', ...(canary === undefined ? [] : ['--save-config']), '-f', file)
}

/** What each test runs on: the app through a fault proxy, and a namespace filled as `Filled` says. */
interface ProxiedApp {
  ns: string
  proxy: FaultProxy
  serve: Awaited<ReturnType<typeof startServe>>
}

/**
 * Starts the fault proxy and `apiscope serve` through it (as the admin, or as the user of the
 * kubeconfig `as` gives for the namespace), fills a namespace named after `prefix`, runs `body`,
 * then stops and removes all of it. `endsTls`: the proxy ends TLS (as the admin, so not with
 * `as`), and can answer a request itself (FaultProxy.answerOnce).
 */
async function withAppThroughProxy(
  cluster: ClusterInfo,
  filled: Filled,
  body: (app: ProxiedApp) => Promise<void>,
  {
    as = () => cluster.kubeconfig,
    endsTls = false,
  }: {
    as?: (ns: string, dir: string) => Promise<string> | string
    endsTls?: boolean
  } = {},
): Promise<void> {
  const { prefix } = filled
  const ns = `${prefix}-${Date.now().toString(36)}`
  const dir = mkdtempSync(path.join(os.tmpdir(), `apiscope-${prefix}-`))
  const proxy = await FaultProxy.start(
    cluster.server,
    endsTls ? tlsOfCluster(cluster.dir) : undefined,
  )
  kubectl(cluster, 'create', 'namespace', ns)
  const serve = await startServe({
    KUBECONFIG: kubeconfigVia(await as(ns, dir), proxy.url, dir),
    HOME: '/nonexistent',
  })
  try {
    fill(cluster, ns, dir, filled)
    await body({ ns, proxy, serve })
  } finally {
    await serve.stop()
    await proxy.close()
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The Watches view's counts line: 'N events · N objects · N lists'. */
const countsLine = (page: Page) => page.getByText(/ objects? · \d+ lists?$/)
async function objectsOnScreen(page: Page): Promise<number> {
  const text = (await countsLine(page).textContent()) ?? ''
  return Number(/([\d,]+) objects?/.exec(text)?.[1]?.replace(/,/g, ''))
}

/**
 * The screen in French checked (no English shown, it all fits) and pictured as `shot`, scrolled
 * to `shown` first where given; then the app in English again.
 */
async function frenchChecked(
  apiscope: ApiscopePage,
  where: string,
  shot: string,
  shown?: Locator,
): Promise<void> {
  await expectNoEnglish(apiscope.page, where)
  await expectFits(apiscope.page, where)
  await shown?.scrollIntoViewIfNeeded()
  await apiscope.screenshot(shot)
  await apiscope.setLanguage('en')
}

/** ConfigMaps to list: a cut after a few dozen leaves more than two pages of 500 to go on with. */
const COUNT = 1100

test('a list answer cut mid-way goes on in pages; Watches & lists shows the cut page, every object once', async ({
  page,
  cluster,
}) => {
  test.setTimeout(300_000)
  const filled = { prefix: 'e2e-list-cut', count: COUNT }
  await withAppThroughProxy(cluster, filled, async ({ ns, proxy, serve }) => {
    const total = COUNT + 1 // and the namespace's kube-root-ca.crt
    const grouped = total.toLocaleString('en-US')

    const apiscope = new ApiscopePage(page, serve.url)
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    // The list's one answer (no page size: one request, no limit) at 24 KB/s.
    proxy.throttle(24_000)
    await apiscope.startWatch('/v1/configmaps', ns)
    const counts = countsLine(page)
    await expect.poll(() => objectsOnScreen(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(20)
    expect(await objectsOnScreen(page), 'the answer was still coming').toBeLessThan(total)
    expect(proxy.cutAll()).toBeGreaterThan(0)
    proxy.throttle(null)

    // Every object reaches the timeline once: as many LISTED events as objects.
    await expect(counts).toHaveText(`${grouped} events · ${grouped} objects · 1 list`, {
      timeout: 60_000,
    })
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    const health = page.getByTestId('watch-health')
    await expect(health.getByTestId('watch-state')).toHaveText('watching')
    await expect(health).toContainText(`${grouped} items at resourceVersion`)
    await expect(health).toContainText('its answer was cut once')
    // The cut page: the items it brought, why, and where the list went on.
    const cut = health.getByTestId('list-page-cut')
    await expect(cut).toHaveText(/^cut after \d+ items: connection lost \(.+\)$/)
    const brought = Number(/cut after (\d+)/.exec((await cut.textContent()) ?? '')?.[1])
    const last = `c-${String(brought - 1).padStart(4, '0')}`
    // The items come in name order: kube-root-ca.crt last, so the cut page's last one is c-….
    await expect(health).toContainText(
      `went on after the last item received: continue built by Apiscope → {"v":"meta.k8s.io/v1","rv":`,
    )
    await expect(health).toContainText(`"start":"/${last}\\u0000"}`)
    // Then pages of 500 at the same resourceVersion, each said with its items.
    const after = Math.ceil((total - brought) / 500)
    await expect(health).toContainText(`in ${after + 1} pages`)
    await expect(health).toContainText(/page 2: 500 items, rv \d+, \d{1,3}(,\d{3})* remaining/)
    await expect(health.getByTestId('list-ending')).toHaveCount(0)
    await expect(health.getByTestId('list-page-refused')).toHaveCount(0)
    // The card counts the objects the list returned and the watch events apart.
    await expect(health.getByTestId('watch-listed').locator('dd')).toHaveText(grouped)
    await expect(health.getByTestId('watch-events').locator('dd')).toHaveText('0')
    await apiscope.screenshot('list-cut-watches')

    await apiscope.setLanguage('fr')
    await expect(health).toContainText('sa réponse a été coupée une fois')
    await expect(health.getByTestId('list-page-cut')).toHaveText(
      /^coupée après \d+ éléments\s: connexion perdue \(.+\)$/,
    )
    await expect(health.getByTestId('watch-listed').locator('dd')).toHaveText(/^1\s101$/)
    // 0 in the singular, as French counts it.
    await expect(health.getByTestId('watch-events').locator('dt')).toHaveText('événement du watch')
    await frenchChecked(apiscope, 'Watches & lists, a cut list', 'fr-list-cut-watches')
  })
})

test('a continue token the server refuses: the cut page says so, the list starts over, every object once', async ({
  page,
  cluster,
}) => {
  test.setTimeout(300_000)
  const filled = { prefix: 'e2e-list-refused', count: 300 }
  await withAppThroughProxy(cluster, filled, async (app) => {
    const total = 301
    const apiscope = new ApiscopePage(page, app.serve.url)
    const health = await cutThenRefused(apiscope, cluster, app, 'configmaps')

    // Our words, then the server's as it came.
    await expect(health.getByTestId('list-page-refused')).toHaveText(
      /^the server refused this continue token \(410\): the list started over, from its first page\. The server said:\s*The provided continue parameter is too old/,
    )
    await expect(health).toContainText(
      'asked to go on after the last item received: continue built by Apiscope →',
    )
    await expect(health.getByTestId('list-ending')).toHaveText(
      ' · incomplete: the server refused its continue token, and the list started over',
    )
    await expect(health.getByTestId('watch-state')).toHaveText('watching', {
      timeout: 60_000,
    })
    await expect(health).toContainText(`${total} items at resourceVersion`)
    // The list that started over is a relist after 410 Expired, as after a watch's 410.
    const chips = health.getByTestId('list-kind')
    await expect(chips).toHaveText(['LIST', 'RELIST after 410 Expired'])
    // Each object once: the list that started over records only what the cut one had not.
    await page.getByRole('tab', { name: 'Timeline' }).click()
    await expect(countsLine(page)).toHaveText(`${total} events · ${total} objects · 2 lists`)
    await expect(page.getByTestId('timeline-chart')).toContainText(/RELIST @\d+ · 1 page/)
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    await apiscope.screenshot('list-cut-refused-watches')
    // Below it, the list that started over: every item, at a resourceVersion of its own.
    await health.getByText(`${total} items at resourceVersion`).scrollIntoViewIfNeeded()
    await apiscope.screenshot('list-cut-refused-watches-after')

    await apiscope.setLanguage('fr')
    await expect(health.getByTestId('list-page-refused')).toHaveText(
      /^le serveur a refusé ce jeton continue \(410\)\s: la liste a recommencé, à sa première page\. Le serveur a dit\s:\s*The provided continue parameter is too old/,
    )
    await expect(health.getByTestId('list-ending')).toHaveText(
      /^ · incomplète\s: le serveur a refusé son jeton continue, et la liste a recommencé$/,
    )
    await expect(chips).toHaveText(['LIST', 'RELIST après 410 Expired'])
    await frenchChecked(
      apiscope,
      'Watches & lists, a refused continue token',
      'fr-list-cut-refused-watches',
    )
  })
})

test('a canary Secret in a cut list whose token the server refuses: in no WebSocket frame, on no page', async ({
  page,
  cluster,
}) => {
  test.setTimeout(300_000)
  // 24 characters: its base64 is a prefix of the base64 of any value that starts with it.
  const canary = `apiscope-canary-${randomBytes(4).toString('hex')}`
  const forms = [canary, Buffer.from(canary).toString('base64')]
  const frames: string[] = []
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))))
  const expectNotOnPage = async (where: string) => {
    const html = await page.content()
    for (const form of forms) expect(html.includes(form), `${where} holds ${form}`).toBe(false)
  }
  const filled = { prefix: 'e2e-list-canary', count: 300, canary }
  await withAppThroughProxy(cluster, filled, async (app) => {
    const secret = kubectl(cluster, 'get', 'secret', 'c-0000', '-n', app.ns, '-o', 'json')
    for (const form of forms) expect(secret, 'the Secret holds the canary').toContain(form)
    const apiscope = new ApiscopePage(page, app.serve.url)
    const health = await cutThenRefused(apiscope, cluster, app, 'secrets')
    await expectNotOnPage('Watches & lists, the cut page')
    await expect(health.getByTestId('list-page-refused')).toContainText(
      'the server refused this continue token (410)',
    )
    await expect(health.getByTestId('watch-state')).toHaveText('watching', {
      timeout: 60_000,
    })
    await expect(health).toContainText('incomplete: the server refused its continue token')
    await expectNotOnPage('Watches & lists, the refused token')
    await apiscope.screenshot('list-cut-canary-watches')
    await page.getByRole('tab', { name: 'Timeline' }).click()
    await expect(countsLine(page)).toContainText('2 lists')
    await expectNotOnPage('Timeline')
    await page.getByRole('tab', { name: 'Table' }).click()
    await expect(page.getByTestId('watch-table')).toContainText('Secret')
    await expectNotOnPage('Table')
    // The frames carried the list's record: its cut page and the refusal.
    const sent = frames.join('\n')
    expect(sent).toContain('"tokenRefused"')
    for (const form of forms)
      expect(sent.includes(form), `a WebSocket frame holds ${form}`).toBe(false)
  })
})

/**
 * The namespace's `resource` listed in the app, the answer at 24 KB/s; once some objects are on
 * the timeline, the proxy stops forwarding, then resets every connection: the answer is cut, and
 * the request that goes on with the built token waits, held by the proxy, until the server refuses
 * that token; then the proxy forwards again. Returns the Watches & lists card, open.
 */
async function cutThenRefused(
  apiscope: ApiscopePage,
  cluster: ClusterInfo,
  { ns, proxy }: ProxiedApp,
  resource: 'configmaps' | 'secrets',
): Promise<Locator> {
  const page = apiscope.page
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  proxy.throttle(24_000)
  await apiscope.startWatch(`/v1/${resource}`, ns)
  await expect.poll(() => objectsOnScreen(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(20)
  proxy.stall()
  expect(proxy.cutAll()).toBeGreaterThan(0)
  await page.getByRole('tab', { name: 'Watches & lists' }).click()
  const health = page.getByTestId('watch-health')
  const cut = health.getByTestId('list-page-cut')
  await expect(cut).toHaveText(/^cut after \d+ items: connection lost \(.+\)$/)
  // The token as the page shows it, decoded: encoded again, it is the one the core asked with.
  const shown = await health.locator('.token', { hasText: 'built by Apiscope' }).textContent()
  const decoded = JSON.parse(/→\s*(\{.*\})/.exec(shown ?? '')?.[1] ?? 'null') as {
    rv: number
    start: string
  }
  const token = Buffer.from(JSON.stringify(decoded)).toString('base64url')
  // A revision past the list's, then etcd compacted to now: the server refuses the token (1.37
  // once its watch cache dropped its snapshot of that revision).
  kubectl(cluster, 'label', 'namespace', ns, `bumped=${Date.now()}`)
  compactEtcdOf(cluster)
  await expect
    .poll(() => refusal(cluster, ns, resource, token), {
      timeout: 60_000,
      intervals: [1000],
    })
    .toMatch(/too old/)
  proxy.resume()
  proxy.throttle(null)
  return health
}

test('a next page answered 429 after a cut: the cut page says each answer, the same page is asked again, every object once', async ({
  page,
  cluster,
}) => {
  test.skip(cluster.version.startsWith('v1.20.'), NO_SEATS_NEEDS)
  test.setTimeout(300_000)
  let apf: NoSeats | undefined
  const throttledAs = async (ns: string, dir: string) => {
    const seats = noSeatsFor({
      kubectl: (...args) => kubectl(cluster, ...args),
      adminKubeconfig: cluster.kubeconfig,
      namespace: ns,
      dir,
    })
    apf = seats
    await expect.poll(() => seats.dangling()).toBe('False')
    return seats.kubeconfig
  }
  try {
    await withAppThroughProxy(
      cluster,
      { prefix: LONG_429_PREFIX, count: 300 },
      async ({ proxy, serve, ns }) => {
        const total = 301
        expect(ns).toHaveLength(60)
        const throttle = apf as NoSeats
        const apiscope = new ApiscopePage(page, serve.url)
        await apiscope.open()
        await expect(apiscope.statusPill).toContainText('Connected')
        proxy.throttle(24_000)
        await apiscope.startWatch('/v1/configmaps', ns)
        await expect
          .poll(() => objectsOnScreen(page), { timeout: 60_000 })
          .toBeGreaterThanOrEqual(20)
        // Cut, with the request that goes on with the built token held by the proxy; then the
        // level's one seat taken, and the request let through: the server answers it 429.
        proxy.stall()
        expect(proxy.cutAll()).toBeGreaterThan(0)
        await page.getByRole('tab', { name: 'Watches & lists' }).click()
        const health = page.getByTestId('watch-health')
        await expect(health.getByTestId('list-page-cut')).toHaveText(
          /^cut after \d+ items: connection lost \(.+\)$/,
        )
        const release = await throttle.hold()
        proxy.resume()
        proxy.throttle(null)
        const answered = health.getByTestId('list-page-answered')
        await expect(answered).toHaveText(
          /^the request for the next page was answered 429, \d+ times: asked again after each, and asking again after 1\.0 s \(the server's Retry-After: 1 s\)\. The server said:\s*Too many requests/i,
          { timeout: 30_000 },
        )
        await expect(health.getByTestId('watch-state')).toHaveText('backoff')
        // The state's reason in the server's words; the throttle note below it names the
        // FlowSchema and the priority level, each once on the card.
        await expect(health).toContainText(
          "list page 2 answered 429: Too Many Requests; retrying in 1.0 s (the server's Retry-After: 1 s)",
        )
        await expect(health.getByTestId('watch-throttled')).toContainText(
          `FlowSchema ${throttle.flowSchema}, priority level ${throttle.priorityLevel}; the last`,
        )
        const card = health.getByRole('article')
        const once = async (language: string) => {
          const text = (await card.textContent()) ?? ''
          for (const name of [throttle.flowSchema, throttle.priorityLevel])
            expect.soft(text.split(name).length - 1, `${name} on the card, ${language}`).toBe(1)
        }
        // Pictured with the namespace's 60 characters in the top bar and on the card.
        await picturedAtEachSize(
          apiscope,
          {
            health,
            shown: answered,
            name: 'list-page-429-watches',
            what: 'answered 429',
          },
          async (language) => {
            await once(language)
            if (language === 'fr')
              await expect(answered).toHaveText(
                /^la demande de la page suivante a reçu \d+ fois la réponse 429\s: demandée à nouveau après chacune, et nouvelle demande après 1,0\ss \(le Retry-After du serveur\s: 1\ss\)\. Le serveur a dit\s:\s*Too many requests/i,
              )
            await expect(health.getByTestId('watch-state')).toHaveText(
              language === 'fr' ? 'en attente' : 'backoff',
            )
          },
        )
        release()
        await expect(health.getByTestId('watch-state')).toHaveText('watching', {
          timeout: 60_000,
        })
        // One list, no relist, every object once.
        await expect(health).toContainText(`${total} items at resourceVersion`)
        await expect(health.getByTestId('list-kind')).toHaveText(['LIST'])
        await expect(health.getByTestId('list-ending')).toHaveCount(0)
        await expect(health.getByTestId('watch-listed').locator('dd')).toHaveText(String(total))
        await page.getByRole('tab', { name: 'Timeline' }).click()
        await expect(countsLine(page)).toHaveText(`${total} events · ${total} objects · 1 list`)
      },
      { as: throttledAs },
    )
  } finally {
    apf?.remove()
  }
})

/** What kube-apiserver says with a 503 it answers itself (apimachinery's NewServiceUnavailable). */
const UNAVAILABLE = 'the server is currently unable to handle the request'

test("a next page answered 503: the page says so in the server's words, the same page is asked again, every object once", async ({
  page,
  cluster,
}) => {
  test.setTimeout(300_000)
  // The proxy ends TLS to answer the request for the list's second page itself, once: 503 with
  // a Status, as a load balancer in front of kube-apiserver or the server itself would.
  await withAppThroughProxy(
    cluster,
    { prefix: 'e2e-list-503', count: 300 },
    async ({ ns, proxy, serve }) => {
      const total = 301 // and the namespace's kube-root-ca.crt
      const apiscope = new ApiscopePage(page, serve.url)
      await apiscope.open()
      await expect(apiscope.statusPill).toContainText('Connected')
      const list = `GET /api/v1/namespaces/${ns}/configmaps?`
      // With a Retry-After of 30 s, the core's longest wait (backoff.ts): the card stays in its
      // wait while it is read and pictured below, at any load.
      const refused = proxy.answerOnce(
        (line) => line.startsWith(list) && line.includes('continue='),
        { code: 503, reason: 'ServiceUnavailable', message: UNAVAILABLE, retryAfterSeconds: 30 },
      )
      // Pages of 100: the first one's continue token goes into the request answered 503.
      await apiscope.startWatch('/v1/configmaps', ns, 100)
      expect(await refused).toMatch(/[?&]limit=100&continue=/)
      await page.getByRole('tab', { name: 'Watches & lists' }).click()
      const health = page.getByTestId('watch-health')
      const state = health.getByTestId('watch-state')

      // The wait before the same page is asked again: the card says it, in the server's words,
      // with when it asks again. Pictured in French in presenter mode, from the card's top; the
      // state read again after the picture, so that the picture is of the wait.
      await expect(state).toHaveText('backoff')
      await expect(health).toContainText(
        `list page 2 answered 503: ${UNAVAILABLE}; retrying in 30.0 s (the server's Retry-After: 30 s)`,
      )
      // The list says it is still being read: its pages so far, the next request still to come.
      const answered = health.getByTestId('list-page-answered')
      await expect(health).toContainText('items at resourceVersion')
      await expect(health).toContainText(', 1 page read so far')
      await expect(answered).toHaveText(
        `the request for the next page was answered 503: asking again after 30.0 s (the server's Retry-After: 30 s). The server said: ${UNAVAILABLE}`,
      )
      await page.setViewportSize({ width: 1024, height: 768 })
      await presenterButton(page).click()
      await expect(page.locator('html')).toHaveClass(/presenter/)
      await speak(apiscope, 'fr')
      await expect(state).toHaveText('en attente')
      await expect(health).toContainText(
        new RegExp(
          `la page 2 de la liste a reçu 503\\s:\\s${UNAVAILABLE}\\s;\\snouvel essai dans 30,0\\ss \\(le Retry-After du serveur\\s:\\s30\\ss\\)`,
        ),
      )
      await expect(health).toContainText(', 1 page lue pour l’instant')
      await expect(answered).toHaveText(
        `la demande de la page suivante a reçu la réponse 503 : nouvelle demande après 30,0 s (le Retry-After du serveur : 30 s). Le serveur a dit : ${UNAVAILABLE}`,
      )
      await expectNoEnglish(page, 'Watches & lists, waiting to ask a page answered 503 again, fr')
      await health.locator('article').evaluate((el) => el.scrollIntoView())
      await apiscope.screenshot('fr-presenter-1024x768-list-page-503-backoff')
      expect(await state.textContent(), 'still waiting after the picture').toBe('en attente')
      await presenterButton(page).click()
      await speak(apiscope, 'en')
      await page.setViewportSize({ width: 1280, height: 720 })

      await expect(state).toHaveText('watching', { timeout: 60_000 })
      // The first page says that the request for the next one was answered 503, in the server's
      // words, and asked again after the answer's Retry-After.
      await expect(answered).toHaveText(
        new RegExp(
          `^the request for the next page was answered 503: asked again after 30\\.0 s \\(the server's Retry-After: 30 s\\)\\. The server said:\\s*${UNAVAILABLE}$`,
        ),
      )
      const pages = health.locator('ol.pages > li')
      await expect(pages.filter({ has: page.getByTestId('list-page-answered') })).toHaveText(
        /^page 1: 100 items, rv \d+/,
      )
      // Then the same page, and the rest: one list, every object once, as kubectl lists them.
      // Names only: 300 ConfigMaps of 3 KB as JSON are past execFileSync's 1 MB on 1.20.
      const listed = kubectl(cluster, 'get', 'configmaps', '-n', ns, '-o', 'name').trim()
      expect(listed.split('\n')).toHaveLength(total)
      await expect(health).toContainText(`${total} items at resourceVersion`)
      await expect(health).toContainText(', in 4 pages')
      await expect(pages).toHaveText([
        /^page 1: 100 items/,
        /^page 2: 100 items/,
        /^page 3: 100 items/,
        /^page 4: 1 item,/,
      ])
      await expect(health.getByTestId('list-kind')).toHaveText(['LIST'])
      await expect(health.getByTestId('list-ending')).toHaveCount(0)
      await expect(health.getByTestId('watch-listed').locator('dd')).toHaveText(String(total))
      await expect(countsLine(page)).toHaveText(`${total} events · ${total} objects · 1 list`)

      await picturedAtEachSize(
        apiscope,
        {
          health,
          shown: answered,
          name: 'list-page-503-watches',
          what: 'answered 503',
        },
        async (language) => {
          if (language === 'fr') {
            // One item left: singular, as every count the card says.
            await expect(pages.nth(2)).toHaveText(/^page 3\s: 100 éléments, rv \d+, 1 restant\s/)
            await expect(answered).toHaveText(
              new RegExp(
                `^la demande de la page suivante a reçu la réponse 503\\s: demandée à nouveau après 30,0\\ss \\(le Retry-After du serveur\\s: 30\\ss\\)\\. Le serveur a dit\\s:\\s*${UNAVAILABLE}$`,
              ),
            )
          }
        },
      )
    },
    { endsTls: true },
  )
})

test('a watch stopped while it waits to ask a page answered 503 again: no request goes, its card goes, its list stays on the timeline', async ({
  page,
  cluster,
}) => {
  test.setTimeout(180_000)
  await withAppThroughProxy(
    cluster,
    { prefix: 'e2e-list-503-stop', count: 150 },
    async ({ ns, proxy, serve }) => {
      const apiscope = new ApiscopePage(page, serve.url)
      await apiscope.open()
      await expect(apiscope.statusPill).toContainText('Connected')
      const list = `GET /api/v1/namespaces/${ns}/configmaps?`
      const nextPage = (line: string) => line.startsWith(list) && line.includes('continue=')
      const refused = proxy.answerOnce(nextPage, {
        code: 503,
        reason: 'ServiceUnavailable',
        message: UNAVAILABLE,
        retryAfterSeconds: 30,
      })
      await apiscope.startWatch('/v1/configmaps', ns, 100)
      await refused
      await page.getByRole('tab', { name: 'Watches & lists' }).click()
      const health = page.getByTestId('watch-health')
      await expect(health.getByTestId('watch-state')).toHaveText('backoff')
      await expect(health.getByTestId('list-page-answered')).toHaveText(
        /^the request for the next page was answered 503: asking again after 30\.0 s/,
      )

      // Stopped during the wait, from the card's own Stop button: the card goes (Watches & lists
      // shows the watches running), and any request for the next page from now on would be
      // answered here: none may come.
      await health.getByRole('button', { name: /^Stop watch \d+$/ }).click()
      await expect(health.getByRole('article')).toHaveCount(0)
      await expect(health).toContainText('No watch yet')
      let askedAfterStop = ''
      void proxy
        .answerOnce(nextPage, { code: 503, reason: 'ServiceUnavailable', message: UNAVAILABLE })
        .then((line) => (askedAfterStop = line))
      // Past the server's Retry-After and the core's longest wait: nothing asked, the first
      // page's objects still on the timeline, with its one list.
      await page.waitForTimeout(32_000)
      expect(askedAfterStop, 'a request for the next page after the watch stopped').toBe('')
      await page.getByRole('tab', { name: 'Timeline' }).click()
      await expect(countsLine(page)).toHaveText('100 events · 100 objects · 1 list')
      await apiscope.screenshot('list-page-503-stopped-timeline')
    },
    { endsTls: true },
  )
})

/**
 * The Watches & lists card pictured at a desk (1280×800) and in presenter mode (1024×768), in
 * English and French, after `check` in each: no English left in French, Reconnect and Stop whole
 * on their rows, nothing overlapping or cut (auditLayout). Each picture twice: the card from its
 * top (Stop and the state's reason), as NAME-top, then scrolled down to `shown`, as NAME
 * (presenter-1024x768-NAME…, fr-…). Ends at 1280×720, in English, presenter mode off.
 */
async function picturedAtEachSize(
  apiscope: ApiscopePage,
  { health, shown, name, what }: { health: Locator; shown: Locator; name: string; what: string },
  check: (language: 'en' | 'fr') => Promise<void>,
): Promise<void> {
  const page = apiscope.page
  for (const [presenter, size] of [
    [false, { width: 1280, height: 800 }],
    [true, { width: 1024, height: 768 }],
  ] as const) {
    await page.setViewportSize(size)
    if (presenter) {
      await presenterButton(page).click()
      await expect(page.locator('html')).toHaveClass(/presenter/)
    }
    const at = presenter ? `presenter-${size.width}x${size.height}-` : ''
    for (const language of ['en', 'fr'] as const) {
      await speak(apiscope, language)
      const where = `Watches & lists, a next page ${what}, ${language}, ${size.width}×${size.height}${presenter ? ' presenter' : ''}`
      await check(language)
      if (language === 'fr') await expectNoEnglish(page, where)
      await expectOneLineControls(page, health, where)
      const file = `${language === 'fr' ? 'fr-' : ''}${at}${name}`
      await health.locator('article').evaluate((el) => el.scrollIntoView())
      await apiscope.screenshot(`${file}-top`)
      await shown.scrollIntoViewIfNeeded()
      await apiscope.screenshot(file)
      expect.soft(await auditLayout(page), where).toEqual(FITS)
    }
    if (presenter) await presenterButton(page).click()
    await speak(apiscope, 'en')
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

/**
 * With withAppThroughProxy's '-' and 8-character suffix (Date.now() in base 36), a namespace of 60
 * characters (63 at most): in the top bar and in the label of the watch's card.
 */
const LONG_429_PREFIX = 'e2e-list-429-a-namespace-named-at-length-for-a-room'

/** The side bar's switch to `language`, unless the page speaks it (the rail shows only the other). */
async function speak(apiscope: ApiscopePage, language: 'en' | 'fr'): Promise<void> {
  if ((await apiscope.page.locator('html').getAttribute('lang')) !== language)
    await apiscope.setLanguage(language)
  await expect(apiscope.page.locator('html')).toHaveAttribute('lang', language)
}

/** The display controls' presenter button (its name is the same on the rail, by aria-label). */
const presenterButton = (page: Page) =>
  page.getByRole('button', { name: /^(Presenter|Présentation)$/ })

/**
 * The controls after a long text stay whole on their row: Reconnect on the top bar's first line,
 * beside the brand, its label on one line; the watch's Stop on its card's first row, beside the
 * watch's number, its label on one line. The namespace reads whole in the top bar (on a line of
 * its own when long), and the watch picker, its namespace field filled, takes two rows.
 */
async function expectOneLineControls(page: Page, card: Locator, where: string): Promise<void> {
  expect
    .soft(await shownWhole(page.getByTestId('namespace')), `${where}: the namespace whole`)
    .toBe(true)
  const picker = page.getByRole('form', {
    name: /^(Start a watch|Lancer un watch)$/,
  })
  expect.soft(await controlRows(picker), `${where}: the watch picker's rows`).toBe(2)
  const reconnect = page.getByRole('button', {
    name: /^(Reconnect|Reconnecter)$/,
  })
  const brand = page.locator('header.top .brand')
  expect.soft(await textLines(reconnect), `${where}: Reconnect's label on one line`).toBe(1)
  expect
    .soft(await onOneRow(reconnect, brand), `${where}: Reconnect on the top bar's row`)
    .toBe(true)
  const stop = card.getByRole('button', {
    name: /^(Stop watch|Arrêter le watch) \d+$/,
  })
  const id = card.locator('header .id')
  expect.soft(await textLines(stop), `${where}: Stop's label on one line`).toBe(1)
  expect.soft(await onOneRow(stop, id), `${where}: Stop on the card's first row`).toBe(true)
}

/** What the server answers the token, asked directly (not through the proxy): '' when served. */
function refusal(cluster: ClusterInfo, ns: string, resource: string, token: string): string {
  try {
    execFileSync(
      path.join(cluster.binDir, 'kubectl'),
      [
        `--kubeconfig=${cluster.kubeconfig}`,
        `--context=${ADMIN_CONTEXT}`,
        'get',
        '--raw',
        `/api/v1/namespaces/${ns}/${resource}?limit=500&continue=${token}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    return ''
  } catch (error) {
    return String((error as { stderr?: unknown }).stderr ?? error)
  }
}
