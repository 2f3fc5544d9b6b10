// What scale.bench.ts and core-scale.bench.ts share: the fill (namespaces, then ConfigMaps straight
// into etcd), the contenders (Apiscope's core, client-node's informer, each run in a child process
// of its own, `node <bench>.mjs ROLE STATE EXPECTED`, see runRole; kubectl), and how they are
// measured.
import { spawn } from 'node:child_process'
import { pbkdf2, randomUUID } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import http from 'node:http'
import { getPriority } from 'node:os'
import path from 'node:path'
import https from 'node:https'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { CoreV1Api, KubeConfig, makeInformer, type V1ConfigMap } from '@kubernetes/client-node'
import type { WatchMode } from '@common/watch-types'
import { contextConfig } from '../../src-main/core/client-config'
import { loadKubeconfig } from '../../src-main/core/kubeconfig-loader'
import { KubeTransport } from '../../src-main/core/kube-transport'
import { RequestLog } from '../../src-main/core/request-log'
import { SessionWatches } from '../../src-main/core/watch/session-watches'
import type { SupervisorOptions } from '../../src-main/core/watch/supervisor-options'
import { ADMIN_CONTEXT, readClusterInfo, type ClusterInfo } from '../cluster/control-plane'
import { mainThreadCpuMs, taskStat } from './proc-stat'
import { adminApi, type Api } from '../soak/soak-writes'

export const NAMESPACES = 100

/** One contender's run, as its child process prints it. */
export interface Run {
  ms: number
  /** From the start to the first object in the store (the informer: its first add). */
  firstMs?: number
  /** The core: until every object is in the store, before its watch is open (ms waits for both). */
  storedMs?: number
  /**
   * The core: until its version-history worker has stored every version handed over (compacted;
   * the worker stores a list's versions once its answer ended), from the same start.
   */
  compactedMs?: number
  objects: number
  /** The main thread's CPU time (user and system); the rest: none for kubectl. */
  cpuMs?: number
  /** The process's other threads' CPU time (the core's version-history worker, GC, zlib). */
  otherCpuMs?: number
  /**
   * How long the main thread was ready to run but waited for a core (the kernel's run-queue wait,
   * /proc schedstat): on a shared machine, the part of the wall time that is the scheduler's.
   */
  runWaitMs?: number
  heapMb?: number
  rssMb?: number
  maxBlockMs?: number
  frames?: number
  maxFrameKb?: number
  startedBy?: string
  /** The other threads' CPU time by kind (cpuMeter): the worker, libuv's threadpool, V8's threads. */
  threadCpuMs?: { worker: number; threadpool: number; v8: number }
}

export const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
/** A Run's figures (its numbers). */
const FIGURES = [
  'ms',
  'firstMs',
  'storedMs',
  'compactedMs',
  'objects',
  'cpuMs',
  'otherCpuMs',
  'runWaitMs',
  'heapMb',
  'rssMb',
  'maxBlockMs',
  'frames',
  'maxFrameKb',
] as const satisfies readonly (keyof Run)[]
type Medians = Record<(typeof FIGURES)[number], number>
/**
 * For each of `roles`, each figure's median over that contender's rounds (one run a round): 0 for
 * a figure its runs lack, or for a contender that did not run.
 */
export function medians<const R extends readonly string[]>(
  runs: Record<string, Run[]>,
  roles: R,
): { [I in keyof R]: Medians } {
  return roles.map(
    (role) =>
      Object.fromEntries(
        FIGURES.map((f) => [f, median((runs[role] ?? []).map((r) => Number(r[f] ?? 0)))]),
      ) as Medians,
  ) as { [I in keyof R]: Medians }
}
export const r1 = (x: number) => Math.round(x * 10) / 10
export const r2 = (x: number) => Math.round(x * 100) / 100

