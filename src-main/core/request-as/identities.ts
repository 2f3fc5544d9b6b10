// Who a request is sent as, for the request lab and the walkthroughs alike (one vocabulary,
// common/request-identities.ts): the kubeconfig's user, no credential at all, a bearer token nobody
// issued, and a ServiceAccount's token, minted here through TokenRequest (the lab's Mint button) or
// saved by a walkthrough step that requested it. Each is a KubeTransport of its own on the same
// server, CA and request log, only the user changed. Tokens stay here: the renderer only ever sees
// a LabIdentityInfo or a phrase.
import { randomBytes } from 'node:crypto'
import type { LabIdentityInfo } from '@common/request-identities'
import type { RequestIdentity } from '@common/request-identities'
import { fail, ok, type Result, type UiError } from '@common/result'
import { told as toldParts } from '@common/said-parts'
import { said, type Said } from '@i18n/translate'
import { withUser } from '../client-config'
import type { ClusterSession } from '../cluster-session'
import { KubeTransport } from '../kube-transport'
import type { RequestLog } from '../request-log'

/**
 * The one made-up bearer token (the seed's `-H 'Authorization: Bearer abc'`): nobody issued it, so
 * authentication refuses it (401). Random per process and recognisable, so a test can look for it
 * anywhere it must not be (the page, a command line) and find it only if it leaked.
 */
export const MADE_UP_TOKEN = `apiscope-made-up-${randomBytes(12).toString('hex')}`

/** Each identity in a sentence, as a walkthrough's request preview says it ("as …"). */
export const IDENTITY_PHRASES: Record<RequestIdentity, string> = {
  kubeconfig: 'the context’s own credentials (as kubectl)',
  anonymous: 'anonymous: no certificate, no token',
  'made-up-token': 'a made-up bearer token that nobody issued',
  'service-account': 'the token of the namespace’s default ServiceAccount (TokenRequest)',
}

interface MintedToken {
  token: string
  namespace: string
  expiresAt: string
  transport: KubeTransport
}

const TOKEN_SECONDS = 3600

export class RequestIdentities {
  private anonymous: KubeTransport | null = null
  private madeUp: KubeTransport | null = null
  private minted: MintedToken | null = null
  /** ServiceAccount tokens given by the caller (a walkthrough step saved one), by token. */
  private readonly given = new Map<string, KubeTransport>()

  constructor(
    readonly session: ClusterSession,
    private readonly log: RequestLog,
  ) {}

  private get viaPlainHttp(): boolean {
    return this.session.config.server.startsWith('http:')
  }

  list(): LabIdentityInfo[] {
    // Through a plain-http proxy every identity but a ServiceAccount's says so.
    const proxy = this.viaPlainHttp ? [said('lab.who.proxyNote')] : []
    const minted = this.minted
    const fresh = minted !== null && Date.parse(minted.expiresAt) > Date.now()
    const context = this.session.config.context
    const expiry = minted ? { namespace: minted.namespace, expiresAt: minted.expiresAt } : null
    return [
      {
        kind: 'kubeconfig',
        ...described(said('lab.who.kubeconfig', { context }), [
          said('lab.who.kubeconfigDetail', { context }),
          ...proxy,
        ]),
        ready: true,
      },
      {
        kind: 'anonymous',
        ...described(said('lab.who.anonymous'), [said('lab.who.anonymousDetail'), ...proxy]),
        ready: true,
      },
      {
        kind: 'made-up-token',
        ...described(said('lab.who.madeUp'), [said('lab.who.madeUpDetail'), ...proxy]),
        ready: true,
      },
      {
        kind: 'service-account',
        ...(expiry
          ? described(said('lab.who.saMinted', { namespace: expiry.namespace }), [
              fresh ? said('lab.who.saFresh', expiry) : said('lab.who.saExpired', expiry),
            ])
          : described(said('lab.who.sa'), [said('lab.who.saNone')])),
        ready: fresh,
        ...(minted ? { expiresAt: minted.expiresAt } : {}),
      },
    ]
  }

  info(kind: RequestIdentity): LabIdentityInfo {
    return this.list().find((i) => i.kind === kind) as LabIdentityInfo
  }

