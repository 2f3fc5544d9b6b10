// The HTTP method each of the API's eight verbs travels as (Kubernetes API concepts, "API verbs":
// https://kubernetes.io/docs/reference/using-api/api-concepts/#api-verbs). Pure.

export type ApiVerb =
  'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export const METHOD_OF_VERB: Readonly<Record<ApiVerb, HttpMethod>> = {
  get: 'GET',
  list: 'GET',
  watch: 'GET',
  create: 'POST',
  update: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  deletecollection: 'DELETE',
}

/** The method of a verb as an audit event or a lab request names it; undefined for others. */
export function methodOfVerb(verb: string): HttpMethod | undefined {
  return Object.hasOwn(METHOD_OF_VERB, verb) ? METHOD_OF_VERB[verb as ApiVerb] : undefined
}
