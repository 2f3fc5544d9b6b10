// Ingest and memory of the watch path, side by side in one run on one recorded stream:
//   Apiscope (read, parse, store, frame) vs client-node's Watch (empty callback) vs bare JSON.parse.
// Ratios, not absolute timings, are the result: this machine's speed varies from run to run.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { KubeConfig, Watch } from '@kubernetes/client-node'
import { contextConfig } from '../../src-main/core/client-config'
import { parseKubeconfigText, mergeKubeconfigs } from '../../src-main/core/kubeconfig-loader'
import { KubeTransport } from '../../src-main/core/kube-transport'
import { RequestLog } from '../../src-main/core/request-log'
import { SessionWatches } from '../../src-main/core/watch/session-watches'
import { REPO_ROOT } from '../cluster/control-plane'
import { ensureRecordedStream, recordedFrom } from './recorded-stream'
import { cpuMeter, heldAfterGc, threadpoolThreads } from './scale-contenders'
import { mainThreadCpuMs } from './proc-stat'
import { processCpuMsOf, serveReplayChild, startReplayProcess } from './replay-server'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const PATH = '/api/v1/namespaces/bench/configmaps'

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}

/** Events a second, and the main thread's CPU milliseconds it took. */
interface Rate {
  rate: number
  cpuMs: number
}

function bareJsonParse(buf: Buffer): Rate {
  const started = performance.now()
  const cpu = mainThreadCpuMs()
  let n = 0
  let start = 0
  for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10, start)) {
    JSON.parse(buf.toString('utf8', start, nl))
    n++
    start = nl + 1
  }
  return { rate: n / ((performance.now() - started) / 1000), cpuMs: mainThreadCpuMs() - cpu }
}

async function clientNode(server: string, expected: number): Promise<Rate> {
  const kc = new KubeConfig()
  kc.loadFromOptions({
    clusters: [{ name: 'c', server, skipTLSVerify: true }],
    users: [{ name: 'u' }],
    contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
    currentContext: 'x',
  })
  let n = 0
  const started = performance.now()
  const cpu = mainThreadCpuMs()
  await new Promise<void>((resolve, reject) => {
    void new Watch(kc).watch(
      PATH,
      { resourceVersion: '1' },
      () => {
        n++
      },
      (err) => (err && n < expected ? reject(err) : resolve()),
    )
  })
  if (n < expected) throw new Error(`client-node saw ${n} of ${expected}`)
  return { rate: n / ((performance.now() - started) / 1000), cpuMs: mainThreadCpuMs() - cpu }
}

function apiscopeSession(server: string) {
  const parsed = parseKubeconfigText(
    JSON.stringify({
      clusters: [{ name: 'c', cluster: { server } }],
      users: [{ name: 'u', user: {} }],
      contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
      'current-context': 'x',
    }),
    '/bench',
  )
  if (!parsed.ok) throw new Error(parsed.error.detail)
  const config = contextConfig(mergeKubeconfigs([parsed.value], ['/bench'], []), 'x')
  if (!config.ok) throw new Error(config.error.detail)
  return new KubeTransport(config.value, new RequestLog(10))
}

/**
 * Where a round's CPU went, ms: this process's other threads by kind (the version-history worker,
 * V8's own threads: GC and compiles, libuv's threadpool) and the replay server's process (every
 * thread), with the main thread's run-queue wait (runnable, no core free).
 */
interface CpuSplit {
  worker: number
  v8: number
  threadpool: number
  replay: number
  runWait: number
}

async function apiscope(
  server: string,
  expected: number,
  meter?: { pool: Set<string>; replayPid: number },
): Promise<{
  rate: number
  cpuMs: number
  rateCompacted: number
  /** Until every event is in the store (read, scanned, recorded), before the frames carry it. */
  rateStored: number
  frames: number
  split?: CpuSplit
  watches: SessionWatches
  close(): void
}> {
  const transport = apiscopeSession(server)
  let framed = 0
  let frames = 0
  let storedAt = 0
  let done: () => void = () => undefined
  const finished = new Promise<void>((r) => (done = r))
  const watches = new SessionWatches(
    'bench',
    transport,
    // A page that takes each frame as it comes: client-node's Watch is given an empty callback.
    (frame) => {
      frames++
      framed += frame.events.length
      watches.frameTaken(frame.seq)
      if (framed >= expected) done()
    },
    { timeoutSeconds: () => 3600 },
  )
  const offStored = watches.store.onEvent(() => {
    if (storedAt === 0 && watches.store.size >= expected) storedAt = performance.now()
  })
  const started = performance.now()
  const cpu = mainThreadCpuMs()
  const threads = meter && cpuMeter(meter.pool)
  const replayCpu = meter ? processCpuMsOf(meter.replayPid) : 0
  // A list (empty) then a watch from its resourceVersion: the watch client-node is given. The
  // replay server is no streaming list (no initial-events-end bookmark), so auto's streaming list
  // would read the stream to its end and, never synced, read it all again from the start.
  const status = watches.start({
    group: '',
    version: 'v1',
    resource: 'configmaps',
    namespace: 'bench',
    mode: 'list-watch',
  })
  await finished
  offStored()
  const rate = expected / ((performance.now() - started) / 1000)
  const rateStored = expected / (((storedAt || performance.now()) - started) / 1000)
  const cpuMs = mainThreadCpuMs() - cpu
  const ended = threads?.end()
  const split = ended &&
    meter && {
      ...(ended.threadCpuMs as { worker: number; v8: number; threadpool: number }),
      replay: processCpuMsOf(meter.replayPid) - replayCpu,
      runWait: ended.runWaitMs ?? 0,
    }
  // The replay ends and the watch would resume and read it all again: stop here.
  watches.stop(status.id)
  await watches.store.compacted()
  const rateCompacted = expected / ((performance.now() - started) / 1000)
  return {
    rate,
    cpuMs,
    rateCompacted,
    rateStored,
    frames,
    split,
    watches,
    close: () => {
      watches.close()
      transport.close()
    },
  }
}

