// A webhook authorizer that kube-apiserver asks (--authorization-mode=…,Webhook) about the
// requests that Node and RBAC do not allow: it allows every request of the users it was told to
// allow and has no opinion on the others. While `failing`, it answers those users' reviews 500
// instead: kube-apiserver then cannot authorize the request and answers it 500 itself (its
// authorization filter: an authorizer's error with no allow is an internal error). No decision is
// cached (both TTLs 0), so each request is asked about.
// https://kubernetes.io/docs/reference/access-authn-authz/webhook/
import { startWebhookServer } from './webhook-server'

export interface AuthzWebhook {
  /** Allows every request of this user (e.g. system:serviceaccount:ns:name). */
  allow(user: string): void
  /** Answer the allowed users' reviews 500 (true), or allow them again (false). */
  failing: boolean
  /** Reviews answered 500 so far. */
  readonly failed: number
  /** kube-apiserver flags that add this webhook after the control plane's own modes. */
  apiserverArgs(dir: string): string[]
  close(): Promise<void>
}

export async function startAuthzWebhook(): Promise<AuthzWebhook> {
  const allowed = new Set<string>()
  const state = { failing: false, failed: 0 }
  const server = await startWebhookServer('authz-webhook', '/authorize', (spec) => {
    const user = String(spec.user ?? '')
    if (allowed.has(user) && state.failing) {
      state.failed++
      return { status: 500, text: 'the authorization webhook is failing (fault test)' }
    }
    return {
      review: {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        status: { allowed: allowed.has(user) },
      },
    }
  })
  return {
    allow: (user) => allowed.add(user),
    get failing() {
      return state.failing
    },
    set failing(on: boolean) {
      state.failing = on
    },
    get failed() {
      return state.failed
    },
    apiserverArgs: (dir) => [
      // A second --authorization-mode adds to the first (a string slice): Node,RBAC,Webhook.
      '--authorization-mode=Webhook',
      `--authorization-webhook-config-file=${server.kubeconfig(dir)}`,
      '--authorization-webhook-version=v1',
      '--authorization-webhook-cache-authorized-ttl=0s',
      '--authorization-webhook-cache-unauthorized-ttl=0s',
    ],
    close: () => server.close(),
  }
}
