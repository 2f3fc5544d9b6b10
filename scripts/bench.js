// `npm run bench`: runs every benchmark under test/bench/ (files named *.bench.ts) one after the
// other, each printing its ratios, then writes docs/bench.md with the machine described and ends
// with one JSON line holding every figure. Benchmarks are never pass/fail timed tests.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import { build } from 'vite'
import { coreScaleChart, pageChart, scaleChart } from './bench-charts.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dir = path.join(root, 'test/bench')
const results = path.join(root, 'test/artifacts/bench')
mkdirSync(results, { recursive: true })
// BENCH_ONLY=scale runs only test/bench/scale.bench.ts and rewrites only its part of the doc;
// BENCH_ONLY=core-scale runs only test/bench/core-scale.bench.ts and rewrites only its section;
// BENCH_ONLY=ingest runs only test/bench/watch-ingest.bench.ts and rewrites its figures, keeping
// the others from their last run. Notes between <!-- notes … --> and <!-- /notes --> are kept.
const only = process.env.BENCH_ONLY
/** When the run began and the sizes it was given, for the scale sections' "Run:" lines. */
const stamp = (d) => d.toISOString().slice(0, 16).replace('T', ' ')
const startedAt = new Date()
const ranSpan = () => {
  const end = stamp(new Date())
  const start = stamp(startedAt)
  return start.slice(0, 10) === end.slice(0, 10) && start !== end
    ? `${start}–${end.slice(11)}`
    : end
}
const sizesSaid = process.env.BENCH_SCALE_SIZES
  ? ` BENCH_SCALE_SIZES=${process.env.BENCH_SCALE_SIZES}`
  : ''
const onlyFile = only && `${{ ingest: 'watch-ingest' }[only] ?? only}.bench.ts`
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f === onlyFile)
  .sort()
let failed = 0
const merged = {}
// Each benchmark is bundled the way the app's main process is (esbuild/rolldown, no keepNames
// wrappers that a TypeScript runner would add to our code but not to the libraries compared).
const bundleDir = path.join(results, 'bundles')
// The version-history worker too, as a file of its own that the bundled core starts (what
// electron-vite's `?modulePath` does for the app; version-history-worker-entry.bundled.ts).
const alias = {
  '@common': path.join(root, 'src-main/common'),
  '@features': path.join(root, 'src-main/features'),
  '@i18n': path.join(root, 'i18n'),
}
const workerFile = path.join(bundleDir, 'version-history-worker.mjs')
await build({
  configFile: false,
  logLevel: 'warn',
  resolve: { alias },
  build: {
    ssr: path.join(root, 'src-main/core/watch/version-history-worker.ts'),
    outDir: bundleDir,
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    rolldownOptions: { output: { entryFileNames: path.basename(workerFile) } },
  },
})
const workerEntry = {
  name: 'apiscope:version-history-worker-entry',
  enforce: 'pre',
  resolveId: (id) => (id === './version-history-worker-entry' ? '\0worker-entry' : null),
  load: (id) =>
    id === '\0worker-entry'
      ? `export const versionHistoryWorkerEntry = () => ({ script: ${JSON.stringify(workerFile)}, eval: false })`
      : null,
}
/** The benchmarks whose child failed, with its exit code or signal. */
const died = new Map()
for (const file of benches) {
  console.log(`== ${file}`)
  const out = path.join(results, file.replace('.bench.ts', '.json'))
  rmSync(out, { force: true })
  await build({
    configFile: false,
    logLevel: 'warn',
    plugins: [workerEntry],
    resolve: { alias },
    build: {
      ssr: path.join(dir, file),
      outDir: bundleDir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      rolldownOptions: { output: { entryFileNames: file.replace('.bench.ts', '.mjs') } },
    },
  })
  const res = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--max-old-space-size=8192',
      path.join(bundleDir, file.replace('.bench.ts', '.mjs')),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, APISCOPE_REPO_ROOT: root },
    },
  )
  if (res.status !== 0 || !existsSync(out)) {
    failed++
    died.set(file, res.status ?? res.signal ?? '?')
    continue
  }
  Object.assign(merged, JSON.parse(readFileSync(out, 'utf8')))
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
const machine = `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`
const scaleFile = path.join(results, 'scale-table.json')
// A scale child that died leaves the table of an earlier run behind: it is not this run's.
const scaleRows =
  benches.includes('scale.bench.ts') && !died.has('scale.bench.ts') && existsSync(scaleFile)
    ? JSON.parse(readFileSync(scaleFile, 'utf8'))
    : null
