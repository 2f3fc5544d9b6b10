// Who a request claims to be: the seed's "four answers" to the same question, one vocabulary for
// the request lab (features/lab/messages.ts) and the walkthroughs' scenario data (scenarios/*.json).
// The ids: `kubeconfig` (not `context`) because it says where the credentials come from, the
// kubeconfig's user, as the lab's "Kubeconfig user" and the commands' `kubectl --context` identity
// already say, while "context" also names the cluster-and-namespace picker; `service-account`
// (not `serviceaccount`) because ids are kebab-case words, as `made-up-token` is.
import type { SaidAs } from './result'
import type { SaidParts } from './said-parts'

export const REQUEST_IDENTITIES = [
  'kubeconfig',
  'anonymous',
  'made-up-token',
  'service-account',
] as const
export type RequestIdentity = (typeof REQUEST_IDENTITIES)[number]

/** How a copyable command sends as the identity (command-equivalents.ts): its token is $TOKEN. */
export function commandIdentityOf(identity: RequestIdentity): 'kubeconfig' | 'anonymous' | 'token' {
  return identity === 'kubeconfig' || identity === 'anonymous' ? identity : 'token'
}

/** An identity as the renderer sees it: a description, never a token. */
export interface LabIdentityInfo {
  kind: RequestIdentity
  label: string
  /** What the API server will take it for, as far as Apiscope knows before sending. */
  detail: string
  /**
   * The label and detail as catalogue messages, to say them in the person's language (the detail
   * is one or two sentences, joined by a space); `label` and `detail` are their English.
   */
  said?: { label: SaidAs; detail: SaidParts }
  ready: boolean
  /** For a ServiceAccount token: when it expires (ISO). */
  expiresAt?: string
}
