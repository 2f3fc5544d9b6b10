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

function tls(c: ClusterInfo) {
  const pki = path.join(c.dir, 'pki')
  return {
    ca: readFileSync(path.join(pki, 'ca.crt')),
    cert: readFileSync(path.join(pki, 'admin.crt')),
    key: readFileSync(path.join(pki, 'admin.key')),
  }
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

/** Records the stream if it is not cached yet; returns its path. */
export async function ensureRecordedStream(
  log = (m: string) => process.stderr.write(`[bench] ${m}\n`),
): Promise<string> {
  if (existsSync(STREAM_FILE)) return STREAM_FILE
  mkdirSync(CACHE, { recursive: true })
  const shared = process.env.APISCOPE_CLUSTER_STATE
  const cluster = shared ? readClusterInfo(shared) : await startControlPlane()
  try {
    const agent = new https.Agent({ keepAlive: true, maxSockets: 8, ...tls(cluster) })
    const ns = `bench-${Date.now().toString(36)}`
    await call(cluster, agent, 'POST', '/api/v1/namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: ns },
    })
    const tmp = `${STREAM_FILE}.partial`
    const out = createWriteStream(tmp)
    let events = 0
    const watchReq = https.get(
      `${cluster.server}/api/v1/namespaces/${ns}/configmaps?watch=1&resourceVersion=0&timeoutSeconds=3600`,
      { ...tls(cluster) },
      (res) => {
        res.on('data', (chunk: Buffer) => {
          out.write(chunk)
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) events++
        })
      },
    )
    await new Promise((r) => setTimeout(r, 500))
    // ~1 KB objects: 20 keys of 40 characters, plus metadata and managedFields.
    const filler = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `k${i}`,
        `${'v'.repeat(38)}${String(i).padStart(2, '0')}`,
      ]),
    )
    log(
      `recording: ${OBJECTS} ConfigMaps, then ${MODIFICATIONS} one-field merge patches, 8 at a time`,
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
      Array.from({ length: 8 }, async () => {
        while (next < MODIFICATIONS) {
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
    const deadline = Date.now() + 60_000
    while (events < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
    watchReq.destroy()
    await new Promise<void>((r) => out.end(() => r()))
    if (events < expected) throw new Error(`recorded ${events} events, expected ${expected}`)
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
