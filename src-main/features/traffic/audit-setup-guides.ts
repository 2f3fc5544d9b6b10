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
import { said, type Said } from '@i18n/translate'

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
/** A command to copy, its label and why said by key (English in `label` and `why`). */
const step = (label: Said, command: string, why: Said): SetupCommand => ({
  label: label.text,
  command,
  why: why.text,
  said: { label: label.as, why: why.as },
})
/** The two routes' lines, by key. */
const routes = (webhookRoute: Said, logRoute: Said) => ({
  webhookRoute: webhookRoute.text,
  logRoute: logRoute.text,
  said: { webhookRoute: webhookRoute.as, logRoute: logRoute.as },
})
const policyStep = (file: string) =>
  step(said('traffic.guide.label.policy'), file, said('traffic.guide.why.policy'))
const checkStep = (command: string) =>
  step(said('traffic.guide.label.check'), command, said('traffic.guide.why.check'))

// --- minikube -----------------------------------------------------------------------------------

const MINIKUBE_NODE_DIR = '/etc/ssl/certs'
const MINIKUBE_HOST_DIR = '~/.minikube/files/etc/ssl/certs'

export function minikubeGuide(profile: string, port: number, path: string): SetupGuide {
  const webhookUrl = `http://host.minikube.internal:${port}${path}`
  const p = profile === 'minikube' ? '' : ` -p ${profile}`
  const files: SetupCommand[] = [
    step(
      said('traffic.guide.minikube.label.folder'),
      `mkdir -p ${MINIKUBE_HOST_DIR}`,
      said('traffic.guide.minikube.why.folder'),
    ),
    policyStep(heredoc(`${MINIKUBE_HOST_DIR}/${POLICY_FILE}`, RECOMMENDED_POLICY)),
  ]
  const extra = (flags: [string, string][]) =>
    flags.map(([name, value]) => `--extra-config=apiserver.${name}=${value}`).join(' ')
  const policyFlag: [string, string] = ['audit-policy-file', `${MINIKUBE_NODE_DIR}/${POLICY_FILE}`]
  return {
    flavour: 'minikube',
    listenHost: '0.0.0.0',
    webhookUrl,
    ...routes(
      said('traffic.guide.minikube.route.webhook', { url: webhookUrl }),
      said('traffic.guide.minikube.route.log'),
    ),
    commands: [
      ...files,
      step(
        said('traffic.guide.label.webhook'),
        heredoc(`${MINIKUBE_HOST_DIR}/${WEBHOOK_FILE}`, webhookKubeconfig(webhookUrl)),
        said('traffic.guide.minikube.why.webhook', { url: webhookUrl, port }),
      ),
      step(
        said('traffic.guide.minikube.label.restart'),
        `minikube start${p} ${extra(webhookFlags(MINIKUBE_NODE_DIR))}`,
        said('traffic.guide.minikube.why.restart'),
      ),
      checkStep(`minikube ssh${p} -- ${emptyBatch(webhookUrl)}`),
    ],
    logCommands: [
      ...files,
      step(
        said('traffic.guide.minikube.label.restartLog'),
        `minikube start${p} ${extra([policyFlag, ['audit-log-path', '-']])}`,
        said('traffic.guide.minikube.why.restartLog'),
      ),
      step(
        said('traffic.guide.minikube.label.follow'),
        `minikube${p} ssh -- sudo tail -F -n 0 /var/log/containers/kube-apiserver-*.log`,
        said('traffic.guide.minikube.why.follow'),
      ),
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
  const create = step(
    said('traffic.guide.kind.label.create'),
    `kind create cluster --name ${cluster} --config apiscope-kind.yaml`,
    said('traffic.guide.kind.why.create', { cluster }),
  )
  const files: SetupCommand[] = [
    step(
      said('traffic.guide.kind.label.folder'),
      `mkdir -p ${KIND_HOST_DIR}`,
      said('traffic.guide.kind.why.folder', { dir: KIND_DIR }),
    ),
    policyStep(heredoc(`${KIND_HOST_DIR}/${POLICY_FILE}`, RECOMMENDED_POLICY)),
  ]
  const logFile = `${home}/apiscope-kind-audit.log`
  return {
    flavour: 'kind',
    listenHost: '0.0.0.0',
    webhookUrl,
    ...routes(
      said('traffic.guide.kind.route.webhook', { port, path }),
      said('traffic.guide.kind.route.log', { log: KIND_LOG }),
    ),
    commands: [
      ...files,
      step(
        said('traffic.guide.kind.label.address'),
        `APISCOPE_HOST=$(docker network inspect kind --format '{{range .IPAM.Config}}{{println .Gateway}}{{end}}' | grep -m1 '\\.') && echo "$APISCOPE_HOST"`,
        said('traffic.guide.kind.why.address'),
      ),
      step(
        said('traffic.guide.label.webhook'),
        `cat > ${KIND_HOST_DIR}/${WEBHOOK_FILE} <<EOF\n${webhookKubeconfig(webhookUrl)}EOF`,
        said('traffic.guide.kind.why.webhook', { port }),
      ),
      step(
        said('traffic.guide.kind.label.config'),
        heredoc('apiscope-kind.yaml', kindConfig(webhookFlags(KIND_DIR), false)),
        said('traffic.guide.kind.why.config', { dir: KIND_HOST_DIR }),
      ),
      create,
      checkStep(`docker exec ${node} ${emptyBatch(webhookUrl)}`),
    ],
    logCommands: [
      ...files,
      step(
        said('traffic.guide.kind.label.config'),
        heredoc(
          'apiscope-kind.yaml',
          kindConfig(
            [
              ['audit-policy-file', `${KIND_DIR}/${POLICY_FILE}`],
              ['audit-log-path', KIND_LOG],
            ],
            true,
          ),
        ),
        said('traffic.guide.kind.why.configLog', { dir: KIND_LOG_DIR }),
      ),
      create,
      step(
        said('traffic.guide.kind.label.copy'),
        `docker exec ${node} tail -F -n 0 ${KIND_LOG} >> ${logFile}`,
        said('traffic.guide.kind.why.copy', { file: logFile }),
      ),
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
    step(
      said('traffic.guide.kubeadm.label.folder'),
      `sudo mkdir -p ${KUBEADM_DIR}`,
      said('traffic.guide.kubeadm.why.folder'),
    ),
    policyStep(sudoHeredoc(`${KUBEADM_DIR}/${POLICY_FILE}`, RECOMMENDED_POLICY)),
  ]
  const edit = (flags: [string, string][], volumes: HostVolume[]): SetupCommand =>
    step(
      said('traffic.guide.kubeadm.label.edit', { manifest: MANIFEST }),
      staticPodAdditions(flags, volumes),
      said('traffic.guide.kubeadm.why.edit'),
    )
  const config = (flags: [string, string][], volumes: HostVolume[]): SetupCommand =>
    step(
      said('traffic.guide.kubeadm.label.config'),
      clusterConfiguration(flags, volumes),
      said('traffic.guide.kubeadm.why.config'),
    )
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
    ...routes(
      said('traffic.guide.kubeadm.route.webhook', { url: webhookUrl }),
      said('traffic.guide.kubeadm.route.log', { log: KUBEADM_LOG }),
    ),
    commands: [
      ...files,
      step(
        said('traffic.guide.label.webhook'),
        sudoHeredoc(`${KUBEADM_DIR}/${WEBHOOK_FILE}`, webhookKubeconfig(webhookUrl)),
        webhookHost === null
          ? said('traffic.guide.kubeadm.why.webhookUnknown', { port })
          : loopback
            ? said('traffic.guide.kubeadm.why.webhookLoopback', { host, port })
            : said('traffic.guide.kubeadm.why.webhookNode', { host, port }),
      ),
      edit(webhook, [policyVolume]),
      config(webhook, [policyVolume]),
      step(
        said('traffic.guide.label.check'),
        emptyBatch(webhookUrl),
        said('traffic.guide.kubeadm.why.check'),
      ),
    ],
    logCommands: [
      ...files,
      edit(logFlags, [policyVolume, logVolume]),
      config(logFlags, [policyVolume, logVolume]),
      step(
        said('traffic.guide.kubeadm.label.copy'),
        `sudo tail -F -n 0 ${KUBEADM_LOG} >> ${logFile}`,
        said('traffic.guide.kubeadm.why.copy', { file: logFile, log: KUBEADM_LOG }),
      ),
    ],
  }
}
