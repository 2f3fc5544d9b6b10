// The soak's cluster traffic: the fill (5,000 objects of four kinds through the API) and the
// writer (a steady rate of mixed kinds and verbs: update, merge patch, server-side apply,
// create+delete). Half the writes go to a few hot objects, as a classroom's busy Deployments
// would, so that some objects gather thousands of versions and most a few. The writer never
// retries: a request the server refuses or that cannot start (too many in flight) is counted, not
// sent again.
import https from 'node:https'
import { KubeConfig } from '@kubernetes/client-node'
import { ADMIN_CONTEXT, type ClusterInfo } from '../cluster/control-plane'

export const NAMESPACES = 10
const NOTE = 'a small object of the soak: '.padEnd(160, 'x')

export interface Kind {
  plural: string
  api: string
  apiVersion: string
  kind: string
  count: number
  /** The verbs the writer uses on this kind. */
  verbs: Verb[]
  /** Share of the writes. */
  share: number
  body(name: string, ns: string, n: number): Record<string, unknown>
}

export type Verb = 'update' | 'patch' | 'apply' | 'create-delete'

const meta = (name: string, ns: string) => ({ name, namespace: ns, labels: { soak: 'yes' } })

export function kinds(total: number): Kind[] {
  const secrets = Math.round(total * 0.06)
  const services = Math.round(total * 0.02)
  const leases = Math.round(total * 0.06)
  return [
    {
      plural: 'configmaps',
      api: '/api/v1',
      apiVersion: 'v1',
      kind: 'ConfigMap',
      count: total - secrets - services - leases,
      verbs: ['update', 'patch', 'apply', 'create-delete'],
      share: 0.6,
      body: (name, ns, n) => ({ metadata: meta(name, ns), data: { n: String(n), note: NOTE } }),
    },
    {
      plural: 'secrets',
      api: '/api/v1',
      apiVersion: 'v1',
      kind: 'Secret',
      count: secrets,
      verbs: ['update', 'patch', 'apply'],
      share: 0.15,
      body: (name, ns, n) => ({
        metadata: meta(name, ns),
        type: 'Opaque',
        stringData: { token: `t-${n}` },
      }),
    },
    {
      plural: 'leases',
      api: '/apis/coordination.k8s.io/v1',
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      count: leases,
      // No update: a Lease refuses a PUT without its resourceVersion.
      verbs: ['patch', 'apply'],
      share: 0.15,
      body: (name, ns, n) => ({
        metadata: meta(name, ns),
        spec: {
          holderIdentity: `holder-${n % 7}`,
          leaseDurationSeconds: 15,
          renewTime: new Date().toISOString().replace('Z', '000Z'),
        },
      }),
    },
    {
      plural: 'services',
      api: '/api/v1',
      apiVersion: 'v1',
      kind: 'Service',
      count: services,
      // No update: a PUT would have to carry the allocated clusterIP back.
      verbs: ['patch', 'apply'],
      share: 0.1,
      body: (name, ns, n) => ({
        metadata: { ...meta(name, ns), annotations: { 'soak/n': String(n) } },
        spec: { ports: [{ port: 80, targetPort: 8080 }], selector: { app: name } },
      }),
    },
  ]
}

export interface Api {
  agent: https.Agent
  host: string
  port: number
}

export async function adminApi(info: ClusterInfo, sockets: number): Promise<Api> {
  const kc = new KubeConfig()
  kc.loadFromFile(info.kubeconfig)
  kc.setCurrentContext(ADMIN_CONTEXT)
  const tls: https.RequestOptions = {}
  await kc.applyToHTTPSOptions(tls)
  const url = new URL(info.server)
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: sockets,
    ca: tls.ca,
    cert: tls.cert,
    key: tls.key,
  })
  return { agent, host: url.hostname, port: Number(url.port) }
}

