// How to turn audit on, as commands to copy, for the three local clusters people teach on: the same
// policy and webhook file everywhere, put where each one's kube-apiserver Pod can read them, and
// the kube-apiserver flags passed the way each tool passes them. Pure: text only.
//   minikube: files under ~/.minikube/files/ are copied into the node at start, /etc/ssl/certs is
//     mounted into the kube-apiserver Pod; flags by --extra-config=apiserver.<flag>=<value>.
//     https://minikube.sigs.k8s.io/docs/tutorials/audit-policy/
//   kind: a folder of this machine mounted into the node (extraMounts), then into the Pod
//     (kubeadmConfigPatches: ClusterConfiguration apiServer.extraVolumes), flags by
//     apiServer.extraArgs; read only when kind creates a cluster.
//     https://kind.sigs.k8s.io/docs/user/auditing/
//   kubeadm: files on the control-plane node, the flags and a hostPath volume in the static Pod
//     manifest /etc/kubernetes/manifests/kube-apiserver.yaml (the kubelet restarts the Pod), or in
//     ClusterConfiguration apiServer.extraArgs / extraVolumes for kubeadm init and upgrade.
//     https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/control-plane-flags/
//     https://kubernetes.io/docs/reference/config-api/kubeadm-config.v1beta4/
// The flags themselves: https://kubernetes.io/docs/tasks/debug/debug-cluster/audit/
import type { SetupCommand, SetupGuide } from '@features/traffic/messages'

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

export const POLICY_FILE = 'apiscope-audit-policy.yaml'
export const WEBHOOK_FILE = 'apiscope-audit-webhook.kubeconfig'

/** The webhook flags, in the order every guide passes them (batches at most a second late). */
export function webhookFlags(dir: string): [string, string][] {
  return [
    ['audit-policy-file', `${dir}/${POLICY_FILE}`],
    ['audit-webhook-config-file', `${dir}/${WEBHOOK_FILE}`],
    ['audit-webhook-mode', 'batch'],
    ['audit-webhook-batch-max-wait', '1s'],
  ]
}

const heredoc = (file: string, body: string) => `cat > ${file} <<'EOF'\n${body}EOF`
const sudoHeredoc = (file: string, body: string) =>
  `sudo tee ${file} > /dev/null <<'EOF'\n${body}EOF`
const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => (line ? by + line : line))
    .join('\n')
const emptyBatch = (url: string) =>
  `curl -s -o /dev/null -w '%{http_code}\\n' -X POST -d '{"kind":"EventList","items":[]}' ${url}`
const POLICY_WHY =
  'Metadata for every request, the full Status of writes (so a 422 shows its causes); never Secret values, never tokens.'

// --- minikube -----------------------------------------------------------------------------------

const MINIKUBE_NODE_DIR = '/etc/ssl/certs'
const MINIKUBE_HOST_DIR = '~/.minikube/files/etc/ssl/certs'

export function minikubeGuide(profile: string, port: number, path: string): SetupGuide {
  const webhookUrl = `http://host.minikube.internal:${port}${path}`
  const p = profile === 'minikube' ? '' : ` -p ${profile}`
  const files: SetupCommand[] = [
    {
      label: 'Folder minikube copies into the node',
      command: `mkdir -p ${MINIKUBE_HOST_DIR}`,
      why: 'Everything under ~/.minikube/files/ is copied to the same path in the node at start.',
    },
    {
      label: 'Audit policy',
      command: heredoc(`${MINIKUBE_HOST_DIR}/${POLICY_FILE}`, RECOMMENDED_POLICY),
      why: POLICY_WHY,
    },
  ]
  const extra = (flags: [string, string][]) =>
    flags.map(([name, value]) => `--extra-config=apiserver.${name}=${value}`).join(' ')
  const policyFlag: [string, string] = ['audit-policy-file', `${MINIKUBE_NODE_DIR}/${POLICY_FILE}`]
  return {
    flavour: 'minikube',
    listenHost: '0.0.0.0',
    webhookUrl,
    webhookRoute: `the node posts to ${webhookUrl}`,
    logRoute: 'the API server writes to its output, Apiscope follows it through minikube ssh',
    commands: [
      ...files,
      {
        label: 'Webhook configuration',
        command: heredoc(`${MINIKUBE_HOST_DIR}/${WEBHOOK_FILE}`, webhookKubeconfig(webhookUrl)),
        why: `kube-apiserver posts batches of audit events to ${webhookUrl}: Apiscope, listening on port ${port} of every interface of this machine.`,
      },
      {
        label: 'Restart minikube with audit on',
        command: `minikube start${p} ${extra(webhookFlags(MINIKUBE_NODE_DIR))}`,
        why: 'Passes the flags to kube-apiserver; an existing cluster keeps its objects.',
      },
      {
        label: 'Check that the node can reach Apiscope',
        command: `minikube ssh${p} -- ${emptyBatch(webhookUrl)}`,
        why: 'Prints 200 when the webhook is started here and a firewall lets the node in.',
      },
    ],
    logCommands: [
      ...files,
      {
        label: 'Restart minikube with audit to stdout',
        command: `minikube start${p} ${extra([policyFlag, ['audit-log-path', '-']])}`,
        why: 'The audit log goes to the kube-apiserver container’s output; the node keeps it under /var/log/containers.',
      },
      {
        label: 'What Apiscope runs to follow it',
        command: `minikube${p} ssh -- sudo tail -F -n 0 /var/log/containers/kube-apiserver-*.log`,
        why: 'Start it with "minikube profile" under Audit log above; lines that are not audit events are skipped.',
      },
    ],
  }
}

