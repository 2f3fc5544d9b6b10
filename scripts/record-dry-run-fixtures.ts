// Records real dryRun=All answers for the unit tests of the dry-run attribution rules
// (src-main/common/admission-attribution.ts). Sends each case through the request lab itself
// (sendLabRequest, as the kubeconfig admin) against the test control plane: the one in
// APISCOPE_CLUSTER_STATE, or one started here and stopped at the end.
// Run: npx tsx --tsconfig tsconfig.node.json scripts/record-dry-run-fixtures.ts
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { BARE_POD_YAML, REGLAGES_YAML } from '@common/lab-seed-manifests'
import type { LabRequestSpec, LabResult } from '@features/lab/messages'
import type { Result } from '@common/result'
import { ApiscopeCore } from '../src-main/assembly/apiscope-core'
import {
  k8sSeries,
  ADMIN_CONTEXT,
  REPO_ROOT,
  readClusterInfo,
  startControlPlane,
  stopControlPlane,
  type ClusterInfo,
} from '../test/cluster/control-plane'

/** One folder per release line (APISCOPE_K8S): 1.20's fixtures stay beside 1.37's. */
const DIR = path.join(REPO_ROOT, 'test/fixtures/recorded', k8sSeries(), 'dry-run')
const NS = 'apiscope-dry-run'
const LIMITED_NS = 'apiscope-dry-run-limited'

interface Case {
  file: string
  scenario: string
  namespace: string
  group: string
  version: string
  resource: string
  verb: 'create' | 'update' | 'patch'
  patchType?: 'apply'
  name?: string
  yaml: string
}

const CASES: Case[] = [
  {
    file: 'pod-bare',
    scenario:
      'The seed’s bare Pod (pod-nu.yaml): defaulting, ServiceAccount, DefaultTolerationSeconds, Priority, qosClass.',
    namespace: NS,
    group: '',
    version: 'v1',
    resource: 'pods',
    verb: 'create',
    yaml: BARE_POD_YAML,
  },
  {
    file: 'pod-limit-range',
    scenario:
      'A bare Pod in a namespace with a LimitRange: LimitRanger fills requests and limits and says so in an annotation.',
    namespace: LIMITED_NS,
    group: '',
    version: 'v1',
    resource: 'pods',
    verb: 'create',
    yaml: `apiVersion: v1
kind: Pod
metadata:
  name: limitee
spec:
  containers:
  - name: c
    image: registry.k8s.io/e2e-test-images/agnhost:latest
    ports:
    - containerPort: 8080
`,
  },
  {
    file: 'pod-unknown-field',
    scenario:
      'A Pod with a field the schema does not know (spec.replicas): 1.20 drops it silently.',
    namespace: NS,
    group: '',
    version: 'v1',
    resource: 'pods',
    verb: 'create',
    yaml: `apiVersion: v1
kind: Pod
metadata:
  generateName: inconnu-
spec:
  replicas: 3
  containers:
  - name: c
    image: registry.k8s.io/e2e-test-images/agnhost:2.61
`,
  },
  {
    file: 'deployment',
    scenario:
      'A minimal Deployment: defaulting of the Deployment and of its pod template (no admission on templates).',
    namespace: NS,
    group: 'apps',
    version: 'v1',
    resource: 'deployments',
    verb: 'create',
    yaml: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: registry.k8s.io/e2e-test-images/agnhost:2.61
`,
  },
  {
    file: 'service',
    scenario:
      'A ClusterIP Service: defaulting (type, sessionAffinity, protocol, targetPort) and a cluster IP allocated.',
    namespace: NS,
    group: '',
    version: 'v1',
    resource: 'services',
    verb: 'create',
    yaml: `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - port: 80
`,
  },
  {
    file: 'pvc-default-storage-class',
    scenario:
      'A claim naming no StorageClass while one is marked default: DefaultStorageClass and StorageObjectInUseProtection.',
    namespace: NS,
    group: '',
    version: 'v1',
    resource: 'persistentvolumeclaims',
    verb: 'create',
    yaml: `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: donnees
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
`,
  },
  {
    file: 'configmap-apply',
    scenario: 'A server-side apply of the seed’s reglages ConfigMap by field manager lab.',
    namespace: NS,
    group: '',
    version: 'v1',
    resource: 'configmaps',
    verb: 'patch',
    patchType: 'apply',
    name: 'reglages',
    yaml: REGLAGES_YAML,
  },
]

function kubectl(info: ClusterInfo, input: string | null, ...args: string[]): string {
  return execFileSync(
    path.join(info.binDir, 'kubectl'),
    [`--kubeconfig=${info.kubeconfig}`, `--context=${ADMIN_CONTEXT}`, ...args],
    { encoding: 'utf8', ...(input !== null ? { input } : {}) },
  )
}

const tokenSecretPath = (info: ClusterInfo) =>
  info.version.startsWith('v1.20.') ? 'jsonpath={.secrets[0].name}' : 'name'

async function waitForServiceAccount(info: ClusterInfo, ns: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if (
        // Up to 1.23 the ServiceAccount admission plugin mounts the token Secret the
        // controller-manager makes; from 1.24 a projected token, and no Secret is made.
        kubectl(info, null, 'get', 'sa', 'default', '-n', ns, '-o', tokenSecretPath(info))
      )
        return
    } catch {
      // not there yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no default ServiceAccount in ${ns}`)
}

