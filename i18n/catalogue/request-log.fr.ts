// French texts of the request-log area: exactly the keys of request-log.en.ts (see fr.ts).
import type { requestLogEn } from './request-log.en'

export const requestLogFr: { readonly [K in keyof typeof requestLogEn]: string } = {
  'log.titleRelayed': 'Requêtes envoyées et relayées',
  'log.title': 'Requêtes envoyées par Apiscope',
  'log.count_one': '{{count}} requête',
  'log.count_other': '{{count, number}} requêtes',
  'log.relayed': ' · {{count}} relayées',
  'log.asKubectl': ' · comme',
  'log.prints': 'les affiche',
  'log.newestFirst': 'plus récentes d’abord',
  'log.marked_one': '{{count}} requête de cette étape marquée ▶',
  'log.marked_other': '{{count, number}} requêtes de cette étape marquées ▶',
  'log.time': 'Heure',
  'log.verb': 'Verbe',
  'log.status': 'Statut',
  'log.rowAria': '{{time}} : {{method}} {{url}}, {{status}}',
  'log.rowAriaStep': '{{time}} : {{method}} {{url}}, {{status}}, requête de cette étape',
  'log.detail': 'Détail de la requête',
  'log.closeDetail': 'Fermer le détail',
  'log.failed': 'échec',
  'log.warnings_one': 'Avertissement',
  'log.warnings_other': '{{count}} avertissements',
  'log.none': 'Aucune requête pour l’instant.',
  'log.relayedFrom':
    'Relayée depuis {{client}} : un enregistrement garde sa ligne, pas ses en-têtes ni ses corps.',
  'log.credentials':
    'Les identifiants sont omis : renseignez $CA, $CERT et $KEY (ou $TOKEN) d’après votre kubeconfig.',
  'proxy.lineLabel': 'kubectl à travers Apiscope :',
  'proxy.seeYours': 'Voir ici vos propres commandes kubectl :',
  'proxy.startLong': 'Démarrer le proxy kubectl',
  'open.choose': 'Choisir un fichier…',
}
