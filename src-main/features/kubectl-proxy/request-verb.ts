// What the API server will call a relayed request: its verb (list, watch, get, create, patch,
// deletecollection...) and what it addresses (group, version, resource, namespace, name,
// subresource), by the rules of kube-apiserver's RequestInfoFactory
// (k8s.io/apiserver/pkg/endpoints/request/requestinfo.go). Pure; the proxy shapes its audit-like
// events from it, so the live-traffic view reads a relayed request as it reads an audited one.
import { parseApiPath } from '@common/api-path'

export interface RequestTarget {
  verb: string
  /** As an audit event's objectRef: absent for a non-resource URL (/readyz, /api, /apis). */
  objectRef?: {
    resource: string
    subresource?: string
    namespace?: string
    name?: string
    apiGroup: string
    apiVersion: string
  }
}

export function requestTarget(method: string, pathAndQuery: string): RequestTarget {
  const [path = '', search = ''] = pathAndQuery.split('?', 2)
  const query = new URLSearchParams(search)
  const m = method.toUpperCase()
  // The deprecated /watch/ prefix (/api/v1/watch/pods) still names a watch.
  const legacyWatch = /^\/(api|apis\/[^/]+)\/[^/]+\/watch\//.test(path)
  const parts = parseApiPath(legacyWatch ? path.replace(/\/watch\//, '/') : path)
  if (!parts) return { verb: m.toLowerCase() }
  const watch = legacyWatch || ['true', '1'].includes(query.get('watch') ?? '')
  let verb: string
  switch (m) {
    case 'GET':
    case 'HEAD':
      verb = watch ? 'watch' : parts.name ? 'get' : 'list'
      break
    case 'POST':
      verb = 'create'
      break
    case 'PUT':
      verb = 'update'
      break
    case 'PATCH':
      verb = 'patch'
      break
    case 'DELETE':
      verb = parts.name ? 'delete' : 'deletecollection'
      break
    default:
      verb = m.toLowerCase()
  }
  // A field selector on metadata.name makes a list or watch of one object (kubectl get -w NAME).
  const named = /(?:^|,)metadata\.name=([^,]+)/.exec(query.get('fieldSelector') ?? '')?.[1]
  const name = parts.name ?? named
  // The namespace object is its own namespace, as kube-apiserver records it.
  const namespace =
    parts.namespace ?? (parts.resource === 'namespaces' && parts.name ? parts.name : undefined)
  return {
    verb,
    objectRef: {
      resource: parts.resource,
      ...(parts.subresource ? { subresource: parts.subresource } : {}),
      ...(namespace ? { namespace } : {}),
      ...(name ? { name } : {}),
      apiGroup: parts.group,
      apiVersion: parts.version,
    },
  }
}
