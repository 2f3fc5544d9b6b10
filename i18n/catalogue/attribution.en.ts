// English texts of the attribution area (see en.ts).
export const attributionEn = {
  // DryRunDiff: who made each change of a dry run's answer (common/admission-attribution.ts)
  'attr.source.server-metadata': 'Server-set metadata',
  'attr.source.defaulting': 'Defaulting at decode',
  'attr.source.admission-plugin': 'Admission plugin',
  'attr.source.mutating-webhook': 'Mutating webhook',
  'attr.source.mutating-policy': 'Mutating admission policy',
  'attr.source.computed': 'Computed at creation',
  'attr.source.decoding': 'Dropped at decode',
  'attr.source.unattributed': 'Unattributed',
  'attr.lines_one': '{{count}} line',
  'attr.lines_other': '{{count, number}} lines',
  'attr.sent': ' sent, ',
  'attr.cameBack': ' came back as {{kind}}: {{changes}} changes, nothing stored.',
  'attr.theObject': 'the object',
  'attr.filter': 'Filter by source',
  'attr.all': 'All {{count}}',
  'attr.layout': 'Layout',
  'attr.sideBySide': 'Sent and returned',
  'attr.fieldByField': 'Field by field',
  'attr.sentLines': 'Sent · {{count}} lines',
  'attr.returnedLines': 'Returned · {{count}} lines',
  'attr.managedFields': '… {{count}} lines of managedFields (show)',
  'attr.field': 'Field',
  'attr.value': 'Value',
  'attr.madeBy': 'Made by',
  'attr.why': 'Why',
  'attr.change.added': 'added',
  'attr.change.changed': 'changed',
  'attr.change.removed': 'removed',
  'attr.docs': 'docs',
  'attr.noRule': 'No rule explains this change.',
  'attr.policiesFailed': 'ValidatingAdmissionPolicy validations that failed',
  'attr.policy': 'policy',
  'attr.binding': 'binding',
  'attr.seenIn': '· seen in {{where}}',
  'attr.seen.status': 'the refusal’s Status',
  'attr.seen.warning': 'a Warning header',
  'attr.seen.audit-annotation': 'the audit annotation validation_failure',
  // The core's reasons (admission-attribution.ts): a change no rule explains, and the notes
  'attr.byWebhook':
    'No built-in rule explains it, and the audit annotations say webhook {{webhook}} mutated this object.',
  'attr.byWebhooks':
    'No built-in rule explains it; the audit annotations say these webhooks mutated the object: {{webhooks}}.',
  'attr.byPolicy':
    "No built-in rule explains it; MutatingAdmissionPolicy {{policy}} matches this request and is the only one that could have made it (the server writes no audit annotation for a policy's change).",
  'attr.byPolicies':
    "No built-in rule explains it, and more than one could have made it: MutatingAdmissionPolicy {{policies}}. The server does not say which (a policy's change leaves no audit annotation).",
  'attr.byPoliciesAndWebhooks':
    "No built-in rule explains it, and more than one could have made it: MutatingAdmissionPolicy {{policies}}, and mutating webhook {{webhooks}}. The server does not say which (a policy's change leaves no audit annotation).",
  'attr.conditional': 'Its matchConditions (CEL) were not evaluated by Apiscope.',
  // A MutatingAdmissionPolicy named with the binding that applied it, and a list of them
  'attr.policyBinding': '{{policy}} (binding {{binding}})',
  'attr.listMore': '{{list}}, {{item}}',
  'attr.policyNoteNone':
    'Mutating admission policies: none of this server’s MutatingAdmissionPolicy bindings matches this request.',
  'attr.policyNote':
    'Mutating admission policies whose bindings match this request: {{policies}}. They leave no audit annotation: a change no built-in rule explains goes to the ones whose mutations name its field, else to all of them.',
  'attr.webhooksNone':
    'Mutating webhooks: the audit stream is on, and its annotations show no webhook mutated this object.',
  'attr.webhooksAudited':
    'Mutating webhooks that changed this object, from its audit annotations: {{webhooks}}.',
  'attr.webhooksNoConfig':
    'Mutating webhooks: this server has no MutatingWebhookConfiguration, so no webhook changed it.',
  'attr.webhooksUnknown':
    'Mutating webhooks: no audit annotations for this request, so a webhook’s changes cannot be told apart; they would show as unattributed.',
  'attr.webhooksConfigured': 'Configured on this server: {{webhooks}}.',
  // The rules' explanations (common/data/admission-attribution.json, by rule id)
  'attr.rule.meta-uid':
    'A unique id the registry gives every new object just before validation (BeforeCreate); a dry run gets one too, then forgets it.',
  'attr.rule.meta-creation-timestamp':
    'The time of creation, set by the registry just before validation (BeforeCreate).',
  'attr.rule.meta-generation':
    'The generation of the desired state: 1 on creation, +1 on each change of spec (for kinds that track it).',
  'attr.rule.meta-resource-version':
    'The version etcd gives the object when it is written; a dry run is never written, so it usually has none.',
  'attr.rule.meta-managed-fields':
    'The field manager records who set which fields. It runs after decoding and before admission, which is why fields added by admission plugins are not in it.',
  'attr.rule.meta-namespace': 'Filled in from the namespace in the request URL.',
  'attr.rule.meta-generated-name': 'Generated from metadata.generateName plus a random suffix.',
  'attr.rule.meta-self-link': 'The object’s own URL, set by servers before 1.20 (then removed).',
  'attr.rule.template-creation-timestamp':
    'A template is never created itself: its creationTimestamp is Go’s zero time, written as null.',
  'attr.rule.serviceaccount-name':
    'The ServiceAccount plugin sets the namespace’s default ServiceAccount when the Pod names none.',
  'attr.rule.serviceaccount-token-volume':
    'The ServiceAccount plugin adds the volume holding the account’s API token: a Secret named <account>-token-xxxxx up to 1.20, a projected volume kube-api-access-xxxxx from 1.21.',
  'attr.rule.serviceaccount-token-mount':
    'The ServiceAccount plugin mounts the token volume in every container at /var/run/secrets/kubernetes.io/serviceaccount.',
  'attr.rule.default-toleration-seconds':
    'DefaultTolerationSeconds lets the Pod stay 300 s on a Node that is not ready or unreachable before it is evicted.',
  'attr.rule.priority':
    'The Priority plugin (on by default) resolves the PriorityClass, or the global default (priority 0), into priority and preemptionPolicy.',
  'attr.rule.limit-ranger-annotation':
    'LimitRanger notes which defaults of the namespace’s LimitRange it applied.',
  'attr.rule.limit-ranger-resources':
    'LimitRanger filled requests and limits from the namespace’s LimitRange defaults (its kubernetes.io/limit-ranger annotation on the object says so).',
  'attr.rule.default-storage-class':
    'DefaultStorageClass gives a claim that names no class the cluster’s default StorageClass.',
  'attr.rule.storage-object-in-use-protection':
    'StorageObjectInUseProtection adds the kubernetes.io/pvc-protection (or pv-protection) finalizer so a volume in use is not deleted.',
  'attr.rule.default-ingress-class':
    'DefaultIngressClass gives an Ingress that names no class the default IngressClass.',
  'attr.rule.runtime-class-overhead':
    'The RuntimeClass plugin copies the RuntimeClass’s pod overhead into the Pod.',
  'attr.rule.taint-nodes-by-condition':
    'TaintNodesByCondition taints a new Node not-ready until the kubelet reports it ready.',
  'attr.rule.pod-qos-class':
    'Computed from the containers’ requests and limits when the Pod is created: BestEffort when none are set.',
  'attr.rule.pod-phase': 'A new Pod starts in phase Pending: no Node has run it yet.',
  'attr.rule.service-cluster-ip':
    'The Service registry allocates a virtual IP from the service CIDR (a dry run allocates one and gives it back).',
  'attr.rule.service-node-port':
    'A NodePort or LoadBalancer Service gets a port from the node port range.',
  'attr.rule.pvc-phase': 'A new claim starts Pending until it is bound to a volume.',
  'attr.rule.pod-restart-policy': 'Defaulted when decoding: restartPolicy Always.',
  'attr.rule.pod-dns-policy': 'Defaulted when decoding: dnsPolicy ClusterFirst.',
  'attr.rule.pod-termination-grace': 'Defaulted when decoding: 30 s between SIGTERM and SIGKILL.',
  'attr.rule.pod-security-context': 'Defaulted when decoding: an empty Pod securityContext.',
  'attr.rule.pod-scheduler-name': 'Defaulted when decoding: schedulerName default-scheduler.',
  'attr.rule.pod-enable-service-links':
    'Defaulted when decoding: enableServiceLinks true (Service environment variables).',
  'attr.rule.pod-service-account-alias':
    'The deprecated alias of serviceAccountName, copied by the v1 conversion.',
  'attr.rule.container-termination-message':
    'Defaulted when decoding: the termination message is read from /dev/termination-log (policy File).',
  'attr.rule.container-image-pull-policy':
    'Defaulted when decoding: Always for the tag latest or no tag, IfNotPresent otherwise.',
  'attr.rule.container-resources':
    'Defaulted when decoding: requests copied from limits, or an empty resources object.',
  'attr.rule.container-port-protocol': 'Defaulted when decoding: protocol TCP.',
  'attr.rule.probe-defaults': 'Defaulted when decoding: probe timeouts, periods and thresholds.',
  'attr.rule.volume-default-mode': 'Defaulted when decoding: file mode 0644 (420).',
  'attr.rule.workload-replicas': 'Defaulted when decoding: 1 replica.',
  'attr.rule.workload-revision-history':
    'Defaulted when decoding: keep 10 old ReplicaSets or revisions.',
  'attr.rule.deployment-progress-deadline': 'Defaulted when decoding: 600 s.',
  'attr.rule.workload-strategy':
    'Defaulted when decoding: the rollout strategy (RollingUpdate, 25% surge and unavailable for a Deployment).',
  'attr.rule.job-defaults':
    'Defaulted when decoding: Job completions, parallelism and backoff limit.',
  'attr.rule.service-defaults':
    'Defaulted when decoding: type ClusterIP, sessionAffinity None, protocol TCP, targetPort = port.',
  'attr.rule.pvc-volume-mode': 'Defaulted when decoding: volumeMode Filesystem.',
  'attr.rule.empty-status': 'An empty status object, filled in later by controllers.',
  'attr.rule.secret-string-data':
    'stringData is a write-only convenience: decoding merges it, base64-encoded, into data.',
  'attr.rule.unknown-field-dropped':
    'The server kept no such field: fields the schema does not know are dropped when decoding (newer servers can warn or refuse, see fieldValidation).',
} as const
