// French texts of the stages area: exactly the keys of stages.en.ts (see fr.ts).
import type { stagesEn } from './stages.en'

export const stagesFr: { readonly [K in keyof typeof stagesEn]: string } = {
  'stageName.authentication': 'Authentification',
  'stageName.flow-control': 'Priority & Fairness',
  'stageName.authorization': 'Autorisation',
  'stageName.decoding': 'Décodage',
  'stageName.mutating-admission': 'Admission mutante',
  'stageName.schema-validation': 'Validation du schéma',
  'stageName.validating-admission': 'Admission validante',
  'stageName.persistence': 'etcd',
  'stageName.storage-read': 'Cache de watch / etcd',
  'stageName.aggregation': 'Couche d’agrégation',
  'mark.passed': 'passée',
  'mark.refused': 'arrêtée ici',
  'mark.dry-run': 'dry-run : non stocké',
  'mark.maybe': 'peut-être ici',
  'mark.unknown': 'la réponse ne le dit pas',
  'mark.not-reached': 'pas atteinte',
  'mark.not-applicable': 'hors de cette requête',
  'stages.title': 'Chemin dans le serveur d’API',
  'stages.travelling': 'En route…',
  'stages.replay': 'Rejouer (R)',
  'stages.panel': 'Chemin des étapes',
  'stages.aria': '{{title}}. {{sentence}} Appuyez sur R pour rejouer.',
  'stages.colon': ' : ',
  'stages.noRequest': 'Aucune requête envoyée pour l’instant.',
  'stages.stoppedAt': 'Arrêtée à l’étape {{stage}}.',
  'stages.dryRun': 'Dry-run : arrêtée juste avant etcd.',
  'stages.unproven': 'Répondue ; la réponse ne montre pas qu’elle est passée par {{stages}}.',
  'stages.outside_one':
    'Passée par chaque étape de cette requête ; {{stages}} n’en fait pas partie.',
  'stages.outside_other':
    'Passée par chaque étape de cette requête ; {{stages}} n’en font pas partie.',
  'stages.and': 'et',
  'stages.everyStage': 'Passée par chaque étape.',
  'stages.oneOf': 'Arrêtée à l’une de ces étapes : {{stages}} (la réponse ne dit pas laquelle).',
  'stages.cannotTell': 'La réponse ne permet pas de savoir où elle s’est arrêtée.',
  'stages.ex.serverSays': ' Le serveur dit : {{message}}',
  'stages.ex.coreGroup': ' (groupe core)',
  'stages.ex.inGroup': ' du groupe d’API {{group}}',
  'stages.ex.inNamespace': ' dans le namespace {{namespace}}',
  'stages.ex.clusterScope': ' au niveau du cluster',
  'stages.ex.period': '.',
  'stages.ex.mutatedBy': ' En chemin, le webhook mutant {{webhooks}} l’a modifié.',
  'stages.ex.policyFailed':
    ' La ValidatingAdmissionPolicy {{policy}} a échoué (« {{message}} ») avec {{action}}',
  'stages.ex.andAction': ' et {{action}}',
  'stages.ex.policyBinding': '{{policy}} (via le binding {{binding}})',
  'stages.ex.policyLeftBoth':
    ', pas Deny : elle a laissé passer la requête et laissé un en-tête Warning et une annotation d’audit.',
  'stages.ex.policyLeftWarning':
    ', pas Deny : elle a laissé passer la requête et laissé un en-tête Warning.',
  'stages.ex.policyLeftAudit':
    ', pas Deny : elle a laissé passer la requête et laissé une annotation d’audit.',
  'stages.ex.aggregated':
    'Relayée par la couche d’agrégation : une fois la requête authentifiée et autorisée, kube-apiserver l’a passée au serveur que nomme son APIService, avec son certificat client front-proxy et l’utilisateur dans X-Remote-User. Ce serveur a répondu ; kube-apiserver n’a rien lu dans etcd.',
  'stages.ex.nonResource':
    'Une URL hors ressource (santé, métriques, version, découverte) : une fois la requête autorisée, l’API server y répond lui-même ; aucun objet n’est lu dans le cache de watch ni dans etcd.',
  'stages.ex.read':
    'Lecture autorisée et servie, depuis le cache de watch de l’API server ou depuis etcd : la réponse ne dit pas lequel.',
  'stages.ex.computed':
    'Répondue sur-le-champ : cette ressource est calculée pour la requête et jamais stockée, etcd n’en fait donc pas partie.',
  'stages.ex.computedNoFields':
    'Répondue sur-le-champ : cette ressource est calculée pour la requête et jamais stockée, etcd n’en fait donc pas partie, et elle n’a pas de champs à valider.',
  'stages.ex.dryRun':
    'Dry-run : la requête a traversé chaque étape, admission et validation comprises, et s’est arrêtée juste avant etcd. Rien n’a été stocké.',
  'stages.ex.notStored':
    'Répondue, mais la réponse ne porte pas de resourceVersion : rien ne montre un objet stocké dans etcd (certaines ressources, comme TokenRequest ou SelfSubjectAccessReview, sont calculées, jamais stockées).',
  'stages.ex.created': 'Créé : l’objet a passé l’admission et la validation, et etcd l’a stocké.',
  'stages.ex.accepted':
    'Accepté : la suppression est enregistrée ; l’objet reste jusqu’à ce que ses finalizers ou son délai de grâce soient terminés.',
  'stages.ex.deleted':
    'Supprimé : l’admission a laissé passer la suppression, et etcd l’a enregistrée.',
  'stages.ex.updated':
    'Mis à jour : le changement a passé l’admission et la validation, et etcd l’a stocké.',
  'stages.ex.unauthenticated':
    'L’authentification a échoué : aucun authentificateur n’a accepté l’identifiant, et le serveur n’en dit pas plus, exprès. (Là où l’accès anonyme est actif, comme sur minikube, une requête sans aucun identifiant continue plutôt en tant que system:anonymous.)',
  'stages.ex.forbidDecision': 'L’autorisation l’a refusée (la décision d’audit est « forbid »).',
  'stages.ex.wasAnonymous':
    ' Aucun identifiant n’a été envoyé : l’authentification a donc laissé entrer la requête en tant que system:anonymous.',
  'stages.ex.wasAuthenticated': ' L’authentification a fonctionné : le serveur sait qui demande.',
  'stages.ex.rbacPath':
    'L’autorisation l’a refusée : aucune règle ne permet à {{user}} de faire {{verb}} sur le chemin {{path}}.',
  'stages.ex.rbacResource':
    'L’autorisation l’a refusée : aucune règle ne permet à {{user}} de faire {{verb}} sur {{resource}}',
  'stages.ex.pluginRefused':
    'Le plugin d’admission {{plugin}} l’a refusée : {{message}}. L’authentification et l’autorisation étaient passées.',
  'stages.ex.forbiddenAfterAllow':
    'Refusée avec un 403 après que l’autorisation l’a permise : par un plugin d’admission ou les règles propres à la ressource, le message ne dit pas lequel.',
  'stages.ex.forbiddenUnknown':
    'Refusée avec un 403, par l’autorisation ou par l’admission : le message ne dit pas laquelle, et aucune annotation d’audit ne le dit.',
  'stages.ex.because': ' : « {{reason}} »',
  'stages.ex.withoutWhy': ', sans dire pourquoi',
  'stages.ex.webhookRefused': 'Le webhook d’admission {{webhook}} l’a refusée',
  'stages.ex.webhookPhaseUnknown':
    '. Mutant ou validant ? La réponse seule ne le dit pas ; les annotations d’audit le diraient.',
  'stages.ex.mutatingWebhookRefused': 'Le webhook d’admission mutant {{webhook}} l’a refusée',
  'stages.ex.validatingWebhookRefused': 'Le webhook d’admission validant {{webhook}} l’a refusée',
  'stages.ex.policyDenied':
    'La ValidatingAdmissionPolicy {{policy}} l’a refusée à l’admission validante',
  'stages.ex.policyDeniedThrough':
    'La ValidatingAdmissionPolicy {{policy}}, par son binding {{binding}} (action Deny), l’a refusée à l’admission validante',
  'stages.ex.policyRan':
    '. Sa règle CEL a tourné dans l’API server, après l’admission mutante et la validation du schéma ; rien n’a été stocké.',
  'stages.ex.policyAudits':
    ' Son binding audite aussi : l’événement d’audit porte l’échec en annotation.',
  'stages.ex.webhookCallFailed':
    'L’API server n’a pas pu appeler le webhook d’admission {{webhook}} ({{cause}}) ; sa failurePolicy est Fail, la requête est donc refusée.',
  'stages.ex.noNamespace':
    'Le namespace {{namespace}} n’existe pas : le plugin d’admission NamespaceLifecycle refuse d’y créer quoi que ce soit.',
  'stages.ex.notFoundUntold':
    'La réponse ne garde que sa raison, NotFound, sans le message du serveur ni le nom de l’objet (comme les événements d’audit de kube-apiserver 1.20 enregistrent un 404) : objet, namespace ou type de ressource absent, on ne peut pas dire lequel.',
  'stages.ex.nothingServed':
    'Rien n’est servi à ce chemin : ce serveur n’a pas ce type de ressource ou cette version d’API.',
  'stages.ex.noObjectRead': 'Aucun {{kind}} nommé {{name}} dans le cache de watch ni dans etcd.',
  'stages.ex.noNamedRead': 'Aucun objet nommé {{name}} dans le cache de watch ni dans etcd.',
  'stages.ex.noObjectWrite':
    'Aucun {{kind}} nommé {{name}} dans etcd. L’API server lit l’objet stocké avant l’admission : l’admission n’a donc jamais tourné.',
  'stages.ex.noNamedWrite':
    'Aucun objet nommé {{name}} dans etcd. L’API server lit l’objet stocké avant l’admission : l’admission n’a donc jamais tourné.',
  'stages.ex.alreadyExists':
    'Un objet de ce nom est déjà dans etcd : POST crée, il ne remplace jamais. L’admission et la validation étaient toutes passées.',
  'stages.ex.alreadyExistsDryRun': ' Même un dry-run demande à etcd si le nom est pris.',
  'stages.ex.applyConflict':
    'Conflit de server-side apply : un autre field manager possède des champs que cet apply changerait. Appliquez avec --force-conflicts pour les prendre, ou laissez-les de côté.',
  'stages.ex.optimistic':
    'Concurrence optimiste : la resourceVersion envoyée n’est pas celle stockée, quelqu’un a donc modifié l’objet depuis sa lecture. Relisez-le et réessayez ; pas de verrou, pas d’attente.',
  'stages.ex.conflict': '409 Conflict.',
  'stages.ex.expired':
    'La resourceVersion demandée est plus ancienne que ce que l’API server peut encore servir (etcd l’a compactée). Refaites un list, puis un watch depuis la resourceVersion de la liste.',
  'stages.ex.mediaTypePatch':
    'L’API server ne peut pas lire un corps envoyé avec ce Content-Type : un PATCH doit nommer son format : application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json ou application/apply-patch+yaml.',
  'stages.ex.mediaType':
    'L’API server ne peut pas lire un corps envoyé avec ce Content-Type : il lit application/json, application/yaml et application/vnd.kubernetes.protobuf.',
  'stages.ex.strict':
    'La validation des champs a refusé le corps (fieldValidation=Strict) : {{cause}}. Rien n’a tourné après le décodage ; avec Warn, le défaut, le serveur aurait continué et l’aurait dit dans un en-tête Warning.',
  'stages.ex.undecodable':
    'Le corps n’a pas pu être décodé en objet ({{cause}}) : rien n’a donc tourné après le décodage.',
  'stages.ex.otherNamespace': 'L’objet nomme un autre namespace que l’URL.',
  'stages.ex.badRequest': '400 Bad Request.',
  'stages.ex.badOptions': 'Les options de la requête (paramètres de requête) sont invalides.',
  'stages.ex.invalid': '422 Invalid.',
  'stages.ex.invalidField':
    'La validation a refusé l’objet, après l’admission mutante : {{field}} : {{rule}}. Rien n’a été stocké.',
  'stages.ex.invalidFields':
    'La validation a refusé l’objet, après l’admission mutante : {{field}} (et {{more}} autres) : {{rule}}. Rien n’a été stocké.',
  'stages.ex.retryAfter': ' Réessayez dans {{seconds}} s.',
  'stages.ex.retryLater': ' Réessayez plus tard.',
  'stages.ex.throttled':
    'API Priority and Fairness l’a refoulée : son niveau de priorité n’avait plus de place libre ni de place dans ses files.',
  'stages.ex.tooMany':
    'Un 429 venu de l’intérieur de l’API server, pas de Priority and Fairness (dont la réponse est du texte brut) : par exemple une éviction qu’un PodDisruptionBudget bloque.',
  'stages.ex.aggregatedUnavailable':
    'La couche d’agrégation n’a pas pu la relayer : le serveur derrière cet APIService n’est pas disponible (sa condition AVAILABLE dit pourquoi : FailedDiscoveryCheck, MissingEndpoints, ServiceNotFound).',
  'stages.ex.unavailable':
    'L’API server, ou le service derrière une API agrégée, n’est pas disponible.',
  'stages.ex.timedOut': 'La requête a expiré dans l’API server.',
  'stages.ex.serverFailed': 'L’API server a échoué ({{status}}).',
  'stages.ex.http': 'HTTP {{status}}.',
}
