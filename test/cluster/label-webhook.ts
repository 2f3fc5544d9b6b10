// A REAL mutating admission webhook for tests: an HTTPS server on loopback that labels every Pod
// created in one namespace apiscope-webhook=yes (JSONPatch), registered with kube-apiserver in a
// MutatingWebhookConfiguration whose namespaceSelector keeps it to that namespace. It serves with
// the API server's own certificate (see admission-review-server.ts).
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  jsonPatchResponse,
  registerMutatingWebhook,
  startAdmissionReviewServer,
  unregisterMutatingWebhook,
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
  const server = await startAdmissionReviewServer(cluster, (_url, request) =>
    jsonPatchResponse(labelPatch(request)),
  )
  const configuration = `apiscope-label-${namespace}`
  await registerMutatingWebhook(cluster, server, {
    configuration,
    webhook: LABEL_WEBHOOK,
    resource: 'pods',
    scopeLabel: WEBHOOK_SCOPE_LABEL,
    namespace,
    urlPath: '/mutate',
  })
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
    close: () => unregisterMutatingWebhook(cluster, server, configuration),
  }
}
