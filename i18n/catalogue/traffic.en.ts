// English texts of the traffic area (see en.ts).
export const trafficEn = {
  // TrafficView
  'traffic.title': 'Live traffic',
  'traffic.tabs': 'Live traffic views',
  'traffic.tab.requests': 'Requests',
  'traffic.tab.setup': 'Setup',
  'traffic.tab.metrics': 'Metrics',
  'traffic.tab.apf': 'Priority & Fairness',
  'traffic.sourceEvents_one': '{{sources}}: {{count}} event',
  'traffic.sourceEvents_other': '{{sources}}: {{count, number}} events',
  'traffic.proxyOnly': 'kubectl proxy only',
  'traffic.noAuditSource': 'no audit source',

  // LivePanel
  'traffic.filters': 'Filter and pause',
  'traffic.verb': 'Verb',
  'traffic.resource': 'Resource',
  'traffic.user': 'User',
  /** The user the kubectl proxy names when it cannot read who the session is. */
  'traffic.userOfContext': '(user of context {{context}})',
  'traffic.code': 'Code',
  'traffic.all': 'all',
  'traffic.clearFilters': 'Clear filters',
  'traffic.resume': 'Resume',
  'traffic.resumeWaiting': 'Resume ({{n, number}} waiting)',
  'traffic.pause': 'Pause',
  'traffic.clear': 'Clear',
  'traffic.notice': 'No audit source is running. Open',
  'traffic.noticeProxy':
    'No audit source is running: only kubectl’s requests through Apiscope’s proxy show here. Open',
  'traffic.noticeEnd': 'to start the audit webhook or follow an audit log.',
  'traffic.noticeEndProxy': 'to start the audit webhook or follow an audit log for every client.',

  // RequestList
  'traffic.latest': 'Latest requests',
  // A row's button, as a screen reader says it (its visible text, the time, first).
  'traffic.rowAria': '{{time}}: {{verb}} {{what}}, {{code}}, from {{client}}',
  'traffic.col.time': 'Time',
  'traffic.col.client': 'Client',
  'traffic.col.stoppedAt': 'Stopped at',
  'traffic.noRequestFilter': 'No request yet matches the filter.',
  'traffic.noRequestSource': 'No request yet: start a source in Setup.',
  // The line over the list; "held" while a person points at it or has the keyboard's focus in it.
  'traffic.newestFirst': 'newest first',
  'traffic.heldStill': 'held still while you are on it',
  'traffic.listPaused': 'paused',
  // The button over a held list: the requests that arrived since (the filter's), shown on a press.
  'traffic.newRequests_one': '{{count}} new request',
  'traffic.newRequests_other': '{{count, number}} new requests',
  // Said once a hold, when the first of them arrives (a polite live region).
  'traffic.newWaiting': 'New requests are waiting: the button at the top of the list shows them.',

  // RequestDetail
  'traffic.detail': 'Request detail',
  'traffic.request': 'Request',
  'traffic.closeDetail': 'Close the detail',
  'traffic.close': 'Close',
  'traffic.loading': 'Loading…',
  'traffic.whereStopped': 'Where it stopped',
  'traffic.groups': 'Groups',
  'traffic.watch': 'Watch',
  'traffic.streamingList': 'streaming list',
  'traffic.plainWatch': 'watch',
  'traffic.latency': 'Latency',
  'traffic.unknown': 'unknown',
  'traffic.servedFromWatch': 'served from the watch cache (a watch)',
  'traffic.servedFromEtcd': 'served from etcd (consistent read)',
  'traffic.servedFromCache': 'served from the watch cache',
  'traffic.timePerStage': 'Time per stage',
  'traffic.total': 'Total',
  'traffic.serverTimes': "The server's own times (audit annotations",
  'traffic.serverTimesEnd': '), written only for a request slower than 500 ms.',
  'traffic.authorization': 'Authorization',
  'traffic.admissionPolicies': 'Admission policies',
  'traffic.mutatingWebhooks': 'Mutating webhooks',
  'traffic.mutated': '(mutated)',
  'traffic.auditId': 'Audit ID',
  'traffic.asYou': 'The same method and URI, sent as you (your context):',
  'traffic.noRaw': '# no kubectl command sends this: kubectl has no --raw form for {{method}}',
  'traffic.auditEvents': 'Audit events ({{n}})',
  'traffic.redacted_one': '{{count}} value redacted',
  'traffic.redacted_other': '{{count, number}} values redacted',

  // Watch queries (src-main/features/traffic/common/watch-query.ts)
  'traffic.watchQuery.refused':
    "Asked as a streaming list, refused with {{code}}: servers before 1.27, or with WatchList off, do not serve one. A client such as kubectl then falls back to a list and a watch from the list's resourceVersion.",
  'traffic.watchQuery.streaming':
    'A streaming list: the server first sends the current state as ADDED events as of resourceVersion {{rv}} or newer, then a BOOKMARK annotated k8s.io/initial-events-end, then every change, on one connection instead of a list and a watch.',
  'traffic.watchQuery.streamingConsistent':
    'A streaming list: the server first sends the current state as ADDED events (no resourceVersion: a consistent read), then a BOOKMARK annotated k8s.io/initial-events-end, then every change, on one connection instead of a list and a watch.',
  'traffic.watchQuery.from': 'A watch from resourceVersion {{rv}}: only the changes after it.',
  'traffic.watchQuery.fromZero':
    'A watch from resourceVersion 0: only the changes after it (0: any state the watch cache has, sent first as ADDED events).',
  'traffic.watchQuery.noRv':
    'A watch with no resourceVersion: the current state as ADDED events, then the changes.',

  // ApfPanel
  'traffic.apf.title': 'API Priority and Fairness',
  'traffic.refresh': 'Refresh',
  'traffic.apf.replay': 'Flow schemas and priority levels are read from a live API server.',
  'traffic.apf.replayKept': 'Below, what the recording kept.',
  'traffic.apf.replayNone': 'The recording has no read of them up to this point.',
  'traffic.apf.loading': 'Reading flow schemas and priority levels…',
  'traffic.apf.levels': 'Priority levels',
  'traffic.apf.level': 'Priority level',
  'traffic.apf.type': 'Type',
  'traffic.apf.shares': 'Shares',
  'traffic.apf.queues': 'Queues',
  'traffic.apf.hand': 'Hand',
  'traffic.apf.queueLimit': 'Queue limit',
  'traffic.apf.seatsLimit': 'Seats limit',
  'traffic.apf.executing': 'Executing',
  'traffic.apf.waiting': 'Waiting',
  'traffic.apf.rejected': 'Rejected',
  'traffic.apf.schemas': 'Flow schemas, in matching order',
  'traffic.apf.precedence': 'Precedence',
  'traffic.apf.schema': 'Flow schema',
  'traffic.apf.flowsBy': 'Flows by',
  'traffic.apf.subjects': 'Subjects',
  'traffic.apf.rules': 'Rules',
  'traffic.apf.metricsNote': 'Seats and queues from /metrics (apiserver_flowcontrol_*).',
  'traffic.apf.noGauges': 'No seats or queues: {{why}}.',
  'traffic.apf.notServed': 'This API server does not serve API Priority and Fairness',
  'traffic.apf.notServedDetail':
    'Discovery lists no {{group}} group (it is served from 1.18 on when enabled).',
  'traffic.apf.notServedNext':
    'Nothing to show here; requests are limited by --max-requests-inflight instead.',

  // MetricsPanel
  'traffic.metrics.title': 'Requests counted by the API server',
  'traffic.metrics.readNow': 'Read /metrics now',
  'traffic.metrics.every': 'every 5 s',
  'traffic.metrics.startOver': 'Start over',
  'traffic.metrics.replay': '/metrics is read from a live API server.',
  'traffic.metrics.replayKept': 'Below, the last read the recording kept.',
  'traffic.metrics.replayNone': 'The recording has no read of it up to this point.',
  'traffic.metrics.loading': 'Reading /metrics…',
  'traffic.metrics.firstRead': 'First read: the next one shows what changed.',
  'traffic.metrics.growth': 'Growth of apiserver_request_total over the last {{seconds}} s',
  'traffic.metrics.series': '· {{n, number}} series read.',
  'traffic.metrics.surgeItem': '{{delta}} × {{code}} on {{verb}} {{resource}}',
  'traffic.metrics.noResource': '(no resource)',
  'traffic.metrics.surge':
    'Surge: {{list}}. 409 means clients write over each other (or create what exists); 429 means Priority and Fairness is turning requests away.',
  'traffic.metrics.sinceLast': 'Since last read',
  'traffic.metrics.nothing': 'Nothing moved since the last read.',

  // SetupPanel
  'traffic.node.minikube': 'The minikube node',
  'traffic.node.kind': 'The kind node',
  'traffic.node.kubeadm': 'A control-plane node on another machine',
  'traffic.ago': '{{n, number}} s ago',
  'traffic.never': 'never',
  'traffic.sources': 'Sources',
  'traffic.webhook': 'Audit webhook',
  'traffic.listenOn': 'Listen on',
  'traffic.thisMachine': 'this machine (127.0.0.1)',
  'traffic.nodesToo': "the cluster's nodes too (0.0.0.0)",
  'traffic.port': 'Port',
  'traffic.urlPath': 'URL path',
  'traffic.webhookBusy': 'A webhook is running: stop it below to listen elsewhere.',
  'traffic.webhookRunning': 'Webhook running',
  'traffic.starting': 'Starting…',
  'traffic.startWebhook': 'Start webhook',
  'traffic.auditLog': 'Audit log',
  'traffic.logFile': 'Log file',
  'traffic.minikubeProfile': 'minikube profile',
  'traffic.localFile': '(a local file)',
  'traffic.fromStart': 'from the start',
  'traffic.followLog': 'Follow log',
  'traffic.col.source': 'Source',
  'traffic.col.state': 'State',
  'traffic.col.events': 'Events',
  'traffic.col.rejected': 'Rejected',
  'traffic.col.lastEvent': 'Last event',
  'traffic.state.starting': 'starting',
  'traffic.state.running': 'running',
  'traffic.state.failed': 'failed',
  'traffic.state.stopped': 'stopped',
  'traffic.stop': 'Stop',
  'traffic.auditOn': 'Is audit on?',
  'traffic.checkAgain': 'Check again',
  'traffic.checking': 'Checking…',
  'traffic.flagsRead': 'flags read',
  'traffic.noPod': 'no Pod',
  'traffic.clusterKind': 'Kind of cluster',
  'traffic.connected': '(connected)',
  'traffic.turnOnIn': 'Turn it on in {{name}}',
  'traffic.turnOnInThis': 'Turn it on in this {{name}}',
  'traffic.routes': 'How events reach Apiscope',
  'traffic.routeWebhook': 'Webhook (recommended): {{route}}',
  'traffic.routeLog': 'Log: {{route}}',
  'traffic.cannotReach':
    "{{node}} cannot reach 127.0.0.1 on this machine: choose “the cluster's nodes too (0.0.0.0)” under Listen on, then start the webhook.",

  // audit-arrivals.ts
  'traffic.arrivals.yes': 'yes',
  'traffic.arrivals.waiting': 'waiting',
  'traffic.arrivals.noSource': 'no source',
  'traffic.arrivals.arrived': 'Audit events arrived in the last minute.',
  'traffic.arrivals.arrivedOn':
    'Audit events arrived in the last minute ({{n, number}} so far, on {{sources}}).',
  'traffic.arrivals.and': 'and',
  'traffic.arrivals.listening':
    'Listening ({{where}}), but no audit event arrived in the last minute: kube-apiserver is not sending here yet. Turn it on below.',
  'traffic.arrivals.none':
    'No source is running: start the audit webhook or follow a log above, then check again.',

  // ArchitectureView and its layout
  'traffic.arch.label': 'Requests through the API server, live',
  'traffic.arch.quiet': 'quiet',
  'traffic.arch.reads': 'reads: get, list, watch',
  'traffic.arch.every': 'every request',
  'traffic.arch.writes': 'writes: create, update, patch, delete',
  'traffic.arch.stopped_one': '{{count}} stopped',
  'traffic.arch.stopped_other': '{{count, number}} stopped',
  'traffic.arch.watchCache': 'Watch cache',
  'traffic.arch.readsServed_one': '{{count}} read served',
  'traffic.arch.readsServed_other': '{{count, number}} reads served',
  'traffic.arch.servesMost': 'serves most reads',
  'traffic.arch.stored_one': '{{count}} stored',
  'traffic.arch.stored_other': '{{count, number}} stored',
  'traffic.arch.busy': 'Busy: {{rate}} requests/s.',
  'traffic.arch.busyText':
    'Drawing at most {{max}} a second; the numbers count every request of the last 10 s.',
  'traffic.arch.caption':
    'Each dot is one request, from its client to where the API server stopped it. Numbers: the last 10 s.',
  'traffic.arch.withoutDot_one': '· {{count}} counted without a dot',
  'traffic.arch.withoutDot_other': '· {{count, number}} counted without a dot',
  'traffic.arch.dot': '{{verb}} {{what}} by {{user}}: {{code}}, stopped at {{place}}',
  'traffic.arch.webhooks': 'webhooks',
  'traffic.arch.authentication1': 'Authenti-',
  'traffic.arch.authentication2': 'cation',
  'traffic.arch.flowControl1': 'Priority &',
  'traffic.arch.flowControl2': 'Fairness',
  'traffic.arch.authorization1': 'Authori-',
  'traffic.arch.authorization2': 'zation',
  'traffic.arch.decoding1': 'Decoding,',
  'traffic.arch.decoding2': 'defaults',
  'traffic.arch.mutating1': 'Mutating',
  'traffic.arch.mutating2': 'admission',
  'traffic.arch.schema1': 'Schema',
  'traffic.arch.schema2': 'validation',
  'traffic.arch.validating1': 'Validating',
  'traffic.arch.validating2': 'admission',
  'traffic.place.server': 'answered by the API server itself',
  'traffic.place.watchCache': 'watch cache',
  'traffic.place.notStored': 'answered, not stored',
  'traffic.place.storage': 'storage',
  'traffic.place.dryRun': 'just before etcd (dry run)',
  'traffic.place.unknown': 'unknown stage',
  'traffic.client.kubelets': 'kubelets',
  'traffic.client.others': 'others',
  'traffic.client.otherClients': 'other clients',

  // The core's refusals (src-main/features/traffic/traffic-service.ts)
  'traffic.err.webhook': 'Cannot open the audit webhook on {{host}}:{{port}}',
  'traffic.err.webhookNext':
    'Choose another port, or stop what listens there, and give the API server the same URL.',
  'traffic.err.minikube': 'Cannot follow the audit log through minikube ssh',
  'traffic.err.minikubeNext': 'Is minikube installed and the profile running (minikube status)?',
  'traffic.err.log': 'Cannot follow this audit log',
  'traffic.err.logNext':
    'Give the path of kube-apiserver’s --audit-log-path (JSON format), readable by Apiscope.',
  'traffic.err.gone': 'This request is no longer kept',
  'traffic.err.goneDetail': 'Audit ID {{auditId}}: Apiscope keeps the last 5,000 requests.',
  'traffic.err.goneNext': 'Pick a more recent request.',

  // What the kube-apiserver Pod's flags say (src-main/features/traffic/audit-setup.ts)
  'traffic.flags.unread': 'Could not read kube-system Pods: {{why}}.',
  'traffic.flags.noPod':
    'No kube-apiserver Pod in kube-system: this API server does not run as a Pod, so its flags cannot be read from here. Events arriving are the proof.',
  'traffic.flags.none': '{{pod}} runs without any --audit-* flag: audit is off.',
  'traffic.flags.some': '{{pod}} runs with {{flags}}.',
  'traffic.flags.notConnected': 'Not connected to a cluster.',
  'traffic.flow.named':
    " FlowSchema {{flowSchema}}, priority level {{priorityLevel}}, as the answer to Apiscope's own request said (X-Kubernetes-PF-* headers).",
  'traffic.flow.noLevel':
    " FlowSchema {{flowSchema}}, priority level (not named), as the answer to Apiscope's own request said (X-Kubernetes-PF-* headers).",
  'traffic.flow.noSchema':
    " FlowSchema (not named), priority level {{priorityLevel}}, as the answer to Apiscope's own request said (X-Kubernetes-PF-* headers).",
  'traffic.flow.neither':
    " FlowSchema (not named), priority level (not named), as the answer to Apiscope's own request said (X-Kubernetes-PF-* headers).",
  'traffic.guide.label.policy': 'Audit policy',
  'traffic.guide.label.webhook': 'Webhook configuration',
  'traffic.guide.label.check': 'Check that the node can reach Apiscope',
  'traffic.guide.why.policy':
    'Metadata for every request, the full Status of writes (so a 422 shows its causes); never Secret values, never tokens.',
  'traffic.guide.why.check':
    'Prints 200 when the webhook is started here and a firewall lets the node in.',
  'traffic.guide.minikube.label.folder': 'Folder minikube copies into the node',
  'traffic.guide.minikube.why.folder':
    'Everything under ~/.minikube/files/ is copied to the same path in the node at start.',
  'traffic.guide.minikube.route.webhook': 'the node posts to {{url}}',
  'traffic.guide.minikube.route.log':
    'the API server writes to its output, Apiscope follows it through minikube ssh',
  'traffic.guide.minikube.why.webhook':
    'kube-apiserver posts batches of audit events to {{url}}: Apiscope, listening on port {{port}} of every interface of this machine.',
  'traffic.guide.minikube.label.restart': 'Restart minikube with audit on',
  'traffic.guide.minikube.why.restart':
    'Passes the flags to kube-apiserver; an existing cluster keeps its objects.',
  'traffic.guide.minikube.label.restartLog': 'Restart minikube with audit to stdout',
  'traffic.guide.minikube.why.restartLog':
    'The audit log goes to the kube-apiserver container’s output; the node keeps it under /var/log/containers.',
  'traffic.guide.minikube.label.follow': 'What Apiscope runs to follow it',
  'traffic.guide.minikube.why.follow':
    'Start it with "minikube profile" under Audit log above; lines that are not audit events are skipped.',
  'traffic.guide.kind.label.create': 'Create the cluster with audit on',
  'traffic.guide.kind.why.create':
    'kind reads this file only when it creates a cluster: an existing {{cluster}} must go first (kind delete cluster --name {{cluster}}), and its objects with it. Run it in the folder that holds apiscope-audit/.',
  'traffic.guide.kind.label.folder': 'Folder kind mounts into the node',
  'traffic.guide.kind.why.folder':
    'extraMounts below mounts it at {{dir}} in the node; a relative path is read from the folder you run kind in.',
  'traffic.guide.kind.route.webhook':
    'the node posts to this machine on the "kind" Docker network, http://<its gateway>:{{port}}{{path}}',
  'traffic.guide.kind.route.log':
    'the API server writes {{log}} in the node, docker exec copies it to a file here that Apiscope follows',
  'traffic.guide.kind.label.address': 'This machine’s address on the kind network',
  'traffic.guide.kind.why.address':
    'The IPv4 gateway of the Docker network kind puts its nodes on (often 172.18.0.1): kube-apiserver in the node reaches this machine there. The next commands use the variable: run them in the same shell. On Docker Desktop (macOS, Windows) set APISCOPE_HOST=host.docker.internal instead.',
  'traffic.guide.kind.why.webhook':
    'kube-apiserver posts batches of audit events to Apiscope, listening on port {{port}} of every interface of this machine (the shell fills in APISCOPE_HOST).',
  'traffic.guide.kind.label.config': 'kind cluster config',
  'traffic.guide.kind.why.config':
    'extraMounts puts {{dir}} in the node; the kubeadm patch mounts it into the kube-apiserver Pod (apiServer.extraVolumes) and passes the audit flags (apiServer.extraArgs).',
  'traffic.guide.kind.why.configLog':
    'The kubeadm patch passes the flags and mounts the policy folder and {{dir}} of the node into the kube-apiserver Pod.',
  'traffic.guide.kind.label.copy': 'Copy the log to this machine, and leave it running',
  'traffic.guide.kind.why.copy':
    'Then follow {{file}} under Audit log above. The file in the node belongs to root; docker exec reads it for you.',
  'traffic.guide.kubeadm.label.folder': 'On the control-plane node: a folder for the files',
  'traffic.guide.kubeadm.why.folder':
    'Every command below runs on the control-plane node (ssh to it), as root where it says sudo.',
  'traffic.guide.kubeadm.label.edit': 'Add to the static Pod manifest {{manifest}}',
  'traffic.guide.kubeadm.why.edit':
    'The kubelet watches /etc/kubernetes/manifests and restarts kube-apiserver when the file changes (the API is down for a minute or so). Edit with sudo; keep any backup outside that folder, or the kubelet runs it as a second Pod.',
  'traffic.guide.kubeadm.label.config':
    'Or, for kubeadm init --config and upgrades: ClusterConfiguration',
  'traffic.guide.kubeadm.why.config':
    'A new cluster: kubeadm init --config with this in the file. An existing one: the same under ClusterConfiguration in the kubeadm-config ConfigMap (kubectl -n kube-system edit configmap kubeadm-config), or the next kubeadm upgrade writes the manifest without the flags. kubeadm before 1.31 (v1beta3) writes extraArgs as a map: audit-policy-file: /etc/kubernetes/apiscope/…',
  'traffic.guide.kubeadm.route.webhook': 'the control-plane node posts to {{url}}',
  'traffic.guide.kubeadm.route.log':
    'the API server writes {{log}} on the node, tail copies it to a file Apiscope follows',
  'traffic.guide.kubeadm.why.webhookUnknown':
    "Replace THIS-MACHINE with this machine's address as the node reaches it; Apiscope listens on port {{port}} of every interface.",
  'traffic.guide.kubeadm.why.webhookLoopback':
    "{{host}} is the address Apiscope's connection to the API server leaves from (the API server runs on this machine); Apiscope listens on port {{port}}.",
  'traffic.guide.kubeadm.why.webhookNode':
    "{{host}} is the address Apiscope's connection to the API server leaves from, as the node sees it unless a NAT lies between; Apiscope listens on port {{port}}.",
  'traffic.guide.kubeadm.why.check':
    'On the node: prints 200 when the webhook is started here and a firewall lets the node in.',
  'traffic.guide.kubeadm.label.copy':
    'Copy the log to a file Apiscope can read, and leave it running',
  'traffic.guide.kubeadm.why.copy':
    'The log belongs to root. Then follow {{file}} under Audit log above (from another machine: ssh NODE sudo tail -F -n 0 {{log}} >> {{file}}).',
  'traffic.source.notEvent': 'not an audit event: {{field}}: {{problem}}',
  'traffic.source.notEventWhole': 'not an audit event: (event): {{problem}}',
  'traffic.source.notEventUnreadable': 'not an audit event: unreadable',
  'traffic.source.lineNotJson': 'a line is not complete JSON ({{problem}})',
  'traffic.source.fileMissing': '{{file}} does not exist (is --audit-log-path set to it?)',
  'traffic.source.fileForbidden': 'no permission to read {{file}}',
  'traffic.source.fileIsFolder': '{{file}} is a folder, not a log file',
  'traffic.source.commandMissing':
    '{{command}} is not on the PATH; install it or use another source',
  'traffic.source.endedSignal': '{{command}} ended ({{signal}})',
  'traffic.source.endedExit': '{{command}} ended (exit {{code}})',
  'traffic.source.endedSignalSaying': '{{command}} ended ({{signal}}): {{last}}',
  'traffic.source.endedExitSaying': '{{command}} ended (exit {{code}}): {{last}}',
  'traffic.source.portInUse': 'port {{port}} on {{host}} is already in use',
  'traffic.source.portForbidden': 'not allowed to listen on port {{port}}',
  'traffic.source.batchTooBig':
    'a batch of {{size, number}} bytes is over the {{limit, number}} byte limit',
  'traffic.source.batchMalformed': 'malformed audit batch: ',
  'traffic.source.batchPartly': '{{n}} unreadable event(s) in a batch: ',
  'traffic.source.bodyNotJson': 'the body is not JSON ({{problem}})',
  'traffic.source.bodyNotObject':
    'the body is not a JSON object (expected an audit.k8s.io EventList)',
  'traffic.source.bodyNotList': 'expected an audit.k8s.io EventList with items, got kind {{kind}}',
  'traffic.source.item': 'item {{index}}: ',
  // /metrics that cannot be read (src-main/features/traffic/metrics.ts)
  'traffic.metrics.notProm': '/metrics is not in the Prometheus text format',
  'traffic.metrics.notPromNext': 'Is this address a Kubernetes API server?',
  'traffic.metrics.noFamily': 'no metric family found',
  // A request a replay asks for that the recording lacks (src-main/features/traffic/handlers.ts)
  'traffic.err.notRecorded': 'The recording holds no such request',
  'traffic.err.notRecordedDetail': 'No request with Audit-Id {{auditId}} has been replayed yet.',
  'traffic.err.notRecordedNext': 'Pick a request from the list.',
  // A log path that does not validate (messages.ts: the schema's message is this key)
  'traffic.schema.absolutePath': 'an absolute path',
  // A request whose audit event has no answer yet (src-main/features/traffic/audit-event.ts)
  'traffic.noAnswerYet': 'Received by the API server; no answer yet.',
} as const
