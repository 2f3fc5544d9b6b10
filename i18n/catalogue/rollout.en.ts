// English texts of the rollout area (see en.ts).
export const rolloutEn = {
  // RolloutView
  'roll.title': 'Rollout trace',
  'roll.replayTrace': 'The trace the recording made of {{name}} in {{namespace}}, as it moved.',
  'roll.replayNone':
    'No rollout traced in the recording up to this point. Tracing anew needs a live cluster.',
  'roll.namespace': 'Namespace',
  'roll.deployment': 'Deployment',
  'roll.trace': 'Trace',
  'roll.stop': 'Stop',
  'roll.notFound':
    'No Deployment {{name}} in {{namespace}} yet. The trace is live: apply it and the arrows appear as the controllers, the scheduler and the node agent act.',
  'roll.done': '{{done}} of {{total}} writes done',
  'roll.waiting': '; waiting: {{reason}}',
  'roll.complete': '. The rollout is complete.',
  'roll.auditOn':
    'Audit stream on: {{matched}} of {{total}} writes name the user the API server authenticated and when it received the request, from their audit events.',
  'roll.auditOff':
    'Actors from managedFields and Events. With the audit stream on (Live traffic, 7), each write names its authenticated user and exact time.',
  'roll.heartbeats': 'Node heartbeats (kube-node-lease)',
  'roll.empty':
    'Name a Deployment to follow. The walkthrough “The path of a kubectl apply” opens this view on its own Deployment.',
  // NodeHeartbeats
  'roll.simulated': 'simulated node agent',
  'roll.renewalsAria': 'Lease renewals over the last minute',
  'roll.now': 'now',
  'roll.noNode':
    'No Node at all: Pods stay Pending. Start the simulated node agent to give the scheduler a node:',
  // SequenceDiagram
  'roll.audit': 'audit',
  'roll.diagramAria': 'Sequence of writes from the Deployment to its running Pods',
  'roll.waitingFor': 'waiting: {{reason}}',
  'roll.auditEvent': 'audit event {{id}}: {{verb}} {{resource}} → {{code}} ({{actor}})',
  // The core's words (rollout-model.ts): actors, labels, reasons, node explanations, notes
  'roll.actor.writer': 'Writer',
  'roll.actor.deploymentController': 'Deployment controller',
  'roll.actor.replicasetController': 'ReplicaSet controller',
  'roll.actor.nodeAgent': 'Node agent',
  'roll.actor.nodeAgentSimulated': 'Node agent (simulated)',
  'roll.actor.noKubelet': 'no kubelet here',
  'roll.actor.everyWrite': 'every write goes here',
  'roll.label.podOf': 'create Pod {{n}} of {{wanted}}',
  'roll.label.rsStatus': 'status ReplicaSet {{name}}: {{ready}}/{{wanted}} ready',
  'roll.label.deployStatus': 'status Deployment: {{ready}}/{{wanted}} ready',
  'roll.label.deployStatusAvailable': 'status Deployment: {{ready}}/{{wanted}} ready, Available',
  'roll.componentIn': '{{component}} in {{manager}}',
  'roll.agentOn': '{{agent}} on {{node}}',
  'roll.simulatedOn': 'simulated node agent on {{node}}',
  // An arrow's tooltip: the fields, conditions and events that show it
  'roll.ev.podCreated': 'ownerReferences → ReplicaSet, creationTimestamp, managedFields manager',
  'roll.ev.podCreatedEvent':
    'ownerReferences → ReplicaSet, creationTimestamp, managedFields manager, SuccessfulCreate event',
  'roll.ev.bound': 'spec.nodeName, PodScheduled condition, Scheduled event',
  'roll.ev.pending': 'PodScheduled condition, FailedScheduling event',
  'roll.ev.ready': 'status.phase, Ready condition, managedFields of status',
  'roll.ev.notReady': 'status.phase, Ready condition, the Node’s Ready condition',
  'roll.ev.deployment': 'creationTimestamp, managedFields manager of spec',
  'roll.ev.replicaSets': 'ReplicaSets whose ownerReferences name the Deployment',
  'roll.ev.rsCreated': 'ownerReferences → Deployment, creationTimestamp, managedFields manager',
  'roll.ev.rsCreatedEvent':
    'ownerReferences → Deployment, creationTimestamp, managedFields manager, ScalingReplicaSet event',
  'roll.ev.pods': 'Pods whose ownerReferences name the ReplicaSet, ReplicaFailure condition',
  'roll.ev.readyReplicas': 'status.readyReplicas',
  'roll.ev.available': 'status.readyReplicas, Available condition',
  'roll.reason.pendingCondition': 'Pending: {{condition}}',
  'roll.reason.pendingEvent': 'Pending: {{message}}',
  'roll.reason.notLookedAt': 'Pending: the scheduler has not looked at it yet.',
  'roll.reason.noNodeYet': 'Waiting for the scheduler: no node yet, so no node agent to run it.',
  'roll.reason.noNodeObject': 'Bound to {{node}}, which has no Node object.',
  'roll.reason.nodeNotReady':
    'Bound to {{node}}, whose Ready condition is {{status}}: its agent is not reporting.',
  'roll.reason.notReportedYet':
    'Bound to {{node}}; its agent has not reported the Pod Ready yet (phase {{phase}}).',
  'roll.reason.noReplicaSet': 'The Deployment controller has not created a ReplicaSet yet.',
  'roll.reason.podNotCreated': 'The ReplicaSet controller has not created it yet.',
  'roll.reason.rsReady': 'readyReplicas {{ready}} of {{wanted}}: waiting for its Pods to be Ready.',
  'roll.reason.available': '{{condition}} {{ready}}/{{wanted}} ready.',
  'roll.reason.noAvailability':
    '{{ready}}/{{wanted}} ready; the Deployment controller has not reported availability yet.',
  'roll.node.noLease': 'No Lease in kube-node-lease: nothing renews a heartbeat.',
  'roll.node.renewed': 'Lease renewed {{seconds}} s ago by {{holder}}.',
  'roll.node.quiet':
    'Quiet for more than {{grace}} s (node-monitor-grace-period): the node controller is about to set Ready=Unknown.',
  'roll.node.ready': 'Ready: the node controller sees heartbeats within the grace period.',
  'roll.node.notReady':
    '{{condition}} since {{since}}: the node controller saw no heartbeat for {{grace}} s.',
  'roll.node.tainted':
    'Tainted {{taint}}:NoExecute. Pods tolerate it for {{seconds}} s (DefaultTolerationSeconds), so they are evicted after that and their controllers recreate them elsewhere.',
  'roll.node.taintedAt':
    'Tainted {{taint}}:NoExecute at {{at}}. Pods tolerate it for {{seconds}} s (DefaultTolerationSeconds), so they are evicted from {{evictAt}} and their controllers recreate them elsewhere.',
  'roll.node.taintedAtNoEvict':
    'Tainted {{taint}}:NoExecute at {{at}}. Pods tolerate it for {{seconds}} s (DefaultTolerationSeconds), so they are evicted after that and their controllers recreate them elsewhere.',
  'roll.node.taints': 'Taints: {{taints}}.',
  'roll.node.allQuiet':
    'Every node is quiet, so the node controller blames its own connection (“master disruption mode”): it adds no NoExecute taint and evicts nothing until a node comes back.',
  'roll.note.grace':
    'A node is marked NotReady after {{grace}} s without a heartbeat (kube-controller-manager --node-monitor-grace-period).',
  'roll.note.tolerations':
    'Pods get {{seconds}} s tolerations of node.kubernetes.io/not-ready and unreachable (DefaultTolerationSeconds admission).',
} as const
