// Scale, through the whole core: a control plane of its own (never the shared ones) filled with N
// small ConfigMaps in 100 namespaces, then side by side in one run, each contender in a process
// of its own (so that memory is its own), rounds alternating:
//   - Apiscope's core (SessionWatches: list pages of 500 or its default start, store, frames)
//     until every object is in the store and the watch is open;
//   - @kubernetes/client-node's makeInformer until its cache holds every object (synced);
//   - `kubectl get configmaps -A --chunk-size=500 -o name` until it exits.
// Memory: heap after GC (the core's main thread plus its version-history worker) and RSS, against
// the informer's process. The fill creates objects through the API (parallel POSTs on keep-alive
// connections) for the first objects, the rest written straight into etcd (see fillEtcd). Ratios, not absolute timings, are the result.
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import http from 'node:http'
import https from 'node:https'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { CoreV1Api, KubeConfig, makeInformer, type V1ConfigMap } from '@kubernetes/client-node'
import type { WatchMode } from '@common/watch-types'
import { contextConfig } from '../../src-main/core/client-config'
import { loadKubeconfig } from '../../src-main/core/kubeconfig-loader'
import { KubeTransport } from '../../src-main/core/kube-transport'
import { RequestLog } from '../../src-main/core/request-log'
import { SessionWatches } from '../../src-main/core/watch/session-watches'
import {
  ADMIN_CONTEXT,
  REPO_ROOT,
  readClusterInfo,
  startControlPlane,
  stopControlPlane,
  type ClusterInfo,
} from '../cluster/control-plane'
import { runScaleUi } from './scale-ui'

const NAMESPACES = 100
/** The screenshots scale-ui.ts takes, copied to docs/screenshots. */
const SHOTS = [
  'timeline-bands',
  'timeline-group-open',
  'timeline-inspector',
  'table-inspector',
  'watches',
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

interface Run {
  ms: number
  objects: number
  heapMb?: number
  rssMb?: number
  maxBlockMs?: number
  frames?: number
  maxFrameKb?: number
  startedBy?: string
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}
const r1 = (x: number) => Math.round(x * 10) / 10
const r2 = (x: number) => Math.round(x * 100) / 100

async function heapAfterGc(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc (npm run bench does)')
  for (let k = 0; k < 3; k++) {
    gc()
    await new Promise((r) => setTimeout(r, 100))
  }
  return process.memoryUsage().heapUsed
}

// ---- the contenders, each run in a child process: `node scale.mjs ROLE STATE EXPECTED` ----

async function runCore(
  info: ClusterInfo,
  expected: number,
  mode: WatchMode,
  pageSize?: number,
): Promise<Run> {
  const loaded = loadKubeconfig({ KUBECONFIG: info.kubeconfig })
  if (!loaded.ok) throw new Error(loaded.error.detail)
  const config = contextConfig(loaded.value, ADMIN_CONTEXT)
  if (!config.ok) throw new Error(config.error.detail)
  const transport = new KubeTransport(config.value, new RequestLog(10))
  const base = await heapAfterGc()
  let frames = 0
  let maxFrame = 0
  const watches = new SessionWatches(ADMIN_CONTEXT, transport, (f) => {
    frames++
    // What a WebSocket or IPC message would carry.
    maxFrame = Math.max(maxFrame, JSON.stringify(f).length)
  })
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const started = performance.now()
  const status = watches.start({
    group: '',
    version: 'v1',
    resource: 'configmaps',
    mode,
    ...(pageSize !== undefined ? { pageSize } : {}),
  })
  await new Promise<void>((resolve) => {
    const probe = setInterval(() => {
      const st = watches.statuses().find((s) => s.id === status.id)
      if (watches.store.objectCount >= expected && st?.state === 'watching') {
        clearInterval(probe)
        resolve()
      }
    }, 5)
  })
  const ms = performance.now() - started
  delay.disable()
  const startedBy = watches.statuses()[0]?.startedBy ?? '?'
  await watches.store.compacted()
  const workerHeap = await watches.store.versions.heapUsed()
  const heap = (await heapAfterGc()) - base + workerHeap
  const rss = process.memoryUsage().rss
  watches.close()
  transport.close()
  return {
    ms,
    objects: watches.store.objectCount,
    heapMb: heap / 2 ** 20,
    rssMb: rss / 2 ** 20,
    maxBlockMs: delay.max / 1e6,
    frames,
    maxFrameKb: maxFrame / 1024,
    startedBy,
  }
}

async function runInformer(info: ClusterInfo, expected: number): Promise<Run> {
  const kc = new KubeConfig()
  kc.loadFromFile(info.kubeconfig)
  kc.setCurrentContext(ADMIN_CONTEXT)
  const api = kc.makeApiClient(CoreV1Api)
  const base = await heapAfterGc()
  const started = performance.now()
  const informer = makeInformer<V1ConfigMap>(kc, '/api/v1/configmaps', () =>
    api.listConfigMapForAllNamespaces(),
  )
  let added = 0
  informer.on('add', () => added++)
  informer.on('error', (err) => process.stderr.write(`informer error: ${String(err)}\n`))
  await informer.start()
  await new Promise<void>((resolve) => {
    const probe = setInterval(() => {
      if (added >= expected && informer.list().length >= expected) {
        clearInterval(probe)
        resolve()
      }
    }, 5)
  })
  const ms = performance.now() - started
  const heap = (await heapAfterGc()) - base
  const rss = process.memoryUsage().rss
  const objects = informer.list().length
  await informer.stop()
  return { ms, objects, heapMb: heap / 2 ** 20, rssMb: rss / 2 ** 20 }
}

function runKubectl(info: ClusterInfo): Promise<Run> {
  const kubectl = path.join(info.binDir, 'kubectl')
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(
      kubectl,
      [
        '--kubeconfig',
        info.kubeconfig,
        'get',
        'configmaps',
        '-A',
        '--chunk-size=500',
        '-o',
        'name',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let lines = 0
    child.stdout.on('data', (b: Buffer) => {
      for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) lines++
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolve({ ms: performance.now() - started, objects: lines })
        : reject(new Error(`kubectl exited ${code}`)),
    )
  })
}

// ---- the fill ----

async function adminAgent(
  info: ClusterInfo,
): Promise<{ agent: https.Agent; host: string; port: number }> {
  const kc = new KubeConfig()
  kc.loadFromFile(info.kubeconfig)
  kc.setCurrentContext(ADMIN_CONTEXT)
  const tls: https.RequestOptions = {}
  await kc.applyToHTTPSOptions(tls)
  const url = new URL(info.server)
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 48,
    ca: tls.ca,
    cert: tls.cert,
    key: tls.key,
  })
  return { agent, host: url.hostname, port: Number(url.port) }
}

