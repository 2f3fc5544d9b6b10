// English texts of the cli area (see en.ts).
export const cliEn = {
  // The command line (src-main/cli)
  'cli.exitCodes': `Exit codes:
  0  done (or --help)
  1  failed while running: no cluster answered, a file could not be written...
  2  usage error: an unknown command or option, a missing or invalid value`,
  'cli.serveUsage': `  apiscope serve [--port N] [--no-open] [--demo | --demo-if-no-cluster]
                 [--store-budget MB]
      browser mode on 127.0.0.1 (prints the URL with its token);
      --demo opens the bundled demo recording, no cluster needed;
      --demo-if-no-cluster opens it when no cluster answers;`,
  'cli.recordUsage': `  apiscope record --out FILE [--context C] [--watch configmaps,deployments.apps]
                  [--namespace N] [--audit-webhook PORT | --audit-log PATH]
                  [--gzip] [--include-secrets] [--title T] [--proxy]
      records until interrupted, printing progress; --proxy also opens the
      kubectl proxy and prints its line: the kubectl commands typed there are
      recorded`,
  'cli.proxyUsage': `  apiscope proxy [--context C] [--quiet]
      relays kubectl to the context through a local proxy and prints the line
      to paste (export KUBECONFIG=...), then each request as it passes, until
      interrupted; --quiet prints the line only`,
  'cli.footer': 'The cluster comes from KUBECONFIG or ~/.kube/config, like kubectl.',
  'cli.title': 'Apiscope {{version}}: makes the Kubernetes API server visible.',
  'cli.usage': 'Usage:',
  'cli.commandHelp': `  apiscope <command> --help
      that command's usage (or apiscope help <command>)`,
  'cli.language': `Language: French when LC_ALL, LC_MESSAGES or LANG names fr (fr_FR.UTF-8),
English otherwise.`,
  'cli.unknownCommand': 'unknown command "{{command}}"',
  'cli.unknownOption': "unknown option '{{option}}'",
  'cli.needsValue': "option '{{option}}' needs a value",
  'cli.unexpected': 'unexpected argument {{argument}}',
  'cli.port': '--port must be a number from 0 to 65535, not "{{value}}"',
  'cli.notBuilt': 'The renderer is not built ({{dir}} is missing). Run: npm run build:only',
  'cli.running':
    'Apiscope is running in browser mode. Open this URL (it holds a per-launch token):',

  // The progress of `apiscope record` and `apiscope proxy` (stderr)
  'cli.rec.outRequired': '--out FILE is required',
  'cli.rec.bothAudit': 'give --audit-webhook or --audit-log, not both',
  'cli.rec.discoveryFailed': 'discovery failed: {{title}}',
  'cli.rec.noResource': 'the server serves no watchable resource "{{spec}}"',
  'cli.rec.secrets': 'apiscope: recording Secret values in clear (--include-secrets)',
  'cli.rec.watchFailed': 'watch {{resource}}: {{title}}',
  'cli.rec.auditFailed': 'audit stream: {{title}}. {{detail}}',
  'cli.rec.proxyFailed': 'kubectl proxy: {{title}}. {{detail}}',
  'cli.rec.proxyOpen':
    'apiscope: kubectl proxy open; the kubectl commands run after this line are recorded:',
  'cli.rec.recording': 'apiscope: recording {{resources}} to {{out}}; Ctrl-C stops',
  'cli.rec.recordingIn':
    'apiscope: recording {{resources}} in {{namespace}} to {{out}}; Ctrl-C stops',
  'cli.rec.progress': 'events {{events}} · {{size}} · {{clock}}',
  'cli.rec.recorded_one': 'apiscope: recorded {{count}} event, {{size}}, {{clock}} to {{out}}',
  'cli.rec.recorded_other':
    'apiscope: recorded {{count, number}} events, {{size}}, {{clock}} to {{out}}',
  'cli.proxy.open':
    'apiscope: kubectl proxy for context {{context}} on {{address}}. Paste this line in a terminal:',
  'cli.proxy.stops': 'apiscope: Ctrl-C stops the proxy and removes its kubeconfig.',
  'cli.proxy.relayed': '{{method}} {{url}} {{status}} in {{ms}} milliseconds',
  'cli.proxy.failed': 'failed',
} as const
