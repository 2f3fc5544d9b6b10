// A real admission webhook endpoint for tests and fixture recorders: HTTPS on loopback with the API
// server's own certificate (its SAN includes 127.0.0.1, so the cluster CA is the caBundle). Each
// AdmissionReview request gets the response `answer` builds; the uid is filled in here.
// registerMutatingWebhook is the one MutatingWebhookConfiguration the test webhooks (label-webhook,
// slow-webhook) register: one webhook, CREATE of one core resource, in one labelled namespace.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { ADMIN_CONTEXT, type ClusterInfo } from './control-plane'

/** kubectl as the admin, without blocking this process (a webhook here may have to answer). */
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

export interface AdmissionRequest {
  uid: string
  object?: { metadata?: { labels?: Record<string, string> } }
}

export type AdmissionAnswer = (
  url: string,
  request: AdmissionRequest,
) => Record<string, unknown> & { allowed: boolean }

export interface AdmissionReviewServer {
  server: https.Server
  port: number
  /** The cluster CA, base64, for clientConfig.caBundle. */
  caBundle: string
}

export async function startAdmissionReviewServer(
  cluster: ClusterInfo,
  answer: AdmissionAnswer,
): Promise<AdmissionReviewServer> {
  const pki = path.join(cluster.dir, 'pki')
  const server = https.createServer(
    {
      cert: readFileSync(path.join(pki, 'apiserver.crt')),
      key: readFileSync(path.join(pki, 'apiserver.key')),
    },
    (req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          request: AdmissionRequest
        }
        const response = { ...answer(req.url ?? '/', review.request), uid: review.request.uid }
        res.setHeader('Content-Type', 'application/json')
        res.end(
          JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response }),
        )
      })
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    server,
    port: (server.address() as AddressInfo).port,
    caBundle: readFileSync(path.join(pki, 'ca.crt')).toString('base64'),
  }
}

/** A JSONPatch admission response. */
export function jsonPatchResponse(patch: unknown[]): {
  allowed: true
  patchType: string
  patch: string
} {
  return {
    allowed: true,
    patchType: 'JSONPatch',
    patch: Buffer.from(JSON.stringify(patch)).toString('base64'),
  }
}

export interface TestWebhook {
  /** The MutatingWebhookConfiguration's name and its one webhook's. */
  configuration: string
  webhook: string
  /** The core resource whose CREATE it sees ("pods"). */
  resource: string
  /** A namespace label key: the webhook sees only the namespace labelled key=<namespace>. */
  scopeLabel: string
  namespace: string
  /** The URL path the API server posts to. */
  urlPath: string
}

/** Labels the namespace and registers the configuration for a server started above. */
export async function registerMutatingWebhook(
  cluster: ClusterInfo,
  server: AdmissionReviewServer,
  hook: TestWebhook,
): Promise<void> {
  await kubectlAsync(cluster, [
    'label',
    'namespace',
    hook.namespace,
    `${hook.scopeLabel}=${hook.namespace}`,
  ])
  await kubectlAsync(
    cluster,
    ['create', '-f', '-'],
    JSON.stringify({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: hook.configuration },
      webhooks: [
        {
          name: hook.webhook,
          clientConfig: {
            url: `https://127.0.0.1:${server.port}${hook.urlPath}`,
            caBundle: server.caBundle,
          },
          rules: [
            {
              operations: ['CREATE'],
              apiGroups: [''],
              apiVersions: ['v1'],
              resources: [hook.resource],
            },
          ],
          // Only this namespace: nothing else in the cluster is touched.
          namespaceSelector: { matchLabels: { [hook.scopeLabel]: hook.namespace } },
          sideEffects: 'None',
          admissionReviewVersions: ['v1'],
          failurePolicy: 'Fail',
          timeoutSeconds: 5,
        },
      ],
    }),
  )
}

/** Removes the configuration, then closes the server. */
export async function unregisterMutatingWebhook(
  cluster: ClusterInfo,
  server: AdmissionReviewServer,
  configuration: string,
): Promise<void> {
  try {
    await kubectlAsync(cluster, [
      'delete',
      'mutatingwebhookconfiguration',
      configuration,
      '--ignore-not-found',
    ])
  } finally {
    // The API server keeps its connection alive; close would wait for it.
    server.server.closeAllConnections()
    await new Promise<void>((resolve) => server.server.close(() => resolve()))
  }
}