/**
 * No version lost: every line of the stream is an event of the store, and the version it made,
 * read back from the version history, is the line's object (compared as JSON text). Returns how
 * many versions were checked; throws at the first that differs.
 */
async function everyVersionKept(watches: SessionWatches, buf: Buffer): Promise<number> {
  const store = watches.store
  const lines: [number, number][] = []
  for (let start = 0, nl = buf.indexOf(10); nl !== -1; start = nl + 1, nl = buf.indexOf(10, start))
    lines.push([start, nl])
  const checked = new Set<string>()
  let versions = 0
  for (let i = 0; i < lines.length; i++) {
    const e = store.event(i)
    if (checked.has(e.uid)) continue
    checked.add(e.uid)
    const h = store.history(e.uid)
    if (!h) throw new Error(`event ${i}: no history for ${e.uid}`)
    const all = Array.from({ length: h.versionCount }, (_, v) => v)
    const objects = await store.objectsAt(e.uid, all)
    for (const v of all) {
      const [start, end] = lines[h.versionEvents[v] as number] as [number, number]
      const want = JSON.stringify(
        (JSON.parse(buf.toString('utf8', start, end)) as { object: unknown }).object,
      )
      if (JSON.stringify(objects[v]) !== want)
        throw new Error(
          `${e.ns}/${e.name} version ${v} (event ${h.versionEvents[v]}) is not the line it came from`,
        )
      versions++
    }
  }
  if (versions !== lines.length) throw new Error(`${versions} versions for ${lines.length} lines`)
  return versions
}

