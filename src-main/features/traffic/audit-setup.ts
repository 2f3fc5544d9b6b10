// Is audit on, and how to turn it on. Detection: events arriving on a source, and, where the API
// server runs as a Pod (minikube, kind, kubeadm), the --audit-* flags of its command line; the kind
// of cluster from the context's name and that Pod. The commands for each kind of cluster are in
// audit-setup-guides.ts; this module fills in what only the connection knows (the minikube profile,
// the kind cluster's name, the address a kubeadm node reaches this machine at).
import { connect } from 'node:net'
import { homedir } from 'node:os'
import type { AuditSetup, ClusterFlavour, TrafficSourceStatus } from '@features/traffic/messages'
import type { ClusterSession } from '../../core/cluster-session'
import { kindGuide, kubeadmGuide, minikubeGuide, RECOMMENDED_POLICY } from './audit-setup-guides'
import { said, type Said } from '@i18n/translate'

export { RECOMMENDED_POLICY, webhookKubeconfig } from './audit-setup-guides'

interface PodList {
  items?: {
    metadata?: { name?: string }
    spec?: { nodeName?: string; containers?: { command?: string[]; args?: string[] }[] }
  }[]
}

/** The --audit-* flags of a command line, as name -> value. */
export function auditFlags(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    const match = /^--(audit-[a-z-]+)(?:=(.*))?$/.exec(arg)
    if (!match?.[1]) continue
    out[match[1]] = match[2] ?? argv[i + 1] ?? ''
  }
  return out
}

/** What the flags say, in English and by key (the renderer says it in the person's language). */
function noted(
  found: boolean,
  audit: Record<string, string>,
  note: Said,
): AuditSetup['apiserverFlags'] {
  return { found, audit, note: note.text, noteSaid: note.as }
}

async function apiserverPodFlags(
  session: ClusterSession,
): Promise<AuditSetup['apiserverFlags'] & { node?: string }> {
  const pods = await session.transport.json<PodList>({
    path: '/api/v1/namespaces/kube-system/pods',
    query: { labelSelector: 'component=kube-apiserver' },
  })
  if (!pods.ok) return noted(false, {}, said('traffic.flags.unread', { why: pods.error.title }))
  const pod = pods.value.items?.[0]
  if (!pod) return noted(false, {}, said('traffic.flags.noPod'))
  const container = pod.spec?.containers?.[0]
  const audit = auditFlags([...(container?.command ?? []), ...(container?.args ?? [])])
  const names = Object.keys(audit)
  const podName = pod.metadata?.name ?? 'kube-apiserver'
  const note =
    names.length === 0
      ? said('traffic.flags.none', { pod: podName })
      : said('traffic.flags.some', { pod: podName, flags: names.map((n) => `--${n}`).join(', ') })
  return {
    ...noted(true, audit, note),
    ...(pod.spec?.nodeName ? { node: pod.spec.nodeName } : {}),
  }
}

/**
 * The address this machine's connection to the API server leaves from: where a control-plane node
 * (kube-apiserver runs on the host network) reaches this machine, unless a NAT lies between.
 */
export function localAddressTowards(server: string, timeoutMs = 2000): Promise<string | null> {
  let url: URL
  try {
    url = new URL(server)
  } catch {
    return Promise.resolve(null)
  }
  const port = Number(url.port || (url.protocol === 'http:' ? 80 : 443))
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    const done = (address: string | null) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(address)
    }
    const timer = setTimeout(() => done(null), timeoutMs)
    socket.once('connect', () => done(socket.localAddress?.replace(/^::ffff:/, '') ?? null))
    socket.once('error', () => done(null))
  })
}

/** minikube's profile, kind's cluster, or a kubeadm-made control plane; null when none fits. */
export function clusterFlavour(
  context: string,
  flags: { found: boolean; node?: string },
): ClusterFlavour | null {
  if (/minikube/.test(context) || (flags.found && flags.node === context)) return 'minikube'
  if (/^kind-/.test(context)) return 'kind'
  // A kube-apiserver static Pod (component=kube-apiserver in kube-system) is how kubeadm runs it.
  return flags.found ? 'kubeadm' : null
}

const NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]*$/

export async function detectAuditSetup(
  session: ClusterSession | null,
  sources: readonly TrafficSourceStatus[],
  port: number,
  path: string,
  now = Date.now(),
): Promise<AuditSetup> {
  const receiving = sources.some((s) => s.lastEventAt !== undefined && now - s.lastEventAt < 60_000)
  const flags = session
    ? await apiserverPodFlags(session)
    : noted(false, {}, said('traffic.flags.notConnected'))
  const context = session?.config.context ?? ''
  const detected = session ? clusterFlavour(context, flags) : null
  const profile = detected === 'minikube' && NAME.test(context) ? context : 'minikube'
  const kindName = detected === 'kind' && NAME.test(context.slice(5)) ? context.slice(5) : 'kind'
  const webhookHost = session ? await localAddressTowards(session.config.server) : null
  const home = homedir()
  const { node: _node, ...apiserverFlags } = flags as typeof flags & { node?: string }
  return {
    receiving,
    apiserverFlags,
    detected,
    policy: RECOMMENDED_POLICY,
    guides: {
      minikube: minikubeGuide(profile, port, path),
      kind: kindGuide(kindName, port, path, home),
      kubeadm: kubeadmGuide(webhookHost, port, path, home),
    },
  }
}
