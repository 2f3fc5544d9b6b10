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
}