function post(
  a: { agent: https.Agent; host: string; port: number },
  p: string,
  body: unknown,
): Promise<number> {
  const data = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        agent: a.agent,
        host: a.host,
        port: a.port,
        path: p,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}

const configMap = (k: number) => ({
  metadata: { name: `cm-${k}`, labels: { bench: 'scale' } },
  data: { n: String(k), note: 'a small ConfigMap of the scale benchmark' },
})

/**
 * Writes ConfigMaps cm-from..cm-(to-1) straight into etcd, one put each (so that each has its own
 * revision, as objects created through the API do), through etcd's JSON gateway on keep-alive
 * connections: JSON values, which kube-apiserver's storage decoder reads as it reads its own
 * protobuf; its watch cache sees them through its etcd watch, and their resourceVersions are
 * etcd's revisions. Returns objects a second.
 */
async function fillEtcd(info: ClusterInfo, from: number, to: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 })
  const url = new URL(info.etcdEndpoint)
  const b64 = (s: string) => Buffer.from(s).toString('base64')
  const started = performance.now()
  const created = new Date().toISOString().replace(/\.\d+Z$/, 'Z')
  let next = from
  const put = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: Number(url.port),
          path: '/v3/kv/put',
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = ''
          res.on('data', (b: Buffer) => (text += b.toString()))
          res.on('end', () =>
            res.statusCode === 200
              ? resolve()
              : reject(new Error(`etcd put ${res.statusCode}: ${text}`)),
          )
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  const worker = async () => {
    while (next < to) {
      const k = next++
      const ns = `scale-${k % NAMESPACES}`
      const cm = configMap(k)
      const value = {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { ...cm.metadata, namespace: ns, uid: randomUUID(), creationTimestamp: created },
        data: cm.data,
      }
      await put(
        JSON.stringify({
          key: b64(`/registry/configmaps/${ns}/cm-${k}`),
          value: b64(JSON.stringify(value)),
        }),
      )
    }
  }
  await Promise.all(Array.from({ length: 32 }, worker))
  agent.destroy()
  const rate = (to - from) / ((performance.now() - started) / 1000)
  process.stderr.write(`[scale] wrote to etcd up to ${to} (${Math.round(rate)}/s)\n`)
  return rate
}

