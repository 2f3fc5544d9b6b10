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
}
