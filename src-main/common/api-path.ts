// What a Kubernetes API path names: group, version, namespace, resource, name and subresource,
// read by the URL layout of https://kubernetes.io/docs/reference/using-api/api-concepts/#resource-uris.
// Pure; a path that is not a resource path (/healthz, /metrics, /apis) answers null.

export interface ApiPathParts {
  group: string
  version: string
  namespace?: string
  resource: string
  name?: string
  subresource?: string
}

export function parseApiPath(pathAndQuery: string): ApiPathParts | null {
  const path = pathAndQuery.split('?')[0] ?? ''
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent)
  let rest: string[]
  let group: string
  if (segments[0] === 'api') {
    group = ''
    rest = segments.slice(1)
  } else if (segments[0] === 'apis' && segments.length >= 3) {
    group = segments[1] ?? ''
    rest = segments.slice(2)
  } else return null
  const [version, ...tail] = rest
  if (!version || tail.length === 0) return null
  let namespace: string | undefined
  // /namespaces/NAME is the namespace itself unless a resource follows it (its own subresources,
  // status and finalize, are no resource names).
  if (
    tail[0] === 'namespaces' &&
    tail.length >= 3 &&
    !(tail.length === 3 && (tail[2] === 'status' || tail[2] === 'finalize'))
  ) {
    namespace = tail[1]
    tail.splice(0, 2)
  }
  const [resource, name, subresource] = tail
  if (!resource) return null
  return {
    group,
    version,
    ...(namespace ? { namespace } : {}),
    resource,
    ...(name ? { name } : {}),
    ...(subresource ? { subresource } : {}),
  }
}

/** "serviceaccounts/token", "configmaps": the resource with its subresource, as audit names it. */
export function fullResourceOf(pathAndQuery: string): string | undefined {
  const parts = parseApiPath(pathAndQuery)
  if (!parts) return undefined
  return parts.subresource ? `${parts.resource}/${parts.subresource}` : parts.resource
}