  /** POST serviceaccounts/default/token as the kubeconfig user; keeps the token, returns its description. */
  async mintServiceAccountToken(
    namespace = this.session.config.namespace,
  ): Promise<Result<LabIdentityInfo>> {
    const discovery = await this.session.getDiscovery()
    if (discovery.ok) {
      const sa = discovery.value.resources.find(
        (r) => r.group === '' && r.version === 'v1' && r.name === 'serviceaccounts',
      )
      if (sa && !sa.subresources.includes('token')) {
        return fail(
          saidError(
            'http',
            said('lab.err.noTokenRequest'),
            said('lab.err.noTokenRequestDetail'),
            said('lab.err.noTokenRequestNext'),
          ),
        )
      }
    }
    const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/serviceaccounts/default/token`
    const res = await this.session.transport.json<{
      status?: { token?: string; expirationTimestamp?: string }
    }>({
      method: 'POST',
      path,
      body: {
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'TokenRequest',
        spec: { expirationSeconds: TOKEN_SECONDS },
      },
    })
    if (!res.ok) {
      const { error } = res
      if (error.kind === 'forbidden') {
        return fail(
          retold(
            error,
            said('lab.err.mintForbidden', { namespace }),
            said('lab.err.mintForbiddenNext', { namespace }),
          ),
        )
      }
      if (/not ?found/i.test(error.title + error.detail)) {
        return fail(
          retold(
            error,
            said('lab.err.noServiceAccount', { namespace }),
            said('lab.err.noServiceAccountNext', { namespace }),
          ),
        )
      }
      return res
    }
    const token = res.value.status?.token
    if (!token) {
      return fail(
        saidError(
          'http',
          said('lab.err.noToken'),
          said('lab.err.noTokenDetail', { path }),
          said('lab.err.noTokenNext'),
        ),
      )
    }
    this.minted?.transport.close()
    const expiresAt =
      res.value.status?.expirationTimestamp ??
      new Date(Date.now() + TOKEN_SECONDS * 1000).toISOString()
    this.minted = {
      token,
      namespace,
      expiresAt,
      transport: new KubeTransport(withUser(this.session.config, { token }), this.log),
    }
    return ok(this.info('service-account'))
  }

  /**
   * The transport that sends as this identity, or why it cannot yet. `namespace` is the one the
   * request is for: the ServiceAccount to mint a token for, as the lab's Mint button names it.
   * `token`, for a ServiceAccount: a token the caller holds (a walkthrough step requested it),
   * sent instead of the one minted here.
   */
  transportFor(
    kind: RequestIdentity,
    {
      namespace = this.session.config.namespace,
      token,
    }: { namespace?: string; token?: string } = {},
  ): Result<KubeTransport> {
    switch (kind) {
      case 'kubeconfig':
        return ok(this.session.transport)
      case 'anonymous':
        this.anonymous ??= new KubeTransport(withUser(this.session.config, {}), this.log)
        return ok(this.anonymous)
      case 'made-up-token':
        this.madeUp ??= new KubeTransport(
          withUser(this.session.config, { token: MADE_UP_TOKEN }),
          this.log,
        )
        return ok(this.madeUp)
      case 'service-account': {
        if (token) {
          let transport = this.given.get(token)
          if (!transport) {
            transport = new KubeTransport(withUser(this.session.config, { token }), this.log)
            this.given.set(token, transport)
          }
          return ok(transport)
        }
        const info = this.info('service-account')
        if (!this.minted || !info.ready) {
          const ns = this.minted?.namespace ?? namespace
          const minted = this.minted
          return fail(
            saidError(
              'bad-request',
              said(minted ? 'lab.err.tokenExpired' : 'lab.err.noMinted'),
              minted
                ? said('lab.who.saExpired', {
                    namespace: minted.namespace,
                    expiresAt: minted.expiresAt,
                  })
                : said('lab.err.noMintedDetail', { namespace: ns }),
              said('lab.err.mintFirst', { namespace }),
            ),
          )
        }
        return ok(this.minted.transport)
      }
    }
  }

  /** Every token these identities send: never to be shown, wherever an answer might echo one. */
  tokens(): string[] {
    return [MADE_UP_TOKEN, ...(this.minted ? [this.minted.token] : []), ...this.given.keys()]
  }

  close(): void {
    this.anonymous?.close()
    this.madeUp?.close()
    this.minted?.transport.close()
    for (const transport of this.given.values()) transport.close()
    this.given.clear()
    this.anonymous = this.madeUp = this.minted = null
  }
}

/** An identity's label and detail in English, and the catalogue messages to say them again. */
function described(
  label: Said,
  detail: Said[],
): Pick<LabIdentityInfo, 'label' | 'detail' | 'said'> {
  const told = toldParts(detail, ' ')
  return { label: label.text, detail: told.text, said: { label: label.as, detail: told.said } }
}

/** The transport's error with our title and next step; its detail (the server's) stays. */
function retold(error: UiError, title: Said, nextStep: Said): UiError {
  return {
    ...error,
    title: title.text,
    nextStep: nextStep.text,
    said: {
      title: title.as,
      ...(error.said?.detail ? { detail: error.said.detail } : {}),
      nextStep: nextStep.as,
    },
  }
}

/** A UiError whose title, detail and next step are catalogue messages (the detail optional). */
function saidError(
  kind: UiError['kind'],
  title: Said,
  detail: Said | string,
  nextStep: Said,
): UiError {
  return {
    kind,
    title: title.text,
    detail: typeof detail === 'string' ? detail : detail.text,
    nextStep: nextStep.text,
    said: {
      title: title.as,
      ...(typeof detail === 'string' ? {} : { detail: [detail.as] }),
      nextStep: nextStep.as,
    },
  }
}

let current: RequestIdentities | null = null

/**
 * The request lab's identities for this session (its minted token is kept across sends); a new
 * session drops the last one's transports and token. A walkthrough run makes its own.
 */
export function labIdentitiesOf(session: ClusterSession, log: RequestLog): RequestIdentities {
  if (current?.session !== session) {
    current?.close()
    current = new RequestIdentities(session, log)
  }
  return current
}