// --- kind ---------------------------------------------------------------------------------------

/** Inside the node and inside the kube-apiserver Pod alike. */
const KIND_DIR = '/etc/kubernetes/apiscope'
const KIND_HOST_DIR = './apiscope-audit'
const KIND_LOG_DIR = '/var/log/kubernetes'
const KIND_LOG = `${KIND_LOG_DIR}/kube-apiserver-audit.log`

/** A kind cluster config: the folder mounted into the node, then into kube-apiserver's Pod. */
export function kindConfig(extraArgs: [string, string][], withLogVolume: boolean): string {
  const volumes = [
    `- name: apiscope-audit\n  hostPath: ${KIND_DIR}\n  mountPath: ${KIND_DIR}\n  readOnly: true\n  pathType: DirectoryOrCreate`,
    ...(withLogVolume
      ? [
          `- name: apiscope-audit-log\n  hostPath: ${KIND_LOG_DIR}\n  mountPath: ${KIND_LOG_DIR}\n  readOnly: false\n  pathType: DirectoryOrCreate`,
        ]
      : []),
  ]
  const patch = [
    'kind: ClusterConfiguration',
    'apiServer:',
    '  extraArgs:',
    ...extraArgs.map(([name, value]) => `    ${name}: ${value}`),
    '  extraVolumes:',
    indent(volumes.join('\n'), '    '),
  ].join('\n')
  return [
    'kind: Cluster',
    'apiVersion: kind.x-k8s.io/v1alpha4',
    'nodes:',
    '  - role: control-plane',
    '    extraMounts:',
    `      - hostPath: ${KIND_HOST_DIR}`,
    `        containerPath: ${KIND_DIR}`,
    '        readOnly: true',
    '    kubeadmConfigPatches:',
    '      - |',
    indent(patch, '        '),
    '',
  ].join('\n')
}