/** Rows with the core's figures (BENCH_SCALE_CORE=0 runs the page only: the core-scale section has the core's). */
const coreRows = scaleRows?.filter((r) => r.core_ms !== undefined) ?? []
const pageRows = scaleRows?.filter((r) => r.ui_first_lane_ms !== undefined) ?? []
if (coreRows.length) writeFileSync(path.join(root, 'docs/bench-scale.svg'), scaleChart(coreRows))
if (pageRows.length)
  writeFileSync(path.join(root, 'docs/bench-scale-page.svg'), pageChart(pageRows))

const SCALE_START = '<!-- scale: written by npm run bench -->'
const SCALE_END = '<!-- /scale -->'
const coreScaleTable = `Each contender runs in a process of
its own, rounds alternating, medians of the rounds (the table's last column; rows of several
sizes may come from successive runs on one control plane, \`BENCH_SCALE_MERGE=1\`). Times run from
the start of the watch to every object in the store and the watch open (the core), to the
informer's cache holding every object (client-node \`makeInformer\`, one list request), and to
kubectl's exit. "core (one list request)" is the core's default start (list then watch, no
limit); "core (pages of 500)" the same watch given a page size of 500, as kubectl's chunks; the
core's other columns are its default start's. Ratios above 1 favour the core. Heap: the JavaScript heap and ArrayBuffers after GC,
minus the process's before the start; the core's includes its version-history worker's. Max block: the longest event-loop
delay seen while listing (\`monitorEventLoopDelay\`, 5 ms resolution). Max frame: the largest
watch frame, as JSON.

| objects | core (one list request) ms | core (pages of 500) ms | core (streaming list) ms | informer ms | kubectl ms | informer ÷ core | kubectl ÷ core | core heap MB | informer heap MB | heap core ÷ informer | core RSS MB | informer RSS MB | max block ms | frames | max frame KB | rounds |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${coreRows
  .map(
    (r) =>
      `| ${r.objects} | ${r.core_ms} | ${r.core_pages_ms ?? '—'} | ${r.core_stream_ms} | ${r.informer_ms} | ${r.kubectl_ms} | ${r.core_vs_informer} | ${r.core_vs_kubectl} | ${r.core_heap_mb} | ${r.informer_heap_mb} | ${r.heap_ratio} | ${r.core_rss_mb} | ${r.informer_rss_mb} | ${r.core_max_block_ms} | ${r.core_frames} | ${r.core_max_frame_kb} | ${r.rounds ?? '?'} |`,
  )
  .join('\n')}

![Time to every object in the store, by contender and size](bench-scale.svg)
`
const pageCell = (v) => (v === undefined ? '—' : v)
const scaleSection = scaleRows
  ? `${SCALE_START}

## Scale: N ConfigMaps ${coreRows.length ? 'through the core and ' : ''}in the page

Run: ${ranSpan()} UTC, \`BENCH_ONLY=scale${sizesSaid} npm run bench\`${coreRows.length ? '' : " with `BENCH_SCALE_CORE=0` (the page only: the core's figures are in the section above)"}.
Machine: ${machine}, shared with other sessions' work (the load column). A control plane of its own (kube-apiserver ${merged.scale_server ?? '?'},
etcd, no audit log), filled with small ConfigMaps in 100 namespaces: the first
${merged.scale_api_filled ?? '?'} through the API (48 parallel POSTs on keep-alive connections${merged.scale_api_create_per_s ? `: ${merged.scale_api_create_per_s} a second here` : ''}), the rest written straight into etcd, one put each so that each object has its own
revision${
      Object.entries(merged).some(([k]) => k.startsWith('scale_etcd_put_per_s_'))
        ? ` (${Object.entries(merged)
            .filter(([k]) => k.startsWith('scale_etcd_put_per_s_'))
            .map(([, v]) => v)
            .join(', ')} a second)`
        : ''
    }, which kube-apiserver reads and its watch cache follows; the sizes one after the other on that control plane.
"objects" counts every ConfigMap in the cluster (the fill's plus one kube-root-ca.crt per namespace and a few of kube-system's).
${coreRows.length ? `\n${coreScaleTable}` : ''}
The whole app in headless Chromium (Debian's, software rendering: \`--disable-gpu\`), once per size: \`apiscope serve\` with the built
renderer, a 1600×1000 page, Start watch on every ConfigMap (list then watch, one list request). First lane: from
the click to the counts line showing an object; all objects: to it showing every one. Long tasks
from the PerformanceObserver (tasks over 50 ms, so 0 means none over 50 ms; "over 200 ms" counts
those after the first lane); "longest task's CPU" is the most thread CPU time one task of the
page's main thread took while listing (its trace; the first draw's task in it): the page's own work
in one stretch, where a long task's wall time beyond it was a wait for a core others held.
Frames: one wheel event a frame scrolls the lanes (120 frames), then Ctrl+wheel zooms in and out
(120 frames). "p95 frame" is the presented interval (requestAnimationFrame; 16.7 ms is every frame
at 60 a second, so it can be no lower); "p95 work" each frame's main-thread work, from the wheel
event to a task posted then, which runs after the frame's script, style, layout, paint and commit
(under 16.7 ms the page's thread keeps up with 60 frames a second). Filter: from the input event
to the frame after the matching lane's label is in the page. Inspector: from Enter in the filter
to the frame after the inspector names the object's LISTED event, and to the frame after it shows
the object (its YAML, which the core sends). Page heap: the page's JS heap after GC with
every object in (CDP \`Runtime.getHeapUsage\`). CPU: the page's main-thread CPU time (its top-level tasks' thread time in a trace of each step; the bench's own polling in the page is in it), for the whole list, a scroll or zoom frame (the mean of 120), the filter, the inspector: the page's work, which the load does not stretch. Load: the machine's 1-minute load average when
the size began and when it ended (2 cores: above 2, others' work shares them and every figure waits for it).

| objects | first lane ms | all objects ms | longest task ms | tasks over 200 ms | longest task's CPU, list ms | p95 frame, scroll ms | p95 frame, zoom ms | p95 work, scroll ms | p95 work, zoom ms | filter to draw ms | inspector, named ms | inspector, object ms | page heap MB | CPU, list ms | CPU a scroll frame ms | CPU a zoom frame ms | CPU, filter ms | CPU, inspector ms | load (1 min) |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${pageRows
  .map(
    (r) =>
      `| ${r.objects} | ${r.ui_first_lane_ms} | ${r.ui_all_objects_ms} | ${r.ui_longest_task_ms} | ${r.ui_tasks_over_200ms_after_first_draw} | ${pageCell(r.ui_list_longest_task_cpu_ms)} | ${r.ui_p95_frame_scroll_ms} | ${r.ui_p95_frame_zoom_ms} | ${pageCell(r.ui_p95_work_scroll_ms)} | ${pageCell(r.ui_p95_work_zoom_ms)} | ${r.ui_filter_to_draw_ms} | ${r.ui_inspector_ms} | ${pageCell(r.ui_inspector_object_ms)} | ${r.ui_heap_mb ?? '—'} | ${pageCell(r.ui_cpu_list_ms)} | ${pageCell(r.ui_cpu_scroll_per_frame_ms)} | ${pageCell(r.ui_cpu_zoom_per_frame_ms)} | ${pageCell(r.ui_cpu_filter_ms)} | ${pageCell(r.ui_cpu_inspector_ms)} | ${r.load_1m ?? '—'} |`,
  )
  .join('\n')}

${pageRows.length ? "![The page's times by objects watched, against the goals](bench-scale-page.svg)\n" : ''}
${(() => {
  const ui = pageRows.at(-1)
  if (!ui) return ''
  const label = `${Math.round(Number(ui.size) / 1000)}k`
  const shot = (name, alt) => `![${alt}](screenshots/scale-${label}-${name}.png)`
  return [
    `Screenshots at ${Number(ui.objects).toLocaleString('en')} ConfigMaps, from that run:`,
    '',
    shot('timeline-bands', 'Every group folded into a density band, the line saying so'),
    shot('timeline-group-open', 'One group opened lane by lane, its name on the top lane'),
    shot('timeline-inspector', 'A filter picking out one object, open in the inspector'),
    shot('table-inspector', 'The table beside the inspector, names whole'),
    shot('watches', 'Watches & lists: the watch and its list'),
    shot('timeline-bands-light', 'The bands in the light theme, the inspector open'),
    shot('table-inspector-light', 'The table in the light theme'),
    shot('watches-light', 'Watches & lists in the light theme'),
    '',
  ].join('\n')
})()}
${SCALE_END}
`
  : ''
