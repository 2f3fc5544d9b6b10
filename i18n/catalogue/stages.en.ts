// English texts of the stages area (see en.ts).
export const stagesEn = {
  // StagePath: the stages' names and marks
  'stageName.authentication': 'Authentication',
  'stageName.flow-control': 'Priority & Fairness',
  'stageName.authorization': 'Authorization',
  'stageName.decoding': 'Decoding',
  'stageName.mutating-admission': 'Mutating admission',
  'stageName.schema-validation': 'Schema validation',
  'stageName.validating-admission': 'Validating admission',
  'stageName.persistence': 'etcd',
  'stageName.storage-read': 'Watch cache / etcd',
  'stageName.aggregation': 'Aggregation layer',
  'mark.passed': 'passed',
  'mark.refused': 'stopped here',
  'mark.dry-run': 'dry run: not stored',
  'mark.maybe': 'maybe here',
  'mark.unknown': 'not shown by the answer',
  'mark.not-reached': 'not reached',
  'mark.not-applicable': 'not part of this request',
  'stages.title': 'Path through the API server',
  'stages.travelling': 'Travelling…',
  'stages.replay': 'Replay (R)',
  // The path's name in the export picker (data-export-panel)
  'stages.panel': 'Stage path',
  // The sentence under the path (common/stage-steps.ts stopSentence) and the path's own words
  'stages.aria': '{{title}}. {{sentence}} Press R to replay.',
  // Between a stage's name and its mark in the box's tooltip (French puts a space before it)
  'stages.colon': ': ',
  'stages.noRequest': 'No request sent yet.',
  'stages.stoppedAt': 'Stopped at {{stage}}.',
  'stages.dryRun': 'Dry run: stopped just before etcd.',
  'stages.unproven': 'Answered; the answer does not show it went through {{stages}}.',
  'stages.outside_one': 'Went through every stage of this request; {{stages}} is not part of it.',
  'stages.outside_other':
    'Went through every stage of this request; {{stages}} are not part of it.',
  'stages.and': 'and',
  'stages.everyStage': 'Went through every stage.',
  'stages.oneOf': 'Stopped at one of: {{stages}} (the response does not say which).',
  'stages.cannotTell': 'Where it stopped cannot be told from the response.',
  // The core's explanation of where a request stopped (common/request-stages.ts), in parts
  'stages.ex.serverSays': ' The server says: {{message}}',
  'stages.ex.coreGroup': ' (core group)',
  'stages.ex.inGroup': ' in API group {{group}}',
  'stages.ex.inNamespace': ' in namespace {{namespace}}',
  'stages.ex.clusterScope': ' at cluster scope',
  'stages.ex.period': '.',
  'stages.ex.mutatedBy': ' On the way, mutating webhook {{webhooks}} changed it.',
  'stages.ex.policyFailed':
    ' ValidatingAdmissionPolicy {{policy}} failed ("{{message}}") with {{action}}',
  'stages.ex.andAction': ' and {{action}}',
  // A ValidatingAdmissionPolicy named with the binding that applied it, when the server says which
  'stages.ex.policyBinding': '{{policy}} (binding {{binding}})',
  'stages.ex.policyLeftBoth':
    ', not Deny: it let the request through and left a Warning header and an audit annotation.',
  'stages.ex.policyLeftWarning':
    ', not Deny: it let the request through and left a Warning header.',
  'stages.ex.policyLeftAudit':
    ', not Deny: it let the request through and left an audit annotation.',
  'stages.ex.aggregated':
    'Relayed by the aggregation layer: once authenticated and authorized, kube-apiserver passed the request to the server its APIService names, with its front-proxy client certificate and the user in X-Remote-User. That server answered; nothing was read from etcd by kube-apiserver.',
  'stages.ex.nonResource':
    'A non-resource URL (health, metrics, version, discovery): once authorized, the API server answers it itself; no object is read from the watch cache or etcd.',
  'stages.ex.read':
    'Read allowed and served, from the API server’s watch cache or from etcd: the response does not say which.',
  'stages.ex.computed':
    'Answered on the spot: this resource is computed for the request and never stored, so etcd is not part of it.',
  'stages.ex.computedNoFields':
    'Answered on the spot: this resource is computed for the request and never stored, so etcd is not part of it, and it has no fields to validate.',
  'stages.ex.dryRun':
    'Dry run: the request went through every stage, admission and validation included, and stopped just before etcd. Nothing was stored.',
  'stages.ex.notStored':
    'Answered, but the response carries no resourceVersion: nothing shows an object stored in etcd (some resources, like TokenRequest or SelfSubjectAccessReview, are computed, never stored).',
  'stages.ex.created':
    'Created: the object went through admission and validation, and etcd stored it.',
  'stages.ex.accepted':
    'Accepted: the deletion is recorded; the object stays until its finalizers or grace period are done.',
  'stages.ex.deleted': 'Deleted: admission let the deletion through, and etcd recorded it.',
  'stages.ex.updated':
    'Updated: the change went through admission and validation, and etcd stored it.',
  'stages.ex.unauthenticated':
    'Authentication failed: no authenticator accepted the credential, and the server says no more, on purpose. (Where anonymous access is on, as on minikube, a request with no credential at all goes on as system:anonymous instead.)',
  'stages.ex.forbidDecision': 'Authorization refused it (the audit decision is "forbid").',
  'stages.ex.wasAnonymous':
    ' No credential was sent, so authentication let the request in as system:anonymous.',
  'stages.ex.wasAuthenticated': ' Authentication worked: the server knows who is asking.',
  'stages.ex.rbacPath':
    'Authorization refused it: no rule lets {{user}} {{verb}} the path {{path}}.',
  'stages.ex.rbacResource': 'Authorization refused it: no rule lets {{user}} {{verb}} {{resource}}',
  'stages.ex.pluginRefused':
    'The admission plugin {{plugin}} refused it: {{message}}. Authentication and authorization had passed.',
  'stages.ex.forbiddenAfterAllow':
    'Refused with 403 after authorization allowed it: an admission plugin or the resource’s own rules, the message does not say which.',
  'stages.ex.forbiddenUnknown':
    'Refused with 403, by authorization or by admission: the message does not say which, and no audit annotations tell.',
  'stages.ex.because': ': "{{reason}}"',
  'stages.ex.withoutWhy': ', without saying why',
  'stages.ex.webhookRefused': 'The admission webhook {{webhook}} refused it',
  'stages.ex.webhookPhaseUnknown':
    '. Mutating or validating? The response alone does not say; the audit annotations would.',
  'stages.ex.mutatingWebhookRefused': 'The mutating admission webhook {{webhook}} refused it',
  'stages.ex.validatingWebhookRefused': 'The validating admission webhook {{webhook}} refused it',
  'stages.ex.policyDenied':
    'The ValidatingAdmissionPolicy {{policy}} refused it in validating admission',
  'stages.ex.policyDeniedThrough':
    'The ValidatingAdmissionPolicy {{policy}}, through its binding {{binding}} (action Deny), refused it in validating admission',
  'stages.ex.policyRan':
    '. Its CEL rule ran inside the API server, after mutating admission and schema validation; nothing was stored.',
  'stages.ex.policyAudits':
    ' Its binding also audits: the audit event carries the failure as an annotation.',
  'stages.ex.webhookCallFailed':
    'The API server could not call the admission webhook {{webhook}} ({{cause}}); its failurePolicy is Fail, so the request is refused.',
  'stages.ex.noNamespace':
    'The namespace {{namespace}} does not exist: the admission plugin NamespaceLifecycle refuses to create anything in it.',
  'stages.ex.notFoundUntold':
    'The answer keeps only its reason, NotFound, without the server’s message or the object’s name (as kube-apiserver 1.20’s audit events record a 404): no such object, namespace or resource type, which one cannot be told from it.',
  'stages.ex.nothingServed':
    'Nothing is served at this path: no such resource type or API version on this server.',
  'stages.ex.noObjectRead': 'No {{kind}} named {{name}} in the watch cache or etcd.',
  'stages.ex.noNamedRead': 'No object named {{name}} in the watch cache or etcd.',
  'stages.ex.noObjectWrite':
    'No {{kind}} named {{name}} in etcd. The API server reads the stored object before admission, so admission never ran.',
  'stages.ex.noNamedWrite':
    'No object named {{name}} in etcd. The API server reads the stored object before admission, so admission never ran.',
  'stages.ex.alreadyExists':
    'An object with this name is already in etcd: POST creates, it never replaces. Admission and validation had all passed.',
  'stages.ex.alreadyExistsDryRun': ' Even a dry run asks etcd whether the name is taken.',
  'stages.ex.applyConflict':
    'Server-side apply conflict: another field manager owns fields this apply would change. Apply with --force-conflicts to take them over, or leave them out.',
  'stages.ex.optimistic':
    'Optimistic concurrency: the resourceVersion sent is not the one stored, so someone changed the object since it was read. Read it again and retry; no lock, no wait.',
  'stages.ex.conflict': '409 Conflict.',
  'stages.ex.expired':
    'The resourceVersion asked for is older than the API server can still serve (etcd compacted it). List again, then watch from the list’s resourceVersion.',
  'stages.ex.mediaTypePatch':
    'The API server cannot read a body sent with this Content-Type: a PATCH must name its format: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json or application/apply-patch+yaml.',
  'stages.ex.mediaType':
    'The API server cannot read a body sent with this Content-Type: it reads application/json, application/yaml and application/vnd.kubernetes.protobuf.',
  'stages.ex.strict':
    'Field validation refused the body (fieldValidation=Strict): {{cause}}. Nothing after decoding ran; with Warn, the default, the server would have gone on and said so in a Warning header.',
  'stages.ex.undecodable':
    'The body could not be decoded into an object ({{cause}}), so nothing after decoding ran.',
  'stages.ex.otherNamespace': 'The object names another namespace than the URL does.',
  'stages.ex.badRequest': '400 Bad Request.',
  'stages.ex.badOptions': 'The request’s options (query parameters) are invalid.',
  'stages.ex.invalid': '422 Invalid.',
  'stages.ex.invalidField':
    'Validation refused the object, after mutating admission: {{field}}: {{rule}}. Nothing was stored.',
  'stages.ex.invalidFields':
    'Validation refused the object, after mutating admission: {{field}} (and {{more}} more): {{rule}}. Nothing was stored.',
  'stages.ex.retryAfter': ' Retry after {{seconds}} s.',
  'stages.ex.retryLater': ' Retry later.',
  'stages.ex.throttled':
    'API Priority and Fairness turned it away: its priority level had no free seat and no room in its queues.',
  'stages.ex.tooMany':
    '429 from inside the API server, not from Priority and Fairness (whose answer is plain text): for example an eviction a PodDisruptionBudget blocks.',
  'stages.ex.aggregatedUnavailable':
    'The aggregation layer could not relay it: the server behind this APIService is not available (its AVAILABLE condition says why: FailedDiscoveryCheck, MissingEndpoints, ServiceNotFound).',
  'stages.ex.unavailable':
    'The API server, or the service behind an aggregated API, is unavailable.',
  'stages.ex.timedOut': 'The request timed out inside the API server.',
  'stages.ex.serverFailed': 'The API server failed ({{status}}).',
  'stages.ex.http': 'HTTP {{status}}.',
} as const
