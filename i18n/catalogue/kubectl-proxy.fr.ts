// French texts of the kubectl-proxy area: exactly the keys of kubectl-proxy.en.ts (see fr.ts).
import type { kubectlProxyEn } from './kubectl-proxy.en'

export const kubectlProxyFr: { readonly [K in keyof typeof kubectlProxyEn]: string } = {
  'kproxy.streaming': 'flux encore ouvert',
  'kproxy.cut': 'fermée avant la fin',
  'kproxy.failed': 'en échec',
  'kproxy.done': 'terminée',
  'kproxy.readAgain': 'Relire',
  'kproxy.redacted_one': '{{count}} valeur masquée',
  'kproxy.redacted_other': '{{count}} valeurs masquées',
  'kproxy.request': 'Requête',
  'kproxy.requestHeaders': 'En-têtes de la requête',
  'kproxy.requestBody': 'Corps de la requête',
  'kproxy.response': 'Réponse',
  'kproxy.responseHeaders': 'En-têtes de la réponse',
  'kproxy.responseBody': 'Corps de la réponse',
  'kproxy.body': 'Corps · {{about}}',
  'kproxy.noContentType': 'pas de Content-Type',
  'kproxy.gzipped': 'compressé en gzip',
  'kproxy.firstPart': 'début seulement',
  'kproxy.bytes_one': '{{count}} octet',
  'kproxy.bytes_other': '{{count, number}} octets',
  'kproxy.noAnswer': 'Pas encore de réponse.',
  'kproxy.loading': 'Chargement des en-têtes et des corps…',
  'kproxy.binary': '{{contentType}} : binaire, non affiché',
  'kproxy.cutCredential': 'coupé à la limite de capture, et il porte sur un identifiant',
  'kproxy.upgradeRefused': 'Upgrade de la connexion refusé par le proxy d’Apiscope',
  'kproxy.sessionEnded': 'Le proxy s’est arrêté : la session qu’il relayait a pris fin.',
  'kproxy.answer.noCredential':
    'Proxy kubectl d’Apiscope : cette requête ne porte pas l’identifiant du proxy. Utilisez le kubeconfig écrit par Apiscope (sa ligne KUBECONFIG), pas un autre.',
  'kproxy.answer.noCredentialUpgrade':
    'Proxy kubectl d’Apiscope : cette requête ne porte pas l’identifiant du proxy.',
  'kproxy.answer.pathsOnly': 'Le proxy kubectl d’Apiscope ne relaie que des chemins.',
  'kproxy.answer.noUserCredentials': 'Apiscope n’a pas pu obtenir d’identifiants : {{message}}',
  'kproxy.answer.noServer': 'Le serveur d’API n’a pas répondu : {{message}}',
  'kproxy.answer.upgrade':
    'Le proxy kubectl d’Apiscope ne relaie pas exec, attach ni port-forward : ils changent la connexion en un flux qu’Apiscope ne peut ni afficher ni masquer. Lancez plutôt cette commande avec votre propre contexte : kubectl --context {{context}} ...',
  'kproxy.err.cannotOpen': 'Impossible d’ouvrir le proxy kubectl',
  'kproxy.err.cannotOpenNext': 'Le dossier temporaire est-il accessible en écriture ? Réessayez.',
  'kproxy.err.liveOnly': 'Les en-têtes et les corps ne s’affichent qu’en direct',
  'kproxy.err.liveOnlyDetail':
    'Un enregistrement garde la ligne de chaque requête relayée, pas ses en-têtes ni ses corps.',
  'kproxy.err.liveOnlyNext':
    'Fermez le rejeu pour voir les en-têtes et les corps d’une requête en direct.',
  'kproxy.err.notKept': 'Cette requête relayée n’est plus conservée',
  'kproxy.err.notKeptDetail':
    'Requête {{seq}} : le proxy garde les {{n, number}} dernières requêtes tant qu’il tourne.',
  'kproxy.err.notKeptNext': 'Choisissez une requête plus récente, ou relancez le proxy.',
}
