// English texts of the stages area (see en.ts).
export const stagesEn = {
  // StagePath: the stages' names and marks (the sentence under it is the core's, English)
  'stageName.authentication': 'Authentication',
  'stageName.flow-control': 'Priority & Fairness',
  'stageName.authorization': 'Authorization',
  'stageName.decoding': 'Decoding',
  'stageName.mutating-admission': 'Mutating admission',
  'stageName.schema-validation': 'Schema validation',
  'stageName.validating-admission': 'Validating admission',
  'stageName.persistence': 'etcd',
  'stageName.storage-read': 'Watch cache / etcd',
  'stageName.aggregation': 'Aggregation layer',
  'mark.passed': 'passed',
  'mark.refused': 'stopped here',
  'mark.dry-run': 'dry run: not stored',
  'mark.maybe': 'maybe here',
  'mark.unknown': 'not shown by the answer',
  'mark.not-reached': 'not reached',
  'mark.not-applicable': 'not part of this request',
  'stages.title': 'Path through the API server',
  'stages.travelling': 'Travelling…',
  'stages.replay': 'Replay (R)',
} as const
