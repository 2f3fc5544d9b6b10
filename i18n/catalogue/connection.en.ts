// English texts of the connection area (see en.ts).
export const connectionEn = {
  // The core's connection failures (src-main/core/failure-messages.ts)
  'fail.execNotFound.title': 'The credential plugin "{{command}}" is not installed or not on PATH',
  'fail.execNotFound.detail':
    'Context "{{context}}" gets its credentials by running "{{command}}", which was not found (PATH={{path}}).',
  'fail.execNotFound.next':
    'Install {{command}}, or make sure it is on the PATH of your login shell; then retry.',
  'fail.execFailed.title': 'The credential plugin "{{command}}" failed',
  'fail.execFailed.silent': '(it printed nothing on stderr)',
  'fail.execFailed.next':
    'Run the plugin yourself to see why (kubectl --context {{context}} get --raw /version does the same); often you need to log in again.',
  'fail.kubeconfigMalformed.title': 'The credentials in the kubeconfig cannot be read',
  'fail.kubeconfigMalformed.next':
    'Check the user entry of this context (kubectl config view --minify).',
  'fail.timeout.title': '{{host}} did not answer in time',
  'fail.timeout.next':
    'Check that the address is reachable from this machine (a VPN, a firewall, a stopped VM). For minikube: minikube status.',
  'fail.dns.title': 'The name {{host}} does not resolve',
  'fail.dns.next': 'Check the server address in the kubeconfig and your DNS or VPN.',
  'fail.refused.title': 'Nothing answers at {{host}}',
  'fail.refused.next':
    'Is the cluster running? For minikube: minikube status, then minikube start.',
  'fail.tlsCa.title': "The server's certificate is not signed by the CA this kubeconfig trusts",
  'fail.tlsCa.next':
    "The cluster's CA changed (minikube delete/start does that) or the kubeconfig points at another server. Refresh the kubeconfig: minikube update-context, or copy the cluster's CA again.",
  'fail.tlsSystemCa.title': "The server's certificate is not signed by a CA this computer trusts",
  'fail.tlsSystemCa.next':
    "This kubeconfig names no CA for the cluster, so its certificate is checked against the system's trusted CAs, as kubectl does. Add the cluster's CA to the kubeconfig (certificate-authority-data, or certificate-authority with its file), or to the system's trust store.",
  'fail.tlsHostname.title': "The server's certificate is not valid for {{host}}",
  'fail.tlsHostname.next':
    'Use the address the certificate was issued for, or set tls-server-name in the cluster entry.',
  'fail.certExpired.title': "The server's certificate has expired",
  'fail.certExpired.next':
    "Renew the cluster's certificates (for minikube: minikube start renews them).",
  'fail.connection.title': 'The connection to {{host}} failed',
  'fail.connection.next': 'Check the server address and that the cluster is running.',
  'fail.clientCertExpired.title': 'Your client certificate has expired',
  'fail.clientCertExpired.detail':
    'It was valid until {{date}}; the server answered 401 Unauthorized.',
  'fail.clientCertExpired.next':
    'Get a fresh certificate: for minikube, minikube start renews it; elsewhere ask for new credentials.',
  'fail.unauthorized.title': 'The server does not accept these credentials (401 Unauthorized)',
  'fail.unauthorized.detail':
    '{{server}}. Authentication failed: the token or certificate is unknown, expired or revoked.',
  'fail.unauthorized.next':
    'Renew the credentials of context "{{context}}" (log in again, or regenerate the token).',
  'fail.forbidden.title': 'Authenticated, but not allowed (403 Forbidden)',
  'fail.forbidden.next':
    'RBAC decides this: ask for a Role or ClusterRole binding that grants the verb on this resource.',
  'fail.http.title': '{{path}} answered {{status}}',
  'fail.http.next': 'See the request log for the exact request and response.',
  'fail.unexpected.title': 'Unexpected error',
  'fail.unexpected.next': 'Please report this, with the request log.',
  'fail.notJson.title': '{{path}} did not answer JSON',
  'fail.notJson.next': 'Is this address a Kubernetes API server?',
  // The core's own refusals (assembly/apiscope-core.ts, core/core-context.ts, the IPC bridge)
  'core.err.notConnected': 'Not connected to a cluster',
  'core.err.notConnectedDetail': 'Pick a context to connect to.',
  'core.err.notConnectedNext': 'Choose a context in the bar at the top.',
  'core.err.replay': 'This is a replay: nothing is sent to a cluster',
  'core.err.replayDetail':
    'A recording is open; requests, watches and applies need a live connection.',
  'core.err.replayNext': 'Close the replay (or pick a context) to work with a cluster again.',
  'core.err.unknownRequest': 'Unknown request',
  'core.err.malformed': 'Malformed {{channel}} request',
  // …a field of it that does not validate ({{message}}: the validator's words, or one below)
  'core.err.issue': '{{path}}: {{message}}',
  'core.err.issueNext': '; {{path}}: {{message}}',
  'core.err.payload': '(payload)',
  'core.err.superseded': 'Superseded by another connection',
  'core.err.untrustedFrame': 'Refused: message from an untrusted frame',
  // ConnectView
  // The browser mode's refusal of a request without its token (src-main/browser-host/)
  'host.refused':
    'Apiscope refused this request: {{reason}}.\nOpen the URL that "apiscope serve" printed.',
  'host.foreignHost': 'foreign Host header "{{host}}"',
  'host.foreignOrigin': 'foreign Origin "{{origin}}"',
  'host.noToken': 'missing or wrong token',
  'connect.title': 'Connect to a cluster',
  'connect.intro':
    'Apiscope reads your kubeconfig like kubectl does, and talks only to the API server it names. Pick a context.',
  'connect.reading': 'Reading kubeconfig…',
  'connect.readAgain': 'Read the kubeconfig again',
  'connect.from': 'From {{files}}',
  'connect.noContext': 'This kubeconfig defines no context.',
  'connect.context': 'Context',
  'connect.server': 'Server',
  'connect.user': 'User',
  'connect.credentials': 'Credentials',
  'connect.namespace': 'Namespace',
  'connect.default': 'default',
  'connect.connectTo': 'Connect to {{name}}',
  'connect.connecting': 'Connecting…',
  'connect.connect': 'Connect',
  'auth.client-certificate': 'client certificate',
  'auth.token': 'bearer token',
  'auth.token-file': 'token file',
  'auth.exec': 'exec plugin',
  'auth.auth-provider': 'auth provider',
  'auth.basic': 'basic auth',
  'auth.none': 'no credentials',
  // Kubeconfig loading (src-main/core/kubeconfig-loader.ts): its errors and warnings
  'kcfg.unreadable.title': 'The kubeconfig file cannot be read',
  'kcfg.unreadable.next':
    'Fix {{file}} (kubectl config view shows what kubectl makes of it), or point KUBECONFIG at another file.',
  'kcfg.unopenable.title': 'The kubeconfig file cannot be opened',
  'kcfg.unopenable.next': "Check the file's permissions (ls -l {{file}}).",
  'kcfg.none.title': 'No kubeconfig found',
  'kcfg.none.fromEnv': 'KUBECONFIG names {{files}}, and none of them exists.',
  'kcfg.none.noFile': 'There is no {{file}}.',
  'kcfg.none.next':
    'Start a local cluster (minikube start writes ~/.kube/config), or set KUBECONFIG to a kubeconfig file.',
  'kcfg.warn.shadowed': '"{{name}}" in {{file}} is ignored: {{first}} defines it first',
  'kcfg.warn.missing': '{{file}} (named in KUBECONFIG) does not exist',
  // …where a kubeconfig is wrong, and what (a YAML parser's or the system's message as it came)
  'kcfg.at': '{{file}}: {{what}}',
  'kcfg.atLine': '{{file}}, line {{line}}: {{what}}',
  'kcfg.what.invalidYaml': 'invalid YAML',
  'kcfg.what.topNotMapping': 'the top level is not a mapping',
  'kcfg.what.notList': '"{{section}}" must be a list',
  'kcfg.what.entryNotMapping': 'an entry of "{{section}}" is not a mapping',
  'kcfg.what.noName': 'an entry of "{{section}}" has no name',
  'kcfg.what.noBody': '{{section}} "{{name}}" has no "{{inner}}" mapping',
  // A context that cannot be used (src-main/core/client-config.ts, assembly/apiscope-core.ts)
  'kcfg.noContexts.title': 'The kubeconfig has no context',
  'kcfg.noContexts.detail': '{{files}} define no context.',
  'kcfg.noContexts.next': 'Create one (kubectl config set-context) or start minikube.',
  'kcfg.noContext.title': 'There is no context "{{context}}"',
  'kcfg.noContext.known': 'The kubeconfig defines: {{contexts}}.',
  'kcfg.noContext.none': 'The kubeconfig defines no context at all.',
  'kcfg.noContext.next':
    'Pick one of the listed contexts (kubectl config get-contexts shows the same list).',
  'kcfg.noCluster.title': 'Context "{{context}}" names a cluster that is not defined',
  'kcfg.noCluster.noServer': 'Cluster "{{cluster}}" in {{file}} has no server address.',
  'kcfg.noCluster.missing': 'No cluster "{{cluster}}" in {{files}}.',
  'kcfg.noCluster.next':
    'Add the cluster (kubectl config set-cluster {{cluster}} --server=https://...) or fix the context.',
  'kcfg.unusable.title': 'Context "{{context}}" cannot be used',
  'kcfg.unusable.execEnv':
    'The exec env of user "{{user}}" in {{file}} must be a list of {name, value} pairs of text.',
  'kcfg.unusable.execEnvNext':
    'Fix users[{{user}}].user.exec.env (kubectl config view --minify shows it).',
  'kcfg.unusable.next':
    'Check the context, its cluster and its user with kubectl config view --minify.',
  // Why the demo opened by itself (src-main/assembly/demo-fallback.ts)
  'demo.fallbackReason': 'No cluster answered ({{failure}}): showing the bundled demo.',
} as const
