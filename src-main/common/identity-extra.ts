// The `extra` fields an authenticator attaches to a user, as SelfSubjectReview returns them, in
// words. The ServiceAccount authenticator writes the credential id (a bound token's JTI; 1.30+ also
// puts an X.509 certificate's SHA-256 there) and, for a token bound to a Pod, the Pod and the Node
// it runs on. Keys not listed here are shown as they come.
// https://kubernetes.io/docs/reference/access-authn-authz/service-accounts-admin/#authenticating-service-account-credentials
// https://kubernetes.io/docs/reference/access-authn-authz/authentication/#x509-client-certificates
import { quoteIfNeeded } from './command-equivalents'
import type { SaidAs } from './result'
import { said, type Said } from '@i18n/translate'

export interface IdentityExtraRow {
  key: string
  label: string
  values: string[]
  explanation?: string
  /** The label and the explanation as catalogue messages (i18n/), for a known key. */
  labelSaid?: SaidAs
  explanationSaid?: SaidAs
}

const KNOWN: Record<string, { label: Said; explanation: Said }> = {
  'authentication.kubernetes.io/credential-id': {
    label: said('idExtra.credentialId'),
    explanation: said('idExtra.credentialIdWhy'),
  },
  'authentication.kubernetes.io/pod-name': {
    label: said('idExtra.pod'),
    explanation: said('idExtra.podWhy'),
  },
  'authentication.kubernetes.io/pod-uid': {
    label: said('idExtra.podUid'),
    explanation: said('idExtra.podUidWhy'),
  },
  'authentication.kubernetes.io/node-name': {
    label: said('idExtra.node'),
    explanation: said('idExtra.nodeWhy'),
  },
  'authentication.kubernetes.io/node-uid': {
    label: said('idExtra.nodeUid'),
    explanation: said('idExtra.nodeUidWhy'),
  },
}

const ORDER = Object.keys(KNOWN)

/** The extra fields, known keys first in a fixed order, then the rest by key. */
export function identityExtraRows(extra: Record<string, string[]>): IdentityExtraRow[] {
  const keys = Object.keys(extra).sort((a, b) => {
    const ia = ORDER.indexOf(a)
    const ib = ORDER.indexOf(b)
    if (ia !== -1 || ib !== -1)
      return (ia === -1 ? ORDER.length : ia) - (ib === -1 ? ORDER.length : ib)
    return a.localeCompare(b)
  })
  return keys.map((key) => {
    const known = KNOWN[key]
    return {
      key,
      label: known?.label.text ?? key,
      values: extra[key] ?? [],
      ...(known
        ? {
            explanation: known.explanation.text,
            labelSaid: known.label.as,
            explanationSaid: known.explanation.as,
          }
        : {}),
    }
  })
}

/**
 * The kubectl command that asks the same question: `kubectl auth whoami` (beta in kubectl 1.27,
 * GA 1.28) sends a SelfSubjectReview; kubectl 1.26 had it as `kubectl alpha auth whoami`.
 */
export function whoamiCommand(reviewVersion: string, context: string): string {
  const alpha = reviewVersion === 'v1alpha1' ? 'alpha ' : ''
  return `kubectl --context ${quoteIfNeeded(context)} ${alpha}auth whoami`
}
