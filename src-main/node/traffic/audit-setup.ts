// Is audit on, and how to turn it on. Detection: events arriving on a source, and, where the API
// server runs as a Pod (minikube, kubeadm), the --audit-* flags of its command line. For minikube:
// the exact files and `minikube start --extra-config=apiserver.…` flags, with the webhook URL the
// node can reach (host.minikube.internal). Files under ~/.minikube/files/ are copied into the node
// at start; /etc/ssl/certs is mounted into the kube-apiserver Pod, so the flags can name them.
// https://minikube.sigs.k8s.io/docs/tutorials/audit-policy/
import type { AuditSetup, SetupCommand, TrafficSourceStatus } from '@common/messages/traffic'
import type { ClusterSession } from '../cluster-session'

/** Writes at RequestResponse so refusals carry their Status (message, causes); credentials at Metadata. */
export const RECOMMENDED_POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["RequestReceived"]
rules:
  - level: None
    users: ["system:kube-proxy"]
    verbs: ["watch"]
  - level: Metadata
    resources:
      - group: ""
        resources: ["secrets", "serviceaccounts/token"]
      - group: "authentication.k8s.io"
        resources: ["tokenreviews"]
  - level: RequestResponse
    verbs: ["create", "update", "patch", "delete", "deletecollection"]
  - level: Metadata
`

export function webhookKubeconfig(url: string): string {
  return `apiVersion: v1
kind: Config
clusters:
  - name: apiscope
    cluster:
      server: ${url}
users:
  - name: kube-apiserver
contexts:
  - name: apiscope
    context:
      cluster: apiscope
      user: kube-apiserver
current-context: apiscope
`
}

const NODE_DIR = '/etc/ssl/certs'
const POLICY_FILE = 'apiscope-audit-policy.yaml'
const WEBHOOK_FILE = 'apiscope-audit-webhook.kubeconfig'
const HOST_DIR = '~/.minikube/files/etc/ssl/certs'

const heredoc = (file: string, body: string) => `cat > ${file} <<'EOF'\n${body}EOF`
const profileFlag = (profile: string) => (profile === 'minikube' ? '' : ` -p ${profile}`)

/** The commands for a minikube profile, for the webhook route and for the log route. */
export function minikubeCommands(
  profile: string,
  webhookUrl: string,
  port: number,
): { commands: SetupCommand[]; logCommands: SetupCommand[] } {
  const p = profileFlag(profile)
  const files: SetupCommand[] = [
    {
      label: 'Folder minikube copies into the node',
      command: `mkdir -p ${HOST_DIR}`,
      why: 'Everything under ~/.minikube/files/ is copied to the same path in the node at start.',
    },
    {
      label: 'Audit policy',
      command: heredoc(`${HOST_DIR}/${POLICY_FILE}`, RECOMMENDED_POLICY),
      why: 'Metadata for every request, the full Status of writes (so a 422 shows its causes); never Secret values, never tokens.',
    },
  ]
  const policyFlag = `--extra-config=apiserver.audit-policy-file=${NODE_DIR}/${POLICY_FILE}`
  return {
    commands: [
      ...files,
      {
        label: 'Webhook configuration',
        command: heredoc(`${HOST_DIR}/${WEBHOOK_FILE}`, webhookKubeconfig(webhookUrl)),
        why: `kube-apiserver posts batches of audit events to ${webhookUrl}: Apiscope, listening on port ${port} of every interface of this machine.`,
      },
      {
        label: 'Restart minikube with audit on',
        command: `minikube start${p} ${policyFlag} --extra-config=apiserver.audit-webhook-config-file=${NODE_DIR}/${WEBHOOK_FILE} --extra-config=apiserver.audit-webhook-mode=batch --extra-config=apiserver.audit-webhook-batch-max-wait=1s`,
        why: 'Passes the flags to kube-apiserver; an existing cluster keeps its objects.',
      },
      {
        label: 'Check that the node can reach Apiscope',
        command: `minikube ssh${p} -- curl -s -o /dev/null -w '%{http_code}\\n' -X POST -d '{"kind":"EventList","items":[]}' ${webhookUrl}`,
        why: 'Prints 200 when the webhook is started here and a firewall lets the node in.',
      },
    ],
    logCommands: [
      ...files,
      {
        label: 'Restart minikube with audit to stdout',
        command: `minikube start${p} ${policyFlag} --extra-config=apiserver.audit-log-path=-`,
        why: 'The audit log goes to the kube-apiserver container’s output; the node keeps it under /var/log/containers.',
      },
      {
        label: 'What Apiscope runs to follow it',
        command: `minikube${p} ssh -- sudo tail -F -n 0 /var/log/containers/kube-apiserver-*.log`,
        why: 'Start it with "Tail through minikube ssh" below; lines that are not audit events are skipped.',
      },
    ],
  }
}

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

async function apiserverPodFlags(
  session: ClusterSession,
): Promise<AuditSetup['apiserverFlags'] & { node?: string }> {
  const pods = await session.transport.json<PodList>({
    path: '/api/v1/namespaces/kube-system/pods',
    query: { labelSelector: 'component=kube-apiserver' },
  })
  if (!pods.ok)
    return {
      found: false,
      audit: {},
      note: `Could not read kube-system Pods: ${pods.error.title}.`,
    }
  const pod = pods.value.items?.[0]
  if (!pod)
    return {
      found: false,
      audit: {},
      note: 'No kube-apiserver Pod in kube-system: this API server does not run as a Pod, so its flags cannot be read from here. Events arriving are the proof.',
    }
  const container = pod.spec?.containers?.[0]
  const audit = auditFlags([...(container?.command ?? []), ...(container?.args ?? [])])
  const names = Object.keys(audit)
  const note =
    names.length === 0
      ? `${pod.metadata?.name ?? 'kube-apiserver'} runs without any --audit-* flag: audit is off.`
      : `${pod.metadata?.name ?? 'kube-apiserver'} runs with ${names.map((n) => `--${n}`).join(', ')}.`
  return { found: true, audit, note, ...(pod.spec?.nodeName ? { node: pod.spec.nodeName } : {}) }
}

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
    : { found: false, audit: {}, note: 'Not connected to a cluster.' }
  const context = session?.config.context ?? 'minikube'
  const minikube =
    /minikube/.test(context) || ('node' in flags && flags.node === context && flags.found)
  const profile = /^[a-zA-Z0-9][a-zA-Z0-9._-]*$/.test(context) ? context : 'minikube'
  const webhookUrl = `http://host.minikube.internal:${port}${path}`
  const { node: _node, ...apiserverFlags } = flags as typeof flags & { node?: string }
  return {
    receiving,
    apiserverFlags,
    minikube,
    webhookUrl,
    policy: RECOMMENDED_POLICY,
    webhookKubeconfig: webhookKubeconfig(webhookUrl),
    ...minikubeCommands(minikube ? profile : 'minikube', webhookUrl, port),
  }
}
