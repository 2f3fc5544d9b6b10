// A REAL mutating admission webhook that answers late: an HTTPS server on loopback that allows
// every ConfigMap create in one namespace after `delayMs`, so that the request takes over 500 ms and
// kube-apiserver writes its apiserver.latency.k8s.io audit annotations. It blocks its own process
// for that time (the answer is synchronous), which a test or a recording script can afford.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { startAdmissionReviewServer } from './admission-review-server'
import { ADMIN_CONTEXT, type ClusterInfo } from './control-plane'

export interface SlowWebhook {
  configuration: string
  close(): Promise<void>
}

export async function kubectlAsync(
  cluster: ClusterInfo,
  args: string[],
  input?: string,
): Promise<string> {
  const run = promisify(execFile)(path.join(cluster.binDir, 'kubectl'), [
    `--kubeconfig=${cluster.kubeconfig}`,
    `--context=${ADMIN_CONTEXT}`,
    ...args,
  ])
  if (input !== undefined) run.child.stdin?.end(input)
  return (await run).stdout
}

export async function startSlowWebhook(
  cluster: ClusterInfo,
  namespace: string,
  delayMs = 800,
): Promise<SlowWebhook> {
  const { server, port, caBundle } = await startAdmissionReviewServer(cluster, () => {
    const until = Date.now() + delayMs
    while (Date.now() < until) {
      /* the answer comes delayMs late */
    }
    return { allowed: true }
  })
  const configuration = `apiscope-slow-${namespace}`
  await kubectlAsync(cluster, [
    'label',
    'namespace',
    namespace,
    `apiscope.io/slow-webhook=${namespace}`,
  ])
  await kubectlAsync(
    cluster,
    ['create', '-f', '-'],
    JSON.stringify({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: configuration },
      webhooks: [
        {
          name: 'slow.apiscope.test',
          clientConfig: { url: `https://127.0.0.1:${port}/slow`, caBundle },
          rules: [
            {
              operations: ['CREATE'],
              apiGroups: [''],
              apiVersions: ['v1'],
              resources: ['configmaps'],
            },
          ],
          namespaceSelector: { matchLabels: { 'apiscope.io/slow-webhook': namespace } },
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
    async close() {
      try {
        await kubectlAsync(cluster, [
          'delete',
          'mutatingwebhookconfiguration',
          configuration,
          '--ignore-not-found',
        ])
      } finally {
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      }
    },
  }
}
