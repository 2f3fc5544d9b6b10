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
  // The identity's method, notes and extra rows (src-main/core/identity.ts, common/identity-extra.ts)
  'id.method.cert': 'sujet du certificat client (CN est l’utilisateur, chaque O un groupe)',
  'id.method.saToken': 'claims du jeton de ServiceAccount',
  'id.method.oidc': 'claims du jeton OIDC',
  'id.method.opaque': 'jeton bearer opaque',
  'id.method.basic': 'authentification basic',
  'id.method.anonymous':
    'aucun identifiant : le serveur traite la requête en anonyme (si --anonymous-auth le permet)',
  'id.note.subject': 'Sujet du certificat : {{subject}}',
  'id.note.masters': 'system:masters reçoit toutes les permissions sans que RBAC soit consulté.',
  'id.note.issuer': 'Émetteur du jeton : {{issuer}}',
  'id.note.issuerUnknown': 'Émetteur du jeton : inconnu',
  'id.note.expires': 'Le jeton expire le {{date}}',
  'id.note.oidc':
    'Le serveur associe les claims OIDC à un utilisateur selon ses options --oidc-username-claim et --oidc-groups-claim ; le nom affiché est une supposition.',
  'id.note.opaque':
    'Le jeton n’est pas un JWT, et ce serveur ne sert pas SelfSubjectReview : seul le serveur sait à qui il appartient.',
  'id.note.unserved':
    'Ce serveur ne sert pas SelfSubjectReview (alpha en 1.26, GA en 1.28) : Apiscope a donc déduit cette identité de l’identifiant qu’il envoie, et kubectl auth whoami ne peut pas non plus la lui demander. Aucun champ extra (identifiant de la credential, Pod et Node liés) ne peut s’afficher : seul le serveur les pose.',
  'idExtra.credentialId': 'Identifiant de la credential',
  'idExtra.credentialIdWhy':
    'La credential qui vous a authentifié : JTI=… pour un jeton de ServiceAccount (sa claim jti), X509SHA256=… pour un certificat client. Le journal d’audit l’enregistre aussi : une même credential se suit ainsi d’une requête à l’autre.',
  'idExtra.pod': 'Pod',
  'idExtra.podWhy': 'Le jeton est lié à ce Pod : supprimer le Pod l’invalide.',
  'idExtra.podUid': 'UID du Pod',
  'idExtra.podUidWhy': 'Le Pod lié, par son UID : un nouveau Pod du même nom est un autre Pod.',
  'idExtra.node': 'Node',
  'idExtra.nodeWhy': 'Le Node où tourne le Pod lié (ou le Node auquel le jeton est lié).',
  'idExtra.nodeUid': 'UID du Node',
  'idExtra.nodeUidWhy': 'Le même Node, par son UID.',
}