/** The whole process's CPU time (every thread), ms. */
function processCpuMs(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** The main thread's run-queue wait so far, ms (0 where the kernel keeps no schedstat). */
function runQueueWaitMs(): number {
  try {
    const [, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')
    return Number(wait) / 1e6
  } catch {
    return 0
  }
}

/** A thread of this process (not the main one): its CPU time so far (ms) and its nice value. */
interface ThreadSample {
  ms: number
  nice: number
}

/** Every thread of this process but the main one, by task id. */
function otherThreads(): Map<string, ThreadSample> {
  const out = new Map<string, ThreadSample>()
  let tasks: string[]
  try {
    tasks = readdirSync('/proc/self/task')
  } catch {
    return out
  }
  for (const tid of tasks) {
    if (tid === String(process.pid)) continue
    const stat = taskStat(`/proc/self/task/${tid}`)
    // Null: the thread ended meanwhile.
    if (stat) out.set(tid, stat)
  }
  return out
}

/**
 * The libuv threadpool's threads (zlib inflates there), found by what they do: Node 20 names every
 * thread "node", so a few pbkdf2 jobs (threadpool work) run and the threads whose CPU time grew
 * meanwhile are the pool's. Run before the measure starts.
 */
export async function threadpoolThreads(): Promise<Set<string>> {
  const before = otherThreads()
  const jobs = Number(process.env.UV_THREADPOOL_SIZE ?? 4) * 2
  await Promise.all(
    Array.from(
      { length: jobs },
      () => new Promise((resolve) => pbkdf2('p', 's', 20_000, 32, 'sha256', resolve)),
    ),
  )
  const pool = new Set<string>()
  for (const [tid, t] of otherThreads()) if (t.ms - (before.get(tid)?.ms ?? 0) >= 10) pool.add(tid)
  return pool
}

/**
 * CPU and run-queue wait from now on: `end()` gives the main thread's, the others' and the wait,
 * and the others' by kind: `worker` a thread running at a lower priority than the main one (the
 * core's version-history worker, thread-priority.ts), `threadpool` libuv's (given), `v8` the rest
 * (V8's platform threads: concurrent and parallel GC, compilation).
 */
export function cpuMeter(pool: Set<string> = new Set()): {
  end(): Pick<Run, 'cpuMs' | 'otherCpuMs' | 'runWaitMs' | 'threadCpuMs'>
} {
  const main = mainThreadCpuMs()
  const all = processCpuMs()
  const wait = runQueueWaitMs()
  const threads = otherThreads()
  const mainNice = getPriority(process.pid)
  return {
    end() {
      const cpuMs = mainThreadCpuMs() - main
      // A thread started meanwhile counts from 0; one that ended meanwhile is missing here (not
      // from otherCpuMs).
      const byKind = { worker: 0, threadpool: 0, v8: 0 }
      for (const [tid, t] of otherThreads()) {
        const ms = t.ms - (threads.get(tid)?.ms ?? 0)
        const kind = pool.has(tid) ? 'threadpool' : t.nice > mainNice ? 'worker' : 'v8'
        byKind[kind] += ms
      }
      return {
        cpuMs,
        otherCpuMs: Math.max(0, processCpuMs() - all - cpuMs),
        runWaitMs: runQueueWaitMs() - wait,
        threadCpuMs: byKind,
      }
    },
  }
}

/**
 * The heap and ArrayBuffers held after GC (the core keeps its event columns and its version
 * history's bytes in ArrayBuffers, outside the heap).
 */
export async function heldAfterGc(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc (npm run bench does)')
  // Several collections with pauses between: V8 sweeps concurrently.
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

// ---- the contenders (kubectl: runKubectl, in the bench's own process) ----

/**
 * Apiscope's core (SessionWatches: list, store, frames) on every ConfigMap, until every object is
 * in the store and the watch is open. pageSize: the watch's own page size (none: the default
 * start); options: the supervisor's (none: its defaults).
 */
async function runCore(
  info: ClusterInfo,
  expected: number,
  mode: WatchMode,
  pageSize?: number,
  options: Partial<SupervisorOptions> = {},
): Promise<Run> {
  const loaded = loadKubeconfig({ KUBECONFIG: info.kubeconfig })
  if (!loaded.ok) throw new Error(loaded.error.detail)
  const config = contextConfig(loaded.value, ADMIN_CONTEXT)
  if (!config.ok) throw new Error(config.error.detail)
  const transport = new KubeTransport(config.value, new RequestLog(10))
  const pool = await threadpoolThreads()
  const base = await heldAfterGc()
  let frames = 0
  let maxFrame = 0
  const watches = new SessionWatches(
    ADMIN_CONTEXT,
    transport,
    (f) => {
      frames++
      // What a WebSocket or IPC message would carry, as the app sends it.
      maxFrame = Math.max(maxFrame, JSON.stringify(f).length)
    },
    options,
  )
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const started = performance.now()
  const cpu = cpuMeter(pool)
  const status = watches.start({
    group: '',
    version: 'v1',
    resource: 'configmaps',
    mode,
    ...(pageSize !== undefined ? { pageSize } : {}),
  })
  await until(() => watches.store.objectCount > 0)
  const firstMs = performance.now() - started
  await until(() => watches.store.objectCount >= expected)
  const storedMs = performance.now() - started
  await until(() => watches.statuses().find((s) => s.id === status.id)?.state === 'watching')
  const ms = performance.now() - started
  const spent = cpu.end()
  delay.disable()
  const startedBy = watches.statuses()[0]?.startedBy ?? '?'
  await watches.store.compacted()
  const compactedMs = performance.now() - started
  const worker = await watches.store.versions.heapUsed()
  const held = (await heldAfterGc()) - base + worker
  const run: Run = {
    ms,
    firstMs,
    storedMs,
    compactedMs,
    ...spent,
    objects: watches.store.objectCount,
    heapMb: held / 2 ** 20,
    rssMb: process.memoryUsage().rss / 2 ** 20,
    maxBlockMs: delay.max / 1e6,
    frames,
    maxFrameKb: maxFrame / 1024,
    startedBy,
  }
  watches.close()
  transport.close()
  return run
}

/** client-node's makeInformer on every ConfigMap, until its cache holds every object (synced). */
async function runInformer(info: ClusterInfo, expected: number): Promise<Run> {
  const kc = new KubeConfig()
  kc.loadFromFile(info.kubeconfig)
  kc.setCurrentContext(ADMIN_CONTEXT)
  const api = kc.makeApiClient(CoreV1Api)
  const pool = await threadpoolThreads()
  const base = await heldAfterGc()
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const started = performance.now()
  const cpu = cpuMeter(pool)
  const informer = makeInformer<V1ConfigMap>(kc, '/api/v1/configmaps', () =>
    api.listConfigMapForAllNamespaces(),
  )
  let added = 0
  let firstMs = 0
  informer.on('add', () => {
    if (added++ === 0) firstMs = performance.now() - started
  })
  informer.on('error', (err) => process.stderr.write(`informer error: ${String(err)}\n`))
  await informer.start()
  await until(() => added >= expected && informer.list().length >= expected)
  const ms = performance.now() - started
  const spent = cpu.end()
  delay.disable()
  const held = (await heldAfterGc()) - base
  const run: Run = {
    ms,
    firstMs,
    ...spent,
    objects: informer.list().length,
    heapMb: held / 2 ** 20,
    rssMb: process.memoryUsage().rss / 2 ** 20,
    maxBlockMs: delay.max / 1e6,
  }
  await informer.stop()
  return run
}

/**
 * `kubectl get configmaps -A --chunk-size=500 -o name` (the kubeconfig's current context, the
 * admin) until it exits: its lines counted, its own process (kubectl's memory is not measured).
 */
export function runKubectl(info: ClusterInfo): Promise<Run> {
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

/**
 * The contenders a child process can be: `core` (the default start: list then watch, with the
 * supervisor's default page), `core-flags` (the same, its process given BENCH_CORE_NODE_ARGS),
 * `core-one-request` (list then watch, every object in one request
 * with no limit), `core-first-page` (list then watch, a first page of 500, then the rest asked at
 * once: SupervisorOptions.pageSize 500), `core-pages` (list then watch in pages of 500, as
 * kubectl), `core-stream` (a streaming list), `core-auto` (auto: a streaming list where served)
 * and `informer`.
 */
export const ROLES = [
  'core',
  'core-flags',
  'core-one-request',
  'core-first-page',
  'core-pages',
  'core-stream',
  'core-auto',
  'informer',
] as const
export type Role = (typeof ROLES)[number]

function runRole(role: Role, info: ClusterInfo, expected: number): Promise<Run> {
  switch (role) {
    case 'informer':
      return runInformer(info, expected)
    case 'core-pages':
      return runCore(info, expected, 'list-watch', 500)
    case 'core-stream':
      return runCore(info, expected, 'streaming-list')
    case 'core-auto':
      return runCore(info, expected, 'auto')
    case 'core':
    case 'core-flags':
      return runCore(info, expected, 'list-watch')
    case 'core-one-request':
      return runCore(info, expected, 'list-watch', undefined, { pageSize: 0 })
    case 'core-first-page':
      return runCore(info, expected, 'list-watch', undefined, { pageSize: 500 })
  }
}

/**
 * In a bench's child process (`node <bench>.mjs ROLE STATE EXPECTED`): runs that contender, prints
 * its Run as the last line and exits. Returns false in the bench's own process.
 */
export async function runChildRole(argv: string[]): Promise<boolean> {
  const [role, stateFile, expectedText] = argv
  if (!role || !stateFile) return false
  if (!(ROLES as readonly string[]).includes(role)) throw new Error(`no contender ${role}`)
  const run = await runRole(role as Role, readClusterInfo(stateFile), Number(expectedText))
  process.stdout.write(`${JSON.stringify(run)}\n`)
  process.exit(0)
}

/** Runs one contender in a child process of its own (so that its memory is its own). */
export function child(
  script: string,
  role: Role,
  stateFile: string,
  expected: number,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    // core-flags: the core's default start in a process given BENCH_CORE_NODE_ARGS too (V8's
    // flags, say), beside the core without them.
    const extra =
      role === 'core-flags'
        ? (process.env.BENCH_CORE_NODE_ARGS ?? '').split(' ').filter(Boolean)
        : []
    const p = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--max-old-space-size=8192',
        ...extra,
        script,
        role,
        stateFile,
        String(expected),
      ],
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

// ---- the fill ----

/** An admin's keep-alive agent on the API server (the kubeconfig's client certificate). */
export function adminAgent(info: ClusterInfo, maxSockets = 48): Promise<Api> {
  return adminApi(info, maxSockets)
}

/** One admin request on an agent: its status and body. */
export function adminRequest(
  a: { agent: https.Agent; host: string; port: number },
  method: string,
  p: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  const data = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        agent: a.agent,
        host: a.host,
        port: a.port,
        path: p,
        method,
        headers: data
          ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) }
          : {},
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

/** An admin GET on an agent of its own. */
export async function adminGet(
  info: ClusterInfo,
  p: string,
): Promise<{ status: number; body: string }> {
  const a = await adminAgent(info, 1)
  try {
    return await adminRequest(a, 'GET', p)
  } finally {
    a.agent.destroy()
  }
}

/** Creates the namespaces scale-0 … scale-99 (a 409 for those already there). */
export async function createNamespaces(info: ClusterInfo): Promise<void> {
  const a = await adminAgent(info, 8)
  for (let n = 0; n < NAMESPACES; n++)
    await adminRequest(a, 'POST', '/api/v1/namespaces', { metadata: { name: `scale-${n}` } })
  a.agent.destroy()
}

/** ConfigMaps in the cluster: a list of one, and the remainingItemCount the server adds. */
export async function countConfigMaps(info: ClusterInfo): Promise<number> {
  const res = await adminGet(info, '/api/v1/configmaps?limit=1')
  if (res.status !== 200) throw new Error(`count: ${res.status}`)
  const list = JSON.parse(res.body) as {
    items: unknown[]
    metadata: { remainingItemCount?: number }
  }
  return list.items.length + (list.metadata.remainingItemCount ?? 0)
}

/** The fill's ConfigMap number k (in namespace scale-(k mod 100)). */
export const configMap = (k: number) => ({
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
export async function fillEtcd(info: ClusterInfo, from: number, to: number): Promise<number> {
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