/** Creates ConfigMaps cm-from..cm-(to-1) through the API, spread over the 100 namespaces; returns objects a second. */
async function fill(info: ClusterInfo, from: number, to: number): Promise<number> {
  const a = await adminAgent(info)
  if (from === 0) {
    for (let n = 0; n < NAMESPACES; n++)
      await post(a, '/api/v1/namespaces', { metadata: { name: `scale-${n}` } })
  }
  const started = performance.now()
  let next = from
  let failures = 0
  const worker = async () => {
    while (next < to) {
      const k = next++
      const ns = `scale-${k % NAMESPACES}`
      for (let attempt = 0; ; attempt++) {
        const status = await post(a, `/api/v1/namespaces/${ns}/configmaps`, configMap(k)).catch(
          () => 0,
        )
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

/** An admin GET: its status and body. */
async function get(info: ClusterInfo, p: string): Promise<{ status: number; body: string }> {
  const a = await adminAgent(info)
  try {
    return await new Promise((resolve, reject) => {
      const req = https.request({ agent: a.agent, host: a.host, port: a.port, path: p }, (res) => {
        let body = ''
        res.on('data', (b: Buffer) => (body += b.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      req.on('error', reject)
      req.end()
    })
  } finally {
    a.agent.destroy()
  }
}

/** ConfigMaps in the cluster: a list of one, and the remainingItemCount the server adds. */
async function countConfigMaps(info: ClusterInfo): Promise<number> {
  const res = await get(info, '/api/v1/configmaps?limit=1')
  if (res.status !== 200) throw new Error(`count: ${res.status}`)
  const list = JSON.parse(res.body) as {
    items: unknown[]
    metadata: { remainingItemCount?: number }
  }
  return list.items.length + (list.metadata.remainingItemCount ?? 0)
}

/** Whether the fill's ConfigMap number k is there (the fills write them in order). */
async function hasConfigMap(info: ClusterInfo, k: number): Promise<boolean> {
  return (
    (await get(info, `/api/v1/namespaces/scale-${k % NAMESPACES}/configmaps/cm-${k}`)).status ===
    200
  )
}

function child(role: string, stateFile: string, expected: number): Promise<Run> {
  const self = fileURLToPath(import.meta.url)
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=8192', self, role, stateFile, String(expected)],
      { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
    )
    let out = ''
    p.stdout.on('data', (b: Buffer) => (out += b.toString()))
    p.on('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? ''
      if (code !== 0) return reject(new Error(`${role} exited ${code}`))
      resolve(JSON.parse(line) as Run)
    })
  })
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
      const runs: Record<string, Run[]> = {
        core: [],
        coreWhole: [],
        coreStream: [],
        informer: [],
        kubectl: [],
      }
      for (let round = 0; CORE && round < ROUNDS; round++) {
        runs.core?.push(await child('core-list', stateFile, expected))
        runs.coreWhole?.push(await child('core-whole', stateFile, expected))
        runs.informer?.push(await child('informer', stateFile, expected))
        runs.kubectl?.push(await runKubectl(info))
        if (info.series !== '1.20')
          runs.coreStream?.push(await child('core-auto', stateFile, expected))
      }
      const m = (k: string, f: keyof Run) => median((runs[k] ?? []).map((r) => Number(r[f] ?? 0)))
      const row: Record<string, number | string> = {
        size,
        rounds: ROUNDS,
        objects: expected,
        core_ms: Math.round(m('core', 'ms')),
        core_whole_ms: Math.round(m('coreWhole', 'ms')),
        core_whole_vs_informer: r2(m('informer', 'ms') / m('coreWhole', 'ms')),
        core_stream_ms: runs.coreStream?.length ? Math.round(m('coreStream', 'ms')) : '—',
        informer_ms: Math.round(m('informer', 'ms')),
        kubectl_ms: Math.round(m('kubectl', 'ms')),
        core_vs_informer: r2(m('informer', 'ms') / m('core', 'ms')),
        core_vs_kubectl: r2(m('kubectl', 'ms') / m('core', 'ms')),
        core_heap_mb: r1(m('core', 'heapMb')),
        informer_heap_mb: r1(m('informer', 'heapMb')),
        heap_ratio: r2(m('core', 'heapMb') / m('informer', 'heapMb')),
        core_rss_mb: Math.round(m('core', 'rssMb')),
        informer_rss_mb: Math.round(m('informer', 'rssMb')),
        rss_ratio: r2(m('core', 'rssMb') / m('informer', 'rssMb')),
        core_max_block_ms: r1(m('core', 'maxBlockMs')),
        core_frames: m('core', 'frames'),
        core_max_frame_kb: Math.round(m('core', 'maxFrameKb')),
      }
      // BENCH_SCALE_CORE=0: none of the core's figures, only the browser's below.
      if (!CORE)
        for (const k of Object.keys(row)) if (k !== 'size' && k !== 'objects') delete row[k]
      if (runs.coreStream?.length) {
        row.core_stream_vs_informer = r2(m('informer', 'ms') / m('coreStream', 'ms'))
        row.core_stream_heap_mb = r1(m('coreStream', 'heapMb'))
        row.core_stream_max_block_ms = r1(m('coreStream', 'maxBlockMs'))
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

const [role, stateFile, expectedText] = process.argv.slice(2)
if (role && stateFile) {
  const info = readClusterInfo(stateFile)
  const expected = Number(expectedText)
  const run =
    role === 'informer'
      ? await runInformer(info, expected)
      : role === 'core-whole'
        ? await runCore(info, expected, 'list-watch', 0)
        : await runCore(info, expected, role === 'core-auto' ? 'auto' : 'list-watch')
  process.stdout.write(`${JSON.stringify(run)}\n`)
  process.exit(0)
} else if (process.argv[1]?.includes('scale')) {
  const result = await runScaleBench()
  const file = path.join(REPO_ROOT, 'test/artifacts/bench/scale.json')
  writeFileSync(file, JSON.stringify(result, null, 2))
  console.log(JSON.stringify(result))
}