async function main(): Promise<void> {
  const shared = process.env.APISCOPE_CLUSTER_STATE
  const info = shared ? readClusterInfo(shared) : await startControlPlane()
  if (info.series !== k8sSeries())
    throw new Error(
      `the shared control plane runs ${info.version}: set APISCOPE_K8S=${info.series}`,
    )
  const core = new ApiscopeCore({
    host: 'browser',
    version: 'record',
    env: { KUBECONFIG: info.kubeconfig },
    home: '/nonexistent',
  })
  try {
    kubectl(
      info,
      `apiVersion: v1
kind: Namespace
metadata: {name: ${NS}}
---
apiVersion: v1
kind: Namespace
metadata: {name: ${LIMITED_NS}}
---
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: ${LIMITED_NS}}
spec:
  limits:
  - type: Container
    default: {cpu: 500m, memory: 128Mi}
    defaultRequest: {cpu: 100m, memory: 64Mi}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: apiscope-standard
  annotations: {storageclass.kubernetes.io/is-default-class: "true"}
provisioner: kubernetes.io/no-provisioner
`,
      'apply',
      '-f',
      '-',
    )
    await waitForServiceAccount(info, NS)
    await waitForServiceAccount(info, LIMITED_NS)
    const connected = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
    if (!connected.ok) throw new Error('could not connect')
    rmSync(DIR, { recursive: true, force: true })
    mkdirSync(DIR, { recursive: true })
    for (const c of CASES) {
      const spec: LabRequestSpec = {
        identity: 'kubeconfig',
        verb: c.verb,
        group: c.group,
        version: c.version,
        resource: c.resource,
        namespace: c.namespace,
        body: c.yaml,
        bodyFormat: 'yaml',
        dryRun: true,
        ...(c.patchType ? { patchType: c.patchType, fieldManager: 'lab' } : {}),
        ...(c.name ? { name: c.name } : {}),
      }
      const res = (await core.invoke('lab:send', spec)) as Result<LabResult>
      if (!res.ok) throw new Error(`${c.file}: ${res.error.title}`)
      if (res.value.status >= 300) throw new Error(`${c.file}: HTTP ${res.value.status}`)
      writeFileSync(
        path.join(DIR, `${c.file}.json`),
        `${JSON.stringify(
          {
            scenario: c.scenario,
            recordedWith: 'scripts/record-dry-run-fixtures.ts (the request lab, dryRun=All)',
            serverVersion: info.version,
            request: { method: res.value.request.method, path: res.value.request.path },
            sent: parse(c.yaml) as unknown,
            sentText: c.yaml,
            status: res.value.status,
            returned: res.value.body,
          },
          null,
          2,
        )}\n`,
      )
      console.log(`${c.file}: ${res.value.status}`)
    }
  } finally {
    core.close()
    if (!shared) stopControlPlane(info)
  }
}

await main()
