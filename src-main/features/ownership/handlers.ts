// The core's answers to the ownership messages (src-main/features/ownership/messages.ts).
import type { ObjectRef, OwnershipMap } from '@features/ownership/messages'
import type { ownershipSchemas } from '@features/ownership/messages'
import { redact } from '@common/redaction'
import { fail, ok, type Result } from '@common/result'
import { getObject, watchedObjects } from './object-source'
import { ownershipHistory, ownershipSince } from './ownership-history'
import { whatIfApply } from './what-if-apply'
import type { CoreContext, HandlersFor, WatchesView } from '../../core/core-context'

type Obj = Record<string, unknown>

const noHistory = (uid: string) =>
  fail<never>({
    kind: 'bad-request',
    title: 'The watches hold no such object',
    detail: `No version of ${uid} is in the watch store (a new connection starts an empty one).`,
    nextStep: 'Watch its resource in the Watches view, or pick it by namespace, kind and name.',
  })

/**
 * The map of an object: from the watches (live or replayed) by uid, or fetched by name, which needs
 * the live session (a replay sends nothing, and says so).
 */
async function mapOf(
  core: CoreContext,
  watches: WatchesView,
  source: { uid: string } | { ref: ObjectRef },
): Promise<Result<OwnershipMap>> {
  const store = watches.store
  let object: Obj | null
  let ref: ObjectRef | null = null
  let origin: OwnershipMap['source']
  if ('uid' in source) {
    const h = store.history(source.uid)
    if (!h || h.versionCount === 0) return noHistory(source.uid)
    object = (await store.objectsAt(h.uid, [h.versionCount - 1]))[0] ?? null
    origin = 'watch'
  } else {
    const session = core.requireSession()
    if (!session.ok) return session
    const got = await getObject(session.value, source.ref)
    if (!got.ok) return got
    if (!got.value) {
      const { namespace, name, resource } = source.ref
      return fail({
        kind: 'http',
        title: `No ${resource} named ${name}${namespace ? ` in ${namespace}` : ''}`,
        detail: 'The server answered 404 Not Found.',
        nextStep: 'Check the namespace and the name (kubectl get lists them).',
      })
    }
    object = got.value
    ref = source.ref
    origin = 'server'
  }
  const metadata = (object?.metadata ?? {}) as Obj
  const uid = typeof metadata.uid === 'string' ? metadata.uid : 'uid' in source ? source.uid : ''
  const h = store.history(uid)
  return ok({
    source: origin,
    ref,
    uid,
    object: redact(object, ref ?? undefined).value,
    resourceVersion: typeof metadata.resourceVersion === 'string' ? metadata.resourceVersion : '',
    history: h
      ? { versions: h.versionCount, latestEvent: h.versionEvents[h.versionCount - 1] ?? -1 }
      : null,
    since: h ? await ownershipSince(store, uid) : [],
    fetchedAt: new Date().toISOString(),
  })
}

export function ownershipHandlers(core: CoreContext): HandlersFor<keyof typeof ownershipSchemas> {
  return {
    // Map and history read the watch store: they work the same from a replay.
    'ownership:objects': async () => {
      const w = core.requireWatches()
      return w.ok ? ok(watchedObjects(w.value.store)) : w
    },
    'ownership:map': async ({ source }) => {
      const w = core.requireWatches()
      return w.ok ? mapOf(core, w.value, source) : w
    },
    'ownership:history': async ({ uid }) => {
      const w = core.requireWatches()
      if (!w.ok) return w
      const history = await ownershipHistory(w.value.store, uid)
      return history ? ok(history) : noHistory(uid)
    },
    'ownership:what-if': async (input) => {
      const s = core.requireSession()
      return s.ok ? whatIfApply(s.value, input) : s
    },
  }
}
