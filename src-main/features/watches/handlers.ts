// The core's answers to the watches' messages (src-main/features/watches/messages.ts): start and
// stop on the live session; the snapshot and an event's object from the watches on screen (live
// or replayed).
import { fail, ok } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import type { watchesSchemas } from './messages'
import { type CoreContext, type HandlersFor } from '../../core/core-context'

export function watchesHandlers(core: CoreContext): HandlersFor<keyof typeof watchesSchemas> {
  return {
    'watch:start': async ({ target }) => {
      const s = core.requireSession()
      return s.ok ? ok(s.value.watches.start(target)) : s
    },

    'watch:stop': async ({ id }) => {
      const s = core.requireSession()
      return s.ok ? ok({ stopped: s.value.watches.stop(id) }) : s
    },

    'watch:snapshot': async () => {
      const s = core.requireWatches()
      return s.ok ? ok(s.value.snapshot()) : ok({ seq: 0, events: [], lists: [], statuses: [] })
    },

    'watch:frame-taken': async ({ seq }) => {
      const s = core.requireWatches()
      if (s.ok) s.value.frameTaken(seq)
      return ok(null)
    },

    'watch:event-detail': async ({ index }) => {
      const s = core.requireWatches()
      if (!s.ok) return s
      const mb = Math.round((s.value.store.budgetBytes / 2 ** 20) * 1000) / 1000
      if (s.value.store.eventFolded(index))
        return fail({
          kind: 'bad-request',
          title: 'This mark was folded away',
          detail: `This mark and its version were folded away to stay within the store's budget (${mb} MB); a recording keeps them all.`,
          nextStep: 'Replay a recording to see every mark and version.',
          said: {
            title: { key: 'store.markFolded' },
            detail: [{ key: 'store.markFoldedDetail', params: { mb } }],
            nextStep: { key: 'store.markFoldedNext' },
          },
        })
      const folded = s.value.store.foldedAt(index)
      if (folded) {
        if (folded.deleted)
          return fail({
            kind: 'bad-request',
            title: 'This version was folded away',
            detail: `This object was deleted; its ${folded.folded} versions were folded away to stay within the store's budget (${mb} MB): its marks stay on the timeline; a recording keeps them all.`,
            nextStep: 'Replay a recording to see its versions.',
            said: {
              title: { key: 'store.versionFolded' },
              detail: [{ key: 'store.foldedDeletedObject', params: { count: folded.folded, mb } }],
              nextStep: { key: 'store.versionFoldedDeletedNext' },
            },
          })
        return fail({
          kind: 'bad-request',
          title: 'This version was folded away',
          detail: `${folded.folded} older versions of this object were folded away to stay within the store's budget (${mb} MB); a recording keeps them all.`,
          nextStep:
            'Open the object at a later version, or replay a recording to see every version.',
          said: {
            title: { key: 'store.versionFolded' },
            detail: [{ key: 'store.folded', params: { count: folded.folded, mb } }],
            nextStep: { key: 'store.versionFoldedNext' },
          },
        })
      }
      const detail = await s.value.detail(index)
      return detail
        ? ok(detail)
        : fail(
            saidError(
              'bad-request',
              said('watch.err.noObject', { index }),
              said('watch.err.noObjectDetail'),
              null,
            ),
          )
    },

    'watch:store-budget': async () => ok(core.storeBudget.get()),

    'watch:set-store-budget': async ({ mb }) => ok(core.storeBudget.set(mb)),

    'watch:store-folding': async () => {
      const s = core.requireWatches()
      return s.ok
        ? ok(s.value.store.folding())
        : ok({
            budgetMb: 0,
            foldedVersions: 0,
            foldedObjects: 0,
            foldedDeleted: 0,
            foldedDeletedVersions: 0,
            historyMb: 0,
            eventsMb: 0,
            foldedMarks: 0,
            foldedMarkObjects: 0,
            forgottenDeleted: 0,
          })
    },
  }
}
