// The core's answers to the ownership messages (src-main/features/ownership/messages.ts).
import type { ObjectRef, OwnershipMap } from '@features/ownership/messages'
import type { ownershipSchemas } from '@features/ownership/messages'
import { redact } from '@common/redaction'
import { fail, ok, type Result } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import { getObject, watchedObjects } from './object-source'
import { ownershipHistory, ownershipSince } from './ownership-history'
import { whatIfApply } from './what-if-apply'
import type { CoreContext, HandlersFor, WatchesView } from '../../core/core-context'

type Obj = Record<string, unknown>

const noHistory = (uid: string) =>
  fail<never>(
    saidError(
      'bad-request',
      said('own.err.noSuch.title'),
      said('own.err.noSuch.detail', { uid }),
      said('own.err.noSuch.next'),
    ),
  )

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
      return fail(
        saidError(
          'http',
          namespace
            ? said('own.err.notFoundIn.title', { resource, name, namespace })
            : said('own.err.notFound.title', { resource, name }),
          said('own.err.notFound.detail'),
          said('own.err.notFound.next'),
        ),
      )
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
