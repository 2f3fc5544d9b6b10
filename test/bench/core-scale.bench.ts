// The core against client-node's informer and kubectl, side by side at 10,000 and 50,000 ConfigMaps
// (BENCH_SCALE_SIZES=10000,50000,150000 for more; a smaller companion of scale.bench.ts, for the
// core alone): `BENCH_ONLY=core-scale npm run bench`.
// A control plane of its own (or BENCH_SCALE_STATE's, kept), filled in 100 namespaces through
// etcd (one put per object, as scale.bench.ts does past its first objects). Each contender runs
// in a process of its own, rounds alternating, medians of the rounds:
//   - core: SessionWatches with its default start (list then watch, one list request), until
//     every object is in the store and the watch is open; core-pages: the same in pages of 500;
//     on 1.37 also a streaming list;
//   - informer: @kubernetes/client-node's makeInformer until its cache holds every object;
//   - kubectl: `kubectl get configmaps -A --chunk-size=500 -o name` until it exits.
// BENCH_SCALE_ROLES picks contenders (scale-contenders.ts ROLES, and kubectl) and reports only
// their times, each round's on a line: e.g. core-one-request,core-first-page for how the list
// starts, with each one's time to its first object.
// Besides the wall time, the CPU time of each process's main thread (under a shared machine's
// load the wall time mostly says how long the server and the others took). Memory, after GC and
// minus what the process held before: the JavaScript heap plus the ArrayBuffers (the core keeps
// its columns and its version history's bytes there), the core's version-history worker included;
// and each process's RSS at the end (the whole process: Node itself too).
// Prints the figures; its keys start with scale_side_, so docs/bench.md's head does not list them.
import { mkdirSync, writeFileSync } from 'node:fs'
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
  child,
  countConfigMaps,
  createNamespaces,
  fillEtcd,
  median,
  medians,
  r2,
  runChildRole,
  runKubectl,
  type Role,
  type Run,
} from './scale-contenders'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/** Rounds at 100,000 objects and more (kubectl alone takes minutes a round there). */
const ROUNDS_LARGE = Number(process.env.BENCH_ROUNDS_LARGE ?? 1)
/**
 * BENCH_SCALE_ROLES=core-one-request,core-first-page,informer: only these contenders (and only
 * their times and CPU, by contender), in this order each round.
 */
const ROLES_GIVEN = process.env.BENCH_SCALE_ROLES
  ? (process.env.BENCH_SCALE_ROLES.split(',').map((r) => r.trim()) as (Role | 'kubectl')[])
  : null
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,50000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0)

/**
 * Fills the cluster up to `size` ConfigMaps (counting those already there); returns the count and
 * the fill's rate (objects a second into etcd, 0 when none were written).
 */
