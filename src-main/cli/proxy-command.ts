// `apiscope proxy`: the kubectl proxy without a window. Connects to the context, opens the proxy,
// prints the line to paste (on stdout, a line of its own, so `eval "$(apiscope proxy)"` is not
// needed to find it) and each relayed request as it happens (stderr, kubectl -v=6 style), until
// interrupted; stopping removes the kubeconfig it wrote.
import type { RequestLogEntry } from '@common/kube-types'
import type { KubectlProxyStatus } from '@features/kubectl-proxy/messages'
import type { ApiscopeCore } from '../assembly/apiscope-core'
import { say } from './cli-text'
import { parseCommand } from './usage'

export const PROXY_USAGE = say('cli.proxyUsage')

/** One relayed request as a line: what kubectl -v=6 prints, and who sent it. */
export function relayedLine(e: RequestLogEntry): string {
  const status = e.status === null ? (e.error ?? 'failed') : `${e.status} ${e.statusText}`
  const who = e.relayed
    ? `  (${e.relayed.client}${e.relayed.command ? ` · ${e.relayed.command}` : ''})`
    : ''
  return `${e.method} ${e.url} ${status} in ${e.ms} milliseconds${who}`
}

/** Connects and opens the proxy; throws with the core's words when it cannot. */
export async function openProxy(core: ApiscopeCore, context?: string): Promise<KubectlProxyStatus> {
  const connected = await core.invoke('kube:connect', context ? { context } : {})
  if (!connected.ok) throw new Error(`${connected.error.title}. ${connected.error.nextStep}`)
  const started = await core.invoke('proxy:start', {})
  if (!started.ok) throw new Error(`${started.error.title}: ${started.error.detail}`)
  return started.value as KubectlProxyStatus
}

export async function proxy(core: ApiscopeCore, argv: string[], usage: string): Promise<number> {
  const values = parseCommand(usage, argv, {
    context: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  })
  if (!values) return 0
  const say = (line: string) => process.stderr.write(`${line}\n`)
  const status = await openProxy(core, values.context as string | undefined)
  say(
    `apiscope: kubectl proxy for context ${status.context} on ${status.address}. Paste this line in a terminal:`,
  )
  console.log(status.line)
  say('apiscope: Ctrl-C stops the proxy and removes its kubeconfig.')
  if (!values.quiet)
    core.onEvent((channel, payload) => {
      if (channel !== 'kube:request-logged') return
      const entry = payload as RequestLogEntry
      if (entry.relayed) say(relayedLine(entry))
    })
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
      process.once(signal, () => resolve())
  })
  await core.close()
  return 0
}
