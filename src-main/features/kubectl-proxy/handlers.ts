// The core's answers to the kubectl proxy's messages (src-main/features/kubectl-proxy/messages.ts).
// The proxy belongs to the live session it was opened for: it relays with that session's
// credentials only, and stops when that session ends (another context, a disconnect, the core
// closing). Its relayed requests go to the request log and, shaped as audit events, to the
// live-traffic stream (core.audit.observe); its relayed watches to the session's watches, which
// put their events on the timeline.
import type { KubectlProxyStatus, kubectlProxySchemas } from '@features/kubectl-proxy/messages'
import { fail, ok, type Result } from '@common/result'
import { saidError } from '@common/said-error'
import { localeFromEnv } from '@i18n/pick-locale'
import { said, type Said } from '@i18n/translate'
import type { ClusterSession } from '../../core/cluster-session'
import { fetchIdentity } from '../../core/identity'
import { KEPT_EXCHANGES, KubectlProxy } from './kubectl-proxy'
import type { Requester } from './relayed-exchange'
import { replayRefusal, type CoreContext, type HandlersFor } from '../../core/core-context'

export function kubectlProxyHandlers(
  core: CoreContext,
): HandlersFor<keyof typeof kubectlProxySchemas> {
  let proxy: KubectlProxy | null = null
  let session: ClusterSession | null = null
  let starting: Promise<Result<KubectlProxyStatus>> | null = null
  let note: Said | undefined

  const current = (): KubectlProxyStatus =>
    proxy
      ? proxy.status()
      : {
          state: 'stopped',
          relayed: 0,
          refused: 0,
          ...(note ? { note: note.text, noteSaid: note.as } : {}),
        }
  const announce = () => core.emit('proxy:status', current())

  const stop = async (why?: Said) => {
    const closing = proxy
    proxy = null
    session = null
    note = why
    if (closing) {
      await closing.stop()
      announce()
    }
  }

  // Another session (or none) is live: the proxy's credentials are no longer the ones on screen.
  core.onEvent((channel) => {
    if (channel === 'kube:session' && proxy && core.liveSession !== session)
      void stop(said('kproxy.sessionEnded'))
  })
  core.onClose(() => stop())

  const start = async (): Promise<Result<KubectlProxyStatus>> => {
    const live = core.requireSession()
    if (!live.ok) return live
    if (proxy && session === live.value) return ok(proxy.status())
    await stop()
    const s = live.value
    const discovery = await s.getDiscovery()
    const identity = await fetchIdentity(s.transport, discovery.ok ? discovery.value.resources : [])
    const kinds = new Map(
      (discovery.ok ? discovery.value.resources : []).map((r) => [`${r.group}/${r.name}`, r.kind]),
    )
    const kindOf = (group: string, resource: string) => kinds.get(`${group}/${resource}`)
    const requester: Requester = identity.ok
      ? { username: identity.value.username, groups: identity.value.groups }
      : {
          username: said('traffic.userOfContext', { context: s.config.context }).text,
          groups: [],
          ofContext: s.config.context,
        }
    try {
      proxy = await KubectlProxy.start({
        transport: {
          server: s.transport.server,
          authKind: s.transport.authKind,
          relay: (method, pathAndQuery, headers) => {
            if (core.liveSession !== s) throw new Error('the session this proxy relayed to ended')
            return s.transport.relay(method, pathAndQuery, headers)
          },
        },
        context: s.config.context,
        namespace: s.config.namespace,
        insecure: s.config.cluster['insecure-skip-tls-verify'] === true,
        requestLog: core.requestLog,
        requester,
        observe: (events) => core.audit.observe(events),
        // A Table watch's rows name no kind: discovery's, read above.
        watch: (opening) => s.watches.relayed({ ...opening, kindOf }),
        // Its own answers, which kubectl prints, in the language of the environment it runs in.
        locale: localeFromEnv(core.options.env ?? process.env),
      })
    } catch (error) {
      return fail(
        saidError(
          'internal',
          said('kproxy.err.cannotOpen'),
          (error as Error).message,
          said('kproxy.err.cannotOpenNext'),
        ),
      )
    }
    session = s
    note = undefined
    announce()
    return ok(proxy.status())
  }

  return {
    'proxy:status': async () => ok(current()),
    'proxy:start': async () => {
      if (core.replay) return fail(replayRefusal)
      // Two clicks, one proxy.
      starting ??= start().finally(() => (starting = null))
      return starting
    },
    'proxy:stop': async () => {
      await stop()
      return ok(current())
    },
    'proxy:detail': async ({ seq }) => {
      if (core.replay)
        return fail(
          saidError(
            'bad-request',
            said('kproxy.err.liveOnly'),
            said('kproxy.err.liveOnlyDetail'),
            said('kproxy.err.liveOnlyNext'),
          ),
        )
      const detail = proxy?.detail(seq)
      return detail
        ? ok(detail)
        : fail(
            saidError(
              'bad-request',
              said('kproxy.err.notKept'),
              said('kproxy.err.notKeptDetail', { seq, n: KEPT_EXCHANGES }),
              said('kproxy.err.notKeptNext'),
            ),
          )
    },
  }
}