async function fillTo(info: ClusterInfo, size: number): Promise<{ count: number; rate: number }> {
  await createNamespaces(info)
  let count = await countConfigMaps(info)
  let rate = 0
  if (count < size) {
    // Named after the count so that a later, larger fill goes on where this one stopped.
    rate = await fillEtcd(info, count, size)
    while ((count = await countConfigMaps(info)) < size)
      await new Promise((r) => setTimeout(r, 1000))
  }
  return { count, rate }
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
      // A size that fails (a contender that died, a fill cut short) is said and left out of the
      // table; the sizes before it keep their rows.
      try {
        const fill = await fillTo(info, size)
        const expected = fill.count
        const self = fileURLToPath(import.meta.url)
        const roles: (Role | 'kubectl')[] = ROLES_GIVEN ?? [
          'core',
          'core-pages',
          'informer',
          'kubectl',
          ...(info.series === '1.20' ? [] : (['core-stream'] as const)),
        ]
        const rounds = size >= 100_000 ? ROUNDS_LARGE : ROUNDS
        const runs: Record<string, Run[]> = {}
        const loads: number[] = []
        for (let round = 0; round < rounds; round++)
          for (const role of roles) {
            loads.push(os.loadavg()[0] ?? 0)
            const run =
              role === 'kubectl'
                ? await runKubectl(info)
                : await child(self, role, stateFile, expected)
            if (run.objects < expected)
              throw new Error(`${role} saw ${run.objects} objects of ${expected}`)
            process.stderr.write(
              `[core-scale] ${size} round ${round + 1} ${role}: first ${Math.round(run.firstMs ?? 0)} ms, all ${Math.round(run.ms)} ms, cpu ${Math.round(run.cpuMs ?? 0)} + ${Math.round(run.otherCpuMs ?? 0)} ms ${JSON.stringify(run.threadCpuMs ?? {})}, load ${r2(loads.at(-1) ?? 0)}\n`,
            )
            ;(runs[role] ??= []).push(run)
          }
        // Each contender's times, medians over its rounds: to the first object, to every one
        // stored, to the watch open (or synced, or kubectl's exit), and its main thread's CPU.
        const each: Record<string, number | string> = {
          objects: expected,
          rounds,
          load: r2(median(loads)),
          load_min: r2(Math.min(...loads)),
          load_max: r2(Math.max(...loads)),
        }
        for (const role of roles) {
          const [m] = medians(runs, [role])
          const k = role.replace(/-/g, '_')
          each[`${k}_first_ms`] = Math.round(m.firstMs)
          each[`${k}_stored_ms`] = Math.round(m.storedMs)
          each[`${k}_ms`] = Math.round(m.ms)
          each[`${k}_cpu_ms`] = Math.round(m.cpuMs)
          each[`${k}_other_cpu_ms`] = Math.round(m.otherCpuMs)
          // The others by kind (cpuMeter): the version-history worker, libuv's pool, V8's threads.
          for (const kind of ['worker', 'threadpool', 'v8'] as const)
            each[`${k}_${kind}_cpu_ms`] = Math.round(
              median((runs[role] ?? []).map((r) => r.threadCpuMs?.[kind] ?? 0)),
            )
          each[`${k}_heap_mb`] = r2(m.heapMb)
          each[`${k}_rss_mb`] = Math.round(m.rssMb)
          each[`${k}_max_block_ms`] = Math.round(m.maxBlockMs)
        }
        process.stderr.write(`[core-scale] ${size} by contender: ${JSON.stringify(each)}\n`)
        if (ROLES_GIVEN) {
          for (const [k, v] of Object.entries(each)) out[`scale_side_${k}_${size}`] = v
          continue
        }
        // Each figure's median over the rounds, by contender.
        const [core, pages, stream, informer, kubectl] = medians(runs, [
          'core',
          'core-pages',
          'core-stream',
          'informer',
          'kubectl',
        ])
        const row: Record<string, number | string> = {
          objects: expected,
          rounds,
          fill_rate: Math.round(fill.rate),
          load: r2(median(loads)),
          load_min: r2(Math.min(...loads)),
          load_max: r2(Math.max(...loads)),
          core_ms: Math.round(core.ms),
          informer_ms: Math.round(informer.ms),
          informer_vs_core: r2(informer.ms / core.ms),
          kubectl_ms: Math.round(kubectl.ms),
          kubectl_vs_core: r2(kubectl.ms / core.ms),
          core_stored_ms: Math.round(core.storedMs),
          informer_vs_core_stored: r2(informer.ms / core.storedMs),
          core_pages_ms: Math.round(pages.ms),
          informer_vs_core_pages: r2(informer.ms / pages.ms),
          core_cpu_ms: Math.round(core.cpuMs),
          informer_cpu_ms: Math.round(informer.cpuMs),
          informer_vs_core_cpu: r2(informer.cpuMs / core.cpuMs),
          core_other_cpu_ms: Math.round(core.otherCpuMs),
          informer_other_cpu_ms: Math.round(informer.otherCpuMs),
          core_run_wait_ms: Math.round(core.runWaitMs),
          informer_run_wait_ms: Math.round(informer.runWaitMs),
          core_heap_mb: r2(core.heapMb),
          informer_heap_mb: r2(informer.heapMb),
          heap_core_vs_informer: r2(core.heapMb / informer.heapMb),
          core_rss_mb: Math.round(core.rssMb),
          informer_rss_mb: Math.round(informer.rssMb),
          rss_core_vs_informer: r2(core.rssMb / informer.rssMb),
          core_max_block_ms: Math.round(core.maxBlockMs),
          informer_max_block_ms: Math.round(informer.maxBlockMs),
        }
        if (runs['core-stream']) {
          row.stream_ms = Math.round(stream.ms)
          row.informer_vs_stream = r2(informer.ms / stream.ms)
          row.stream_heap_mb = r2(stream.heapMb)
          row.stream_max_block_ms = Math.round(stream.maxBlockMs)
        }
        process.stderr.write(`[core-scale] ${size}: ${JSON.stringify(row)}\n`)
        for (const [k, v] of Object.entries(row)) out[`scale_side_${k}_${size}`] = v
      } catch (error) {
        process.stderr.write(`[core-scale] ${size}: failed: ${String(error)}\n`)
        out[`scale_side_error_${size}`] = String(error)
      }
    }
  } finally {
    if (!given) stopControlPlane(info)
  }
  return out
}

if (await runChildRole(process.argv.slice(2))) {
  // A contender's child process: it printed its run and exited.
} else if (process.argv[1]?.includes('core-scale')) {
  const result = await runBench()
  writeFileSync(
    path.join(REPO_ROOT, 'test/artifacts/bench/core-scale.json'),
    JSON.stringify(result, null, 2),
  )
  console.log(JSON.stringify(result))
}
