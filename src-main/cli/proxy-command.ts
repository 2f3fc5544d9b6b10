// `apiscope proxy`: the kubectl proxy without a window. Connects to the context, opens the proxy,
// prints the line to paste (on stdout, a line of its own, so `eval "$(apiscope proxy)"` is not
// needed to find it) and each relayed request as it happens (stderr, kubectl -v=6 style), until
// interrupted; stopping removes the kubeconfig it wrote.
import type { RequestLogEntry } from '@common/kube-types'
import type { KubectlProxyStatus } from '@features/kubectl-proxy/messages'
import type { ApiscopeCore } from '../assembly/apiscope-core'
import { errorWords, say } from './cli-text'
import { parseCommand } from './usage'

export const PROXY_USAGE = say('cli.proxyUsage')

/** One relayed request as a line: what kubectl -v=6 prints, and who sent it. */
export function relayedLine(e: RequestLogEntry): string {
  const status =
    e.status === null ? (e.error ?? say('cli.proxy.failed')) : `${e.status} ${e.statusText}`
  const who = e.relayed
    ? `  (${e.relayed.client}${e.relayed.command ? ` · ${e.relayed.command}` : ''})`
    : ''
  return `${say('cli.proxy.relayed', { method: e.method, url: e.url, status, ms: e.ms })}${who}`
}

/** Connects and opens the proxy; throws with the core's words when it cannot. */
export async function openProxy(core: ApiscopeCore, context?: string): Promise<KubectlProxyStatus> {
  const connected = await core.invoke('kube:connect', context ? { context } : {})
  if (!connected.ok) {
    const e = errorWords(connected.error)
    throw new Error(`${e.title}. ${e.nextStep}`)
  }
  const started = await core.invoke('proxy:start', {})
  if (!started.ok) {
    const e = errorWords(started.error)
    throw new Error(`${e.title}: ${e.detail}`)
  }
  return started.value as KubectlProxyStatus
}

export async function proxy(core: ApiscopeCore, argv: string[], usage: string): Promise<number> {
  const values = parseCommand(usage, argv, {
    context: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  })
  if (!values) return 0
  const print = (line: string) => process.stderr.write(`${line}\n`)
  const status = await openProxy(core, values.context as string | undefined)
  print(say('cli.proxy.open', { context: status.context ?? '', address: status.address ?? '' }))
  console.log(status.line)
  print(say('cli.proxy.stops'))
  if (!values.quiet)
    core.onEvent((channel, payload) => {
      if (channel !== 'kube:request-logged') return
      const entry = payload as RequestLogEntry
      if (entry.relayed) print(relayedLine(entry))
    })
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
      process.once(signal, () => resolve())
  })
  await core.close()
  return 0
}
