// `npm run soak [-- --minutes N] [--rate W] [--objects K] [--label L] [--commit REF] [--core-args="..."]
// [--core-env="NAME=value …"] [--core-node PATH] [--snapshots M,M…] [--without recorder,audit,page]`: an
// hour (by default) of steady writes against a control plane of its own (never the shared ones),
// through the whole app: Apiscope's core behind the browser host (soak-core.ts, its own process,
// --expose-gc), the real renderer in headless Chromium (Debian's) connected in browser mode, the
// core's watches on every kind written, the recorder writing a real file, the audit webhook the
// control plane posts to. Every minute: the core's heap after a forced GC (main thread and
// version-history worker) and RSS (and what it is made of: each thread's heap as committed, its
// external memory and ArrayBuffers, the process's anonymous and file-backed RSS), the page's JS heap after a forced GC (CDP), the store's counts
// and the writes done. Ends with a table and a chart in docs/soak.md and docs/soak.svg (a run
// with --label L writes its own section and docs/soak-L.svg). Not part of npm test.
import { execFileSync, fork } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium'
import { REPO_ROOT, startControlPlane, stopControlPlane } from '../cluster/control-plane'
import type { CoreReply, CoreRequest, CoreSample } from './soak-core'
import { growth, soakChart, soakTable, type SoakRow } from './soak-report'
import { adminApi, fill, kinds, startWriter } from './soak-writes'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    rate: { type: 'string', default: '50' },
    objects: { type: 'string', default: '5000' },
    label: { type: 'string', default: 'hour' },
    commit: { type: 'string', default: 'HEAD' },
    'core-args': { type: 'string', default: '' },
    /** Variables for the core's process only (e.g. MALLOC_ARENA_MAX=2, to compare allocators side by side). */
    'core-env': { type: 'string', default: '' },
    /**
     * The Node binary the core runs on (default: the soak's own), to compare runtimes: the app
     * declares Node 22.13 or 24 and newer, and Electron brings its own.
     */
    'core-node': { type: 'string', default: '' },
    /** Minutes after whose sample the core's main thread writes a heap snapshot (test/artifacts/soak). */
    snapshots: { type: 'string', default: '' },
    /**
     * Parts left off, to see what each costs: `recorder`, `audit` (the webhook), `page` (no
     * renderer: the core connects the session itself and no WebSocket takes its frames).
     */
    without: { type: 'string', default: '' },
  },
})
const MINUTES = Number(values.minutes)
const RATE = Number(values.rate)
const OBJECTS = Number(values.objects)
const LABEL = values.label
const CORE_ARGS = (values['core-args'] ?? '').split(' ').filter(Boolean)
const CORE_ENV = Object.fromEntries(
  (values['core-env'] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
)
const WITHOUT = new Set((values.without ?? '').split(',').filter(Boolean))
for (const part of WITHOUT)
  if (part !== 'recorder' && part !== 'audit' && part !== 'page')
    throw new Error(
      `--without ${part}: the parts that can be left off are recorder, audit and page`,
    )
const CORE_NODE = values['core-node'] || process.execPath
const coreNodeVersion =
  CORE_NODE === process.execPath
    ? process.version
    : execFileSync(CORE_NODE, ['--version'], { encoding: 'utf8' }).trim()
const SNAPSHOTS = new Set((values.snapshots ?? '').split(',').filter(Boolean).map(Number))
const say = (line: string) => process.stderr.write(`[soak] ${line}\n`)
const dir = path.join(REPO_ROOT, 'test/artifacts/soak')
mkdirSync(dir, { recursive: true })

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim()
const commit = git('rev-parse', '--short=7', values.commit ?? 'HEAD')
const commitSubject = git('log', '-1', '--format=%s', commit)
const startedAt = new Date()

// The core and the renderer measured are the commit's, exported into a tree of their own and built
// there: the shared working tree changes under other work (and may not build) during an hour.
const tree = mkdtempSync(path.join(os.tmpdir(), 'apiscope-soak-tree-'))
say(`exporting ${commit} to ${tree} and building it`)
execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${tree}`], { cwd: REPO_ROOT })
symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(tree, 'node_modules'))
execFileSync(
  process.execPath,
  [path.join(tree, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
  { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] },
)

const info = await startControlPlane()
const stops: (() => Promise<void> | void)[] = [
  () => rmSync(tree, { recursive: true, force: true }),
  () => stopControlPlane(info),
]
/** Each stop in turn, newest first; one that fails or hangs (10 s) does not keep the others. */
const cleanUp = async () => {
  for (const stop of stops.splice(0).reverse()) {
    try {
      await Promise.race([stop(), new Promise((r) => setTimeout(r, 10_000))])
    } catch (error) {
      say(`cleaning up: ${(error as Error).message}`)
    }
  }
}
// Ctrl-C: every stop at once without waiting (the control plane's and the tree's are synchronous),
// then exit.
const interrupted = () => {
  for (const stop of stops.splice(0).reverse()) {
    try {
      void stop()
    } catch {
      // The next one still runs.
    }
  }
  setTimeout(() => process.exit(130), 2000)
}
process.once('SIGINT', interrupted)
process.once('SIGTERM', interrupted)

try {
  const all = kinds(OBJECTS)
  const api = await adminApi(info, 24)
  const fillRate = await fill(api, all)
  say(`filled ${OBJECTS} objects (${Math.round(fillRate)}/s)`)

  // The core in a process of its own, so that its memory is its own.
  const core = fork(path.join(tree, 'test/soak/soak-core.ts'), CORE_ARGS, {
    execPath: CORE_NODE,
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: path.join(tree, 'tsconfig.node.json'),
      KUBECONFIG: info.kubeconfig,
      HOME: '/nonexistent',
      APISCOPE_REPO_ROOT: tree,
      ...CORE_ENV,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const replies: CoreReply[] = []
  const waiters: ((m: CoreReply) => void)[] = []
  core.on('message', (m: CoreReply) => {
    if (m.t === 'error') say(`core error: ${m.message}`)
    const w = waiters.shift()
    if (w) w(m)
    else replies.push(m)
  })
  const next = () =>
    new Promise<CoreReply>((resolve, reject) => {
      const queued = replies.shift()
      if (queued) return resolve(queued)
      const timer = setTimeout(() => reject(new Error('the core did not answer')), 120_000)
      waiters.push((m) => {
        clearTimeout(timer)
        resolve(m)
      })
    })
  const ask = async (m: CoreRequest) => {
    core.send(m)
    const reply = await next()
    if (reply.t === 'error') throw new Error(reply.message)
    return reply
  }
  stops.push(() => {
    core.kill('SIGTERM')
  })
  const first = await next()
  if (first.t !== 'url') throw new Error(`the core said ${JSON.stringify(first)}`)

  // The page: the real renderer, connected in browser mode (it connects to the context itself).
  // Without it (--without page) the core connects the session itself and no socket takes frames.
  const browser = WITHOUT.has('page')
    ? null
    : await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const page = browser && (await browser.newPage({ viewport: { width: 1600, height: 1000 } }))
  const pageErrors: string[] = []
  let pageHeap = async (): Promise<number | undefined> => undefined
  if (browser && page) {
    stops.push(() => browser.close())
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await page.goto(first.url)
    await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 60_000 })
    const cdp = await page.context().newCDPSession(page)
    pageHeap = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
      const used = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
      return used.usedSize / 2 ** 20
    }
  }

  const recording = path.join(dir, `soak-${LABEL}.ndjson`)
  const targets = all.map((k) => {
    const [group, version] = k.api === '/api/v1' ? ['', 'v1'] : k.apiVersion.split('/')
    return { group: group as string, version: version as string, resource: k.plural }
  })
  const auditUrl = new URL(info.auditWebhookUrl as string)
  await ask({
    t: 'start',
    recording: WITHOUT.has('recorder') ? null : recording,
    audit: !WITHOUT.has('audit'),
    connect: WITHOUT.has('page'),
    targets,
    auditPort: Number(auditUrl.port),
    auditPath: auditUrl.pathname,
  })
  await page
    ?.getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Watches' })
    .click()
  // Minute 0 once every watch has listed and is watching: the store holds the fill.
  for (;;) {
    const st = await ask({ t: 'status' })
    if (st.t === 'status' && st.watching && st.objects >= OBJECTS) break
    await new Promise((r) => setTimeout(r, 1000))
  }
  say(
    `watching ${targets.map((t) => t.resource).join(', ')}; ${WITHOUT.has('recorder') ? 'not recording' : `recording to ${recording}`}${WITHOUT.has('audit') ? '; no audit webhook' : ''}${page ? '' : '; no page'}`,
  )

  const rows: SoakRow[] = []
  let budgetMb: number | undefined
  const writer = startWriter(api, all, RATE)
  const t0 = performance.now()
  const sample = async (minute: number) => {
    const reply = await ask({ t: 'sample' })
    if (reply.t !== 'sample') throw new Error(`the core said ${reply.t}`)
    const s: CoreSample = reply.sample
    budgetMb = s.budgetMb
    const row: SoakRow = {
      minute,
      coreHeapMb: s.heapMb + s.workerHeapMb,
      coreWorkerHeapMb: s.workerHeapMb,
      coreRssMb: s.rssMb,
      ...(page ? { pageHeapMb: await pageHeap() } : {}),
      ...(s.historyMb !== undefined ? { historyMb: s.historyMb } : {}),
      ...(s.eventsMb !== undefined ? { eventsMb: s.eventsMb } : {}),
      ...(s.waitingMb !== undefined ? { waitingMb: s.waitingMb } : {}),
      ...(s.foldedDeleted !== undefined ? { foldedDeleted: s.foldedDeleted } : {}),
      ...(s.foldedMarks !== undefined ? { foldedMarks: s.foldedMarks } : {}),
      ...(s.forgottenDeleted !== undefined ? { forgottenDeleted: s.forgottenDeleted } : {}),
      ...(s.heapTotalMb !== undefined
        ? {
            heapTotalMb: s.heapTotalMb,
            externalMb: s.externalMb,
            arrayBuffersMb: s.arrayBuffersMb,
          }
        : {}),
      ...(s.workerHeapTotalMb !== undefined
        ? {
            workerHeapTotalMb: s.workerHeapTotalMb,
            workerExternalMb: s.workerExternalMb as number,
            workerArrayBuffersMb: s.workerArrayBuffersMb as number,
          }
        : {}),
      ...(s.rssAnonMb !== undefined
        ? { rssAnonMb: s.rssAnonMb, rssFileMb: s.rssFileMb as number }
        : {}),
      objects: s.objects,
      // Until forgotten objects' indices were taken again every object ever seen was held.
      indices: s.indices ?? s.objects,
      versions: s.versions,
      folded: s.folded,
      events: s.events,
      writes: writer.counts.sent,
      writesOk: writer.counts.ok,
      recordedEvents: s.recordedEvents,
      auditEvents: s.auditEvents,
      load1: os.loadavg()[0] as number,
    }
    rows.push(row)
    say(`${JSON.stringify(row)} watches=${s.watches}`)
    writeFileSync(path.join(dir, `soak-${LABEL}.json`), JSON.stringify({ rows }, null, 1))
    if (SNAPSHOTS.has(minute)) {
      const file = path.join(dir, `soak-${LABEL}-${minute}.heapsnapshot`)
      await ask({ t: 'snapshot', path: file })
      say(`heap snapshot of the core's main thread: ${file}`)
    }
  }
  await sample(0)
  for (let minute = 1; minute <= MINUTES; minute++) {
    const due = t0 + minute * 60_000
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
    await sample(minute)
  }
  await writer.stop()
  const seconds = (performance.now() - t0) / 1000
  await page?.screenshot({ path: path.join(dir, `soak-${LABEL}-page.png`) })
  const stopped = await ask({ t: 'stop' })
  const recordedEvents = stopped.t === 'stopped' ? stopped.recordedEvents : 0
  const recordingMb = existsSync(recording) ? statSync(recording).size / 2 ** 20 : 0
  const counts = writer.counts

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${coreNodeVersion}${CORE_NODE === process.execPath ? '' : ` (the core's; the soak's own ${process.version})`}, kube-apiserver ${info.version}${browser ? `, Chromium ${browser.version()}` : ''}`
  const heap = growth(rows, 'coreHeapMb')
  const rss = growth(rows, 'coreRssMb')
  const pg = growth(rows, 'pageHeapMb')
  const last = rows.at(-1) as SoakRow
  const loads = rows.map((r) => r.load1 ?? 0).sort((a, b) => a - b)
  const svg = LABEL === 'hour' ? 'soak.svg' : `soak-${LABEL}.svg`
  writeFileSync(path.join(REPO_ROOT, 'docs', svg), soakChart(rows))
  const pct = (x: number) => `${Math.round(x * 100)}%`
  const section = `<!-- soak:${LABEL} -->

