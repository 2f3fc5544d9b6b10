// The core against client-node's informer, side by side at 10,000 and 50,000 ConfigMaps (a smaller
// companion of scale.bench.ts, for the core alone): `BENCH_ONLY=core-scale npm run bench`.
// A control plane of its own (or BENCH_SCALE_STATE's, kept), filled in 100 namespaces through
// etcd (one put per object, as scale.bench.ts does past its first objects). Each contender runs
// in a process of its own, rounds alternating, medians of the rounds:
//   - core: SessionWatches with its default start (list then watch, the default page size), until
//     every object is in the store and the watch is open; on 1.37 also a streaming list;
//   - informer: @kubernetes/client-node's makeInformer until its cache holds every object.
// Besides the wall time, the CPU time of each process's main thread (under a shared machine's
// load the wall time mostly says how long the server and the others took). Memory, after GC and
// minus what the process held before: the JavaScript heap plus the ArrayBuffers (the core keeps
// its columns and its version history's bytes there), the core's version-history worker included.
// Prints the figures; its keys start with scale_side_, so docs/bench.md's head does not list them.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import os from 'node:os'
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

const NAMESPACES = 100
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,50000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0)

interface Run {
  ms: number
  cpuMs: number
  heapMb: number
  rssMb: number
  maxBlockMs: number
  startedBy?: string
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const r2 = (x: number) => Math.round(x * 100) / 100

/** This thread's CPU time (user and system), from /proc: the main thread's, not the workers'. */
function threadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100
}

/** The heap and ArrayBuffers held after GC. */
async function heldAfterGc(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc (npm run bench does)')
  for (let k = 0; k < 3; k++) {
    gc()
    await new Promise((r) => setTimeout(r, 100))
  }
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

function until(done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const probe = setInterval(() => {
      if (done()) {
        clearInterval(probe)
        resolve()
      }
    }, 5)
  })
}

async function runCore(info: ClusterInfo, expected: number, mode: WatchMode): Promise<Run> {
  const loaded = loadKubeconfig({ KUBECONFIG: info.kubeconfig })
  if (!loaded.ok) throw new Error(loaded.error.detail)
  const config = contextConfig(loaded.value, ADMIN_CONTEXT)
  if (!config.ok) throw new Error(config.error.detail)
  const transport = new KubeTransport(config.value, new RequestLog(10))
  const base = await heldAfterGc()
  // What a WebSocket or IPC message would carry, as the app sends it.
  const watches = new SessionWatches(ADMIN_CONTEXT, transport, (f) => JSON.stringify(f))
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const started = performance.now()
  const cpu = threadCpuMs()
  const status = watches.start({ group: '', version: 'v1', resource: 'configmaps', mode })
  await until(
    () =>
      watches.store.objectCount >= expected &&
      watches.statuses().find((s) => s.id === status.id)?.state === 'watching',
  )
  const ms = performance.now() - started
  const cpuMs = threadCpuMs() - cpu
  delay.disable()
  await watches.store.compacted()
  const worker = await watches.store.versions.heapUsed()
  const heap = (await heldAfterGc()) - base + worker
  const run = {
    ms,
    cpuMs,
    heapMb: heap / 2 ** 20,
    rssMb: process.memoryUsage().rss / 2 ** 20,
    maxBlockMs: delay.max / 1e6,
    startedBy: watches.statuses()[0]?.startedBy ?? '?',
  }
  watches.close()
  transport.close()
  return run
}

async function runInformer(info: ClusterInfo, expected: number): Promise<Run> {
  const kc = new KubeConfig()
  kc.loadFromFile(info.kubeconfig)
  kc.setCurrentContext(ADMIN_CONTEXT)
  const api = kc.makeApiClient(CoreV1Api)
  const base = await heldAfterGc()
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const started = performance.now()
  const cpu = threadCpuMs()
  const informer = makeInformer<V1ConfigMap>(kc, '/api/v1/configmaps', () =>
    api.listConfigMapForAllNamespaces(),
  )
  let added = 0
  informer.on('add', () => added++)
  informer.on('error', () => undefined)
  await informer.start()
  await until(() => added >= expected)
  const ms = performance.now() - started
  const cpuMs = threadCpuMs() - cpu
  delay.disable()
  const heap = (await heldAfterGc()) - base
  const run = {
    ms,
    cpuMs,
    heapMb: heap / 2 ** 20,
    rssMb: process.memoryUsage().rss / 2 ** 20,
    maxBlockMs: delay.max / 1e6,
  }
  await informer.stop()
  return run
}

// ---- the fill: namespaces through the API, ConfigMaps straight into etcd ----

