// A REAL mutating admission webhook for tests: an HTTPS server on loopback that labels every Pod
// created in one namespace apiscope-webhook=yes (JSONPatch), registered with kube-apiserver in a
// MutatingWebhookConfiguration whose namespaceSelector keeps it to that namespace. It serves with
// the API server's own certificate (see admission-review-server.ts).
import { execFile, execFileSync } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  jsonPatchResponse,
  startAdmissionReviewServer,
  type AdmissionRequest,
} from './admission-review-server'
import { ADMIN_CONTEXT, type ClusterInfo } from './control-plane'

export const LABEL_WEBHOOK = 'label.audit-stream.apiscope.test'
export const WEBHOOK_SCOPE_LABEL = 'apiscope.io/audit-stream-test'
export const WEBHOOK_ADDED_LABEL = 'apiscope-webhook'

export interface LabelWebhook {
  configuration: string
  webhook: string
  /** Resolves once the API server calls it (it learns of configurations through an informer). */
  ready(): Promise<void>
  close(): Promise<void>
}

function kubectl(cluster: ClusterInfo, args: string[], input?: string): string {
  return execFileSync(
    path.join(cluster.binDir, 'kubectl'),
    [`--kubeconfig=${cluster.kubeconfig}`, `--context=${ADMIN_CONTEXT}`, ...args],
    { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], ...(input ? { input } : {}) },
  )
}

/** Labels the Pod: adds to its labels, or creates them. */
function labelPatch(request: AdmissionRequest): unknown[] {
  return request.object?.metadata?.labels !== undefined
    ? [{ op: 'add', path: `/metadata/labels/${WEBHOOK_ADDED_LABEL}`, value: 'yes' }]
    : [{ op: 'add', path: '/metadata/labels', value: { [WEBHOOK_ADDED_LABEL]: 'yes' } }]
}

/** Starts the server, labels the namespace and registers the configuration. */
export async function startLabelWebhook(
  cluster: ClusterInfo,
  namespace: string,
): Promise<LabelWebhook> {
  const { server, port, caBundle } = await startAdmissionReviewServer(cluster, (_url, request) =>
    jsonPatchResponse(labelPatch(request)),
  )
  const configuration = `apiscope-label-${namespace}`
  kubectl(cluster, ['label', 'namespace', namespace, `${WEBHOOK_SCOPE_LABEL}=${namespace}`])
  kubectl(
    cluster,
    ['create', '-f', '-'],
    JSON.stringify({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: configuration },
      webhooks: [
        {
          name: LABEL_WEBHOOK,
          clientConfig: {
            url: `https://127.0.0.1:${port}/mutate`,
            caBundle,
          },
          rules: [
            { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] },
          ],
          // Only this namespace: nothing else in the cluster is touched.
          namespaceSelector: { matchLabels: { [WEBHOOK_SCOPE_LABEL]: namespace } },
          sideEffects: 'None',
          admissionReviewVersions: ['v1'],
          failurePolicy: 'Fail',
          timeoutSeconds: 5,
        },
      ],
    }),
  )
  return {
    configuration,
    webhook: LABEL_WEBHOOK,
    async ready() {
      const deadline = Date.now() + 30_000
      for (;;) {
        // Not execFileSync: the webhook answers from this very process, so it must not block.
        const { stdout: labels } = await promisify(execFile)(path.join(cluster.binDir, 'kubectl'), [
          `--kubeconfig=${cluster.kubeconfig}`,
          `--context=${ADMIN_CONTEXT}`,
          'run',
          'probe',
          '--image=registry.k8s.io/pause:3.2',
          '--restart=Never',
          '-n',
          namespace,
          '--dry-run=server',
          '-o',
          'jsonpath={.metadata.labels}',
        ]).catch(() => ({ stdout: '' }))
        if (labels.includes(WEBHOOK_ADDED_LABEL)) return
        if (Date.now() > deadline) throw new Error('the API server never called the test webhook')
        await new Promise((r) => setTimeout(r, 300))
      }
    },
    async close() {
      try {
        kubectl(cluster, [
          'delete',
          'mutatingwebhookconfiguration',
          configuration,
          '--ignore-not-found',
        ])
      } finally {
        // The API server keeps its connection alive; close would wait for it.
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      }
    },
  }
}
