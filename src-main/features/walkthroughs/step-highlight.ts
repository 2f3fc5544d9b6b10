// What a step's "Look at …" button marks in the target view: the request-log entries the step
// produced, and the object it wrote last (so Watches and Ownership can open on it).
import type { ObjectRef } from '@features/ownership/messages'
import type { RequestOutcome } from '@features/walkthroughs/messages'
import type { RequestLogEntry } from '@common/kube-types'

const OBJECT_PATH =
  /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))\/namespaces\/([^/]+)\/([^/]+)(?:\/([^/]+))?/

/** The object a request names: in its path, or (a POST to a collection) in its body. */
export function objectOfRequest(outcome: RequestOutcome): ObjectRef | undefined {
  const m = OBJECT_PATH.exec(outcome.preview.path)
  if (!m) return undefined
  const [, core, group, groupVersion, namespace, resource, pathName] = m
  let name = pathName
  if (!name && outcome.preview.method === 'POST' && outcome.preview.body) {
    try {
      name = (JSON.parse(outcome.preview.body) as { metadata?: { name?: string } }).metadata?.name
    } catch {
      // A body that is not JSON names nothing we can open.
    }
  }
  if (!name || !resource || !namespace) return undefined
  return {
    group: group ?? '',
    version: (core ?? groupVersion) as string,
    resource,
    namespace,
    name,
  }
}

/** The last object the step wrote, else the last it read; dry runs created nothing to open. */
export function stepObject(outcomes: RequestOutcome[]): ObjectRef | undefined {
  const real = outcomes.filter((o) => !o.preview.url.includes('dryRun=') && o.status !== null)
  const writes = real.filter((o) => o.preview.method !== 'GET' && o.status! < 300)
  for (const list of [writes, real]) {
    for (const o of [...list].reverse()) {
      const ref = objectOfRequest(o)
      if (ref) return ref
    }
  }
  return undefined
}

/** The log entries (every retry too) that are this step's requests, by verb and path. */
export function stepRequestSeqs(logged: RequestLogEntry[], outcomes: RequestOutcome[]): number[] {
  const wanted = new Set(outcomes.map((o) => `${o.preview.method} ${o.preview.path}`))
  return logged
    .filter((e) => {
      try {
        return wanted.has(`${e.method} ${decodeURI(new URL(e.url).pathname)}`)
      } catch {
        return false
      }
    })
    .map((e) => e.seq)
}