// core-scale.bench.ts: the core against the informer and kubectl at a few sizes (its figures are
// scale_side_*).
const CORE_START = '<!-- core-scale: written by npm run bench -->'
const CORE_END = '<!-- /core-scale -->'
const side = (k, size) => merged[`scale_side_${k}_${size}`] ?? '—'
const coreSizes = Object.keys(merged)
  .map((k) => /^scale_side_objects_(\d+)$/.exec(k)?.[1])
  .filter(Boolean)
const coreSection =
  benches.includes('core-scale.bench.ts') && !died.has('core-scale.bench.ts') && coreSizes.length
    ? `${CORE_START}

## The core against client-node's informer and kubectl, side by side

Run: ${ranSpan()} UTC, \`BENCH_ONLY=core-scale${sizesSaid} npm run bench\` (machine as above, shared:
the load columns are the machine's 1-minute load average at the rounds' starts, their median and
range). A control plane of its own (kube-apiserver ${merged.scale_side_server ?? '?'}, no audit log), filled with small
ConfigMaps in 100 namespaces straight into etcd (one put each). Each contender runs in a process
of its own, rounds alternating, medians of the rounds. Times: from the start to every object in
the store and the watch open (the core; "all stored": until every object is in the store, the
watch not yet open), to the informer's cache holding every object (client-node \`makeInformer\`,
one list request; its watch may not be open yet either), to kubectl's exit (\`kubectl get
configmaps -A --chunk-size=500 -o name\`). "core (one list request)" is the core's default start
(list then watch, no limit); "core (pages of 500)" the same watch given a page size of 500;
"streaming list" a watch with sendInitialEvents. Ratios above 1 favour the core. Fill: the rate
of the puts into etcd that brought the cluster from the size before to this one.

| objects | core (one list request) ms | core (one list request), all stored ms | core (pages of 500) ms | core (streaming list) ms | informer ms | kubectl ms | informer ÷ core | kubectl ÷ core | informer ÷ core, all stored | informer ÷ core (pages of 500) | informer ÷ core (streaming list) | rounds | load (1 min), median | load, range | fill, objects/s |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${coreSizes
  .map(
    (n) =>
      `| ${side('objects', n)} | ${side('core_ms', n)} | ${side('core_stored_ms', n)} | ${side('core_pages_ms', n)} | ${side('stream_ms', n)} | ${side('informer_ms', n)} | ${side('kubectl_ms', n)} | ${side('informer_vs_core', n)} | ${side('kubectl_vs_core', n)} | ${side('informer_vs_core_stored', n)} | ${side('informer_vs_core_pages', n)} | ${side('informer_vs_stream', n)} | ${side('rounds', n)} | ${side('load', n)} | ${side('load_min', n)} to ${side('load_max', n)} | ${side('fill_rate', n)} |`,
  )
  .join('\n')}

![Each contender's time to every object, against the objects (log scale)](bench-core-scale.svg)

The same runs' cost (the core's default start against the informer). CPU: the main thread's user
and system time; other threads: the rest of the process's (the core's version-history worker, V8's
helpers, zlib). Run-queue wait: how long the main thread was ready to run but waited for a core
(/proc schedstat): on a shared machine, the part of the wall time that is the scheduler's. Memory: the JavaScript heap and ArrayBuffers after GC, minus the process's before
the start; the core's includes its version-history worker's (every version of every object kept).
RSS: each process's resident memory at the end, Node itself included. Ratios below 1 favour the
core. Max block: the longest event-loop delay while listing (\`monitorEventLoopDelay\`, 5 ms
resolution).

| objects | core CPU ms | informer CPU ms | informer ÷ core, CPU | core other threads CPU ms | informer other threads CPU ms | core run-queue wait ms | informer run-queue wait ms | core memory MB | informer memory MB | memory core ÷ informer | core RSS MB | informer RSS MB | RSS core ÷ informer | core max block ms | informer max block ms |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${coreSizes
  .map(
    (n) =>
      `| ${side('objects', n)} | ${side('core_cpu_ms', n)} | ${side('informer_cpu_ms', n)} | ${side('informer_vs_core_cpu', n)} | ${side('core_other_cpu_ms', n)} | ${side('informer_other_cpu_ms', n)} | ${side('core_run_wait_ms', n)} | ${side('informer_run_wait_ms', n)} | ${side('core_heap_mb', n)} | ${side('informer_heap_mb', n)} | ${side('heap_core_vs_informer', n)} | ${side('core_rss_mb', n)} | ${side('informer_rss_mb', n)} | ${side('rss_core_vs_informer', n)} | ${side('core_max_block_ms', n)} | ${side('informer_max_block_ms', n)} |`,
  )
  .join('\n')}
${Object.entries(merged)
  .filter(([k]) => k.startsWith('scale_side_error_'))
  .map(([k, v]) => `\nNot measured at ${k.slice('scale_side_error_'.length)} objects: ${v}\n`)
  .join('')}
${CORE_END}`
    : ''