export function kindGuide(cluster: string, port: number, path: string, home: string): SetupGuide {
  const node = `${cluster}-control-plane`
  const webhookUrl = `http://\${APISCOPE_HOST}:${port}${path}`
  const create: SetupCommand = {
    label: 'Create the cluster with audit on',
    command: `kind create cluster --name ${cluster} --config apiscope-kind.yaml`,
    why: `kind reads this file only when it creates a cluster: an existing ${cluster} must go first (kind delete cluster --name ${cluster}), and its objects with it. Run it in the folder that holds apiscope-audit/.`,
  }
  const files: SetupCommand[] = [
    {
      label: 'Folder kind mounts into the node',
      command: `mkdir -p ${KIND_HOST_DIR}`,
      why: `extraMounts below mounts it at ${KIND_DIR} in the node; a relative path is read from the folder you run kind in.`,
    },
    {
      label: 'Audit policy',
      command: heredoc(`${KIND_HOST_DIR}/${POLICY_FILE}`, RECOMMENDED_POLICY),
      why: POLICY_WHY,
    },
  ]
  const logFile = `${home}/apiscope-kind-audit.log`
  return {
    flavour: 'kind',
    listenHost: '0.0.0.0',
    webhookUrl,
    webhookRoute: `the node posts to this machine on the "kind" Docker network, http://<its gateway>:${port}${path}`,
    logRoute: `the API server writes ${KIND_LOG} in the node, docker exec copies it to a file here that Apiscope follows`,
    commands: [
      ...files,
      {
        label: 'This machine’s address on the kind network',
        command: `APISCOPE_HOST=$(docker network inspect kind --format '{{range .IPAM.Config}}{{println .Gateway}}{{end}}' | grep -m1 '\\.') && echo "$APISCOPE_HOST"`,
        why: 'The IPv4 gateway of the Docker network kind puts its nodes on (often 172.18.0.1): kube-apiserver in the node reaches this machine there. The next commands use the variable: run them in the same shell. On Docker Desktop (macOS, Windows) set APISCOPE_HOST=host.docker.internal instead.',
      },
      {
        label: 'Webhook configuration',
        command: `cat > ${KIND_HOST_DIR}/${WEBHOOK_FILE} <<EOF\n${webhookKubeconfig(webhookUrl)}EOF`,
        why: `kube-apiserver posts batches of audit events to Apiscope, listening on port ${port} of every interface of this machine (the shell fills in APISCOPE_HOST).`,
      },
      {
        label: 'kind cluster config',
        command: heredoc('apiscope-kind.yaml', kindConfig(webhookFlags(KIND_DIR), false)),
        why: `extraMounts puts ${KIND_HOST_DIR} in the node; the kubeadm patch mounts it into the kube-apiserver Pod (apiServer.extraVolumes) and passes the audit flags (apiServer.extraArgs).`,
      },
      create,
      {
        label: 'Check that the node can reach Apiscope',
        command: `docker exec ${node} ${emptyBatch(webhookUrl)}`,
        why: 'Prints 200 when the webhook is started here and a firewall lets the node in.',
      },
    ],
    logCommands: [
      ...files,
      {
        label: 'kind cluster config',
        command: heredoc(
          'apiscope-kind.yaml',
          kindConfig(
            [
              ['audit-policy-file', `${KIND_DIR}/${POLICY_FILE}`],
              ['audit-log-path', KIND_LOG],
            ],
            true,
          ),
        ),
        why: `The kubeadm patch passes the flags and mounts the policy folder and ${KIND_LOG_DIR} of the node into the kube-apiserver Pod.`,
      },
      create,
      {
        label: 'Copy the log to this machine, and leave it running',
        command: `docker exec ${node} tail -F -n 0 ${KIND_LOG} >> ${logFile}`,
        why: `Then follow ${logFile} under Audit log above. The file in the node belongs to root; docker exec reads it for you.`,
      },
    ],
  }
}

// --- kubeadm ------------------------------------------------------------------------------------

const KUBEADM_DIR = '/etc/kubernetes/apiscope'
const KUBEADM_LOG_DIR = '/var/log/kubernetes/audit'
const KUBEADM_LOG = `${KUBEADM_LOG_DIR}/audit.log`
const MANIFEST = '/etc/kubernetes/manifests/kube-apiserver.yaml'

interface HostVolume {
  name: string
  path: string
  readOnly: boolean
}

/** What to add to the static Pod manifest: flags under command, a mount and a hostPath volume. */
export function staticPodAdditions(flags: [string, string][], volumes: HostVolume[]): string {
  return [
    `# ${MANIFEST}, spec.containers[0].command: after "- kube-apiserver"`,
    ...flags.map(([name, value]) => `    - --${name}=${value}`),
    '# spec.containers[0].volumeMounts:',
    ...volumes.flatMap((v) => [
      `    - mountPath: ${v.path}`,
      `      name: ${v.name}`,
      `      readOnly: ${v.readOnly}`,
    ]),
    '# spec.volumes:',
    ...volumes.flatMap((v) => [
      '  - hostPath:',
      `      path: ${v.path}`,
      '      type: DirectoryOrCreate',
      `    name: ${v.name}`,
    ]),
    '',
  ].join('\n')
}

/** The same for `kubeadm init --config` and upgrades: ClusterConfiguration, kubeadm v1beta4. */
export function clusterConfiguration(flags: [string, string][], volumes: HostVolume[]): string {
  return [
    'apiVersion: kubeadm.k8s.io/v1beta4',
    'kind: ClusterConfiguration',
    'apiServer:',
    '  extraArgs:',
    ...flags.flatMap(([name, value]) => [`    - name: ${name}`, `      value: ${value}`]),
    '  extraVolumes:',
    ...volumes.flatMap((v) => [
      `    - name: ${v.name}`,
      `      hostPath: ${v.path}`,
      `      mountPath: ${v.path}`,
      `      readOnly: ${v.readOnly}`,
      '      pathType: DirectoryOrCreate',
    ]),
    '',
  ].join('\n')
}