## ${LABEL === 'hour' ? 'The hour' : `Run "${LABEL}"`}: ${MINUTES} minutes from ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC

- Commit measured: \`${commit}\` (${commitSubject}), exported and built in a tree of its own.
- Machine: ${machine}. Whatever else ran on the machine shared the 2 cores: the load average over
  a minute ranged from ${loads[0]?.toFixed(1)} to ${loads.at(-1)?.toFixed(1)} across the samples (median ${loads[Math.floor(loads.length / 2)]?.toFixed(1)}), the table's last column.
- Core: ${CORE_ARGS.length ? `\`${CORE_ARGS.join(' ')}\`` : 'default options'}${Object.keys(CORE_ENV).length ? `, its process's environment with \`${values['core-env']}\`` : ''}; ${budgetMb === undefined ? 'no store budget at this commit (every version kept)' : budgetMb ? `store budget ${budgetMb} MB` : 'store budget off (0)'}.
- Cluster: a control plane of its own (kube-apiserver, etcd), ${WITHOUT.has('audit') ? 'its audit webhook not taken by the core (`--without audit`: the API server posts to a closed port)' : 'its audit webhook posting to the core'}; ${OBJECTS.toLocaleString('en')} objects (${all.map((k) => `${k.count} ${k.plural}`).join(', ')}) in ${10} namespaces,
  created through the API at ${Math.round(fillRate)} a second.