if (coreSection)
  writeFileSync(path.join(root, 'docs/bench-core-scale.svg'), coreScaleChart(merged, coreSizes))
const goals = [
  ['ingest_vs_client_node', '≥ 1.0', (v) => v >= 1],
  ['ingest_compacted_vs_client_node', '≥ 1.0', (v) => v >= 1],
  ['ingest_vs_json_parse', '≥ 0.9', (v) => v >= 0.9],
  ['bytes_per_modified_event', '< 150', (v) => v < 150],
  ['first_draw_100k_ms', '< 300', (v) => v < 300],
  ['p95_frame_ms_1m', '< 16.7', (v) => v < 16.7],
]
// The head's two tables hold the figures of the benchmarks other than scale and core-scale (whose
// sections say their own runs). BENCH_ONLY=ingest or =timeline-render runs one of them: the
// others' figures are those of their last run, read back from the doc with that run's date.
const benchDoc = path.join(root, 'docs/bench.md')
const previous = existsSync(benchDoc) ? readFileSync(benchDoc, 'utf8') : ''
const partial = only && only !== 'scale' && only !== 'core-scale'
const previousRun = /^Last run: (.*?) UTC/m.exec(previous)?.[1]
/** A benchmark's name as BENCH_ONLY says it, and what its figures in the head are called. */
const benchName = (file) =>
  file === 'watch-ingest.bench.ts' ? 'ingest' : file.replace('.bench.ts', '')
