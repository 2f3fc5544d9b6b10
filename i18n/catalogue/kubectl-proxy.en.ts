// English texts of the kubectl-proxy area (see en.ts).
export const kubectlProxyEn = {
  // RelayedDetail
  'kproxy.streaming': 'still streaming',
  'kproxy.cut': 'closed before its end',
  'kproxy.failed': 'failed',
  'kproxy.done': 'done',
  'kproxy.readAgain': 'Read again',
  'kproxy.redacted_one': '{{count}} value redacted',
  'kproxy.redacted_other': '{{count}} values redacted',
  'kproxy.request': 'Request',
  'kproxy.requestHeaders': 'Request headers',
  'kproxy.requestBody': 'Request body',
  'kproxy.response': 'Response',
  'kproxy.responseHeaders': 'Response headers',
  'kproxy.responseBody': 'Response body',
  'kproxy.body': 'Body · {{about}}',
  'kproxy.noContentType': 'no Content-Type',
  'kproxy.gzipped': 'gzipped',
  'kproxy.firstPart': 'first part shown',
  'kproxy.bytes_one': '{{count}} byte',
  'kproxy.bytes_other': '{{count, number}} bytes',
  'kproxy.noAnswer': 'No answer yet.',
  'kproxy.loading': 'Loading headers and bodies…',
  'kproxy.binary': '{{contentType}}: binary, not shown',
  'kproxy.cutCredential': 'cut at the capture limit, about a credential',
  'kproxy.upgradeRefused': 'connection upgrade refused by Apiscope’s proxy',
  // The core's answers (src-main/features/kubectl-proxy/handlers.ts)
  'kproxy.sessionEnded': 'The proxy stopped: the session it relayed to ended.',
  // The proxy's own Status answers to kubectl (their message; reason and code are the API's words),
  // in the language of the environment Apiscope runs in, as kubectl's terminal reads them.
  'kproxy.answer.noCredential':
    'Apiscope’s kubectl proxy: this request does not carry the proxy’s credential. Use the kubeconfig Apiscope wrote (its KUBECONFIG line), not another one.',
  'kproxy.answer.noCredentialUpgrade':
    'Apiscope’s kubectl proxy: this request does not carry the proxy’s credential.',
  'kproxy.answer.pathsOnly': 'Apiscope’s kubectl proxy relays paths only.',
  'kproxy.answer.noUserCredentials': 'Apiscope could not get credentials: {{message}}',
  'kproxy.answer.noServer': 'The API server did not answer: {{message}}',
  'kproxy.answer.upgrade':
    'Apiscope’s kubectl proxy does not relay exec, attach or port-forward: they upgrade the connection to a stream Apiscope cannot show or redact. Run this command with your own context instead: kubectl --context {{context}} ...',
  'kproxy.err.cannotOpen': 'Cannot open the kubectl proxy',
  'kproxy.err.cannotOpenNext': 'Is the temporary folder writable? Try again.',
  'kproxy.err.liveOnly': 'Headers and bodies are shown live only',
  'kproxy.err.liveOnlyDetail':
    'A recording keeps each relayed request’s line, not its headers and bodies.',
  'kproxy.err.liveOnlyNext': 'Close the replay to see a live request’s headers and bodies.',
  'kproxy.err.notKept': 'This relayed request is no longer kept',
  'kproxy.err.notKeptDetail':
    'Request {{seq}}: the proxy keeps the last {{n, number}} requests while it runs.',
  'kproxy.err.notKeptNext': 'Pick a more recent request, or start the proxy again.',
} as const