- Writes: asked ${RATE} a second for ${Math.round(seconds / 60)} min; sent ${counts.sent.toLocaleString('en')}
  (${(counts.sent / seconds).toFixed(1)} a second), accepted ${counts.ok.toLocaleString('en')} (${(counts.ok / seconds).toFixed(1)} a second), ${counts.skipped} ticks skipped with 16
  requests in flight; by verb ${Object.entries(counts.byVerb)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}; by status ${Object.entries(counts.byStatus)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')}. Half the writes went to the first ${counts.hot} objects of each kind.
- Recording: ${WITHOUT.has('recorder') ? 'none (`--without recorder`)' : `${recordedEvents.toLocaleString('en')} events, ${recordingMb.toFixed(1)} MB on disk`}.
- Page: ${page ? `the renderer in headless Chromium; its errors: ${pageErrors.length ? pageErrors.slice(0, 3).join('; ') : 'none'}` : 'none (`--without page`: the core connected the session itself; no WebSocket took its frames, no page asked for anything)'}.

What it found: over the second half of the run the core's heap grew ${heap.perMinute.toFixed(2)} MB a
minute (last ${heap.last.toFixed(1)} MB, at most ${heap.max.toFixed(1)} MB), its RSS ${rss.perMinute.toFixed(2)} MB a minute
(last ${Math.round(rss.last)} MB)${page ? `, and the page's heap ${pg.perMinute.toFixed(2)} MB a minute (last ${pg.last.toFixed(1)} MB)` : ''}. The
store held ${last.objects.toLocaleString('en')} objects, ${last.versions.toLocaleString('en')} versions kept and ${last.folded.toLocaleString('en')} folded, ${last.events.toLocaleString('en')} events;
the core's heap at the end is ${pct(heap.last / Math.max(1, rows[0]?.coreHeapMb ?? 1))} of its value at minute 0.

![Heap and RSS of the core and the page, minute by minute](${svg})

${soakTable(rows)}

<!-- /soak:${LABEL} -->`
  const doc = path.join(REPO_ROOT, 'docs/soak.md')
  const HEAD = `# Soak

\`npm run soak\` (test/soak/soak.ts) runs Apiscope's whole app for an hour against a control plane of
its own: ${OBJECTS.toLocaleString('en')} objects of four kinds, about ${RATE} writes a second of mixed kinds and verbs (update,
merge patch, server-side apply, create then delete), the core's watches on every kind, the recorder
writing a file, the audit webhook on, and the real renderer in headless Chromium connected in browser
mode. Every minute it measures the core's heap after a forced GC (its main thread plus the
version-history worker), the core's RSS (the whole process, workers included), the page's JS heap
after a forced GC (CDP \`HeapProfiler.collectGarbage\`, then \`Runtime.getHeapUsage\`), the store's
counts and the writes done. \`--minutes N\` shortens it, \`--commit REF\` measures a given commit
(default HEAD: exported with \`git archive\` and built in a tree of its own), \`--core-args="--store-budget MB"\`
passes options to the core.
`
  const previous = existsSync(doc) ? readFileSync(doc, 'utf8') : HEAD
  const start = previous.indexOf(`<!-- soak:${LABEL} -->`)
  const end = previous.indexOf(`<!-- /soak:${LABEL} -->`)
  const body =
    start >= 0 && end > start
      ? previous.slice(0, start) + section + previous.slice(end + `<!-- /soak:${LABEL} -->`.length)
      : `${previous.trimEnd()}\n\n${section}\n`
  writeFileSync(doc, body)
  say(`wrote docs/soak.md and docs/${svg}`)
} finally {
  await cleanUp()
}
process.exit(0)
