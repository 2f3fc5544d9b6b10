// French texts of the overview area: exactly the keys of overview.en.ts (see fr.ts).
import type { overviewEn } from './overview.en'

export const overviewFr: { readonly [K in keyof typeof overviewEn]: string } = {
  'copy.copy': 'Copier',
  'copy.copied': 'Copié',
  'ov.asking': 'Question posée au serveur…',
  'id.title': 'Qui vous êtes, selon le serveur',
  'id.refresh': 'Actualiser',
  'id.fromServer': 'dit par le serveur',
  'id.derived': 'déduit par Apiscope',
  'id.derivedTitle':
    'Le serveur ne peut pas le dire dans cette version ; Apiscope a lu l’identifiant',
  'id.terminal': 'La même question depuis un terminal :',
  'rules.title': 'Ce que vous pouvez faire',
  'rules.inNamespace': 'namespace',
  'rules.namespace': 'Namespace',
  'rules.check': 'Vérifier',
  'rules.for': 'SelfSubjectRulesReview pour',
  'rules.incomplete': 'incomplet : certains autorisateurs ne savent pas lister leurs règles',
  'rules.aria': 'Règles d’accès',
  'rules.verbs': 'Verbes',
  'rules.resources': 'Ressources',
  'rules.groups': 'Groupes d’API',
  'health.title': 'Serveur d’API',
  'health.checking': 'Vérification…',
  'health.again': 'Revérifier',
  'health.built': 'compilé le {{date}}',
  'health.noAnswer': 'pas de réponse',
  'health.failed': 'échec',
  'health.aria': 'Vérifications livez et readyz',
  'health.check': 'Vérification',
  'health.checkedAt': 'Vérifié à {{time}}',
  'proxy.title': 'kubectl à travers Apiscope',
  'proxy.stop': 'Arrêter',
  'proxy.starting': 'Démarrage…',
  'proxy.start': 'Démarrer',
  'proxy.paste':
    'Collez cette ligne dans un terminal : chaque commande kubectl qui y est lancée passe par Apiscope vers',
  'proxy.pasteEnd': 'et s’affiche en direct dans Requêtes et Trafic en direct.',
  'proxy.credentials':
    'Vos identifiants restent dans Apiscope : le fichier ne contient qu’une clé pour ce proxy, et disparaît à son arrêt. exec, attach et port-forward sont refusés.',
  'proxy.replay': 'Un rejeu ne relaie rien : le proxy sert à une session en direct.',
  'proxy.connect': 'Connectez-vous à un contexte pour lui relayer kubectl.',
  'proxy.intro': 'Démarrez un proxy local pour',
  'proxy.introEnd':
    ', puis collez la ligne qu’il donne dans un terminal : chaque requête envoyée par kubectl s’affiche ici avec sa réponse, comme',
  'proxy.introTail': 'l’afficherait, masquée.',
}
