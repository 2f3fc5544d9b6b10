// What a watch request's query says about how it starts, read from its URI alone (an audit
// event's requestURI): a streaming list (sendInitialEvents=true, Kubernetes 1.27+, what kubectl
// 1.37 and client-go's reflectors send where WatchList is on) or a plain watch from a
// resourceVersion. The API concepts page: https://kubernetes.io/docs/reference/using-api/api-concepts/#streaming-lists
import { said, type Said } from '@i18n/translate'

export interface WatchQuery {
  streamingList: boolean
  /** Every query parameter, in the order sent. */
  params: { name: string; value: string }[]
  /** How the server answers such a watch, in a sentence. */
  explanation: string
  /** The same sentence by key, for the renderer to say in the person's language. */
  said: Said
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
  const explained: Said = refused
    ? said('traffic.watchQuery.refused', { code })
    : streamingList
      ? rv
        ? said('traffic.watchQuery.streaming', { rv })
        : said('traffic.watchQuery.streamingConsistent')
      : rv
        ? rv === '0'
          ? said('traffic.watchQuery.fromZero')
          : said('traffic.watchQuery.from', { rv })
        : said('traffic.watchQuery.noRv')
  return { streamingList, params, explanation: explained.text, said: explained }
}
