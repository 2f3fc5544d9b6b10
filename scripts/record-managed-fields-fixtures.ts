// Records test/fixtures/recorded/<series>/managed-fields/ from a real kube-apiserver: starts the
// test control plane, replays the "Qui possède ce champ ?" sequence (server-side apply, patch,
// conflict, forced re-apply, then kubectl scale and the re-apply after it) plus a few shapes of
// fieldsV1, saves each object as the server returns it, then stops the control plane, also on
// error. Run: `npx tsx scripts/record-managed-fields-fixtures.ts`.
// Ref: https://kubernetes.io/docs/reference/using-api/server-side-apply/
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import {
  k8sSeries,
  ADMIN_CONTEXT,
  REPO_ROOT,
  startControlPlane,
  stopControlPlane,
  type ClusterInfo,
} from '../test/cluster/control-plane'

/** One folder per release line (APISCOPE_K8S): 1.20's fixtures stay beside 1.37's. */
const OUT_DIR = path.join(REPO_ROOT, 'test/fixtures/recorded', k8sSeries(), 'managed-fields')
const FAILED_RUN_LOGS = path.join(REPO_ROOT, 'test/artifacts/cluster-logs/record-managed-fields')
// The seed chapter's namespace, so that paths and messages read as in the book.
const NAMESPACE = 'ch34'

// The seed's vitrine.yaml, with ports added: two of them share containerPort 5353 and differ only
// by protocol, which is why containers[].ports is keyed by (containerPort, protocol).
const VITRINE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: vitrine
  namespace: ${NAMESPACE}
spec:
  replicas: 2
  selector:
    matchLabels:
      app: vitrine
  template:
    metadata:
      labels:
        app: vitrine
    spec:
      containers:
        - name: web
          image: registry.k8s.io/e2e-test-images/agnhost:2.61
          args: ["netexec", "--http-port=8080"]
          ports:
            - name: http
              containerPort: 8080
            - name: dns-tcp
              containerPort: 5353
              protocol: TCP
            - name: dns-udp
              containerPort: 5353
              protocol: UDP
          resources:
            requests:
              cpu: 50m
              memory: 64Mi
`

const REGLAGES_BY_EQUIPE_WEB = `apiVersion: v1
kind: ConfigMap
metadata:
  name: reglages
  namespace: ${NAMESPACE}
  labels:
    app: vitrine
    tier: front
  annotations:
    example.com/owner: equipe-web
    example.com/note: "served by vitrine"
data:
  LOG_LEVEL: info
  GREETING: bonjour
`

// Same value for labels.app as equipe-web: both appliers then co-own it.
const REGLAGES_BY_EQUIPE_AUDIT = `apiVersion: v1
kind: ConfigMap
metadata:
  name: reglages
  namespace: ${NAMESPACE}
  labels:
    app: vitrine
  annotations:
    audit.example.com/checked: "yes"
`

const GARDIEN_BY_EQUIPE_WEB = `apiVersion: v1
kind: ConfigMap
metadata:
  name: gardien
  namespace: ${NAMESPACE}
  finalizers:
    - example.com/x
    - example.com/y
data:
  purpose: holds finalizers
`

const GARDIEN_BY_EQUIPE_AUDIT = `apiVersion: v1
kind: ConfigMap
metadata:
  name: gardien
  namespace: ${NAMESPACE}
  finalizers:
    - audit.example.com/hold