async function adminRequest(info: ClusterInfo, method: string, p: string, body?: unknown) {
  const kc = new KubeConfig()
  kc.loadFromFile(info.kubeconfig)
  kc.setCurrentContext(ADMIN_CONTEXT)
  const tls: https.RequestOptions = {}
  await kc.applyToHTTPSOptions(tls)
  const url = new URL(info.server)
  const data = body === undefined ? undefined : JSON.stringify(body)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = https.request(
      {
        host: url.hostname,
        port: Number(url.port),
        path: p,
        method,
        ca: tls.ca,
        cert: tls.cert,
        key: tls.key,
        headers: data ? { 'Content-Type': 'application/json' } : {},
      },
      (res) => {
        let text = ''
        res.on('data', (b: Buffer) => (text += b.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}

/** ConfigMaps in the cluster: a list of one, and the remainingItemCount the server adds. */
async function countConfigMaps(info: ClusterInfo): Promise<number> {
  const res = await adminRequest(info, 'GET', '/api/v1/configmaps?limit=1')
  const list = JSON.parse(res.body) as {
    items: unknown[]
    metadata: { remainingItemCount?: number }
  }
  return list.items.length + (list.metadata.remainingItemCount ?? 0)
}

/** Writes ConfigMaps bench-from..bench-(to-1) into etcd (JSON values, which kube-apiserver reads). */
async function fillEtcd(info: ClusterInfo, from: number, to: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 })
  const url = new URL(info.etcdEndpoint)
  const b64 = (s: string) => Buffer.from(s).toString('base64')
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
          headers: { 'Content-Type': 'application/json' },
        },
        (res) => {
          res.resume()
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`etcd ${res.statusCode}`)),
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
      const value = {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: {
          name: `bench-${k}`,
          namespace: ns,
          uid: randomUUID(),
          creationTimestamp: created,
          labels: { bench: 'scale' },
        },
        data: { n: String(k), note: 'a small ConfigMap of the scale benchmark' },
      }
      await put(
        JSON.stringify({
          key: b64(`/registry/configmaps/${ns}/bench-${k}`),
          value: b64(JSON.stringify(value)),
        }),
      )
    }
  }
  await Promise.all(Array.from({ length: 32 }, worker))
  agent.destroy()
}

/** Fills the cluster up to `size` ConfigMaps (counting those already there); returns the count. */
async function fillTo(info: ClusterInfo, size: number): Promise<number> {
  for (let n = 0; n < NAMESPACES; n++)
    await adminRequest(info, 'POST', '/api/v1/namespaces', { metadata: { name: `scale-${n}` } })
  let count = await countConfigMaps(info)
  if (count < size) {
    // Named after the count so that a later, larger fill goes on where this one stopped.
    await fillEtcd(info, count, size)
    while ((count = await countConfigMaps(info)) < size)
      await new Promise((r) => setTimeout(r, 1000))
  }
  return count
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
    p.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as Run)
        : reject(new Error(`${role} exited ${code}`)),
    )
  })
}

async function runBench(): Promise<Record<string, number | string>> {
  const dir = path.join(REPO_ROOT, 'test/artifacts/bench')
  mkdirSync(dir, { recursive: true })
  const policy = path.join(dir, 'core-scale-audit-none.yaml')
  writeFileSync(policy, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: None\n')
  const given = process.env.BENCH_SCALE_STATE
  const info = given
    ? readClusterInfo(given)
    : await startControlPlane({ apiserverArgs: [`--audit-policy-file=${policy}`] })
  const stateFile = path.join(dir, 'core-scale-cluster.json')
  writeFileSync(stateFile, JSON.stringify(info))
  const out: Record<string, number | string> = { scale_side_server: info.version }
  try {
    for (const size of SIZES) {
      const expected = await fillTo(info, size)
      const roles = ['core', 'informer', ...(info.series === '1.20' ? [] : ['core-stream'])]
      const runs: Record<string, Run[]> = {}
      const loads: number[] = []
      for (let round = 0; round < ROUNDS; round++)
        for (const role of roles) {
          loads.push(os.loadavg()[0] ?? 0)
          ;(runs[role] ??= []).push(await child(role, stateFile, expected))
        }
      const m = (role: string, f: keyof Run) =>
        median((runs[role] ?? []).map((r) => Number(r[f] ?? 0)))
      const row: Record<string, number | string> = {
        objects: expected,
        rounds: ROUNDS,
        load: r2(median(loads)),
        core_ms: Math.round(m('core', 'ms')),
        informer_ms: Math.round(m('informer', 'ms')),
        informer_vs_core: r2(m('informer', 'ms') / m('core', 'ms')),
        core_cpu_ms: Math.round(m('core', 'cpuMs')),
        informer_cpu_ms: Math.round(m('informer', 'cpuMs')),
        informer_vs_core_cpu: r2(m('informer', 'cpuMs') / m('core', 'cpuMs')),
        core_heap_mb: r2(m('core', 'heapMb')),
        informer_heap_mb: r2(m('informer', 'heapMb')),
        heap_core_vs_informer: r2(m('core', 'heapMb') / m('informer', 'heapMb')),
        core_rss_mb: Math.round(m('core', 'rssMb')),
        informer_rss_mb: Math.round(m('informer', 'rssMb')),
        core_max_block_ms: Math.round(m('core', 'maxBlockMs')),
        informer_max_block_ms: Math.round(m('informer', 'maxBlockMs')),
      }
      if (runs['core-stream']) {
        row.stream_ms = Math.round(m('core-stream', 'ms'))
        row.informer_vs_stream = r2(m('informer', 'ms') / m('core-stream', 'ms'))
        row.stream_heap_mb = r2(m('core-stream', 'heapMb'))
        row.stream_max_block_ms = Math.round(m('core-stream', 'maxBlockMs'))
      }
      process.stderr.write(`[core-scale] ${size}: ${JSON.stringify(row)}\n`)
      for (const [k, v] of Object.entries(row)) out[`scale_side_${k}_${size}`] = v
    }
  } finally {
    if (!given) stopControlPlane(info)
  }
  return out
}

const [role, stateFile, expectedText] = process.argv.slice(2)
if (role && stateFile) {
  const info = readClusterInfo(stateFile)
  const expected = Number(expectedText)
  const run =
    role === 'informer'
      ? await runInformer(info, expected)
      : await runCore(info, expected, role === 'core-stream' ? 'streaming-list' : 'list-watch')
  process.stdout.write(`${JSON.stringify(run)}\n`)
  process.exit(0)
} else if (process.argv[1]?.includes('core-scale')) {
  const result = await runBench()
  writeFileSync(
    path.join(REPO_ROOT, 'test/artifacts/bench/core-scale.json'),
    JSON.stringify(result, null, 2),
  )
  console.log(JSON.stringify(result))
}
