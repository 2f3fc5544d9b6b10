// A REAL aggregated API server for tests: an HTTPS server in this Node process that serves
// metrics.k8s.io/v1beta1 (discovery and one read-only resource, `pods`: PodMetrics), registered
// with kube-apiserver by an APIService, a Service without selector and its endpoints, as
// metrics-server is on minikube. kube-apiserver relays to it through the aggregation layer with
// its front-proxy client certificate (control-plane.ts, pki.ts); this server refuses any caller
// without that certificate and reads the user from X-Remote-User, X-Remote-Group.
//
// Endpoints may not hold a loopback address (ValidateEndpointIP in Kubernetes' core validation,
// 1.20 and 1.37 alike), so it listens on this machine's first non-loopback IPv4 address only.
// kube-apiserver runs with --enable-aggregator-routing: it dials the endpoint, not the ClusterIP
// (nothing here routes Service IPs). 1.37's aggregator reads EndpointSlices, 1.20's Endpoints.
// The usage it reports is made up (a hash of the Pod's name), and named so in its labels.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TLSSocket } from 'node:tls'
import { promisify } from 'node:util'
import { ADMIN_CONTEXT, type ClusterInfo } from './control-plane'
import { FRONT_PROXY_CLIENT_CN, servingCert } from './pki'

export const AGGREGATED_GROUP = 'metrics.k8s.io'
export const AGGREGATED_VERSION = 'v1beta1'
export const APISERVICE_NAME = `${AGGREGATED_VERSION}.${AGGREGATED_GROUP}`
/** Where its Service and endpoints live (metrics-server's are in kube-system). */
export const AGGREGATED_NAMESPACE = 'apiscope-aggregated'
export const AGGREGATED_SERVICE = 'apiscope-metrics'
const SIMULATED_LABEL = 'apiscope.io/simulated-metrics'

/** One request the aggregation layer relayed, as this server saw it. */
export interface RelayedCall {
  method: string
  path: string
  /** From X-Remote-User and X-Remote-Group, set by kube-apiserver. */
  user: string
  groups: string[]
  /** The CN of the client certificate presented. */
  clientCn: string
}

export interface AggregatedApiServer {
  address: string
  port: number
  calls: RelayedCall[]
  /** Resolves when the APIService's Available condition has this status (and returns its reason). */
  waitAvailable(status: 'True' | 'False', timeoutMs?: number): Promise<string>
  /** Stops answering (the registration stays): the aggregator's discovery check starts failing. */
  stop(): Promise<void>
  /** Listens again on the same address and port. */
  resume(): Promise<void>
  /** Stops and removes the APIService, the Service, its endpoints and their namespace. */
  close(): Promise<void>
}

async function kubectl(cluster: ClusterInfo, args: string[], input?: string): Promise<string> {
  const run = promisify(execFile)(path.join(cluster.binDir, 'kubectl'), [
    `--kubeconfig=${cluster.kubeconfig}`,
    `--context=${ADMIN_CONTEXT}`,
    ...args,
  ])
  if (input !== undefined) run.child.stdin?.end(input)
  return (await run).stdout
}

/** This machine's first IPv4 address outside 127.0.0.0/8: an endpoint may not be loopback. */
export function hostAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    const found = list?.find((a) => a.family === 'IPv4' && !a.internal)
    if (found) return found.address
  }
  throw new Error('no non-loopback IPv4 address: an aggregated API server needs one as endpoint')
}

/** A usage that stays the same for a name: simulated, never measured. */
function usageOf(name: string): { cpu: string; memory: string } {
  const h = createHash('sha256').update(name).digest()
  return {
    cpu: `${1_000_000 + (h.readUInt32BE(0) % 4_000_000)}n`,
    memory: `${20_000 + h.readUInt16BE(4)}Ki`,
  }
}

function status(code: number, reason: string, message: string): string {
  return JSON.stringify({
    kind: 'Status',
    apiVersion: 'v1',
    status: 'Failure',
    message,
    reason,
    code,
  })
}