const figuresOf = (name) =>
  ({ ingest: 'ingest and memory', 'timeline-render': 'rendering' })[name] ?? name
/** The date of the run a head benchmark's figures in the previous doc came from. */
function previousRunOf(name) {
  const said = new RegExp(`the ${figuresOf(name)} figures are from the run of (.*?) UTC`).exec(
    previous,
  )?.[1]
  // Before 2026-12-05 the line said "the X figures; the other figures are from the run of …".
  const others = /the other figures are from the run of (.*?) UTC/.exec(previous)?.[1]
  const ranThen = /^Last run: .*?`BENCH_ONLY=(\S+) npm run bench`/m.exec(previous)?.[1]
  return said ?? (others && ranThen !== name ? others : previousRun) ?? '?'
}
const ranNow = onlyFile && benchName(onlyFile)
/** Which figures of the head come from which run, the sections after the notes saying their own. */
const fromWhichRun = [
  `the ${partial ? `${figuresOf(ranNow)} figures in the two tables below` : 'two tables below'}`,
  ...(partial
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.bench.ts') && f !== onlyFile)
        .map(benchName)
        .filter((name) => name !== 'scale' && name !== 'core-scale')
        .map(
          (name) => `the ${figuresOf(name)} figures are from the run of ${previousRunOf(name)} UTC`,
        )
    : []),
  'the sections after the notes say their own runs',
].join('; ')
if (partial) {
  const head = previous.split('<!-- scale')[0] ?? ''
  for (const m of head.matchAll(/^\| `([a-z0-9_]+)` +\| ([^|]+?) +\|/gm)) {
    const [, key, text] = m
    if (key in merged || text === '—') continue
    merged[key] = Number.isFinite(Number(text)) ? Number(text) : text
  }
}
const ran = new Date().toISOString().slice(0, 16).replace('T', ' ')
const lastRun = `Last run: ${ran} UTC, \`${partial ? `BENCH_ONLY=${only} ` : ''}npm run bench\`: ${fromWhichRun}.`
const rows = goals.map(
  ([key, goal, ok]) =>
    `| \`${key}\` | ${merged[key] ?? '—'} | ${goal} | ${merged[key] === undefined ? 'not measured' : ok(merged[key]) ? 'met' : 'not met'} |`,
)
const details = Object.entries(merged)
  .filter(([k]) => !goals.some(([g]) => g === k) && !k.startsWith('scale_'))
  .map(([k, v]) => `| \`${k}\` | ${v} |`)
