// Scale, through the whole core: a control plane of its own (never the shared ones) filled with N
// small ConfigMaps in 100 namespaces, then side by side in one run, each contender in a process
// of its own (so that memory is its own), rounds alternating:
//   - Apiscope's core (SessionWatches: its default start, one list request; pages of 500; auto,
//     a streaming list on 1.37), until every object is in the store and the watch is open;
//   - @kubernetes/client-node's makeInformer until its cache holds every object (synced);
//   - `kubectl get configmaps -A --chunk-size=500 -o name` until it exits.
// Memory: heap and ArrayBuffers after GC (the core's main thread plus its version-history worker)
// and RSS, against
// the informer's process. The fill creates objects through the API (parallel POSTs on keep-alive
// connections) for the first objects, the rest written straight into etcd (see fillEtcd). Ratios, not absolute timings, are the result.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  REPO_ROOT,
  readClusterInfo,
  startControlPlane,
  stopControlPlane,
  type ClusterInfo,
} from '../cluster/control-plane'
import {
  NAMESPACES,
  adminAgent,
  adminGet,
  adminRequest,
  child,
  configMap,
  countConfigMaps,
  createNamespaces,
  fillEtcd,
  medians,
  r1,
  r2,
  runChildRole,
  runKubectl,
  type Role,
  type Run,
} from './scale-contenders'
import { runScaleUi } from './scale-ui'

/** The screenshots scale-ui.ts takes, copied to docs/screenshots. */
const SHOTS = [
  'timeline-bands',
  'timeline-group-open',
  'timeline-inspector',
  'table-inspector',
  'watches',
  'timeline-bands-light',
  'table-inspector-light',
  'watches-light',
]
/** ConfigMaps created through the API (the rest are written into etcd: the API is too slow here). */
const API_FILL = Number(process.env.BENCH_SCALE_API_FILL ?? 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/** BENCH_SCALE_CORE=0: only the browser part (the core, informer and kubectl rows are not run). */
const CORE = process.env.BENCH_SCALE_CORE !== '0'
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,50000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0)

// ---- the fill ----

/** Creates ConfigMaps cm-from..cm-(to-1) through the API, spread over the 100 namespaces; returns objects a second. */
async function fill(info: ClusterInfo, from: number, to: number): Promise<number> {
  if (from === 0) await createNamespaces(info)
  const a = await adminAgent(info)
  const started = performance.now()
  let next = from
  let failures = 0
  const worker = async () => {
    while (next < to) {
      const k = next++
      const ns = `scale-${k % NAMESPACES}`
      for (let attempt = 0; ; attempt++) {
        const status = await adminRequest(
          a,
          'POST',
          `/api/v1/namespaces/${ns}/configmaps`,
          configMap(k),
        )
          .then((r) => r.status)
          .catch(() => 0)
        if (status === 201 || status === 409) break
        if (attempt > 5) throw new Error(`create cm-${k}: ${status}`)
        failures++
        await new Promise((r) => setTimeout(r, 50 * (attempt + 1)))
      }
    }
  }
  await Promise.all(Array.from({ length: 48 }, worker))
  a.agent.destroy()
  const rate = (to - from) / ((performance.now() - started) / 1000)
  process.stderr.write(`[scale] filled to ${to} (${Math.round(rate)}/s, ${failures} retried)\n`)
  return rate
}

/** Waits until the API serves every ConfigMap written (the watch cache follows etcd). */
async function settledCount(info: ClusterInfo, written: number): Promise<number> {
  for (;;) {
    const n = await countConfigMaps(info)
    // The fill's objects plus kube-root-ca.crt in each namespace (and a few of the system's).
    if (n >= written + NAMESPACES) return n
    await new Promise((r) => setTimeout(r, 1000))
  }
}

/** Whether the fill's ConfigMap number k is there (the fills write them in order). */
async function hasConfigMap(info: ClusterInfo, k: number): Promise<boolean> {
  return (
    (await adminGet(info, `/api/v1/namespaces/scale-${k % NAMESPACES}/configmaps/cm-${k}`))
      .status === 200
  )
}

