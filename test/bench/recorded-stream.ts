// The benchmark's input: a watch stream recorded from the real API server (test control plane),
// at least 200,000 events of about 1 KB objects where successive versions differ by one field.
// Recorded once, then kept in ~/.cache/apiscope/bench (a few hundred MB; never committed).
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import type { ClientRequest } from 'node:http'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import {
  k8sSeries,
  readClusterInfo,
  startControlPlane,
  stopControlPlane,
  type ClusterInfo,
} from '../cluster/control-plane'
import { adminAgent, adminTls } from '../cluster/admin-tls'

export const OBJECTS = 400
export const MODIFICATIONS = 200_000
const CACHE = path.join(
  process.env.APISCOPE_CACHE ?? path.join(os.homedir(), '.cache', 'apiscope'),
  'bench',
)
/** One stream per release line (APISCOPE_K8S); the server's gitVersion is kept beside it. */
export const STREAM_FILE = path.join(
  CACHE,
  `configmaps-${k8sSeries()}-${OBJECTS}x${MODIFICATIONS}.ndjson`,
)
const SERVER_FILE = `${STREAM_FILE}.server`

/** The gitVersion of the server the cached stream was recorded from. */
export function recordedFrom(): string {
  return existsSync(SERVER_FILE) ? readFileSync(SERVER_FILE, 'utf8').trim() : 'unknown'
}

