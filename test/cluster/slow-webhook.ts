// A REAL mutating admission webhook that answers late: an HTTPS server on loopback that allows
// every ConfigMap create in one namespace after `delayMs`, so that the request takes over 500 ms and
// kube-apiserver writes its apiserver.latency.k8s.io audit annotations. It blocks its own process
// for that time (the answer is synchronous), which a test or a recording script can afford.
import {
  kubectlAsync,
  registerMutatingWebhook,
  startAdmissionReviewServer,
  unregisterMutatingWebhook,
} from './admission-review-server'
import type { ClusterInfo } from './control-plane'

export { kubectlAsync }

export interface SlowWebhook {
  configuration: string
  close(): Promise<void>
}

export async function startSlowWebhook(
  cluster: ClusterInfo,
  namespace: string,
  delayMs = 800,
): Promise<SlowWebhook> {
  const server = await startAdmissionReviewServer(cluster, () => {
    const until = Date.now() + delayMs
    while (Date.now() < until) {
      /* the answer comes delayMs late */
    }
    return { allowed: true }
  })
  const configuration = `apiscope-slow-${namespace}`
  await registerMutatingWebhook(cluster, server, {
    configuration,
    webhook: 'slow.apiscope.test',
    resource: 'configmaps',
    scopeLabel: 'apiscope.io/slow-webhook',
    namespace,
    urlPath: '/slow',
  })
  return {
    configuration,
    close: () => unregisterMutatingWebhook(cluster, server, configuration),
  }
}
