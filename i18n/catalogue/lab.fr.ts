// French texts of the lab area: exactly the keys of lab.en.ts (see fr.ts).
import type { labEn } from './lab.en'

export const labFr: { readonly [K in keyof typeof labEn]: string } = {
  'lab.title': 'Labo de requêtes',
  'lab.presets': 'Les expériences du chapitre',
  'lab.expect': 'Attendu : {{what}}',
  'lab.connectFirst':
    'Connectez-vous d’abord à un cluster : le labo envoie de vraies requêtes à son API server.',
  'lab.pathTitle': 'Par où la requête est passée',
  'lab.pendingAs': 'en tant que {{identity}} : la réponse montre où la requête s’arrête.',
  'lab.sentBefore': 'Envoyées avant',
  'lab.stopped': 'arrêt : {{where}}',
  'lab.stopDryRun': 'dry-run, juste avant etcd',
  'lab.stopDone': 'aucun, réponse donnée',
  'lab.stopUnknown': 'inconnu',
  'lab.preset.anonymous-list': 'list anonyme',
  'lab.presetExpect.anonymous-list': '403 à l’autorisation, qui nomme system:anonymous',
  'lab.preset.made-up-token': 'Jeton inventé',
  'lab.presetExpect.made-up-token': '401 à l’authentification',
  'lab.preset.create-reglages': 'Créer reglages',
  'lab.presetExpect.create-reglages': '201, puis 409 AlreadyExists la deuxième fois',
  'lab.preset.invalid-name': 'Reglages_1',
  'lab.presetExpect.invalid-name': '422 à la validation du schéma, avec sa cause',
  'lab.preset.wrong-content-type': 'patch, mauvais type',
  'lab.presetExpect.wrong-content-type': '415 au décodage',
  'lab.preset.unknown-field': 'Faute : lables',
  'lab.presetExpect.unknown-field':
    '201 avec un en-tête Warning : champ inconnu « metadata.lables », abandonné',
  'lab.preset.unknown-field-strict': 'Faute, Strict',
  'lab.presetExpect.unknown-field-strict':
    '400 BadRequest : strict decoding error: unknown field "metadata.lables"',
  'lab.preset.readyz': '/readyz?verbose',
  'lab.presetExpect.readyz': '200 : chaque vérification de disponibilité, tapée comme un chemin',
  'lab.preset.metrics': '/metrics',
  'lab.presetExpect.metrics': 'les métriques de l’API server, en texte',
  'lab.preset.made-up-resource': 'Ressource inventée',
  'lab.presetExpect.made-up-resource': '404 : ce serveur n’a pas cette ressource',
  'lab.preset.bare-pod': 'Pod nu, dry-run',
  'lab.presetExpect.bare-pod': '8 lignes envoyées, un Pod complet en retour, rien de stocké',
  'lab.compose': 'Composer une requête',
  'lab.identity': 'Identité',
  'lab.id.kubeconfig': 'Kubeconfig',
  'lab.id.anonymous': 'Anonyme',
  'lab.id.made-up-token': 'Jeton inventé',
  'lab.id.service-account': 'ServiceAccount',
  'lab.expires': ', expire à {{time}}',
  'lab.minting': 'Émission…',
  'lab.mint': 'Émettre un jeton dans {{namespace}}',
  'lab.verb': 'Verbe',
  'lab.sendTo': 'Envoyer à',
  'lab.fromDiscovery': 'depuis la découverte',
  'lab.typedPath': 'un chemin tapé',
  'lab.pathAndQuery': 'Chemin et paramètres',
  'lab.pathHint':
    'envoyé tel quel : /readyz?verbose, /metrics, /apis, une ressource qui n’existe pas',
  'lab.resource': 'Ressource',
  'lab.notInDiscovery': '(absente de la découverte)',
  'lab.readingDiscovery': '(lecture de la découverte…)',
  'lab.subresource': 'Sous-ressource',
  'lab.none': 'aucune',
  'lab.namespace': 'Namespace',
  'lab.allNamespaces': 'tous les namespaces',
  'lab.name': 'Nom',
  'lab.patchAs': 'Format du patch',
  'lab.fieldManager': 'Gestionnaire de champs',
  'lab.userAgent': '(l’agent utilisateur)',
  'lab.fieldValidation': 'Validation des champs',
  'lab.serverDefault': 'par défaut',
  'lab.serverDefaultWarn': 'par défaut (Warn)',
  'lab.rvPrecondition': 'Précondition resourceVersion',
  'lab.labelSelector': 'Sélecteur de labels',
  'lab.watchFor': 'Durée du watch (s)',
  'lab.oldServer':
    'Kubernetes {{version}} n’a pas de validation des champs côté serveur (active par défaut depuis 1.25) : il ignore fieldValidation et abandonne les champs inconnus en silence, sans avertissement.',
  'lab.oldServerGated':
    'Kubernetes {{version}} n’a pas de validation des champs côté serveur (active par défaut depuis 1.25, derrière une feature gate avant) : il ignore fieldValidation et abandonne les champs inconnus en silence, sans avertissement.',
  'lab.dryRunAll': 'dryRun=All',
  'lab.wrongType': 'Envoyer un autre Content-Type',
  'lab.typeToSend': 'Content-Type à envoyer',
  'lab.force': 'force (prendre les champs en conflit)',
  'lab.asTable': 'Accept en Table',
  'lab.body': 'Corps',
  'lab.bodyFormatHow':
    'Lu dans le texte : ce qui s’ouvre par { ou [ est du JSON, tout le reste du YAML',
  'lab.json': 'JSON',
  'lab.yamlAsTyped': 'YAML, envoyé tel quel',
  'lab.yamlAsJson': 'YAML, envoyé en JSON',
  'lab.preconditionInBody': 'la précondition va dans metadata.resourceVersion',
  'lab.requestBody': 'Corps de la requête',
  'lab.sending': 'Envoi…',
  'lab.send': 'Envoyer',
  'lab.replaying':
    'L’envoi est désactivé : rien n’atteint un cluster pendant un rejeu. Les requêtes que l’enregistrement a gardées apparaissent ci-dessous quand le rejeu les atteint.',
  'lab.ctrlEnter': 'Ctrl+Entrée',
  'lab.notAnnounced':
    'la découverte ne liste pas {{verb}} pour {{resource}} : attendez-vous à un 405',
  'lab.tabResponse': 'Réponse',
  'lab.tabDiff': 'Diff du dry-run',
  'lab.tabWatch': 'Événements du watch',
  'lab.tabHeaders': 'En-têtes',
  'lab.tabCommands': 'curl et kubectl',
  'lab.result': 'Résultat',
  'lab.panelAnswer': 'Réponse',
  'lab.asIdentity': 'en tant que {{identity}} · {{ms}} ms',
  'lab.fieldValidationNote':
    'La validation des champs a averti et laissé passer la requête : un champ inconnu est abandonné, un champ répété garde sa dernière valeur. fieldValidation=Strict refuse la requête avec un 400 ; Ignore les abandonne sans un mot.',
  'lab.flowSchema': 'FlowSchema',
  'lab.priorityLevel': 'Niveau de priorité',
  'lab.apf': 'Priority and Fairness',
  'lab.noRows': 'Aucune ligne.',
  'lab.serverTable':
    'Le serveur a mis en forme ce tableau (Accept en Table), comme il le fait pour kubectl get.',
  'lab.truncated': 'La réponse fait {{chars}} caractères : seul son début est affiché.',
  'lab.redacted': 'Masqué : {{fields}}',
  'lab.responseBody': 'Corps de la réponse',
  'lab.emptyBody': '(corps vide)',
  'lab.watchClosed':
    'Watch fermé par Apiscope au bout de {{seconds}} s : un watch du labo est un échantillon, pas un abonnement.',
  'lab.watchClosedAtLimit':
    'Watch fermé par Apiscope au bout de {{seconds}} s, à la limite d’événements : un watch du labo est un échantillon, pas un abonnement.',
  'lab.watchAfter': 'après',
  'lab.watchObject': 'objet',
  'lab.noEvent': 'Aucun événement pendant ce temps.',
  'lab.unreadableLine': 'ligne illisible',
  'lab.bodySent': 'Corps envoyé ({{type}})',
  'lab.credentials':
    'Les identifiants restent des variables du shell : définissez vous-même $TOKEN, $CA, $CERT et $KEY.',
  'lab.auditOn': 'Flux d’audit actif',
  'lab.auditCame': '(son événement est arrivé {{seconds}} après la réponse)',
  'lab.webhooksCalled': 'Webhooks mutants appelés',
  'lab.webhookIn': 'dans {{configuration}}, tour {{round}} :',
  'lab.webhookMutated': 'a modifié l’objet',
  'lab.webhookNoChange': 'appelé, n’a rien changé',
  'lab.auditMissingBefore': 'L’événement d’audit de cette requête (Audit-Id',
  'lab.auditMissingAfter':
    ') n’était pas arrivé au bout de {{seconds}} : ce cluster alimente-t-il le flux ?',
  'lab.auditWould': 'Le flux d’audit en direct nommerait chaque webhook qui l’a modifié :',
  'lab.auditTurnOn': 'activez-le dans Trafic en direct (7)',
  'lab.auditTurnOnStop': 'activez-le dans Trafic en direct (7).',
  'lab.seconds': '{{seconds}} s',
  'lab.who.kubeconfig': 'Utilisateur du kubeconfig ({{context}})',
  'lab.who.kubeconfigDetail':
    'Les identifiants du contexte {{context}}, tels que kubectl les envoie.',
  'lab.who.anonymous': 'Anonyme (sans identifiants)',
  'lab.who.anonymousDetail':
    'Ni certificat ni jeton : si l’authentification anonyme est active, l’API server l’appelle system:anonymous.',
  'lab.who.madeUp': 'Jeton bearer inventé',
  'lab.who.madeUpDetail':
    'Authorization: Bearer avec un jeton que personne n’a émis : l’authentification le refuse (401).',
  'lab.who.proxyNote':
    'À travers un proxy en http simple (kubectl proxy), le proxy ajoute ses propres identifiants : chaque identité arrive comme l’utilisateur du proxy.',
  'lab.who.saMinted': 'ServiceAccount default/{{namespace}}',
  'lab.who.sa': 'Jeton de ServiceAccount (TokenRequest)',
  'lab.who.saFresh':
    'Un jeton émis par TokenRequest pour system:serviceaccount:{{namespace}}:default, qui expire à {{expiresAt}}. Il reste dans le processus principal d’Apiscope.',
  'lab.who.saExpired':
    'Le jeton émis pour {{namespace}}/default a expiré à {{expiresAt}} : émettez-en un autre.',
  'lab.who.saNone':
    'Émettez d’abord un jeton pour le ServiceAccount default du namespace choisi (POST serviceaccounts/default/token).',
  'lab.err.noTokenRequest': 'Cet API server ne sert pas TokenRequest',
  'lab.err.noTokenRequestDetail':
    'La découverte ne liste aucune sous-ressource serviceaccounts/token (elle existe depuis Kubernetes 1.20).',
  'lab.err.noTokenRequestNext': 'Utilisez une autre identité, ou un cluster plus récent.',
  'lab.err.mintForbidden':
    'Votre utilisateur du kubeconfig n’a pas le droit d’émettre des jetons pour {{namespace}}/default',
  'lab.err.mintForbiddenNext':
    'Émettre un jeton demande create sur serviceaccounts/token dans {{namespace}} (kubectl auth can-i create serviceaccounts/token -n {{namespace}}). Utilisez une autre identité, ou demandez ce droit.',
  'lab.err.noServiceAccount': 'Pas de ServiceAccount default dans le namespace {{namespace}}',
  'lab.err.noServiceAccountNext':
    'Le namespace existe-t-il ? Son ServiceAccount default est créé par kube-controller-manager (kubectl get serviceaccount default -n {{namespace}}).',
  'lab.err.noToken': 'TokenRequest a répondu sans jeton',
  'lab.err.noTokenDetail': 'POST {{path}} n’a renvoyé aucun status.token.',
  'lab.err.noTokenNext':
    'Réessayez ; si cela persiste, vérifiez les options service-account de l’API server.',
  'lab.err.tokenExpired': 'Le jeton du ServiceAccount a expiré',
  'lab.err.noMinted': 'Aucun jeton de ServiceAccount émis pour l’instant',
  'lab.err.noMintedDetail':
    'Envoyer en tant que system:serviceaccount:{{namespace}}:default demande d’abord son jeton : TokenRequest, POST /api/v1/namespaces/{{namespace}}/serviceaccounts/default/token.',
  'lab.err.mintFirst':
    'Appuyez sur « Émettre un jeton dans {{namespace}} » à côté de l’identité, puis renvoyez la requête.',
  'lab.err.notServed': 'Le serveur ne sert pas {{resource}} dans {{groupVersion}}',
  'lab.err.notServedDetail': 'La découverte ne liste pas cette ressource.',
  'lab.err.notServedNext':
    'Choisissez la ressource dans la liste (remplie par la découverte), ou actualisez la découverte.',
  'lab.err.noSubresource': '{{resource}} n’a pas de sous-ressource {{subresource}}',
  'lab.err.subresourcesListed': 'La découverte liste : {{list}}.',
  'lab.err.noSubresourceListed': 'La découverte n’en liste aucune.',
  'lab.err.noSubresourceNext': 'Choisissez l’une des sous-ressources listées, ou aucune.',
  'lab.err.needsName': 'Un {{verb}} demande un nom d’objet',
  'lab.err.needsNameOf': 'Un {{verb}} de {{subresource}} demande un nom d’objet',
  'lab.err.needsNameDetail': 'L’URL nomme l’objet.',
  'lab.err.needsNameNext': 'Tapez le nom de l’objet.',
  'lab.err.needsNamespace': 'Les {{resource}} vivent dans des namespaces : choisissez-en un',
  'lab.err.needsNamespaceDetail': 'Seuls list et watch peuvent couvrir tous les namespaces.',
  'lab.err.needsNamespaceNext': 'Choisissez un namespace.',
  'lab.err.badYaml': 'Le corps n’est pas du YAML valide',
  'lab.err.badYamlNext':
    'Corrigez le YAML (indentation, deux-points manquant) ; un corps qui s’ouvre par { ou [ est lu comme du JSON.',
  'lab.flow.noHeadersWatch':
    'Pas d’en-têtes Priority and Fairness : ce serveur n’a pas fait passer cette requête longue (un watch) par le contrôle de flux ; les serveurs plus récents le font, pour le début d’un watch.',
  'lab.flow.noHeaders':
    'Pas d’en-têtes Priority and Fairness : la requête a été refusée avant le contrôle de flux, ou APF est désactivé.',
  'lab.flow.discoveryFailed': 'La découverte a échoué : {{reason}}',
  'lab.flow.notServed': 'Ce serveur ne sert pas flowcontrol.apiserver.k8s.io.',
  'lab.flow.listFailed': 'La liste de {{what}} a échoué : {{reason}}',
  'lab.kc.patchNoValidate':
    'kubectl patch n’a pas de --validate : il n’envoie aucun fieldValidation (le Warn du serveur)',
  'lab.kc.noRaw':
    'aucune commande kubectl n’envoie ceci : kubectl n’a pas de forme --raw pour {{method}} ; la ligne curl le fait',
  'lab.kc.contentType': 'kubectl envoie toujours {{right}} : seul curl envoie {{sent}}',
  'lab.kc.noContentType':
    'kubectl envoie toujours {{right}} : seul curl n’envoie aucun Content-Type',
  'lab.kc.rvInBody': 'la précondition de resourceVersion {{rv}} est dans le corps',
  'lab.kc.missing': 'kubectl {{release}} n’a pas $t(lab.kc.what.{{feature}}) (1.{{since}}+)',
  'lab.kc.rawGet':
    'kubectl {{release}} n’a pas $t(lab.kc.what.{{feature}}) (1.{{since}}+) : --raw envoie le même GET',
  'lab.kc.rawPut':
    'kubectl {{release}} n’a pas $t(lab.kc.what.{{feature}}) (1.{{since}}+) : --raw envoie le même PUT',
  'lab.kc.tokenSpec': 'le même TokenRequest, sa spec tirée des flags (--duration, --audience)',
  'lab.kc.noneMissing':
    'aucune commande kubectl n’envoie ceci : kubectl {{release}} n’a pas $t(lab.kc.what.{{feature}}) (1.{{since}}+) ; la ligne curl le fait',
  'lab.kc.noneRawPatch':
    'aucune commande kubectl n’envoie ceci : kubectl {{release}} n’a pas $t(lab.kc.what.{{feature}}) (1.{{since}}+), et kubectl n’a pas de forme --raw pour PATCH ; la ligne curl le fait',
  'lab.kc.scale':
    'kubectl {{release}} n’a pas $t(lab.kc.what.{{feature}}) (1.{{since}}+) ; kubectl scale envoie ce même patch merge à /scale',
  'lab.kc.deleteCollection':
    'kubectl liste, puis envoie un DELETE par objet ; seul curl envoie un seul DELETE sur la collection',
  'lab.kc.what.subresource': 'le flag --subresource',
  'lab.kc.what.createToken': 'la commande create token',
  'lab.kc.what.applySubresource': 'apply --subresource',
  'lab.schema.name': 'lettres, chiffres, points, tirets, soulignés et deux-points seulement',
  'lab.schema.rawPath': 'un chemin sur l’API server, commençant par /',
}
