// The soak's core process (started by soak.ts with --expose-gc and an IPC channel): Apiscope's
// core (the assembly the CLI and the app run) behind the browser host, serving the built renderer.
// It prints the page's URL as one JSON line; once the page has connected (the renderer connects to
// the kubeconfig's context when it loads), the conductor sends `start` and this process starts the
// recorder (a real file), a watch on each kind and the audit webhook the control plane posts to
// (the recorder and the webhook unless the run leaves them off: soak.ts --without). Without a
// page (--without page) the conductor's `start` asks this process to connect the session itself.
// On `sample` it answers with its memory after a forced GC and the store's counts.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { writeHeapSnapshot } from 'node:v8'
import { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { startBrowserHost } from '../../src-main/browser-host/server'
import type { WatchTarget } from '../../src-main/common/watch-types'

export type CoreRequest =
  | {
      t: 'start'
      /** Where the recorder writes; null: no recorder (--without recorder). */
      recording: string | null
      /** Whether the core takes the control plane's audit webhook (--without audit: not). */
      audit: boolean
      /** Whether this process connects the session (--without page: no renderer does). */
      connect: boolean
      targets: WatchTarget[]
      auditPort: number
      auditPath: string
    }
  | { t: 'sample' }
  | { t: 'status' }
  /** A heap snapshot of the main thread, after a forced GC, written to `path`. */
  | { t: 'snapshot'; path: string }
  | { t: 'stop' }

export interface CoreSample {
  /** The main thread's heap in use after a forced GC. */
  heapMb: number
  /** The version-history worker's heap after its own GC. */
  workerHeapMb: number
  /** What the versions kept cost, as the store's budget counts them (version-folding.ts). */
  historyMb: number
  /** What the store's events cost, as the budget counts them. */
  eventsMb: number
  /** Events the core holds for the page that it has not taken yet (the browser host's queue and socket). */
  waitingMb: number
  /** Deleted objects whose every version was folded. */
  foldedDeleted: number
  /** Marks folded away (docs/adr/0019), and deleted objects forgotten with theirs. */
  foldedMarks: number
  forgottenDeleted: number
  budgetMb: number
  rssMb: number
  /** The main thread's heap as V8 holds it (committed) after the GC, its external memory and ArrayBuffers (MB). */
  heapTotalMb: number
  externalMb: number
  arrayBuffersMb: number
  /** The same of the version-history worker's thread (absent before it starts, or at a commit that does not say). */
  workerHeapTotalMb?: number
  workerExternalMb?: number
  workerArrayBuffersMb?: number
  /** /proc/self/status: the process's resident anonymous memory (heaps, malloc, stacks) and file-backed (code, libraries), MB. */
  rssAnonMb?: number
  rssFileMb?: number
  objects: number
  /** The objects' columns' length: forgotten objects' indices free for new ones among them (absent before they were). */
  indices?: number
  versions: number
  folded: number
  events: number
  recordedEvents: number
  recordedMb: number
  auditEvents: number
  watches: string
}

export type CoreReply =
  | { t: 'url'; url: string }
  | { t: 'started' }
  | { t: 'sample'; sample: CoreSample }
  | { t: 'status'; objects: number; watching: boolean }
  | { t: 'error'; message: string }
  | { t: 'stopped'; recordedEvents: number }
  | { t: 'snapshot'; path: string }

const MB = 2 ** 20

/** RssAnon and RssFile of /proc/self/status, in MB (undefined where there is no /proc). */
function residentParts(): { rssAnonMb?: number; rssFileMb?: number } {
  try {
    const status = readFileSync('/proc/self/status', 'utf8')
    const kb = (key: string) => {
      const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)
      return m ? Number(m[1]) / 1024 : undefined
    }
    const anon = kb('RssAnon')
    const file = kb('RssFile')
    return {
      ...(anon !== undefined ? { rssAnonMb: anon } : {}),
      ...(file !== undefined ? { rssFileMb: file } : {}),
    }
  } catch {
    return {}
  }
}
const send = (m: CoreReply) => process.send?.(m)

async function heapAfterGc(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc')
  for (let k = 0; k < 3; k++) {
    gc()
    await new Promise((r) => setTimeout(r, 50))
  }
  return process.memoryUsage().heapUsed
}

