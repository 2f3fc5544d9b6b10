// French texts of the attribution area: exactly the keys of attribution.en.ts (see fr.ts).
import type { attributionEn } from './attribution.en'

export const attributionFr: { readonly [K in keyof typeof attributionEn]: string } = {
  'attr.source.server-metadata': 'Métadonnées du serveur',
  'attr.source.defaulting': 'Valeurs par défaut au décodage',
  'attr.source.admission-plugin': 'Plugin d’admission',
  'attr.source.mutating-webhook': 'Webhook mutant',
  'attr.source.mutating-policy': 'Policy d’admission mutante',
  'attr.source.computed': 'Calculé à la création',
  'attr.source.decoding': 'Abandonné au décodage',
  'attr.source.unattributed': 'Non attribué',
  'attr.lines_one': '{{count}} ligne',
  'attr.lines_other': '{{count, number}} lignes',
  'attr.sent': ' envoyées, ',
  'attr.cameBack': ' revenues en {{kind}} : {{changes}} changements, rien de stocké.',
  'attr.theObject': 'objet',
  'attr.filter': 'Filtrer par origine',
  'attr.all': 'Tous {{count}}',
  'attr.layout': 'Disposition',
  'attr.sideBySide': 'Envoyé et renvoyé',
  'attr.fieldByField': 'Champ par champ',
  'attr.sentLines': 'Envoyé · {{count}} lignes',
  'attr.returnedLines': 'Renvoyé · {{count}} lignes',
  'attr.managedFields': '… {{count}} lignes de managedFields (afficher)',
  'attr.field': 'Champ',
  'attr.value': 'Valeur',
  'attr.madeBy': 'Fait par',
  'attr.why': 'Pourquoi',
  'attr.change.added': 'ajouté',
  'attr.change.changed': 'modifié',
  'attr.change.removed': 'retiré',
  'attr.docs': 'doc',
  'attr.noRule': 'Aucune règle n’explique ce changement.',
  'attr.policiesFailed': 'Validations de ValidatingAdmissionPolicy en échec',
  'attr.policy': 'policy',
  'attr.binding': 'binding',
  'attr.seenIn': '· vu dans {{where}}',
  'attr.seen.status': 'le Status du refus',
  'attr.seen.warning': 'un en-tête Warning',
  'attr.seen.audit-annotation': 'l’annotation d’audit validation_failure',
  'attr.byWebhook':
    'Aucune règle intégrée ne l’explique, et les annotations d’audit disent que le webhook {{webhook}} a modifié cet objet.',
  'attr.byWebhooks':
    'Aucune règle intégrée ne l’explique ; les annotations d’audit disent que ces webhooks ont modifié l’objet : {{webhooks}}.',
  'attr.byPolicy':
    'Aucune règle intégrée ne l’explique ; la MutatingAdmissionPolicy {{policy}} correspond à cette requête et est la seule qui ait pu le faire (le serveur n’écrit aucune annotation d’audit pour le changement d’une policy).',
  'attr.byPolicies':
    'Aucune règle intégrée ne l’explique, et plusieurs ont pu le faire : MutatingAdmissionPolicy {{policies}}. Le serveur ne dit pas laquelle (le changement d’une policy ne laisse aucune annotation d’audit).',
  'attr.byPoliciesAndWebhooks':
    'Aucune règle intégrée ne l’explique, et plusieurs ont pu le faire : MutatingAdmissionPolicy {{policies}}, et le webhook mutant {{webhooks}}. Le serveur ne dit pas lequel (le changement d’une policy ne laisse aucune annotation d’audit).',
  'attr.conditional': 'Apiscope n’a pas évalué ses matchConditions (CEL).',
  'attr.policyBinding': '{{policy}} (via le binding {{binding}})',
  'attr.listMore': '{{list}}, {{item}}',
  'attr.policyNoteNone':
    'Policies d’admission mutantes : aucun binding de MutatingAdmissionPolicy de ce serveur ne correspond à cette requête.',
  'attr.policyNote':
    'Policies d’admission mutantes dont les bindings correspondent à cette requête : {{policies}}. Elles ne laissent aucune annotation d’audit : un changement qu’aucune règle intégrée n’explique va à celles dont les mutations nomment son champ, sinon à toutes.',
  'attr.webhooksNone':
    'Webhooks mutants : le flux d’audit est actif, et ses annotations montrent qu’aucun webhook n’a modifié cet objet.',
  'attr.webhooksAudited':
    'Webhooks mutants qui ont modifié cet objet, d’après ses annotations d’audit : {{webhooks}}.',
  'attr.webhooksNoConfig':
    'Webhooks mutants : ce serveur n’a aucune MutatingWebhookConfiguration, donc aucun webhook ne l’a modifié.',
  'attr.webhooksUnknown':
    'Webhooks mutants : pas d’annotations d’audit pour cette requête, on ne peut donc pas distinguer les changements d’un webhook ; ils apparaîtraient comme non attribués.',
  'attr.webhooksConfigured': 'Configurés sur ce serveur : {{webhooks}}.',
  'attr.rule.meta-uid':
    'Un identifiant unique que le registre donne à chaque nouvel objet juste avant la validation (BeforeCreate) ; un dry-run en reçoit un aussi, puis l’oublie.',
  'attr.rule.meta-creation-timestamp':
    'L’heure de création, fixée par le registre juste avant la validation (BeforeCreate).',
  'attr.rule.meta-generation':
    'La génération de l’état désiré : 1 à la création, +1 à chaque changement de spec (pour les kinds qui la suivent).',
  'attr.rule.meta-resource-version':
    'La version qu’etcd donne à l’objet quand il est écrit ; un dry-run n’est jamais écrit, il n’en a donc en général pas.',
  'attr.rule.meta-managed-fields':
    'Le field manager note qui a fixé quels champs. Il passe après le décodage et avant l’admission : c’est pourquoi les champs ajoutés par les plugins d’admission n’y sont pas.',
  'attr.rule.meta-namespace': 'Rempli d’après le namespace de l’URL de la requête.',
  'attr.rule.meta-generated-name':
    'Généré à partir de metadata.generateName et d’un suffixe aléatoire.',
  'attr.rule.meta-self-link':
    'L’URL de l’objet lui-même, fixée par les serveurs avant 1.20 (puis retirée).',
  'attr.rule.template-creation-timestamp':
    'Un template n’est jamais créé lui-même : son creationTimestamp est l’heure zéro de Go, écrite null.',
  'attr.rule.serviceaccount-name':
    'Le plugin ServiceAccount met le ServiceAccount default du namespace quand le Pod n’en nomme aucun.',
  'attr.rule.serviceaccount-token-volume':
    'Le plugin ServiceAccount ajoute le volume qui porte le jeton d’API du compte : un Secret nommé <account>-token-xxxxx jusqu’à 1.20, un volume projeté kube-api-access-xxxxx depuis 1.21.',
  'attr.rule.serviceaccount-token-mount':
    'Le plugin ServiceAccount monte le volume du jeton dans chaque conteneur sous /var/run/secrets/kubernetes.io/serviceaccount.',
  'attr.rule.default-toleration-seconds':
    'DefaultTolerationSeconds laisse le Pod 300 s sur un Node non prêt ou injoignable avant son éviction.',
  'attr.rule.priority':
    'Le plugin Priority (actif par défaut) résout la PriorityClass, ou le défaut global (priorité 0), en priority et preemptionPolicy.',
  'attr.rule.limit-ranger-annotation':
    'LimitRanger note quelles valeurs par défaut de la LimitRange du namespace il a appliquées.',
  'attr.rule.limit-ranger-resources':
    'LimitRanger a rempli requests et limits d’après les valeurs par défaut de la LimitRange du namespace (son annotation kubernetes.io/limit-ranger sur l’objet le dit).',
  'attr.rule.default-storage-class':
    'DefaultStorageClass donne la StorageClass par défaut du cluster à une claim qui ne nomme aucune classe.',
  'attr.rule.storage-object-in-use-protection':
    'StorageObjectInUseProtection ajoute le finalizer kubernetes.io/pvc-protection (ou pv-protection) pour qu’un volume utilisé ne soit pas supprimé.',
  'attr.rule.default-ingress-class':
    'DefaultIngressClass donne l’IngressClass par défaut à un Ingress qui ne nomme aucune classe.',
  'attr.rule.runtime-class-overhead':
    'Le plugin RuntimeClass copie l’overhead de Pod de la RuntimeClass dans le Pod.',
  'attr.rule.taint-nodes-by-condition':
    'TaintNodesByCondition marque un nouveau Node d’un taint not-ready jusqu’à ce que le kubelet le dise prêt.',
  'attr.rule.pod-qos-class':
    'Calculé à partir des requests et limits des conteneurs à la création du Pod : BestEffort quand il n’y en a aucune.',
  'attr.rule.pod-phase':
    'Un nouveau Pod commence en phase Pending : aucun Node ne l’a encore lancé.',
  'attr.rule.service-cluster-ip':
    'Le registre des Services alloue une IP virtuelle dans le CIDR des services (un dry-run en alloue une et la rend).',
  'attr.rule.service-node-port':
    'Un Service NodePort ou LoadBalancer reçoit un port de la plage des ports de nœud.',
  'attr.rule.pvc-phase':
    'Une nouvelle claim commence Pending jusqu’à ce qu’elle soit liée à un volume.',
  'attr.rule.pod-restart-policy': 'Valeur par défaut au décodage : restartPolicy Always.',
  'attr.rule.pod-dns-policy': 'Valeur par défaut au décodage : dnsPolicy ClusterFirst.',
  'attr.rule.pod-termination-grace':
    'Valeur par défaut au décodage : 30 s entre SIGTERM et SIGKILL.',
  'attr.rule.pod-security-context':
    'Valeur par défaut au décodage : un securityContext de Pod vide.',
  'attr.rule.pod-scheduler-name':
    'Valeur par défaut au décodage : schedulerName default-scheduler.',
  'attr.rule.pod-enable-service-links':
    'Valeur par défaut au décodage : enableServiceLinks true (variables d’environnement des Services).',
  'attr.rule.pod-service-account-alias':
    'L’alias déprécié de serviceAccountName, copié par la conversion v1.',
  'attr.rule.container-termination-message':
    'Valeur par défaut au décodage : le message de fin est lu dans /dev/termination-log (policy File).',
  'attr.rule.container-image-pull-policy':
    'Valeur par défaut au décodage : Always pour le tag latest ou sans tag, IfNotPresent sinon.',
  'attr.rule.container-resources':
    'Valeur par défaut au décodage : requests copiées des limits, ou un objet resources vide.',
  'attr.rule.container-port-protocol': 'Valeur par défaut au décodage : protocol TCP.',
  'attr.rule.probe-defaults':
    'Valeurs par défaut au décodage : délais, périodes et seuils des sondes.',
  'attr.rule.volume-default-mode': 'Valeur par défaut au décodage : mode de fichier 0644 (420).',
  'attr.rule.workload-replicas': 'Valeur par défaut au décodage : 1 réplica.',
  'attr.rule.workload-revision-history':
    'Valeur par défaut au décodage : garder 10 anciens ReplicaSets ou révisions.',
  'attr.rule.deployment-progress-deadline': 'Valeur par défaut au décodage : 600 s.',
  'attr.rule.workload-strategy':
    'Valeur par défaut au décodage : la stratégie de déploiement (RollingUpdate, 25 % de surplus et d’indisponibles pour un Deployment).',
  'attr.rule.job-defaults':
    'Valeurs par défaut au décodage : completions, parallelism et backoffLimit du Job.',
  'attr.rule.service-defaults':
    'Valeurs par défaut au décodage : type ClusterIP, sessionAffinity None, protocol TCP, targetPort = port.',
  'attr.rule.pvc-volume-mode': 'Valeur par défaut au décodage : volumeMode Filesystem.',
  'attr.rule.empty-status': 'Un objet status vide, rempli plus tard par les contrôleurs.',
  'attr.rule.secret-string-data':
    'stringData est une facilité en écriture seule : le décodage la fusionne, encodée en base64, dans data.',
  'attr.rule.unknown-field-dropped':
    'Le serveur n’a gardé aucun champ de ce nom : les champs que le schéma ne connaît pas sont abandonnés au décodage (les serveurs plus récents peuvent avertir ou refuser, voir fieldValidation).',
}