export async function runIngestBench(): Promise<Record<string, number | string>> {
  const file = await ensureRecordedStream()
  const buf = readFileSync(file)
  let events = 0
  let modified = 0
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) events++
  for (
    let i = buf.indexOf('"type":"MODIFIED"');
    i !== -1;
    i = buf.indexOf('"type":"MODIFIED"', i + 1)
  )
    modified++
  const replay = await startReplayProcess(fileURLToPath(import.meta.url), file)
  // The machine's 1-minute load average, at the start and after each round: others share it.
  const load = [os.loadavg()[0] as number]
  const rates = {
    json: [] as number[],
    clientNode: [] as number[],
    apiscope: [] as number[],
    compacted: [] as number[],
    stored: [] as number[],
  }
  const frames: number[] = []
  /** The main thread's CPU milliseconds per round. */
  const cpu = { json: [] as number[], clientNode: [] as number[], apiscope: [] as number[] }
  /** Apiscope's rounds: where the rest of their CPU went. */
  const splits: CpuSplit[] = []
  const meter = { pool: await threadpoolThreads(), replayPid: replay.pid }
  try {
    // Memory first, on a quiet heap: what the store holds once the stream is in and stored,
    // in this thread (events, columns) and in the version history's worker (the versions),
    // each counted as its heap and its ArrayBuffers. After one round that is closed again, so
    // that what any first run leaves (compiled code, modules) is not counted as the store's.
    ;(await apiscope(replay.url, events)).close()
    const before = await heldAfterGc()
    const measured = await apiscope(replay.url, events)
    const stored = measured.watches.store.size
    const workerMemory = await measured.watches.store.versions.heapUsed()
    const mainAfter = await heldAfterGc()
    process.stderr.write(
      `[bench] memory: main ${((mainAfter - before) / 1e6).toFixed(1)} MB, worker ${(workerMemory / 1e6).toFixed(1)} MB for ${modified} MODIFIED events\n`,
    )
    if (stored < events) throw new Error(`store holds ${stored} of ${events}`)
    const verified = await everyVersionKept(measured.watches, buf)
    measured.close()
    const mainPerModified = (mainAfter - before) / modified
    const workerPerModified = workerMemory / modified
    const bytesPerModified = mainPerModified + workerPerModified

    // One warm-up round of the other paths (JIT; Apiscope's was above), not counted, then the
    // measured rounds.
    bareJsonParse(buf)
    await clientNode(replay.url, events)
    for (let round = 0; round < ROUNDS; round++) {
      const json = bareJsonParse(buf)
      rates.json.push(json.rate)
      cpu.json.push(json.cpuMs)
      const cn = await clientNode(replay.url, events)
      rates.clientNode.push(cn.rate)
      cpu.clientNode.push(cn.cpuMs)
      const run = await apiscope(replay.url, events, meter)
      run.close()
      if (run.split) splits.push(run.split)
      rates.apiscope.push(run.rate)
      cpu.apiscope.push(run.cpuMs)
      rates.compacted.push(run.rateCompacted)
      rates.stored.push(run.rateStored)
      frames.push(run.frames)
      load.push(os.loadavg()[0] as number)
      process.stderr.write(
        `[bench] round ${round + 1}: apiscope ${Math.round(run.rate)}/s (${Math.round(run.rateCompacted)}/s with compaction, ${Math.round(run.rateStored)}/s stored, ${run.frames} frames), client-node ${Math.round(rates.clientNode[round] as number)}/s, JSON.parse ${Math.round(rates.json[round] as number)}/s\n`,
      )
      const sp = run.split
      if (sp)
        process.stderr.write(
          `[bench]   apiscope's CPU ms: main ${Math.round(run.cpuMs)} (run-queue wait ${Math.round(sp.runWait)}), worker ${sp.worker}, V8 threads ${sp.v8}, threadpool ${sp.threadpool}, replay server ${sp.replay}; JSON.parse's ${Math.round(cpu.json[round] as number)}\n`,
        )
    }
    return {
      stream_recorded_from: recordedFrom(),
      ingest_rounds: ROUNDS,
      load_avg_1m: `${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`,
      events,
      modified_events: modified,
      stream_mb: Number((buf.length / 1e6).toFixed(1)),
      ingest_events_per_s: Math.round(median(rates.apiscope)),
      ingest_compacted_events_per_s: Math.round(median(rates.compacted)),
      client_node_events_per_s: Math.round(median(rates.clientNode)),
      json_parse_events_per_s: Math.round(median(rates.json)),
      ingest_vs_client_node: Number((median(rates.apiscope) / median(rates.clientNode)).toFixed(2)),
      ingest_vs_json_parse: Number((median(rates.apiscope) / median(rates.json)).toFixed(2)),
      ingest_compacted_vs_client_node: Number(
        (median(rates.compacted) / median(rates.clientNode)).toFixed(2),
      ),
      // Until every event is in the store, before the frames (each up to FRAME_BUDGET_BYTES of
      // events, the next as soon as the last is taken) have carried them all.
      ingest_stored_events_per_s: Math.round(median(rates.stored)),
      ingest_stored_vs_client_node: Number(
        (median(rates.stored) / median(rates.clientNode)).toFixed(2),
      ),
      ingest_stored_vs_json_parse: Number((median(rates.stored) / median(rates.json)).toFixed(2)),
      ingest_frames: Math.round(median(frames)),
      // The same comparisons by the main thread's CPU time (less sensitive to others' load than
      // wall time): the other's CPU milliseconds for the stream divided by Apiscope's.
      ingest_cpu_ms: Math.round(median(cpu.apiscope)),
      client_node_cpu_ms: Math.round(median(cpu.clientNode)),
      json_parse_cpu_ms: Math.round(median(cpu.json)),
      ingest_cpu_vs_client_node: Number((median(cpu.clientNode) / median(cpu.apiscope)).toFixed(2)),
      ingest_cpu_vs_json_parse: Number((median(cpu.json) / median(cpu.apiscope)).toFixed(2)),
      // The rest of Apiscope's rounds' CPU, medians: on two cores the main thread shares them
      // with the worker, V8's threads and the replay server (the API server's stand-in); bare
      // JSON.parse shares them with nothing.
      ingest_cpu_worker_ms: Math.round(median(splits.map((x) => x.worker))),
      ingest_cpu_v8_threads_ms: Math.round(median(splits.map((x) => x.v8))),
      ingest_cpu_threadpool_ms: Math.round(median(splits.map((x) => x.threadpool))),
      ingest_cpu_replay_server_ms: Math.round(median(splits.map((x) => x.replay))),
      ingest_run_queue_wait_ms: Math.round(median(splits.map((x) => x.runWait))),
      versions_verified: verified,
      bytes_per_modified_event: Math.round(bytesPerModified),
      bytes_per_modified_event_main: Math.round(mainPerModified),
      bytes_per_modified_event_worker: Math.round(workerPerModified),
    }
  } finally {
    await replay.close()
  }
}

if (process.argv[2] === 'replay-server') {
  // The replay server's own process (startReplayProcess).
  await serveReplayChild(process.argv[3] as string)
} else {
  const result = await runIngestBench()
  const out = path.join(REPO_ROOT, 'test/artifacts/bench')
  mkdirSync(out, { recursive: true })
  writeFileSync(path.join(out, 'watch-ingest.json'), JSON.stringify(result, null, 2))
  console.log(JSON.stringify(result))
}
