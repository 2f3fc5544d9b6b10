// A watch's status at its start, for the supervisor's own watches and the ones the kubectl proxy
// relays alike: every counter at zero, nothing seen yet; the caller says how it starts.
import type { WatchStatus, WatchTarget } from '@common/watch-types'

type HowItStarts = Pick<WatchStatus, 'label' | 'state' | 'reason' | 'mode'> &
  Partial<
    Pick<
      WatchStatus,
      'lastRv' | 'timeoutSeconds' | 'encoding' | 'relayed' | 'labelSaid' | 'reasonSaid'
    >
  >

export function initialWatchStatus(id: number, target: WatchTarget, how: HowItStarts): WatchStatus {
  return {
    id,
    target,
    listRv: null,
    lastRv: null,
    events: 0,
    bookmarks: 0,
    relists: 0,
    expired: 0,
    reconnects: 0,
    resumes: 0,
    startedAt: new Date().toISOString(),
    lastEventAt: null,
    lastBookmarkAt: null,
    nextRetryAt: null,
    timeoutSeconds: 0,
    startedBy: null,
    fallback: null,
    encoding: null,
    throttled: null,
    ...how,
  }
}
