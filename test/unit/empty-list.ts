// A list of watch 1 at resourceVersion 4711 with no page yet, in a unit test's store: where the
// list-record tests (continue-refusal, page-retry) put their pages.
import type { ListSnapshot } from '@common/watch-types'
import type { EventStore } from '../../src-main/core/watch/event-store'

export function emptyList(store: EventStore, extra: { way?: 'list' } = {}): ListSnapshot {
  return store.addList({
    watch: 1,
    rv: '4711',
    rvn: 4711,
    t: 0,
    reason: 'initial',
    pages: [],
    items: 0,
    firstEvent: 0,
    ...extra,
  })
}
