// What a watch request's query says about how it starts, read from its URI alone (an audit
// event's requestURI): a streaming list (sendInitialEvents=true, Kubernetes 1.27+, what kubectl
// 1.37 and client-go's reflectors send where WatchList is on) or a plain watch from a
// resourceVersion. The API concepts page: https://kubernetes.io/docs/reference/using-api/api-concepts/#streaming-lists
export interface WatchQuery {
  streamingList: boolean
  /** Every query parameter, in the order sent. */
  params: { name: string; value: string }[]
  /** How the server answers such a watch, in a sentence. */
  explanation: string
}

/** null when the URI is not a watch (no watch=true or watch=1). */
export function watchQueryOf(
  uri: string,
  verb?: string,
  /** The answer's code: a refused streaming list says what a client does next. */
  code?: number | null,
): WatchQuery | null {
  const q = uri.indexOf('?')
  const query = new URLSearchParams(q < 0 ? '' : uri.slice(q + 1))
  const watch = query.get('watch')
  if (verb !== 'watch' && watch !== 'true' && watch !== '1') return null
  const params = [...query.entries()].map(([name, value]) => ({ name, value }))
  const streamingList = query.get('sendInitialEvents') === 'true'
  const rv = query.get('resourceVersion')
  const refused = streamingList && code !== undefined && code !== null && code >= 400
  const explanation = refused
    ? `Asked as a streaming list, refused with ${code}: servers before 1.27, or with WatchList off, do not serve one. A client such as kubectl then falls back to a list and a watch from the list's resourceVersion.`
    : streamingList
      ? `A streaming list: the server first sends the current state as ADDED events${rv ? ` as of resourceVersion ${rv} or newer` : ' (no resourceVersion: a consistent read)'}, then a BOOKMARK annotated k8s.io/initial-events-end, then every change, on one connection instead of a list and a watch.`
      : rv
        ? `A watch from resourceVersion ${rv}: only the changes after it${rv === '0' ? ' (0: any state the watch cache has, sent first as ADDED events)' : ''}.`
        : 'A watch with no resourceVersion: the current state as ADDED events, then the changes.'
  return { streamingList, params, explanation }
}
