// English texts of the stages area (see en.ts).
export const stagesEn = {
  // StagePath: the stages' names and marks
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
  // The path's name in the export picker (data-export-panel)
  'stages.panel': 'Stage path',
  // The sentence under the path (common/stage-steps.ts stopSentence) and the path's own words
  'stages.aria': '{{title}}. {{sentence}} Press R to replay.',
  // Between a stage's name and its mark in the box's tooltip (French puts a space before it)
  'stages.colon': ': ',
  'stages.noRequest': 'No request sent yet.',
  'stages.stoppedAt': 'Stopped at {{stage}}.',
  'stages.dryRun': 'Dry run: stopped just before etcd.',
  'stages.unproven': 'Answered; the answer does not show it went through {{stages}}.',
  'stages.outside_one': 'Went through every stage of this request; {{stages}} is not part of it.',
  'stages.outside_other':
    'Went through every stage of this request; {{stages}} are not part of it.',
  'stages.and': 'and',
  'stages.everyStage': 'Went through every stage.',
  'stages.oneOf': 'Stopped at one of: {{stages}} (the response does not say which).',
  'stages.cannotTell': 'Where it stopped cannot be told from the response.',
} as const