// Written as prettier prints it, so that `npm run lint` passes on the committed results.
// Notes written by hand between the generated head and the scale sections stay as they are.
const NOTES_START = '<!-- notes: kept by npm run bench -->'
const NOTES_END = '<!-- /notes -->'
const between = (start, end) =>
  previous.includes(start)
    ? previous.slice(previous.indexOf(start), previous.indexOf(end) + end.length)
    : ''
const heldNotes = between(NOTES_START, NOTES_END)
const heldCore = between(CORE_START, CORE_END)
const heldScale = previous.includes(SCALE_START)
  ? previous.slice(previous.indexOf(SCALE_START), previous.indexOf(SCALE_END) + SCALE_END.length)
  : ''
// The scale part ran and died: its previous section stays, said to be stale (one note, the latest).
const STALE = '**Stale:**'
const keptScale =
  heldScale && died.has('scale.bench.ts')
    ? heldScale
        .split('\n')
        .filter((line) => !line.startsWith(STALE))
        .join('\n')
        .replace(
          /^(## Scale[^\n]*\n)/m,
          `$1\n${STALE} the scale run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC failed (its process ended with ${died.get('scale.bench.ts')}); the figures below are from the run they name.\n`,
        )
    : heldScale
if (only === 'core-scale') {
  // Only the core-scale part ran: the rest of the doc stays as it is.
  const section = coreSection || heldCore
  writeFileSync(
    benchDoc,
    heldCore
      ? previous.replace(heldCore, section)
      : previous.includes(SCALE_START)
        ? previous.replace(SCALE_START, `${section}\n\n${SCALE_START}`)
        : `${previous.trimEnd()}\n\n${section}\n`,
  )
} else if (only === 'scale') {
  // Only the scale part ran: the rest of the doc keeps the figures of its own last run.
  const rest = heldScale ? previous.replace(heldScale, '').trimEnd() : previous.trimEnd()
  writeFileSync(benchDoc, `${rest}\n\n${scaleSection || keptScale}`)
} else
  writeFileSync(
    benchDoc,
    `# Benchmarks

${lastRun}
Machine: ${machine}.

Timings on this machine are noisy (2 shared cores), so the results are ratios measured side by side
in one run, and frame times are the work of each frame. Nothing here is a pass/fail test.

| figure | value | goal | |
| --- | --- | --- | --- |
${rows.join('\n')}

| detail | value |
| --- | --- |
${details.join('\n')}

- **Ingest**: one watch stream recorded from the real API server (test control plane, kube-apiserver
  ${merged.stream_recorded_from ?? 'of unknown version'}): 400 ConfigMaps of about 1 KB, then 200,000 one-field merge patches; replayed from a
  loopback HTTP server at full speed, in a process of its own (before 2026-12-05 it ran in the
  contenders' thread and its reads and writes counted in their time). Apiscope's whole path (HTTP read, line split, the line's
  metadata scanned, event store, frames to a consumer that takes each as it comes; an empty
  list, then a watch from its resourceVersion) against @kubernetes/client-node's \`Watch\` from resourceVersion 1 with an
  empty callback, and against bare \`JSON.parse\` of the same lines in memory. All three run in one
  process, and on V8 13.6 and newer (Node 24 and 26) all three under the V8 flag the core sets when
  its first watches are made (\`--external-memory-accounted-in-global-limit\`, since 2026-12-07
  16:50; src-main/core/watch/external-memory-limit.ts): the socket's reads freed by scavenges
  rather than full markings.
  One warm-up round each, then medians of ${merged.ingest_rounds ?? 5} rounds, alternating; \`load_avg_1m\`: the
  machine's 1-minute load average from the start to the last round (others' work shares it). \`ingest_compacted_*\` is the rate
  until the version-history worker has also stored every version as a byte delta (it runs at a
  lower priority, behind the reader; docs/adr/0006). \`ingest_stored_*\` is the rate until every
  event is in the event store, before the frames have carried them all. A frame holds at most
  512 KB of events (\`FRAME_BUDGET_BYTES\`, about 2,300 of these events); the next goes 16 ms
  after the last or, once the consumer says it took the last (\`watch:frame-taken\`, since
  2026-12-07 14:00) and a full frame's worth waits, at once. The bench's consumer takes each frame
  as it comes, as client-node's is an empty callback; before that the frames carried at most about
  140,000 events a second however fast the store filled. \`ingest_frames\` counts them (since
  2026-12-07). \`versions_verified\`: every version read
  back from the worker and compared with the line it came from (the run stops if one differs).
  \`*_cpu_ms\`: the main thread's CPU time (user and system) for the stream, medians; the
  \`ingest_cpu_vs_*\` ratios divide the other's by Apiscope's (above 1: Apiscope's thread works
  less). On a loaded machine they say more about the code than the rates do; the version-history
  worker's thread is not in them. The rest of Apiscope's rounds' CPU, medians (since 2026-12-06):
  \`ingest_cpu_worker_ms\` the version-history worker's thread, \`ingest_cpu_v8_threads_ms\` V8's
  own threads (concurrent GC, compiles), \`ingest_cpu_threadpool_ms\` libuv's, \`ingest_cpu_replay_server_ms\`
  the replay server's process (the API server's stand-in, on the same two cores), and
  \`ingest_run_queue_wait_ms\` the time the main thread was ready to run with no core free.
  Bare \`JSON.parse\` shares the cores with none of them.
- **Memory**: what the core holds once the stream is stored (after GC, after a first round was
  closed): what the main thread's heap and ArrayBuffers grew by (the event columns, the batches
  on their way) and the version-history worker's whole heap and ArrayBuffers (the versions'
  bytes, and what the worker holds from its start), divided by the MODIFIED events; \`_main\` and
  \`_worker\` are its two parts. Until 2026-12-04 it counted the two heaps only, without
  ArrayBuffers, in the first round.
- **Rendering**: headless Chromium (Debian's), the renderer's own TimelineData and canvas code.
  First draw of 100,000 events (columns filled, then drawn, until the frame is presented); then
  240 frames of a scripted zoom (to 1000×) and pan over 1,000,000 events, 2,000 lanes, lanes
  scrolling: p95 of each frame's work (compute and draw); presented intervals are also listed.

${heldNotes}

${coreSection || heldCore}

${scaleSection || keptScale}
`,
  )
writeFileSync(
  benchDoc,
  await prettier.format(readFileSync(benchDoc, 'utf8'), {
    ...(await prettier.resolveConfig(benchDoc)),
    filepath: benchDoc,
  }),
)
console.log(JSON.stringify(merged))
process.exit(failed ? 1 : 0)
