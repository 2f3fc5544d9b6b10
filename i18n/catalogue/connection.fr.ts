// French texts of the connection area: exactly the keys of connection.en.ts (see fr.ts).
import type { connectionEn } from './connection.en'

export const connectionFr: { readonly [K in keyof typeof connectionEn]: string } = {
  'fail.execNotFound.title':
    'Le plugin d’identification « {{command}} » n’est pas installé ou pas dans le PATH',
  'fail.execNotFound.detail':
    'Le contexte « {{context}} » obtient ses identifiants en lançant « {{command}} », introuvable (PATH={{path}}).',
  'fail.execNotFound.next':
    'Installez {{command}}, ou vérifiez qu’il est dans le PATH de votre shell de connexion ; puis réessayez.',
  'fail.execFailed.title': 'Le plugin d’identification « {{command}} » a échoué',
  'fail.execFailed.silent': '(il n’a rien écrit sur stderr)',
  'fail.execFailed.next':
    'Lancez le plugin vous-même pour voir pourquoi (kubectl --context {{context}} get --raw /version fait de même) ; souvent il faut se reconnecter.',
  'fail.kubeconfigMalformed.title': 'Les identifiants du kubeconfig sont illisibles',
  'fail.kubeconfigMalformed.next':
    'Vérifiez l’entrée user de ce contexte (kubectl config view --minify).',
  'fail.timeout.title': '{{host}} n’a pas répondu à temps',
  'fail.timeout.next':
    'Vérifiez que l’adresse est joignable depuis cette machine (un VPN, un pare-feu, une VM arrêtée). Pour minikube : minikube status.',
  'fail.dns.title': 'Le nom {{host}} ne se résout pas',
  'fail.dns.next': 'Vérifiez l’adresse du serveur dans le kubeconfig, et votre DNS ou VPN.',
  'fail.refused.title': 'Rien ne répond à {{host}}',
  'fail.refused.next':
    'Le cluster tourne-t-il ? Pour minikube : minikube status, puis minikube start.',
  'fail.tlsCa.title':
    'Le certificat du serveur n’est pas signé par la CA à laquelle ce kubeconfig se fie',
  'fail.tlsCa.next':
    'La CA du cluster a changé (minikube delete/start le fait) ou le kubeconfig vise un autre serveur. Rafraîchissez le kubeconfig : minikube update-context, ou recopiez la CA du cluster.',
  'fail.tlsSystemCa.title':
    'Le certificat du serveur n’est signé par aucune CA à laquelle cet ordinateur se fie',
  'fail.tlsSystemCa.next':
    'Ce kubeconfig ne nomme pas de CA pour le cluster : son certificat est donc vérifié avec les CA de confiance du système, comme le fait kubectl. Ajoutez la CA du cluster au kubeconfig (certificate-authority-data, ou certificate-authority avec son fichier), ou au magasin de confiance du système.',
  'fail.tlsHostname.title': 'Le certificat du serveur n’est pas valable pour {{host}}',
  'fail.tlsHostname.next':
    'Utilisez l’adresse pour laquelle le certificat a été émis, ou renseignez tls-server-name dans l’entrée cluster.',
  'fail.certExpired.title': 'Le certificat du serveur a expiré',
  'fail.certExpired.next':
    'Renouvelez les certificats du cluster (pour minikube : minikube start les renouvelle).',
  'fail.connection.title': 'La connexion à {{host}} a échoué',
  'fail.connection.next': 'Vérifiez l’adresse du serveur et que le cluster tourne.',
  'fail.clientCertExpired.title': 'Votre certificat client a expiré',
  'fail.clientCertExpired.detail':
    'Il était valable jusqu’au {{date}} ; le serveur a répondu 401 Unauthorized.',
  'fail.clientCertExpired.next':
    'Obtenez un certificat neuf : pour minikube, minikube start le renouvelle ; ailleurs, demandez de nouveaux identifiants.',
  'fail.unauthorized.title': 'Le serveur refuse ces identifiants (401 Unauthorized)',
  'fail.unauthorized.detail':
    '{{server}}. L’authentification a échoué : le jeton ou le certificat est inconnu, expiré ou révoqué.',
  'fail.unauthorized.next':
    'Renouvelez les identifiants du contexte « {{context}} » (reconnectez-vous, ou régénérez le jeton).',
  'fail.forbidden.title': 'Authentifié, mais pas autorisé (403 Forbidden)',
  'fail.forbidden.next':
    'RBAC en décide : demandez un binding de Role ou de ClusterRole qui accorde ce verbe sur cette ressource.',
  'fail.http.title': '{{path}} a répondu {{status}}',
  'fail.http.next': 'Voyez le journal des requêtes pour la requête et la réponse exactes.',
  'fail.unexpected.title': 'Erreur inattendue',
  'fail.unexpected.next': 'Merci de la signaler, avec le journal des requêtes.',
  'fail.notJson.title': '{{path}} n’a pas répondu en JSON',
  'fail.notJson.next': 'Cette adresse est-elle celle d’un API server Kubernetes ?',
  'core.err.notConnected': 'Pas connecté à un cluster',
  'core.err.notConnectedDetail': 'Choisissez un contexte auquel vous connecter.',
  'core.err.notConnectedNext': 'Choisissez un contexte dans la barre du haut.',
  'core.err.replay': 'Ceci est un rejeu : rien n’est envoyé à un cluster',
  'core.err.replayDetail':
    'Un enregistrement est ouvert ; requêtes, watches et applies demandent une connexion en direct.',
  'core.err.replayNext':
    'Fermez le rejeu (ou choisissez un contexte) pour retravailler avec un cluster.',
  'core.err.unknownRequest': 'Requête inconnue',
  'core.err.malformed': 'Requête {{channel}} mal formée',
  'core.err.issue': '{{path}} : {{message}}',
  'core.err.issueNext': ' ; {{path}} : {{message}}',
  'core.err.payload': '(contenu)',
  'core.err.superseded': 'Remplacée par une autre connexion',
  'core.err.untrustedFrame': 'Refusé : message venu d’un cadre non fiable',
  'host.refused':
    'Apiscope a refusé cette requête : {{reason}}.\nOuvrez l’URL qu’a affichée « apiscope serve ».',
  'host.foreignHost': 'en-tête Host étranger « {{host}} »',
  'host.foreignOrigin': 'Origin étrangère « {{origin}} »',
  'host.noToken': 'jeton absent ou faux',
  'connect.title': 'Se connecter à un cluster',
  'connect.intro':
    'Apiscope lit votre kubeconfig comme kubectl, et ne parle qu’au serveur d’API qu’il désigne. Choisissez un contexte.',
  'connect.reading': 'Lecture du kubeconfig…',
  'connect.readAgain': 'Relire le kubeconfig',
  'connect.from': 'D’après {{files}}',
  'connect.noContext': 'Ce kubeconfig ne définit aucun contexte.',
  'connect.context': 'Contexte',
  'connect.server': 'Serveur',
  'connect.user': 'Utilisateur',
  'connect.credentials': 'Identifiants',
  'connect.namespace': 'Namespace',
  'connect.default': 'par défaut',
  'connect.connectTo': 'Se connecter à {{name}}',
  'connect.connecting': 'Connexion…',
  'connect.connect': 'Connecter',
  'auth.client-certificate': 'certificat client',
  'auth.token': 'jeton bearer',
  'auth.token-file': 'fichier de jeton',
  'auth.exec': 'plugin exec',
  'auth.auth-provider': 'auth provider',
  'auth.basic': 'authentification basic',
  'auth.none': 'aucun identifiant',
  // Kubeconfig loading (src-main/core/kubeconfig-loader.ts): its errors and warnings
  'kcfg.unreadable.title': 'Le fichier kubeconfig est illisible',
  'kcfg.unreadable.next':
    'Corrigez {{file}} (kubectl config view montre ce que kubectl en comprend), ou faites pointer KUBECONFIG vers un autre fichier.',
  'kcfg.unopenable.title': 'Le fichier kubeconfig ne s’ouvre pas',
  'kcfg.unopenable.next': 'Vérifiez les droits du fichier (ls -l {{file}}).',
  'kcfg.none.title': 'Aucun kubeconfig trouvé',
  'kcfg.none.fromEnv': 'KUBECONFIG nomme {{files}}, et aucun n’existe.',
  'kcfg.none.noFile': 'Il n’y a pas de {{file}}.',
  'kcfg.none.next':
    'Lancez un cluster local (minikube start écrit ~/.kube/config), ou faites pointer KUBECONFIG vers un fichier kubeconfig.',
  'kcfg.warn.shadowed': '« {{name}} » dans {{file}} est ignoré : {{first}} le définit d’abord',
  'kcfg.warn.missing': '{{file}} (nommé dans KUBECONFIG) n’existe pas',
  'kcfg.at': '{{file}} : {{what}}',
  'kcfg.atLine': '{{file}}, ligne {{line}} : {{what}}',
  'kcfg.what.invalidYaml': 'YAML invalide',
  'kcfg.what.topNotMapping': 'le niveau supérieur n’est pas un mapping',
  'kcfg.what.notList': '« {{section}} » doit être une liste',
  'kcfg.what.entryNotMapping': 'une entrée de « {{section}} » n’est pas un mapping',
  'kcfg.what.noName': 'une entrée de « {{section}} » n’a pas de nom',
  'kcfg.what.noBody': '{{section}} « {{name}} » n’a pas de mapping « {{inner}} »',
  'kcfg.noContexts.title': 'Le kubeconfig n’a aucun contexte',
  'kcfg.noContexts.detail': '{{files}} ne définissent aucun contexte.',
  'kcfg.noContexts.next': 'Créez-en un (kubectl config set-context) ou lancez minikube.',
  'kcfg.noContext.title': 'Il n’y a pas de contexte « {{context}} »',
  'kcfg.noContext.known': 'Le kubeconfig définit : {{contexts}}.',
  'kcfg.noContext.none': 'Le kubeconfig ne définit aucun contexte.',
  'kcfg.noContext.next':
    'Choisissez l’un des contextes listés (kubectl config get-contexts montre la même liste).',
  'kcfg.noCluster.title': 'Le contexte « {{context}} » nomme un cluster qui n’est pas défini',
  'kcfg.noCluster.noServer': 'Le cluster « {{cluster}} » de {{file}} n’a pas d’adresse de serveur.',
  'kcfg.noCluster.missing': 'Pas de cluster « {{cluster}} » dans {{files}}.',
  'kcfg.noCluster.next':
    'Ajoutez le cluster (kubectl config set-cluster {{cluster}} --server=https://...) ou corrigez le contexte.',
  'kcfg.unusable.title': 'Le contexte « {{context}} » est inutilisable',
  'kcfg.unusable.execEnv':
    'L’env exec de l’utilisateur « {{user}} » dans {{file}} doit être une liste de paires {name, value} de texte.',
  'kcfg.unusable.execEnvNext':
    'Corrigez users[{{user}}].user.exec.env (kubectl config view --minify le montre).',
  'kcfg.unusable.next':
    'Vérifiez le contexte, son cluster et son utilisateur avec kubectl config view --minify.',
  // Why the demo opened by itself (src-main/assembly/demo-fallback.ts)
  'demo.fallbackReason': 'Aucun cluster n’a répondu ({{failure}}) : voici la démo fournie.',
}
