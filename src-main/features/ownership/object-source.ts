// Where an object to draw comes from: the watch store (its latest version, with a history) or a
// GET through discovery for any object the identity may read. Both answer a redacted object.
import type { DiscoveredResource } from '@common/kube-types'
import type { ObjectRef, WatchedObject } from '@features/ownership/messages'
import { fail, ok, type Result } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import type { ClusterSession } from '../../core/cluster-session'
import { describeHttpFailure } from '../../core/failure-messages'
import type { EventStore } from '../../core/watch/event-store'
import { collectionPath } from '../../core/watch/watch-target'

type Obj = Record<string, unknown>

/** A picker lists this many at most: the most recently changed. */
export const MAX_PICKABLE = 2000

/** The objects the watches delivered, most recently changed first. */
export function watchedObjects(store: EventStore): WatchedObject[] {
  const seen = new Map<string, WatchedObject>()
  const wanted = Math.min(store.objectCount, MAX_PICKABLE)
  for (let i = store.size - 1; i >= 0 && seen.size < wanted; i--) {
    if (!store.has(i)) continue
    const e = store.event(i)
    if (!e.uid || seen.has(e.uid)) continue
    const h = store.history(e.uid)
    if (!h) continue
    seen.set(e.uid, {
      uid: h.uid,
      kind: h.kind,
      apiVersion: h.apiVersion,
      namespace: h.namespace,
      name: h.name,
      versions: h.versionCount,
      deleted: h.deleted,
    })
  }
  return [...seen.values()]
}

export function objectPath(ref: ObjectRef): string {
  return `${collectionPath(ref)}/${encodeURIComponent(ref.name)}`
}

const splitApiVersion = (apiVersion: string) => {
  const slash = apiVersion.indexOf('/')
  return slash < 0
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) }
}

/** The resource that serves a kind in an apiVersion, as discovery announced it. */
export async function resourceFor(
  session: ClusterSession,
  apiVersion: string,
  kind: string,
): Promise<Result<DiscoveredResource>> {
  const discovery = await session.getDiscovery()
  if (!discovery.ok) return discovery
  const { group, version } = splitApiVersion(apiVersion)
  const found = discovery.value.resources.find(
    (r) => r.group === group && r.version === version && r.kind === kind,
  )
  if (found) return ok(found)
  return fail(
    saidError(
      'bad-request',
      said('own.err.noKind.title', { kind, apiVersion }),
      said('own.err.noKind.detail', { kind, group, version }),
      said('own.err.noKind.next'),
    ),
  )
}

export function refOf(resource: DiscoveredResource, namespace: string, name: string): ObjectRef {
  return {
    group: resource.group,
    version: resource.version,
    resource: resource.name,
    ...(resource.namespaced ? { namespace } : {}),
    name,
  }
}

/** GET one object; a 404 is an answer (null), anything else a UiError. */
export async function getObject(
  session: ClusterSession,
  ref: ObjectRef,
): Promise<Result<Obj | null>> {
  const path = objectPath(ref)
  let res
  try {
    res = await session.transport.request({ path })
  } catch (error) {
    return fail(session.transport.describe(error))
  }
  if (res.status === 404) return ok(null)
  if (res.status < 200 || res.status >= 300)
    return fail(
      describeHttpFailure({
        status: res.status,
        body: res.body,
        path,
        context: session.config.context,
      }),
    )
  try {
    return ok(JSON.parse(res.body) as Obj)
  } catch {
    return fail(
      saidError(
        'http',
        said('own.err.notJson.title', { path }),
        res.body.slice(0, 300),
        said('own.err.notJson.next'),
      ),
    )
  }
}
