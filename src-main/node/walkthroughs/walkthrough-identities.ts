// The seed's four identities for the same question: none at all (anonymous), a token nobody issued,
// a ServiceAccount's token, and the context's own credentials. Each is a KubeTransport on the same
// cluster (same CA, same request log) with only the user changed. Tokens stay in this process.
import type { ScenarioIdentity } from '@common/scenarios/scenario-format'
import { withUser } from '../client-config'
import { KubeTransport } from '../kube-transport'
import type { RequestLog } from '../request-log'

/** The seed's made-up token (`-H 'Authorization: Bearer abc'`). */
export const MADE_UP_TOKEN = 'abc'

export const IDENTITY_LABELS: Record<ScenarioIdentity, string> = {
  context: 'the context’s own credentials (as kubectl)',
  anonymous: 'anonymous: no certificate, no token',
  'made-up-token': 'a made-up bearer token ("abc") that nobody issued',
  'service-account': 'the token of the namespace’s default ServiceAccount (TokenRequest)',
}

export class WalkthroughIdentities {
  private readonly transports = new Map<string, KubeTransport>()

  constructor(
    private readonly own: KubeTransport,
    private readonly log: RequestLog,
  ) {}

  /** The transport for an identity; `token` is the ServiceAccount token a step saved. */
  transportFor(identity: ScenarioIdentity, token?: string): KubeTransport | null {
    if (identity === 'context') return this.own
    if (identity === 'service-account' && !token) return null
    const key = identity === 'service-account' ? `sa:${token}` : identity
    let transport = this.transports.get(key)
    if (!transport) {
      const user =
        identity === 'anonymous'
          ? {}
          : { token: identity === 'made-up-token' ? MADE_UP_TOKEN : (token as string) }
      transport = new KubeTransport(withUser(this.own.config, user), this.log)
      this.transports.set(key, transport)
    }
    return transport
  }

  close(): void {
    for (const transport of this.transports.values()) transport.close()
    this.transports.clear()
  }
}
