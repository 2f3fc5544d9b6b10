// English texts of the request-log area (see en.ts).
export const requestLogEn = {
  // RequestLogView
  'log.titleRelayed': 'Requests sent and relayed',
  'log.title': 'Requests Apiscope sent',
  'log.count_one': '{{count}} request',
  'log.count_other': '{{count, number}} requests',
  'log.relayed': ' · {{count}} relayed',
  'log.asKubectl': ' · as',
  'log.prints': 'prints them',
  'log.newestFirst': 'newest first',
  'log.marked_one': '{{count}} request of this step marked ▶',
  'log.marked_other': '{{count, number}} requests of this step marked ▶',
  'log.time': 'Time',
  'log.verb': 'Verb',
  'log.status': 'Status',
  // A row's button, as a screen reader says it (its visible text, the time, first).
  'log.rowAria': '{{time}}: {{method}} {{url}}, {{status}}',
  'log.rowAriaStep': '{{time}}: {{method}} {{url}}, {{status}}, this step’s request',
  'log.detail': 'Request detail',
  'log.closeDetail': 'Close the detail',
  'log.failed': 'failed',
  'log.warnings_one': 'Warning',
  'log.warnings_other': '{{count}} warnings',
  'log.none': 'No request yet.',
  'log.relayedFrom':
    'Relayed from {{client}}: a recording keeps its line, not its headers and bodies.',
  'log.credentials':
    'Credentials are elided: set $CA, $CERT and $KEY (or $TOKEN) from your kubeconfig.',
  'proxy.lineLabel': 'kubectl through Apiscope:',
  'proxy.seeYours': 'See your own kubectl commands here:',
  'proxy.startLong': 'Start the kubectl proxy',
  'open.choose': 'Choose a file…',
} as const
