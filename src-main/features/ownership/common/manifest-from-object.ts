// An object as the server answered it, turned into the manifest a person would apply: what the
// what-if form starts from when an object is opened. Pure: no I/O.
// Ref: https://kubernetes.io/docs/reference/using-api/server-side-apply/
import { stringify } from 'yaml'

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Annotations clients and controllers write for themselves: applying them back would make the
 * manager own what kubectl's client-side apply or the Deployment controller keeps.
 */
const WRITTEN_BY_OTHERS = new Set([
  'kubectl.kubernetes.io/last-applied-configuration',
  'deployment.kubernetes.io/revision',
])

/**
 * The object without status and server-set metadata (uid, resourceVersion, managedFields, times,
 * owner references, finalizers): apiVersion, kind, name, namespace, labels, annotations and the
 * rest of its body. A Secret's values leave out: what reaches the renderer is redacted, and
 * applying the redaction marks back would be a change nobody meant.
 */
export function manifestFromObject(object: unknown): string | null {
  if (!isObj(object) || typeof object.apiVersion !== 'string' || typeof object.kind !== 'string')
    return null
  const metadata = isObj(object.metadata) ? object.metadata : {}
  if (typeof metadata.name !== 'string') return null
  const annotations = Object.fromEntries(
    Object.entries(isObj(metadata.annotations) ? metadata.annotations : {}).filter(
      ([key]) => !WRITTEN_BY_OTHERS.has(key),
    ),
  )
  const { apiVersion, kind } = object
  const rest = Object.fromEntries(
    Object.entries(object).filter(
      ([key]) =>
        !['apiVersion', 'kind', 'metadata', 'status'].includes(key) &&
        !(kind === 'Secret' && (key === 'data' || key === 'stringData')),
    ),
  )
  return stringify(
    {
      apiVersion,
      kind,
      metadata: {
        name: metadata.name,
        ...(typeof metadata.namespace === 'string' ? { namespace: metadata.namespace } : {}),
        ...(isObj(metadata.labels) && Object.keys(metadata.labels).length
          ? { labels: metadata.labels }
          : {}),
        ...(Object.keys(annotations).length ? { annotations } : {}),
      },
      ...rest,
    },
    { lineWidth: 0 },
  )
}

/**
 * The manager whose apply wrote the object last (an `Apply` entry of `metadata.managedFields` on
 * the main resource, the latest by time), or null when nobody applied it.
 */
export function lastApplyManager(object: unknown): string | null {
  const metadata = isObj(object) && isObj(object.metadata) ? object.metadata : {}
  const entries = Array.isArray(metadata.managedFields) ? metadata.managedFields : []
  let best: { manager: string; time: string } | null = null
  for (const entry of entries) {
    if (!isObj(entry) || entry.operation !== 'Apply' || typeof entry.manager !== 'string') continue
    if (typeof entry.subresource === 'string' && entry.subresource !== '') continue
    const time = typeof entry.time === 'string' ? entry.time : ''
    // RFC 3339 times in UTC compare as strings; a later entry wins a tie.
    if (!best || time >= best.time) best = { manager: entry.manager, time }
  }
  return best?.manager ?? null
}