/**
 * `webhookHost` is this machine's address as the control-plane node reaches it (the address
 * Apiscope's own connection to the API server leaves from), or null when it could not be told.
 */
export function kubeadmGuide(
  webhookHost: string | null,
  port: number,
  path: string,
  home: string,
): SetupGuide {
  const host = webhookHost ?? 'THIS-MACHINE'
  const webhookUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`
  const loopback = webhookHost !== null && /^(127\.|::1$)/.test(webhookHost)
  const policyVolume: HostVolume = { name: 'apiscope-audit', path: KUBEADM_DIR, readOnly: true }
  const logVolume: HostVolume = {
    name: 'apiscope-audit-log',
    path: KUBEADM_LOG_DIR,
    readOnly: false,
  }
  const files: SetupCommand[] = [
    {
      label: 'On the control-plane node: a folder for the files',
      command: `sudo mkdir -p ${KUBEADM_DIR}`,
      why: 'Every command below runs on the control-plane node (ssh to it), as root where it says sudo.',
    },
    {
      label: 'Audit policy',
      command: sudoHeredoc(`${KUBEADM_DIR}/${POLICY_FILE}`, RECOMMENDED_POLICY),
      why: POLICY_WHY,
    },
  ]
  const edit = (flags: [string, string][], volumes: HostVolume[]): SetupCommand => ({
    label: `Add to the static Pod manifest ${MANIFEST}`,
    command: staticPodAdditions(flags, volumes),
    why: `The kubelet watches /etc/kubernetes/manifests and restarts kube-apiserver when the file changes (the API is down for a minute or so). Edit with sudo; keep any backup outside that folder, or the kubelet runs it as a second Pod.`,
  })
  const config = (flags: [string, string][], volumes: HostVolume[]): SetupCommand => ({
    label: 'Or, for kubeadm init --config and upgrades: ClusterConfiguration',
    command: clusterConfiguration(flags, volumes),
    why: 'A new cluster: kubeadm init --config with this in the file. An existing one: the same under ClusterConfiguration in the kubeadm-config ConfigMap (kubectl -n kube-system edit configmap kubeadm-config), or the next kubeadm upgrade writes the manifest without the flags. kubeadm before 1.31 (v1beta3) writes extraArgs as a map: audit-policy-file: /etc/kubernetes/apiscope/…',
  })
  const logFile = `${home}/apiscope-audit.log`
  const webhook = webhookFlags(KUBEADM_DIR)
  const logFlags: [string, string][] = [
    ['audit-policy-file', `${KUBEADM_DIR}/${POLICY_FILE}`],
    ['audit-log-path', KUBEADM_LOG],
  ]
  return {
    flavour: 'kubeadm',
    listenHost: loopback ? '127.0.0.1' : '0.0.0.0',
    webhookUrl,
    webhookRoute: `the control-plane node posts to ${webhookUrl}`,
    logRoute: `the API server writes ${KUBEADM_LOG} on the node, tail copies it to a file Apiscope follows`,
    commands: [
      ...files,
      {
        label: 'Webhook configuration',
        command: sudoHeredoc(`${KUBEADM_DIR}/${WEBHOOK_FILE}`, webhookKubeconfig(webhookUrl)),
        why:
          webhookHost === null
            ? `Replace THIS-MACHINE with this machine's address as the node reaches it; Apiscope listens on port ${port} of every interface.`
            : `${host} is the address Apiscope's connection to the API server leaves from${loopback ? ' (the API server runs on this machine)' : ', as the node sees it unless a NAT lies between'}; Apiscope listens on port ${port}.`,
      },
      edit(webhook, [policyVolume]),
      config(webhook, [policyVolume]),
      {
        label: 'Check that the node can reach Apiscope',
        command: emptyBatch(webhookUrl),
        why: 'On the node: prints 200 when the webhook is started here and a firewall lets the node in.',
      },
    ],
    logCommands: [
      ...files,
      edit(logFlags, [policyVolume, logVolume]),
      config(logFlags, [policyVolume, logVolume]),
      {
        label: 'Copy the log to a file Apiscope can read, and leave it running',
        command: `sudo tail -F -n 0 ${KUBEADM_LOG} >> ${logFile}`,
        why: `The log belongs to root. Then follow ${logFile} under Audit log above (from another machine: ssh NODE sudo tail -F -n 0 ${KUBEADM_LOG} >> ${logFile}).`,
      },
    ],
  }
}