export function request(
  a: Api,
  method: string,
  p: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<number> {
  const data = body === undefined ? '' : JSON.stringify(body)
  return new Promise((resolve) => {
    const req = https.request(
      {
        agent: a.agent,
        host: a.host,
        port: a.port,
        path: p,
        method,
        timeout: 30_000,
        headers: {
          ...(data
            ? { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(data) }
            : {}),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(0))
    req.end(data)
  })
}

const nsOf = (k: number) => `soak-${k % NAMESPACES}`
const nameOf = (kind: Kind, k: number) => `${kind.kind.toLowerCase()}-${k}`
const itemPath = (kind: Kind, k: number) =>
  `${kind.api}/namespaces/${nsOf(k)}/${kind.plural}/${nameOf(kind, k)}`

/** Creates the namespaces and every kind's objects, 24 in flight; returns objects a second. */
export async function fill(a: Api, all: Kind[]): Promise<number> {
  for (let n = 0; n < NAMESPACES; n++)
    await request(a, 'POST', '/api/v1/namespaces', { metadata: { name: `soak-${n}` } })
  const jobs = all.flatMap((kind) => Array.from({ length: kind.count }, (_, k) => ({ kind, k })))
  const started = performance.now()
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const { kind, k } = jobs[next++] as { kind: Kind; k: number }
      for (let attempt = 0; ; attempt++) {
        const status = await request(
          a,
          'POST',
          `${kind.api}/namespaces/${nsOf(k)}/${kind.plural}`,
          kind.body(nameOf(kind, k), nsOf(k), 0),
        )
        if (status === 201 || status === 409) break
        if (attempt > 5) throw new Error(`create ${kind.kind} ${k}: ${status}`)
        await new Promise((r) => setTimeout(r, 200 * (attempt + 1)))
      }
    }
  }
  await Promise.all(Array.from({ length: 24 }, worker))
  return jobs.length / ((performance.now() - started) / 1000)
}

export interface WriteCounts {
  sent: number
  ok: number
  /** Ticks with too many requests in flight: nothing was sent. */
  skipped: number
  byVerb: Record<string, number>
  byStatus: Record<string, number>
  hot: number
}

/**
 * Writes at `perSecond` until stopped: each tick picks a kind (by share), an object (half the time
 * one of the first `hot` of its kind) and one of the kind's verbs. create-delete creates a
 * short-lived ConfigMap and deletes the oldest once 20 are alive (one write each).
 */
export function startWriter(a: Api, all: Kind[], perSecond: number, hot = 20) {
  const counts: WriteCounts = { sent: 0, ok: 0, skipped: 0, byVerb: {}, byStatus: {}, hot }
  let inFlight = 0
  let n = 0
  let tmp = 0
  const alive: string[] = []
  const pick = () => {
    let r = Math.random()
    for (const kind of all) {
      if (r < kind.share) return kind
      r -= kind.share
    }
    return all[0] as Kind
  }
  const one = async (): Promise<void> => {
    const kind = pick()
    const verb = kind.verbs[Math.floor(Math.random() * kind.verbs.length)] as Verb
    const k =
      Math.random() < 0.5
        ? Math.floor(Math.random() * Math.min(hot, kind.count))
        : Math.floor(Math.random() * kind.count)
    const value = ++n
    let status: number
    let label: string = verb
    if (verb === 'update') {
      status = await request(a, 'PUT', itemPath(kind, k), {
        apiVersion: kind.apiVersion,
        kind: kind.kind,
        ...kind.body(nameOf(kind, k), nsOf(k), value),
      })
    } else if (verb === 'patch') {
      status = await request(
        a,
        'PATCH',
        itemPath(kind, k),
        { metadata: { annotations: { 'soak/patched': String(value) } } },
        'application/merge-patch+json',
      )
    } else if (verb === 'apply') {
      status = await request(
        a,
        'PATCH',
        `${itemPath(kind, k)}?fieldManager=soak-apply&force=true`,
        {
          apiVersion: kind.apiVersion,
          kind: kind.kind,
          metadata: {
            name: nameOf(kind, k),
            namespace: nsOf(k),
            labels: { applied: `a${value % 5}` },
          },
        },
        'application/apply-patch+yaml',
      )
    } else if (alive.length >= 20) {
      label = 'delete'
      const p = alive.shift() as string
      status = await request(a, 'DELETE', p)
    } else {
      label = 'create'
      const ns = nsOf(tmp)
      const name = `tmp-${tmp++}`
      status = await request(a, 'POST', `/api/v1/namespaces/${ns}/configmaps`, {
        metadata: { name, namespace: ns, labels: { soak: 'tmp' } },
        data: { n: String(value) },
      })
      if (status === 201) alive.push(`/api/v1/namespaces/${ns}/configmaps/${name}`)
    }
    counts.byVerb[label] = (counts.byVerb[label] ?? 0) + 1
    counts.byStatus[String(status)] = (counts.byStatus[String(status)] ?? 0) + 1
    if (status >= 200 && status < 300) counts.ok++
  }
  const period = 1000 / perSecond
  const started = performance.now()
  let ticks = 0
  let stopped = false
  // Ticks on a schedule (not after each answer), so a slow answer does not slow the rate; at most
  // 16 requests in flight.
  const timer = setInterval(() => {
    const due = Math.floor((performance.now() - started) / period)
    while (ticks < due && !stopped) {
      ticks++
      if (inFlight >= 16) {
        counts.skipped++
        continue
      }
      inFlight++
      counts.sent++
      void one().finally(() => inFlight--)
    }
  }, 10)
  return {
    counts,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      while (inFlight > 0) await new Promise((r) => setTimeout(r, 50))
    },
  }
}
