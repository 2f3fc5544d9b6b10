// Real 429s from API Priority and Fairness for one ServiceAccount: a PriorityLevelConfiguration
// with no seats of its own and none to borrow (flowcontrol.apiserver.k8s.io/v1:
// nominalConcurrencyShares 0, lendablePercent 0, borrowingLimitPercent 0, limitResponse Reject),
// and a FlowSchema sending that ServiceAccount's ConfigMap requests in its namespace there. With
// no seats the level still runs one request when it runs nothing else (a request wider than the
// limit waits for an idle level), so `hold()` starts a create whose body never ends: while it
// runs, every other request of the flow is refused with a 429 and a Retry-After. Used by the
// integration fault tests and the e2e of the health panel. Needs 1.29+ (v1 and zero shares).
import { readFileSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import { parse, stringify } from 'yaml'
import { ADMIN_CONTEXT } from './control-plane'

/** Why a test of these 429s is skipped on 1.20. */
export const NO_SEATS_NEEDS = 'zero-share priority levels are flowcontrol v1 (1.29+)'

export interface NoSeats {
  flowSchema: string
  priorityLevel: string
  serviceAccount: string
  /** A kubeconfig whose context ADMIN_CONTEXT is the ServiceAccount (a 10-minute token). */
  kubeconfig: string
  /**
   * The FlowSchema's Dangling condition: 'False' once the server found its priority level and
   * applies it (the flow control configuration takes a moment to reach the dispatcher).
   */
  dangling(): string
  /**
   * Starts the create that holds the level's one seat, and resolves once a request of the flow is
   * refused with a 429 (the create has reached its handler); the returned function lets it go.
   */
  hold(): Promise<() => void>
  /** Deletes the FlowSchema, the level and the ClusterRole(Binding); not the namespace. */
  remove(): void
}

export function noSeatsFor(opts: {
  kubectl: (...args: string[]) => string
  /** The admin kubeconfig, for the cluster entry (server and CA). */
  adminKubeconfig: string
  namespace: string
  dir: string
}): NoSeats {
  const { kubectl, namespace: ns, dir } = opts
  const serviceAccount = 'apiscope-throttled'
  const flowSchema = `${ns}-throttle`
  const priorityLevel = `${ns}-no-seats`
  const reader = `${ns}-flowcontrol-read`
  const apply = (doc: unknown) => {
    const file = path.join(dir, `${ns}-${Math.random().toString(36).slice(2)}.json`)
    writeFileSync(file, JSON.stringify(doc))
    kubectl('apply', '-f', file)
  }
  kubectl('create', 'serviceaccount', serviceAccount, '-n', ns)
  kubectl(
    'create',
    'rolebinding',
    'edit',
    '--clusterrole=edit',
    `--serviceaccount=${ns}:${serviceAccount}`,
    '-n',
    ns,
  )
  // To name the FlowSchema behind a 429's UID, Apiscope lists them as this user.
  kubectl(
    'create',
    'clusterrole',
    reader,
    '--verb=get,list',
    '--resource=flowschemas.flowcontrol.apiserver.k8s.io,prioritylevelconfigurations.flowcontrol.apiserver.k8s.io',
  )
  kubectl(
    'create',
    'clusterrolebinding',
    reader,
    `--clusterrole=${reader}`,
    `--serviceaccount=${ns}:${serviceAccount}`,
  )
  apply({
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
    kind: 'PriorityLevelConfiguration',
    metadata: { name: priorityLevel },
    spec: {
      type: 'Limited',
      limited: {
        nominalConcurrencyShares: 0,
        lendablePercent: 0,
        borrowingLimitPercent: 0,
        limitResponse: { type: 'Reject' },
      },
    },
  })
  apply({
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
    kind: 'FlowSchema',
    metadata: { name: flowSchema },
    spec: {
      priorityLevelConfiguration: { name: priorityLevel },
      matchingPrecedence: 100,
      distinguisherMethod: { type: 'ByUser' },
      rules: [
        {
          subjects: [
            { kind: 'ServiceAccount', serviceAccount: { name: serviceAccount, namespace: ns } },
          ],
          resourceRules: [
            { verbs: ['*'], apiGroups: [''], resources: ['configmaps'], namespaces: [ns] },
          ],
        },
      ],
    },
  })
  const token = kubectl('create', 'token', serviceAccount, '-n', ns, '--duration=10m').trim()
  const admin = parse(readFileSync(opts.adminKubeconfig, 'utf8')) as {
    clusters: { name: string; cluster: Record<string, string> }[]
  }
  const cluster = admin.clusters.find((c) => c.name === 'apiscope-test') ?? admin.clusters[0]
  if (!cluster) throw new Error('the admin kubeconfig names no cluster')
  const kubeconfig = path.join(dir, `${ns}-throttled.kubeconfig`)
  writeFileSync(
    kubeconfig,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [cluster],
      users: [{ name: serviceAccount, user: { token } }],
      contexts: [
        {
          name: ADMIN_CONTEXT,
          context: { cluster: cluster.name, user: serviceAccount, namespace: ns },
        },
      ],
      'current-context': ADMIN_CONTEXT,
    }),
    { mode: 0o600 },
  )
  return {
    flowSchema,
    priorityLevel,
    serviceAccount,
    kubeconfig,
    dangling: () =>
      kubectl(
        'get',
        'flowschema',
        flowSchema,
        '-o',
        'jsonpath={.status.conditions[?(@.type=="Dangling")].status}',
      ).trim(),
    async hold() {
      const ca = Buffer.from(cluster.cluster['certificate-authority-data'] ?? '', 'base64')
      const url = `${cluster.cluster.server}/api/v1/namespaces/${ns}/configmaps`
      const auth = { Authorization: `Bearer ${token}` }
      let hog: ReturnType<typeof https.request> | null = null
      // A create that sends part of its body and waits: it runs, holding the seat, until let go.
      // Refused itself (a probe had the seat at that moment), it is sent again.
      const send = () => {
        const req = https.request(url, {
          method: 'POST',
          ca,
          headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': '100000' },
        })
        req.on('error', () => undefined)
        req.on('response', (res) => {
          res.resume()
          if (hog === req) hog = null
        })
        req.write('{"apiVersion":"v1",')
        hog = req
      }
      const probe = () =>
        new Promise<number>((resolve) => {
          https
            .get(url, { ca, headers: auth }, (res) => {
              res.resume()
              resolve(res.statusCode ?? 0)
            })
            .on('error', () => resolve(0))
        })
      send()
      const deadline = Date.now() + 15_000
      await new Promise((r) => setTimeout(r, 300))
      while ((await probe()) !== 429) {
        if (Date.now() > deadline) throw new Error('the held create never took the only seat')
        if (!hog) send()
        await new Promise((r) => setTimeout(r, 300))
      }
      return () => (hog as ReturnType<typeof https.request> | null)?.destroy()
    },
    remove() {
      kubectl('delete', 'flowschema', flowSchema, '--ignore-not-found')
      kubectl('delete', 'prioritylevelconfiguration', priorityLevel, '--ignore-not-found')
      kubectl('delete', 'clusterrolebinding,clusterrole', reader, '--ignore-not-found')
    },
  }
}
