// English texts of the lab area (see en.ts).
export const labEn = {
  // RequestLabView
  'lab.title': 'Request lab',
  'lab.presets': 'The seed’s experiments',
  'lab.expect': 'Expect: {{what}}',
  'lab.connectFirst': 'Connect to a cluster first: the lab sends real requests to its API server.',
  'lab.pathTitle': 'Where the request went',
  'lab.pendingAs': 'as {{identity}}: the answer shows where the request stops.',
  'lab.sentBefore': 'Sent before',
  'lab.stopped': 'stopped: {{where}}',
  'lab.stopDryRun': 'dry run, just before etcd',
  'lab.stopDone': 'done',
  'lab.stopUnknown': 'unknown',
  // The seed's experiments (lab-draft.ts PRESETS): the button, and what to expect in its tooltip
  'lab.preset.anonymous-list': 'Anonymous list',
  'lab.presetExpect.anonymous-list': '403 at authorization, naming system:anonymous',
  'lab.preset.made-up-token': 'Made-up token',
  'lab.presetExpect.made-up-token': '401 at authentication',
  'lab.preset.create-reglages': 'Create reglages',
  'lab.presetExpect.create-reglages': '201, then 409 AlreadyExists the second time',
  'lab.preset.invalid-name': 'Reglages_1',
  'lab.presetExpect.invalid-name': '422 at schema validation, with its cause',
  'lab.preset.wrong-content-type': 'Patch, wrong type',
  'lab.presetExpect.wrong-content-type': '415 at decoding',
  'lab.preset.unknown-field': 'Typo: lables',
  'lab.presetExpect.unknown-field':
    '201 with a Warning header: unknown field "metadata.lables", dropped',
  'lab.preset.unknown-field-strict': 'Typo, Strict',
  'lab.presetExpect.unknown-field-strict':
    '400 BadRequest: strict decoding error: unknown field "metadata.lables"',
  'lab.preset.readyz': '/readyz?verbose',
  'lab.presetExpect.readyz': '200: every readiness check, typed as a path',
  'lab.preset.metrics': '/metrics',
  'lab.presetExpect.metrics': 'the API server’s metrics, as text',
  'lab.preset.made-up-resource': 'Made-up resource',
  'lab.presetExpect.made-up-resource': '404: no such resource on this server',
  'lab.preset.bare-pod': 'Bare Pod, dry run',
  'lab.presetExpect.bare-pod': '8 lines in, a full Pod out, nothing stored',
  // LabComposer
  'lab.compose': 'Compose a request',
  'lab.identity': 'Identity',
  'lab.id.kubeconfig': 'Kubeconfig user',
  'lab.id.anonymous': 'Anonymous',
  'lab.id.made-up-token': 'Made-up token',
  'lab.id.service-account': 'ServiceAccount',
  'lab.expires': ', expires {{time}}',
  'lab.minting': 'Minting…',
  'lab.mint': 'Mint token in {{namespace}}',
  'lab.verb': 'Verb',
  'lab.sendTo': 'Send to',
  'lab.fromDiscovery': 'from discovery',
  'lab.typedPath': 'a typed path',
  'lab.pathAndQuery': 'Path and query',
  'lab.pathHint': 'sent as typed: /readyz?verbose, /metrics, /apis, a resource that does not exist',
  'lab.resource': 'Resource',
  'lab.notInDiscovery': '(not in discovery)',
  'lab.readingDiscovery': '(reading discovery…)',
  'lab.subresource': 'Subresource',
  'lab.none': 'none',
  'lab.namespace': 'Namespace',
  'lab.allNamespaces': 'all namespaces',
  'lab.name': 'Name',
  'lab.patchAs': 'Patch as',
  'lab.fieldManager': 'Field manager',
  'lab.userAgent': '(user agent)',
  'lab.fieldValidation': 'Field validation',
  'lab.serverDefault': 'server default',
  'lab.serverDefaultWarn': 'server default (Warn)',
  'lab.rvPrecondition': 'resourceVersion precondition',
  'lab.labelSelector': 'Label selector',
  'lab.watchFor': 'Watch for (s)',
  'lab.oldServer':
    'Kubernetes {{version}} has no server-side field validation (on by default from 1.25): it ignores fieldValidation and drops unknown fields silently, with no warning.',
  'lab.oldServerGated':
    'Kubernetes {{version}} has no server-side field validation (on by default from 1.25, behind a feature gate before): it ignores fieldValidation and drops unknown fields silently, with no warning.',
  'lab.dryRunAll': 'dryRun=All',
  'lab.wrongType': 'Send another Content-Type',
  'lab.typeToSend': 'Content-Type to send',
  'lab.force': 'force (take conflicting fields)',
  'lab.asTable': 'Accept as Table',
  'lab.body': 'Body',
  'lab.bodyFormatHow': 'Read from the text: one opening with { or [ is JSON, anything else YAML',
  'lab.json': 'JSON',
  'lab.yamlAsTyped': 'YAML, sent as typed',
  'lab.yamlAsJson': 'YAML, sent as JSON',
  'lab.preconditionInBody': 'the precondition goes in metadata.resourceVersion',
  'lab.requestBody': 'Request body',
  'lab.sending': 'Sending…',
  'lab.send': 'Send',
  'lab.replaying':
    'Sending is disabled: nothing reaches a cluster during a replay. The requests the recording kept appear below as the replay reaches them.',
  'lab.ctrlEnter': 'Ctrl+Enter',
  'lab.notAnnounced': 'discovery does not list {{verb}} for {{resource}}: expect 405',
  // LabResultPanel
  'lab.tabResponse': 'Response',
  'lab.tabDiff': 'Dry-run diff',
  'lab.tabWatch': 'Watch events',
  'lab.tabHeaders': 'Headers',
  'lab.tabCommands': 'curl & kubectl',
  'lab.result': 'Result',
  // The answer's name in the export picker (data-export-panel)
  'lab.panelAnswer': 'Answer',
  'lab.asIdentity': 'as {{identity}} · {{ms}} ms',
  'lab.fieldValidationNote':
    'Field validation warned and let the request through: an unknown field is dropped, a repeated one keeps its last value. fieldValidation=Strict refuses the request with a 400; Ignore drops them without a word.',
  'lab.flowSchema': 'Flow schema',
  'lab.priorityLevel': 'Priority level',
  'lab.apf': 'Priority and Fairness',
  'lab.noRows': 'No rows.',
  'lab.serverTable':
    'The server laid out this table (Accept as Table), as it does for kubectl get.',
  'lab.truncated': 'The answer has {{chars}} characters: its start is shown.',
  'lab.redacted': 'Redacted: {{fields}}',
  'lab.responseBody': 'Response body',
  'lab.emptyBody': '(empty body)',
  'lab.watchClosed':
    'Watch closed by Apiscope after {{seconds}} s: a lab watch is a sample, not a subscription.',
  'lab.watchClosedAtLimit':
    'Watch closed by Apiscope after {{seconds}} s, at the event limit: a lab watch is a sample, not a subscription.',
  'lab.watchAfter': 'after',
  'lab.watchObject': 'object',
  'lab.noEvent': 'No event in that time.',
  'lab.unreadableLine': 'unreadable line',
  'lab.bodySent': 'Body sent ({{type}})',
  'lab.credentials': 'Credentials stay shell variables: set $TOKEN, $CA, $CERT and $KEY yourself.',
  // AuditNote
  'lab.auditOn': 'Audit stream on',
  'lab.auditCame': '(its event came {{seconds}} after the answer)',
  'lab.webhooksCalled': 'Mutating webhooks called',
  'lab.webhookIn': 'in {{configuration}}, round {{round}}:',
  'lab.webhookMutated': 'mutated the object',
  'lab.webhookNoChange': 'called, changed nothing',
  'lab.auditMissingBefore': 'This request’s audit event (Audit-Id',
  'lab.auditMissingAfter':
    ') had not arrived after {{seconds}}: is the stream fed by this cluster?',
  'lab.auditWould': 'The live audit stream would name each webhook that changed it:',
  'lab.auditTurnOn': 'turn it on in Live traffic (7)',
  'lab.auditTurnOnStop': 'turn it on in Live traffic (7).',
  'lab.seconds': '{{seconds}} s',
  // The core's words for a person (core/request-as/identities.ts): the identities
  'lab.who.kubeconfig': 'Kubeconfig user ({{context}})',
  'lab.who.kubeconfigDetail': 'The credentials of context {{context}}, as kubectl sends them.',
  'lab.who.anonymous': 'Anonymous (no credentials)',
  'lab.who.anonymousDetail':
    'No certificate, no token: with anonymous auth on, the API server calls it system:anonymous.',
  'lab.who.madeUp': 'Made-up bearer token',
  'lab.who.madeUpDetail':
    'Authorization: Bearer with a token nobody issued: authentication refuses it (401).',
  'lab.who.proxyNote':
    'Through a plain-http proxy (kubectl proxy), the proxy adds its own credentials: every identity arrives as the proxy’s user.',
  'lab.who.saMinted': 'ServiceAccount default/{{namespace}}',
  'lab.who.sa': 'ServiceAccount token (TokenRequest)',
  'lab.who.saFresh':
    "A token minted with TokenRequest for system:serviceaccount:{{namespace}}:default, expires at {{expiresAt}}. It stays in Apiscope's main process.",
  'lab.who.saExpired':
    'The token minted for {{namespace}}/default expired at {{expiresAt}}: mint another.',
  'lab.who.saNone':
    'Mint a token for the default ServiceAccount of the namespace chosen (POST serviceaccounts/default/token) first.',
  'lab.err.noTokenRequest': 'This API server does not serve TokenRequest',
  'lab.err.noTokenRequestDetail':
    'Discovery lists no serviceaccounts/token subresource (it exists from Kubernetes 1.20 on).',
  'lab.err.noTokenRequestNext': 'Use another identity, or a newer cluster.',
  'lab.err.mintForbidden': 'Your kubeconfig user may not mint tokens for {{namespace}}/default',
  'lab.err.mintForbiddenNext':
    'Minting needs create on serviceaccounts/token in {{namespace}} (kubectl auth can-i create serviceaccounts/token -n {{namespace}}). Use another identity, or ask for that right.',
  'lab.err.noServiceAccount': 'No ServiceAccount default in namespace {{namespace}}',
  'lab.err.noServiceAccountNext':
    'Does the namespace exist? Its default ServiceAccount is created by kube-controller-manager (kubectl get serviceaccount default -n {{namespace}}).',
  'lab.err.noToken': 'TokenRequest answered without a token',
  'lab.err.noTokenDetail': 'POST {{path}} returned no status.token.',
  'lab.err.noTokenNext': 'Try again; if it persists, check the API server’s service-account flags.',
  'lab.err.tokenExpired': 'The ServiceAccount token has expired',
  'lab.err.noMinted': 'No ServiceAccount token minted yet',
  'lab.err.noMintedDetail':
    'Sending as system:serviceaccount:{{namespace}}:default needs its token first: TokenRequest, POST /api/v1/namespaces/{{namespace}}/serviceaccounts/default/token.',
  'lab.err.mintFirst': 'Press “Mint token in {{namespace}}” next to the identity, then send again.',
  // The core's words for a person (features/lab/send-request.ts): what the lab cannot send
  'lab.err.notServed': 'The server does not serve {{resource}} in {{groupVersion}}',
  'lab.err.notServedDetail': 'Discovery lists no such resource.',
  'lab.err.notServedNext':
    'Pick the resource from the list (it is filled from discovery), or refresh discovery.',
  'lab.err.noSubresource': '{{resource}} has no subresource {{subresource}}',
  'lab.err.subresourcesListed': 'Discovery lists: {{list}}.',
  'lab.err.noSubresourceListed': 'Discovery lists: none.',
  'lab.err.noSubresourceNext': 'Pick one of the listed subresources, or none.',
  'lab.err.needsName': 'A {{verb}} needs an object name',
  'lab.err.needsNameOf': 'A {{verb}} of {{subresource}} needs an object name',
  'lab.err.needsNameDetail': 'The URL names the object.',
  'lab.err.needsNameNext': 'Type the name of the object.',
  'lab.err.needsNamespace': '{{resource}} live in namespaces: pick one',
  'lab.err.needsNamespaceDetail': 'Only list and watch can span every namespace.',
  'lab.err.needsNamespaceNext': 'Choose a namespace.',
  'lab.err.badYaml': 'The body is not valid YAML',
  'lab.err.badYamlNext':
    'Fix the YAML (indentation, a missing colon); a body that opens with { or [ is read as JSON.',
  // The core's words for a person (features/lab/flow-names.ts): why APF names are missing
  'lab.flow.noHeadersWatch':
    'No Priority and Fairness headers: this server did not put this long-running request (a watch) through flow control; newer servers do, for the start of a watch.',
  'lab.flow.noHeaders':
    'No Priority and Fairness headers: the request was refused before flow control, or APF is off.',
  'lab.flow.discoveryFailed': 'Discovery failed: {{reason}}',
  'lab.flow.notServed': 'This server does not serve flowcontrol.apiserver.k8s.io.',
  'lab.flow.listFailed': 'Listing {{what}} failed: {{reason}}',
  // The comments of the lab's kubectl line (lab-equivalents.ts), after its `#`
  'lab.kc.patchNoValidate':
    "kubectl patch has no --validate: it sends no fieldValidation (the server's Warn)",
  'lab.kc.noRaw':
    'no kubectl command sends this: kubectl has no --raw form for {{method}}; the curl line does',
  'lab.kc.contentType': 'kubectl always sends {{right}}: only curl sends {{sent}}',
  'lab.kc.noContentType': 'kubectl always sends {{right}}: only curl sends no Content-Type',
  'lab.kc.rvInBody': 'the resourceVersion precondition {{rv}} is in the body',
  'lab.kc.missing': 'kubectl {{release}} has no $t(lab.kc.what.{{feature}}) (1.{{since}}+)',
  'lab.kc.rawGet':
    'kubectl {{release}} has no $t(lab.kc.what.{{feature}}) (1.{{since}}+): --raw sends the same GET',
  'lab.kc.rawPut':
    'kubectl {{release}} has no $t(lab.kc.what.{{feature}}) (1.{{since}}+): --raw sends the same PUT',
  'lab.kc.tokenSpec': 'the same TokenRequest, its spec from flags (--duration, --audience)',
  'lab.kc.noneMissing':
    'no kubectl command sends this: kubectl {{release}} has no $t(lab.kc.what.{{feature}}) (1.{{since}}+); the curl line does',
  'lab.kc.noneRawPatch':
    'no kubectl command sends this: kubectl {{release}} has no $t(lab.kc.what.{{feature}}) (1.{{since}}+), and kubectl has no --raw form for PATCH; the curl line does',
  'lab.kc.scale':
    'kubectl {{release}} has no $t(lab.kc.what.{{feature}}) (1.{{since}}+); kubectl scale sends this same merge patch to /scale',
  'lab.kc.deleteCollection':
    'kubectl lists, then sends one DELETE per object; only curl sends one DELETE on the collection',
  'lab.kc.what.subresource': '--subresource flag',
  'lab.kc.what.createToken': 'create token command',
  'lab.kc.what.applySubresource': 'apply --subresource',
  // A field of a request that does not validate (src-main/features/lab/messages.ts: a schema's
  // message is this key, said by the core in "Malformed … request")
  'lab.schema.name': 'letters, digits, dots, dashes, underscores and colons only',
  'lab.schema.rawPath': 'a path on the API server, starting with /',
} as const