export async function runScaleBench(): Promise<Record<string, number | string>> {
  const dir = path.join(REPO_ROOT, 'test/artifacts/bench')
  mkdirSync(dir, { recursive: true })
  const policy = path.join(dir, 'scale-audit-none.yaml')
  // No audit log of 150,000 creates: the bench measures reads, and the log would slow the fill.
  writeFileSync(policy, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: None\n')
  // BENCH_SCALE_STATE: a control plane of one's own already running (cluster-cli.ts start), kept.
  const given = process.env.BENCH_SCALE_STATE
  const info = given
    ? readClusterInfo(given)
    : await startControlPlane({
        apiserverArgs: [
          `--audit-policy-file=${policy}`,
          '--max-requests-inflight=800',
          '--max-mutating-requests-inflight=400',
        ],
      })
  // The browser part runs the built app: build it if a source is newer than the last build.
  if (process.env.BENCH_SCALE_UI !== '0')
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import('./scripts/build-if-stale.js').then((m) => process.exit(m.buildIfStale(process.cwd()) ? 0 : 1))",
      ],
      { cwd: REPO_ROOT, stdio: 'inherit' },
    )
  const stateFile = path.join(dir, 'scale-cluster.json')
  writeFileSync(stateFile, JSON.stringify(info))
  const out: Record<string, number | string> = { scale_server: info.version }
  const table: Record<string, number | string>[] = []
  try {
    // The first API_FILL objects through the API (its rate is a figure), the rest into etcd. A
    // control plane given with BENCH_SCALE_STATE keeps what an earlier run filled: only what is
    // missing is written (the fill is the slow part of a run).
    const apiFill = Math.min(API_FILL, SIZES[0] ?? 0)
    let present = 0
    if (given)
      for (const n of [apiFill, ...SIZES])
        if (n > present && (await hasConfigMap(info, n - 1))) present = n
    if (present < apiFill) out.scale_api_create_per_s = Math.round(await fill(info, 0, apiFill))
    out.scale_api_filled = apiFill
    let filled = Math.max(apiFill, present)
    for (const size of SIZES) {
      if (size > filled)
        out[`scale_etcd_put_per_s_${size}`] = Math.round(await fillEtcd(info, filled, size))
      filled = Math.max(filled, size)
      const expected = await settledCount(info, size)
      // What else ran: the machine is shared (other tests, a soak), so each size says its load.
      const loadStart = os.loadavg()[0] as number
      const runs: Record<string, Run[]> = {}
      const self = fileURLToPath(import.meta.url)
      const roles: Role[] = ['core', 'core-pages', 'informer']
      if (info.series !== '1.20') roles.push('core-auto')
      for (let round = 0; CORE && round < ROUNDS; round++) {
        for (const role of roles.slice(0, 3))
          (runs[role] ??= []).push(await child(self, role, stateFile, expected))
        ;(runs.kubectl ??= []).push(await runKubectl(info))
        if (roles[3]) (runs[roles[3]] ??= []).push(await child(self, roles[3], stateFile, expected))
      }
      // Each figure's median over the rounds, by contender.
      const [core, pages, auto, informer, kubectl] = medians(runs, [
        'core',
        'core-pages',
        'core-auto',
        'informer',
        'kubectl',
      ])
      // core: the default start (list then watch, one list request); core-pages: pages of 500.
      const row: Record<string, number | string> = {
        size,
        rounds: ROUNDS,
        objects: expected,
        core_ms: Math.round(core.ms),
        core_pages_ms: Math.round(pages.ms),
        core_pages_vs_informer: r2(informer.ms / pages.ms),
        core_stream_ms: runs['core-auto']?.length ? Math.round(auto.ms) : '—',
        informer_ms: Math.round(informer.ms),
        kubectl_ms: Math.round(kubectl.ms),
        core_vs_informer: r2(informer.ms / core.ms),
        core_vs_kubectl: r2(kubectl.ms / core.ms),
        core_heap_mb: r1(core.heapMb),
        informer_heap_mb: r1(informer.heapMb),
        heap_ratio: r2(core.heapMb / informer.heapMb),
        core_rss_mb: Math.round(core.rssMb),
        informer_rss_mb: Math.round(informer.rssMb),
        rss_ratio: r2(core.rssMb / informer.rssMb),
        core_max_block_ms: r1(core.maxBlockMs),
        core_frames: core.frames,
        core_max_frame_kb: Math.round(core.maxFrameKb),
      }
      // BENCH_SCALE_CORE=0: none of the core's figures, only the browser's below.
      if (!CORE)
        for (const k of Object.keys(row)) if (k !== 'size' && k !== 'objects') delete row[k]
      if (runs['core-auto']?.length) {
        row.core_stream_vs_informer = r2(informer.ms / auto.ms)
        row.core_stream_heap_mb = r1(auto.heapMb)
        row.core_stream_max_block_ms = r1(auto.maxBlockMs)
      }
      if (process.env.BENCH_SCALE_UI !== '0') {
        const shots = path.join(REPO_ROOT, 'test/artifacts/screenshots')
        mkdirSync(shots, { recursive: true })
        const label = `${Math.round(size / 1000)}k`
        const ui = await runScaleUi(info, expected, shots, label)
        // The bench rewrites docs/bench.md; its screenshots go beside the README's.
        for (const name of SHOTS)
          copyFileSync(
            path.join(shots, `scale-${label}-${name}.png`),
            path.join(REPO_ROOT, 'docs/screenshots', `scale-${label}-${name}.png`),
          )
        for (const [k, v] of Object.entries(ui)) row[`ui_${k}`] = v
      }
      row.load_1m = `${r1(loadStart)}–${r1(os.loadavg()[0] as number)}`
      process.stderr.write(`[scale] ${size}: ${JSON.stringify(row)}\n`)
      table.push(row)
      for (const [k, v] of Object.entries(row)) out[`scale_${k}_${size}`] = v
    }
  } finally {
    if (!given) stopControlPlane(info)
  }
  // BENCH_SCALE_MERGE=1 keeps the rows of an earlier run for the sizes this one did not measure.
  const tableFile = path.join(dir, 'scale-table.json')
  const earlier: Record<string, number | string>[] =
    process.env.BENCH_SCALE_MERGE === '1' && existsSync(tableFile)
      ? (JSON.parse(readFileSync(tableFile, 'utf8')) as Record<string, number | string>[])
      : []
  const sizes = new Set(table.map((r) => r.size))
  // Without the core's rows (BENCH_SCALE_CORE=0), the browser's figures join the earlier row.
  const joined = CORE
    ? table
    : table.map((r) => ({ ...earlier.find((e) => e.size === r.size), ...r }))
  const merged = [...earlier.filter((r) => !sizes.has(r.size)), ...joined].sort(
    (a, b) => Number(a.objects) - Number(b.objects),
  )
  writeFileSync(tableFile, JSON.stringify(merged))
  return out
}

if (await runChildRole(process.argv.slice(2))) {
  // A contender's child process: it printed its run and exited.
} else if (process.argv[1]?.includes('scale')) {
  const result = await runScaleBench()
  const file = path.join(REPO_ROOT, 'test/artifacts/bench/scale.json')
  writeFileSync(file, JSON.stringify(result, null, 2))
  console.log(JSON.stringify(result))
}