export async function startAggregatedApiServer(cluster: ClusterInfo): Promise<AggregatedApiServer> {
  const pkiDir = path.join(cluster.dir, 'pki')
  const ca = { cert: path.join(pkiDir, 'ca.crt'), key: path.join(pkiDir, 'ca.key') }
  // The aggregator checks the serving certificate against the APIService's caBundle and the name
  // <service>.<namespace>.svc.
  const serving = servingCert(pkiDir, ca, 'aggregated-api-server', [
    `${AGGREGATED_SERVICE}.${AGGREGATED_NAMESPACE}.svc`,
  ])
  const admin = {
    cert: readFileSync(path.join(pkiDir, 'admin.crt')),
    key: readFileSync(path.join(pkiDir, 'admin.key')),
    ca: readFileSync(ca.cert),
  }
  const calls: RelayedCall[] = []

  /** The Pods of a namespace, read from kube-apiserver as the harness's admin. */
  const podsOf = (namespace: string) =>
    new Promise<{ name: string; containers: string[]; labels: Record<string, string> }[]>(
      (resolve, reject) => {
        https
          .get(`${cluster.server}/api/v1/namespaces/${namespace}/pods`, admin, (res) => {
            let body = ''
            res.on('data', (c: Buffer) => (body += c.toString('utf8')))
            res.on('end', () => {
              const list = JSON.parse(body) as {
                items?: {
                  metadata: { name: string; labels?: Record<string, string> }
                  spec: { containers: { name: string }[] }
                }[]
              }
              resolve(
                (list.items ?? []).map((p) => ({
                  name: p.metadata.name,
                  labels: p.metadata.labels ?? {},
                  containers: p.spec.containers.map((c) => c.name),
                })),
              )
            })
          })
          .on('error', reject)
      },
    )

  const podMetrics = (
    namespace: string,
    pod: { name: string; containers: string[]; labels: Record<string, string> },
  ) => ({
    kind: 'PodMetrics',
    apiVersion: `${AGGREGATED_GROUP}/${AGGREGATED_VERSION}`,
    metadata: {
      name: pod.name,
      namespace,
      creationTimestamp: new Date().toISOString(),
      labels: { ...pod.labels, [SIMULATED_LABEL]: 'true' },
    },
    timestamp: new Date().toISOString(),
    window: '15s',
    containers: pod.containers.map((c) => ({ name: c, usage: usageOf(`${pod.name}/${c}`) })),
  })

  const answer = async (url: URL): Promise<{ code: number; body: string }> => {
    const gv = `${AGGREGATED_GROUP}/${AGGREGATED_VERSION}`
    const group = {
      name: AGGREGATED_GROUP,
      versions: [{ groupVersion: gv, version: AGGREGATED_VERSION }],
      preferredVersion: { groupVersion: gv, version: AGGREGATED_VERSION },
    }
    const p = url.pathname.replace(/\/$/, '')
    if (p === '/apis')
      return {
        code: 200,
        body: JSON.stringify({ kind: 'APIGroupList', apiVersion: 'v1', groups: [group] }),
      }
    if (p === `/apis/${AGGREGATED_GROUP}`)
      return { code: 200, body: JSON.stringify({ kind: 'APIGroup', apiVersion: 'v1', ...group }) }
    if (p === `/apis/${gv}`)
      return {
        code: 200,
        body: JSON.stringify({
          kind: 'APIResourceList',
          apiVersion: 'v1',
          groupVersion: gv,
          resources: [
            {
              name: 'pods',
              singularName: '',
              namespaced: true,
              kind: 'PodMetrics',
              verbs: ['get', 'list'],
            },
          ],
        }),
      }
    const m = new RegExp(`^/apis/${gv}/namespaces/([a-z0-9-]+)/pods(?:/([a-z0-9.-]+))?$`).exec(p)
    if (m?.[1]) {
      const namespace = m[1]
      const pods = await podsOf(namespace)
      if (m[2]) {
        const pod = pods.find((x) => x.name === m[2])
        return pod
          ? { code: 200, body: JSON.stringify(podMetrics(namespace, pod)) }
          : {
              code: 404,
              body: status(404, 'NotFound', `podmetrics.metrics.k8s.io "${m[2]}" not found`),
            }
      }
      return {
        code: 200,
        body: JSON.stringify({
          kind: 'PodMetricsList',
          apiVersion: gv,
          metadata: {},
          items: pods.map((pod) => podMetrics(namespace, pod)),
        }),
      }
    }
    return {
      code: 404,
      body: status(404, 'NotFound', 'the server could not find the requested resource'),
    }
  }

  const server = https.createServer(
    {
      cert: readFileSync(serving.cert),
      key: readFileSync(serving.key),
      // Only the front proxy: its CA, and a certificate the handler checks by name.
      ca: readFileSync(path.join(pkiDir, 'front-proxy-ca.crt')),
      requestCert: true,
      rejectUnauthorized: false,
    },
    (req, res) => {
      const socket = req.socket as TLSSocket
      const clientCn = socket.authorized
        ? String(socket.getPeerCertificate().subject?.CN ?? '')
        : ''
      const user = req.headers['x-remote-user']
      res.setHeader('Content-Type', 'application/json')
      if (clientCn !== FRONT_PROXY_CLIENT_CN || typeof user !== 'string' || user === '') {
        res.statusCode = 401
        res.end(status(401, 'Unauthorized', 'only the front proxy, naming its user, may call'))
        return
      }
      const groups = req.headersDistinct['x-remote-group'] ?? []
      const url = new URL(req.url ?? '/', 'https://aggregated.local')
      calls.push({ method: req.method ?? 'GET', path: url.pathname, user, groups, clientCn })
      if (req.method !== 'GET') {
        res.statusCode = 405
        res.end(status(405, 'MethodNotAllowed', 'read-only: only get and list'))
        return
      }
      answer(url).then(
        ({ code, body }) => {
          res.statusCode = code
          res.end(body)
        },
        (error: unknown) => {
          res.statusCode = 500
          res.end(status(500, 'InternalError', String(error)))
        },
      )
    },
  )
  const address = hostAddress()
  await new Promise<void>((resolve) => server.listen(0, address, resolve))
  const port = (server.address() as AddressInfo).port

  const legacyEndpoints = cluster.series === '1.20'
  await kubectl(cluster, ['create', 'namespace', AGGREGATED_NAMESPACE]).catch(() => '')
  const objects = [
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: AGGREGATED_SERVICE, namespace: AGGREGATED_NAMESPACE },
      spec: { ports: [{ name: 'https', port: 443, targetPort: port, protocol: 'TCP' }] },
    },
    legacyEndpoints
      ? {
          apiVersion: 'v1',
          kind: 'Endpoints',
          metadata: { name: AGGREGATED_SERVICE, namespace: AGGREGATED_NAMESPACE },
          subsets: [
            { addresses: [{ ip: address }], ports: [{ name: 'https', port, protocol: 'TCP' }] },
          ],
        }
      : {
          apiVersion: 'discovery.k8s.io/v1',
          kind: 'EndpointSlice',
          metadata: {
            name: `${AGGREGATED_SERVICE}-1`,
            namespace: AGGREGATED_NAMESPACE,
            labels: { 'kubernetes.io/service-name': AGGREGATED_SERVICE },
          },
          addressType: 'IPv4',
          endpoints: [{ addresses: [address], conditions: { ready: true } }],
          ports: [{ name: 'https', port, protocol: 'TCP' }],
        },
    {
      apiVersion: 'apiregistration.k8s.io/v1',
      kind: 'APIService',
      metadata: { name: APISERVICE_NAME },
      spec: {
        group: AGGREGATED_GROUP,
        version: AGGREGATED_VERSION,
        service: { namespace: AGGREGATED_NAMESPACE, name: AGGREGATED_SERVICE, port: 443 },
        caBundle: readFileSync(ca.cert).toString('base64'),
        groupPriorityMinimum: 100,
        versionPriority: 100,
      },
    },
  ]
  await kubectl(
    cluster,
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }),
  )

  const availability = async (): Promise<{ status: string; reason: string }> => {
    const out = await kubectl(cluster, [
      'get',
      'apiservice',
      APISERVICE_NAME,
      '-o',
      'jsonpath={.status.conditions[?(@.type=="Available")].status} {.status.conditions[?(@.type=="Available")].reason}',
    ]).catch(() => '')
    const [s = '', reason = ''] = out.trim().split(' ')
    return { status: s, reason }
  }

  return {
    address,
    port,
    calls,
    async waitAvailable(wanted, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const now = await availability()
        if (now.status === wanted) return now.reason
        if (Date.now() > deadline)
          throw new Error(
            `APIService ${APISERVICE_NAME}: Available ${now.status} (${now.reason}), wanted ${wanted}`,
          )
        await new Promise((r) => setTimeout(r, 500))
      }
    },
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
    async resume() {
      await new Promise<void>((resolve) => server.listen(port, address, resolve))
    },
    async close() {
      try {
        await kubectl(cluster, ['delete', 'apiservice', APISERVICE_NAME, '--ignore-not-found'])
        await kubectl(cluster, [
          'delete',
          'namespace',
          AGGREGATED_NAMESPACE,
          '--ignore-not-found',
          '--wait=false',
        ])
      } finally {
        if (server.listening) {
          server.closeAllConnections()
          await new Promise<void>((resolve) => server.close(() => resolve()))
        }
      }
    },
  }
}