const root = process.env.APISCOPE_REPO_ROOT ?? process.cwd()
// --store-budget MB, as `apiscope serve` takes it (absent: the core's default).
const budgetArg = process.argv.indexOf('--store-budget')
const storeBudgetMb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : undefined
const core = new ApiscopeCore({
  host: 'browser',
  version: 'soak',
  ...(storeBudgetMb !== undefined ? { storeBudgetMb } : {}),
})
const host = await startBrowserHost({ core, rendererDir: path.join(root, 'out/renderer') })
let auditEvents = 0
core.audit.subscribe((events) => {
  auditEvents += events.length
})
send({ t: 'url', url: host.url })

process.on('message', (m: CoreRequest) => {
  void handle(m).catch((error: unknown) =>
    send({ t: 'error', message: (error as Error).stack ?? String(error) }),
  )
})
process.on('disconnect', () => process.exit(0))

async function handle(m: CoreRequest): Promise<void> {
  if (m.t === 'start') {
    if (m.connect) {
      const connected = await core.invoke('kube:connect', {})
      if (!connected.ok) throw new Error(`connect: ${connected.error.title}`)
    }
    if (m.recording) {
      const started = await core.recording.start({
        path: m.recording,
        watches: m.targets,
        title: 'soak',
      })
      if (!started.ok) throw new Error(`recording: ${started.error.title} ${started.error.detail}`)
    }
    for (const target of m.targets) {
      const res = await core.invoke('watch:start', { target })
      if (!res.ok) throw new Error(`watch ${target.resource}: ${res.error.title}`)
    }
    if (m.audit) {
      const audit = await core.invoke('traffic:start-webhook', {
        port: m.auditPort,
        host: '127.0.0.1',
        path: m.auditPath,
      })
      if (!audit.ok) throw new Error(`audit: ${audit.error.title} ${audit.error.detail}`)
    }
    send({ t: 'started' })
  } else if (m.t === 'status') {
    const watches = core.currentSession?.watches
    send({
      t: 'status',
      objects: watches?.store.objectCount ?? 0,
      watching: Boolean(watches?.statuses().every((s) => s.state === 'watching')),
    })
  } else if (m.t === 'sample') {
    const watches = core.currentSession?.watches
    if (!watches) throw new Error('no session')
    const heap = await heapAfterGc()
    const main = process.memoryUsage()
    const usage = await watches.store.versions.usage()
    const counts = watches.store.counts()
    const rec = core.recording.status().recording
    send({
      t: 'sample',
      sample: {
        heapMb: heap / MB,
        workerHeapMb: usage.heap / MB,
        historyMb: usage.bytes / MB,
        eventsMb: watches.store.eventsBytes() / MB,
        waitingMb: host.waitingBytes() / MB,
        foldedDeleted: watches.store.folding().foldedDeleted,
        foldedMarks: watches.store.folding().foldedMarks,
        forgottenDeleted: watches.store.folding().forgottenDeleted,
        budgetMb: watches.store.budgetBytes / MB,
        rssMb: process.memoryUsage().rss / MB,
        heapTotalMb: main.heapTotal / MB,
        externalMb: main.external / MB,
        arrayBuffersMb: main.arrayBuffers / MB,
        ...(usage.memory
          ? {
              workerHeapTotalMb: usage.memory.heapTotal / MB,
              workerExternalMb: usage.memory.external / MB,
              workerArrayBuffersMb: usage.memory.arrayBuffers / MB,
            }
          : {}),
        ...residentParts(),
        objects: counts.objects,
        indices: counts.indices,
        versions: counts.versions,
        folded: counts.folded,
        events: counts.events,
        recordedEvents: rec?.events ?? 0,
        recordedMb: (rec?.bytes ?? 0) / MB,
        auditEvents,
        watches: watches
          .statuses()
          .map((s) => s.state)
          .join(','),
      },
    })
  } else if (m.t === 'snapshot') {
    await heapAfterGc()
    send({ t: 'snapshot', path: writeHeapSnapshot(m.path) })
  } else {
    const done = await core.recording.stop('soak ended')
    const events = core.recording.lastStats?.events ?? done.recording?.events ?? 0
    await host.close()
    await core.close()
    send({ t: 'stopped', recordedEvents: events })
    setTimeout(() => process.exit(0), 200)
  }
}
