// The core's answers to the kubectl proxy's messages (src-main/features/kubectl-proxy/messages.ts).
// The proxy belongs to the live session it was opened for: it relays with that session's
// credentials only, and stops when that session ends (another context, a disconnect, the core
// closing). Its relayed requests go to the request log and, shaped as audit events, to the
// live-traffic stream (core.audit.observe); its relayed watches to the session's watches, which
// put their events on the timeline.
import type { KubectlProxyStatus, kubectlProxySchemas } from '@features/kubectl-proxy/messages'
import { fail, ok, type Result } from '@common/result'
import type { ClusterSession } from '../../core/cluster-session'
import { fetchIdentity } from '../../core/identity'
import { KubectlProxy } from './kubectl-proxy'
import type { Requester } from './relayed-exchange'
import { replayRefusal, type CoreContext, type HandlersFor } from '../../core/core-context'

export function kubectlProxyHandlers(
  core: CoreContext,
): HandlersFor<keyof typeof kubectlProxySchemas> {
  let proxy: KubectlProxy | null = null
  let session: ClusterSession | null = null
  let starting: Promise<Result<KubectlProxyStatus>> | null = null
  let note: string | undefined

  const current = (): KubectlProxyStatus =>
    proxy ? proxy.status() : { state: 'stopped', relayed: 0, refused: 0, ...(note ? { note } : {}) }
  const announce = () => core.emit('proxy:status', current())

  const stop = async (why?: string) => {
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
      void stop('The proxy stopped: the session it relayed to ended.')
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
      : { username: `(user of context ${s.config.context})`, groups: [] }
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
      })
    } catch (error) {
      return fail({
        kind: 'internal',
        title: 'Cannot open the kubectl proxy',
        detail: (error as Error).message,
        nextStep: 'Is the temporary folder writable? Try again.',
      })
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
        return fail({
          kind: 'bad-request',
          title: 'Headers and bodies are shown live only',
          detail: 'A recording keeps each relayed request’s line, not its headers and bodies.',
          nextStep: 'Close the replay to see a live request’s headers and bodies.',
        })
      const detail = proxy?.detail(seq)
      return detail
        ? ok(detail)
        : fail({
            kind: 'bad-request',
            title: 'This relayed request is no longer kept',
            detail: `Request ${seq}: the proxy keeps the last 500 requests while it runs.`,
            nextStep: 'Pick a more recent request, or start the proxy again.',
          })
    },
  }
}
