// The state's reason on a watch's card: a 429 of API Priority and Fairness keeps the server's code
// and message, and leaves the FlowSchema and the priority level to the throttle note when the card
// shows it (they were on the card twice); in English and French.
import { describe, expect, it } from 'vitest'
import type { WatchStatus } from '@common/watch-types'
import { said } from '@i18n/translate'
import { reasonText } from '../../../src-renderer/src/features/watches/watch-reason'

/** A watch backing off after a 429, as the supervisor says it (watch-supervisor.ts pause()). */
function backingOff(): WatchStatus {
  const answer = said('watch.core.pageAnsweredApf', {
    n: 2,
    code: 429,
    message: 'Too Many Requests',
    fs: 'ns-throttle',
    pl: 'ns-no-seats',
  })
  const outer = said('watch.core.retryingAfter', { reason: answer.text, s: 1, after: 1 })
  return {
    state: 'backoff',
    reason: outer.text,
    reasonSaid: outer.as,
    reasonDetailSaid: answer.as,
  } as WatchStatus
}

describe('reasonText', () => {
  it('names the FlowSchema and the priority level where no throttle note does', () => {
    expect(reasonText(backingOff(), 'en')).toBe(
      "list page 2 answered 429: Too Many Requests (FlowSchema ns-throttle, priority level ns-no-seats); retrying in 1.0 s (the server's Retry-After: 1 s)",
    )
  })

  it('leaves them to the throttle note, the server’s code and message kept', () => {
    expect(reasonText(backingOff(), 'en', true)).toBe(
      "list page 2 answered 429: Too Many Requests; retrying in 1.0 s (the server's Retry-After: 1 s)",
    )
    // Spaces as French sets them (some no-break), read as spaces.
    expect(reasonText(backingOff(), 'fr', true).replace(/\s/g, ' ')).toBe(
      'la page 2 de la liste a reçu 429 : Too Many Requests ; nouvel essai dans 1,0 s (le Retry-After du serveur : 1 s)',
    )
  })

  it('says any other reason as the core sent it', () => {
    const listing = said('watch.core.listing')
    const s = { state: 'listing', reason: listing.text, reasonSaid: listing.as } as WatchStatus
    expect(reasonText(s, 'fr', true)).toBe('lecture de la liste')
  })
})
