// French texts of the rollout area: exactly the keys of rollout.en.ts (see fr.ts).
import type { rolloutEn } from './rollout.en'

export const rolloutFr: { readonly [K in keyof typeof rolloutEn]: string } = {
  // RolloutView
  'roll.title': 'Trace de rollout',
  'roll.replayTrace':
    'La trace que l’enregistrement a faite de {{name}} dans {{namespace}}, au fil de son avancée.',
  'roll.replayNone':
    'Aucun rollout tracé dans l’enregistrement jusqu’ici. Tracer de nouveau demande un cluster en direct.',
  'roll.namespace': 'Namespace',
  'roll.deployment': 'Deployment',
  'roll.trace': 'Tracer',
  'roll.stop': 'Arrêter',
  'roll.notFound':
    'Pas encore de Deployment {{name}} dans {{namespace}}. La trace est en direct : appliquez-le, et les flèches apparaissent à mesure qu’agissent les contrôleurs, le scheduler et l’agent du nœud.',
  'roll.done': '{{done}} écritures faites sur {{total}}',
  'roll.waiting': ' ; en attente : {{reason}}',
  'roll.complete': '. Le rollout est terminé.',
  'roll.auditOn':
    'Flux d’audit actif : {{matched}} écritures sur {{total}} nomment l’utilisateur que l’API server a authentifié et l’heure où il a reçu la requête, d’après leurs événements d’audit.',
  'roll.auditOff':
    'Acteurs tirés de managedFields et des Events. Avec le flux d’audit actif (Trafic en direct, 7), chaque écriture nomme son utilisateur authentifié et son heure exacte.',
  'roll.heartbeats': 'Battements de cœur des nœuds (kube-node-lease)',
  'roll.empty':
    'Nommez un Deployment à suivre. Le parcours « Le chemin d’un kubectl apply » ouvre cette vue sur son propre Deployment.',
  // NodeHeartbeats
  'roll.simulated': 'agent de nœud simulé',
  'roll.renewalsAria': 'Renouvellements du Lease sur la dernière minute',
  'roll.now': 'maintenant',
  'roll.noNode':
    'Aucun Node : les Pods restent Pending. Lancez l’agent de nœud simulé pour donner un nœud au scheduler :',
  // SequenceDiagram
  'roll.audit': 'audit',
  'roll.diagramAria': 'Suite des écritures, du Deployment à ses Pods en marche',
  'roll.waitingFor': 'en attente : {{reason}}',
  'roll.auditEvent': 'événement d’audit {{id}} : {{verb}} {{resource}} → {{code}} ({{actor}})',
  // The core's words (rollout-model.ts): actors, labels, reasons, node explanations, notes
  'roll.actor.writer': 'Auteur',
  'roll.actor.deploymentController': 'Contrôleur des Deployments',
  'roll.actor.replicasetController': 'Contrôleur des ReplicaSets',
  'roll.actor.nodeAgent': 'Agent du nœud',
  'roll.actor.nodeAgentSimulated': 'Agent du nœud (simulé)',
  'roll.actor.noKubelet': 'pas de kubelet ici',
  'roll.actor.everyWrite': 'toute écriture passe ici',
  'roll.label.podOf': 'create Pod {{n}} sur {{wanted}}',
  'roll.label.rsStatus': 'status ReplicaSet {{name}} : {{ready}}/{{wanted}} prêts',
  'roll.label.deployStatus': 'status Deployment : {{ready}}/{{wanted}} prêts',
  'roll.label.deployStatusAvailable': 'status Deployment : {{ready}}/{{wanted}} prêts, Available',
  'roll.componentIn': '{{component}} dans {{manager}}',
  'roll.agentOn': '{{agent}} sur {{node}}',
  'roll.simulatedOn': 'agent de nœud simulé sur {{node}}',
  'roll.ev.podCreated':
    'ownerReferences → ReplicaSet, creationTimestamp, gestionnaire dans managedFields',
  'roll.ev.podCreatedEvent':
    'ownerReferences → ReplicaSet, creationTimestamp, gestionnaire dans managedFields, événement SuccessfulCreate',
  'roll.ev.bound': 'spec.nodeName, condition PodScheduled, événement Scheduled',
  'roll.ev.pending': 'condition PodScheduled, événement FailedScheduling',
  'roll.ev.ready': 'status.phase, condition Ready, managedFields de status',
  'roll.ev.notReady': 'status.phase, condition Ready, condition Ready du Node',
  'roll.ev.deployment': 'creationTimestamp, gestionnaire de spec dans managedFields',
  'roll.ev.replicaSets': 'ReplicaSets dont les ownerReferences nomment le Deployment',
  'roll.ev.rsCreated':
    'ownerReferences → Deployment, creationTimestamp, gestionnaire dans managedFields',
  'roll.ev.rsCreatedEvent':
    'ownerReferences → Deployment, creationTimestamp, gestionnaire dans managedFields, événement ScalingReplicaSet',
  'roll.ev.pods': 'Pods dont les ownerReferences nomment le ReplicaSet, condition ReplicaFailure',
  'roll.ev.readyReplicas': 'status.readyReplicas',
  'roll.ev.available': 'status.readyReplicas, condition Available',
  'roll.reason.pendingCondition': 'Pending : {{condition}}',
  'roll.reason.pendingEvent': 'Pending : {{message}}',
  'roll.reason.notLookedAt': 'Pending : le scheduler ne l’a pas encore examiné.',
  'roll.reason.noNodeYet':
    'En attente du scheduler : pas encore de nœud, donc pas d’agent de nœud pour le lancer.',
  'roll.reason.noNodeObject': 'Attaché à {{node}}, qui n’a pas d’objet Node.',
  'roll.reason.nodeNotReady':
    'Attaché à {{node}}, dont la condition Ready vaut {{status}} : son agent ne se manifeste pas.',
  'roll.reason.notReportedYet':
    'Attaché à {{node}} ; son agent n’a pas encore signalé le Pod Ready (phase {{phase}}).',
  'roll.reason.noReplicaSet': 'Le contrôleur des Deployments n’a pas encore créé de ReplicaSet.',
  'roll.reason.podNotCreated': 'Le contrôleur des ReplicaSets ne l’a pas encore créé.',
  'roll.reason.rsReady':
    'readyReplicas {{ready}} sur {{wanted}} : en attente que ses Pods soient Ready.',
  'roll.reason.available': '{{condition}} {{ready}}/{{wanted}} prêts.',
  'roll.reason.noAvailability':
    '{{ready}}/{{wanted}} prêts ; le contrôleur des Deployments n’a pas encore signalé la disponibilité.',
  'roll.node.noLease':
    'Aucun Lease dans kube-node-lease : rien ne renouvelle de battement de cœur.',
  'roll.node.renewed': 'Lease renouvelé il y a {{seconds}} s par {{holder}}.',
  'roll.node.quiet':
    'Silencieux depuis plus de {{grace}} s (node-monitor-grace-period) : le contrôleur des nœuds va passer Ready=Unknown.',
  'roll.node.ready':
    'Ready : le contrôleur des nœuds reçoit des battements de cœur dans le délai de grâce.',
  'roll.node.notReady':
    '{{condition}} depuis {{since}} : le contrôleur des nœuds n’a reçu aucun battement de cœur pendant {{grace}} s.',
  'roll.node.tainted':
    'Marqué {{taint}}:NoExecute. Les Pods le tolèrent {{seconds}} s (DefaultTolerationSeconds) : ils sont évincés passé ce délai, et leurs contrôleurs les recréent ailleurs.',
  'roll.node.taintedAt':
    'Marqué {{taint}}:NoExecute à {{at}}. Les Pods le tolèrent {{seconds}} s (DefaultTolerationSeconds) : ils sont évincés à partir de {{evictAt}}, et leurs contrôleurs les recréent ailleurs.',
  'roll.node.taintedAtNoEvict':
    'Marqué {{taint}}:NoExecute à {{at}}. Les Pods le tolèrent {{seconds}} s (DefaultTolerationSeconds) : ils sont évincés passé ce délai, et leurs contrôleurs les recréent ailleurs.',
  'roll.node.taints': 'Taints : {{taints}}.',
  'roll.node.allQuiet':
    'Tous les nœuds sont silencieux : le contrôleur des nœuds met en cause sa propre connexion (« master disruption mode ») ; il ne pose aucun taint NoExecute et n’évince rien jusqu’au retour d’un nœud.',
  'roll.note.grace':
    'Un nœud passe NotReady après {{grace}} s sans battement de cœur (kube-controller-manager --node-monitor-grace-period).',
  'roll.note.tolerations':
    'Les Pods reçoivent des tolérances de {{seconds}} s pour node.kubernetes.io/not-ready et unreachable (admission DefaultTolerationSeconds).',
} as const