`

const log = (message: string) => process.stderr.write(`[record] ${message}\n`)

interface KubeObject {
  metadata?: { generation?: number; managedFields?: { manager?: string }[] }
  status?: { observedGeneration?: number; conditions?: unknown[] }
  items?: KubeObject[]
}

function kubectlFor(info: ClusterInfo) {
  return (args: string[], input?: string): string =>
    execFileSync(
      path.join(info.binDir, 'kubectl'),
      [`--kubeconfig=${info.kubeconfig}`, `--context=${ADMIN_CONTEXT}`, ...args],
      { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] },
    )
}

async function waitUntil(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`timed out waiting for ${what}`)
}

function save(file: string, object: unknown): void {
  writeFileSync(path.join(OUT_DIR, file), `${JSON.stringify(object, null, 2)}\n`)
  log(`saved ${file}`)
}

/**
 * Sends a server-side apply without force and returns the server's answer as is. kubectl only
 * prints a summary of a conflict; the Status object (409, one cause per conflicting field with the
 * path as the server formats it) is what the decoder's canonical path strings are checked against.
 */
function applyWithoutForce(
  info: ClusterInfo,
  apiPath: string,
  fieldManager: string,
  manifest: string,
): Promise<{ status: number; body: unknown }> {
  const config = parseYaml(readFileSync(info.kubeconfig, 'utf8')) as {
    clusters: { cluster: { 'certificate-authority-data': string } }[]
    users: {
      name: string
      user: { 'client-certificate-data': string; 'client-key-data': string }
    }[]
    contexts: { name: string; context: { user: string } }[]
  }
  const userName = config.contexts.find((c) => c.name === ADMIN_CONTEXT)?.context.user
  const user = config.users.find((u) => u.name === userName)?.user
  const caData = config.clusters[0]?.cluster['certificate-authority-data']
  if (!user || !caData) throw new Error(`no credentials for ${ADMIN_CONTEXT} in the kubeconfig`)
  const fromBase64 = (data: string) => Buffer.from(data, 'base64')
  const url = new URL(`${info.server}${apiPath}`)
  url.searchParams.set('fieldManager', fieldManager)
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: 'PATCH',
        ca: fromBase64(caData),
        cert: fromBase64(user['client-certificate-data']),
        key: fromBase64(user['client-key-data']),
        headers: { 'Content-Type': 'application/apply-patch+yaml', Accept: 'application/json' },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }),
        )
      },
    )
    request.on('error', reject)
    request.end(manifest)
  })
}

async function record(info: ClusterInfo): Promise<void> {
  const kubectl = kubectlFor(info)
  // kubectl 1.21+ leaves managedFields out of -o json unless asked; 1.20's always prints them.
  const showManagedFields = k8sSeries() === '1.20' ? [] : ['--show-managed-fields']
  const getJson = (...args: string[]) =>
    JSON.parse(
      kubectl(['get', '-o', 'json', ...showManagedFields, '-n', NAMESPACE, ...args]),
    ) as KubeObject
  const serverSideApply = (manager: string, manifest: string, ...extra: string[]) =>
    log(
      kubectl(
        ['apply', '--server-side', `--field-manager=${manager}`, ...extra, '-f', '-'],
        manifest,
      ).trim(),
    )
  // The deployment controller writes status (its own managedFields entry) after each change of
  // spec; waiting for it makes every Deployment fixture show the status owner.
  const vitrineSettled = async (): Promise<KubeObject> => {
    let latest: KubeObject = {}
    await waitUntil('the deployment controller to observe vitrine', () => {
      latest = getJson('deployment', 'vitrine')
      return (
        latest.status?.observedGeneration === latest.metadata?.generation &&
        (latest.metadata?.managedFields ?? []).some((e) => e.manager === 'kube-controller-manager')
      )
    })
    return latest
  }

  mkdirSync(OUT_DIR, { recursive: true })
  kubectl(['create', 'namespace', NAMESPACE])
  // The ReplicaSet controller cannot create Pods before the namespace has its ServiceAccount.
  await waitUntil('the default ServiceAccount', () => {
    try {
      kubectl(['get', 'serviceaccount', 'default', '-n', NAMESPACE])
      return true
    } catch {
      return false
    }
  })

  // 1. The seed's apply by equipe-web.
  serverSideApply('equipe-web', VITRINE)
  save('deployment-vitrine-1-applied.json', await vitrineSettled())

  // A Pod of vitrine: created by the ReplicaSet controller (an Update from a full template), its
  // status written by kube-scheduler. No node exists, so it stays Pending, Unschedulable.
  await waitUntil('a vitrine Pod with a PodScheduled condition', () => {
    const pods = getJson('pods', '-l', 'app=vitrine').items ?? []
    return pods.some((pod) => (pod.status?.conditions ?? []).length > 0)
  })
  const pods = getJson('pods', '-l', 'app=vitrine').items ?? []
  save(
    'pod-vitrine.json',
    pods.find((pod) => (pod.status?.conditions ?? []).length > 0),
  )

  // 2. Another manager takes spec.replicas. On 1.20 `kubectl scale` writes through the scale
  // subresource and is not recorded as a manager of its own (test-cluster.md); `kubectl patch` is.
  log(kubectl(['patch', 'deployment', 'vitrine', '-n', NAMESPACE, '-p', '{"spec":{"replicas":4}}']))
  save('deployment-vitrine-2-patched.json', await vitrineSettled())

  // 3. Two more plain Updates: kubectl-set takes the image of container web, kubectl-patch (again)
  // the name of one port, so that the conflict below names a keyed container and a composite key.
  log(
    kubectl([
      'set',
      'image',
      'deployment/vitrine',
      '-n',
      NAMESPACE,
      'web=registry.k8s.io/e2e-test-images/agnhost:2.62',
    ]),
  )
  log(
    kubectl([
      'patch',
      'deployment',
      'vitrine',
      '-n',
      NAMESPACE,
      '--type=json',
      '-p',
      '[{"op":"replace","path":"/spec/template/spec/containers/0/ports/1/name","value":"dns-tcp-alt"}]',
    ]),
  )
  save('deployment-vitrine-3-edited.json', await vitrineSettled())

  // 4. equipe-web re-applies its file without --force-conflicts: the server refuses with 409.
  const conflict = await applyWithoutForce(
    info,
    `/apis/apps/v1/namespaces/${NAMESPACE}/deployments/vitrine`,
    'equipe-web',
    VITRINE,
  )
  if (conflict.status !== 409) throw new Error(`expected a 409 conflict, got ${conflict.status}`)
  save('deployment-vitrine-4-conflict-status.json', conflict.body)

  // 5. The forced re-apply takes every conflicting field back.
  serverSideApply('equipe-web', VITRINE, '--force-conflicts')
  save('deployment-vitrine-5-forced.json', await vitrineSettled())

  // 6. The seed's own story: `kubectl scale` writes through the scale subresource. From 1.22 the
  // server records it as manager kubectl with subresource scale (1.37: an entry without a time);
  // 1.20 records no manager for it, and equipe-web keeps spec.replicas.
  log(kubectl(['scale', 'deployment', 'vitrine', '-n', NAMESPACE, '--replicas=4']).trim())
  save('deployment-vitrine-6-scaled.json', await vitrineSettled())

  // 7. equipe-web re-applies (replicas: 2) without --force-conflicts. 1.22+: the 409 naming the
  // subresource (`conflict with "kubectl" with subresource "scale"`); 1.20: applied, back to 2.
  const afterScale = await applyWithoutForce(
    info,
    `/apis/apps/v1/namespaces/${NAMESPACE}/deployments/vitrine`,
    'equipe-web',
    VITRINE,
  )
  log(`re-apply after kubectl scale: ${afterScale.status}`)
  save('deployment-vitrine-7-reapply-after-scale.json', afterScale.body)
  if (afterScale.status === 409) serverSideApply('equipe-web', VITRINE, '--force-conflicts')

  // Labels and annotations (maps of f: entries), co-ownership, and an Update taking one label.
  serverSideApply('equipe-web', REGLAGES_BY_EQUIPE_WEB)
  save('configmap-reglages-1-applied.json', getJson('configmap', 'reglages'))
  serverSideApply('equipe-audit', REGLAGES_BY_EQUIPE_AUDIT)
  log(kubectl(['label', 'configmap', 'reglages', '-n', NAMESPACE, 'tier=back', '--overwrite']))
  save('configmap-reglages-2-shared.json', getJson('configmap', 'reglages'))

  // Finalizers are a set (v: entries); two appliers each own their own items.
  serverSideApply('equipe-web', GARDIEN_BY_EQUIPE_WEB)
  serverSideApply('equipe-audit', GARDIEN_BY_EQUIPE_AUDIT)
  save('configmap-gardien-finalizers.json', getJson('configmap', 'gardien'))

  save('server-version.json', JSON.parse(kubectl(['get', '--raw', '/version'])))
}

const info = await startControlPlane()
let failed = false
try {
  await record(info)
} catch (error) {
  failed = true
  const stderr = (error as { stderr?: string }).stderr
  log(`failed: ${(error as Error).message}${stderr ? `\n${stderr}` : ''}`)
  process.exitCode = 1
} finally {
  stopControlPlane(info, failed ? FAILED_RUN_LOGS : undefined)
}