function call(
  c: ClusterInfo,
  agent: https.Agent,
  method: string,
  p: string,
  body?: unknown,
  type = 'application/json',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${c.server}${p}`,
      { method, agent, headers: body ? { 'Content-Type': type } : {} },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    if (body !== undefined) req.write(JSON.stringify(body))
    req.end()
  })
}

/** Patches in flight at once (each on another object). */
const WRITERS = 16
/** How long one watch request may last; the recorder then resumes from the last version it saw. */
const WATCH_SECONDS = 600

/**
 * Writes every event of the namespace's ConfigMap watch to `out`, byte for byte as the server sent
 * it, one line each. A watch ends (its timeoutSeconds; a cut connection): the next one resumes from
 * the last resourceVersion seen (an event's or a bookmark's), so that no event is missed or
 * doubled however long the recording takes. Bookmarks only move that resourceVersion on; they are
 * not written. An ERROR event (410 Gone: that version is no longer in the watch cache) fails the
 * recording.
 */
function recordWatch(
  cluster: ClusterInfo,
  ns: string,
  out: NodeJS.WritableStream,
  log: (m: string) => void,
): { events(): number; failed(): Error | undefined; stop(): void } {
  let lastRv = '0'
  let events = 0
  let failed: Error | undefined
  let stopped = false
  let current: ClientRequest | undefined
  const open = (): void => {
    if (stopped || failed) return
    let rest = Buffer.alloc(0)
    const url =
      `${cluster.server}/api/v1/namespaces/${ns}/configmaps?watch=1&allowWatchBookmarks=true` +
      `&resourceVersion=${lastRv}&timeoutSeconds=${WATCH_SECONDS}`
    let answered = false
    current = https.get(url, adminTls(cluster), (res) => {
      answered = true
      if (res.statusCode !== 200) {
        failed = new Error(`watch answered ${res.statusCode}`)
        res.resume()
        return
      }
      res.on('data', (chunk: Buffer) => {
        const buf = rest.length ? Buffer.concat([rest, chunk]) : chunk
        let start = 0
        for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10, start)) {
          const line = buf.subarray(start, nl + 1)
          start = nl + 1
          const event = JSON.parse(line.toString('utf8')) as {
            type: string
            object: { metadata?: { resourceVersion?: string }; message?: string }
          }
          if (event.type === 'ERROR') {
            failed = new Error(`watch from ${lastRv}: ${event.object.message ?? 'ERROR'}`)
            res.destroy()
            return
          }
          lastRv = event.object.metadata?.resourceVersion ?? lastRv
          if (event.type === 'BOOKMARK') continue
          out.write(line)
          events++
        }
        rest = Buffer.from(buf.subarray(start))
      })
      // A line cut off at the end is dropped: the next watch starts before it.
      res.on('close', () => {
        if (stopped || failed) return
        log(`watch ended after ${events} events; resuming from resourceVersion ${lastRv}`)
        setTimeout(open, 100)
      })
    })
    // No answer at all (a refused connection): try again; an answered watch resumes on close.
    current.on('error', () => {
      if (!answered && !stopped) setTimeout(open, 500)
    })
  }
  open()
  return {
    events: () => events,
    failed: () => failed,
    stop: () => {
      stopped = true
      current?.destroy()
    },
  }
}

/** Records the stream if it is not cached yet; returns its path. */
export async function ensureRecordedStream(
  log = (m: string) => process.stderr.write(`[bench] ${m}\n`),
): Promise<string> {
  if (existsSync(STREAM_FILE)) return STREAM_FILE
  mkdirSync(CACHE, { recursive: true })
  const shared = process.env.APISCOPE_CLUSTER_STATE
  // No audit log of 200,000 patches (the harness's policy writes each at RequestResponse, to a
  // file and to a webhook no one listens on here): the recording is the watch, and auditing slowed
  // the writes to about 40 a second on this machine.
  const policy = path.join(CACHE, 'record-audit-none.yaml')
  writeFileSync(policy, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: None\n')
  const cluster = shared
    ? readClusterInfo(shared)
    : await startControlPlane({ apiserverArgs: [`--audit-policy-file=${policy}`] })
  try {
    const agent = adminAgent(cluster, 8)
    const ns = `bench-${Date.now().toString(36)}`
    await call(cluster, agent, 'POST', '/api/v1/namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: ns },
    })
    const tmp = `${STREAM_FILE}.partial`
    const out = createWriteStream(tmp)
    const recorder = recordWatch(cluster, ns, out, log)
    await new Promise((r) => setTimeout(r, 500))
    // ~1 KB objects: 20 keys of 40 characters, plus metadata and managedFields.
    const filler = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `k${i}`,
        `${'v'.repeat(38)}${String(i).padStart(2, '0')}`,
      ]),
    )
    log(
      `recording: ${OBJECTS} ConfigMaps, then ${MODIFICATIONS} one-field merge patches, ${WRITERS} at a time`,
    )
    for (let i = 0; i < OBJECTS; i++) {
      await call(cluster, agent, 'POST', `/api/v1/namespaces/${ns}/configmaps`, {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `cm-${i}` },
        data: { ...filler, counter: '0' },
      })
    }
    const started = Date.now()
    let next = 0
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (next < MODIFICATIONS && !recorder.failed()) {
          const n = next++
          const status = await call(
            cluster,
            agent,
            'PATCH',
            `/api/v1/namespaces/${ns}/configmaps/cm-${n % OBJECTS}`,
            { data: { counter: String(n) } },
            'application/merge-patch+json',
          )
          if (status !== 200) throw new Error(`patch answered ${status}`)
          if (n % 20_000 === 0 && n > 0)
            log(`${n} writes (${Math.round(n / ((Date.now() - started) / 1000))}/s)`)
        }
      }),
    )
    const expected = OBJECTS + MODIFICATIONS
    // The watch may trail the writes; it keeps resuming until it has every event.
    const deadline = Date.now() + 600_000
    while (recorder.events() < expected && Date.now() < deadline && !recorder.failed())
      await new Promise((r) => setTimeout(r, 200))
    recorder.stop()
    await new Promise<void>((r) => out.end(() => r()))
    const failed = recorder.failed()
    if (failed) throw failed
    const events = recorder.events()
    if (events !== expected) throw new Error(`recorded ${events} events, expected ${expected}`)
    writeFileSync(SERVER_FILE, `${cluster.version}\n`)
    renameSync(tmp, STREAM_FILE)
    log(
      `recorded ${events} events, ${(statSync(STREAM_FILE).size / 1e6).toFixed(0)} MB, in ${STREAM_FILE}`,
    )
    await call(cluster, agent, 'DELETE', `/api/v1/namespaces/${ns}`)
    agent.destroy()
    return STREAM_FILE
  } finally {
    if (!shared) stopControlPlane(cluster)
  }
}
