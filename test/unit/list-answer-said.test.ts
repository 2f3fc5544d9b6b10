// What the watch says of a list request answered with no list (watch-said.ts,
// listAnswerSaid): a continue token refused with 410, one refused with 400, any other answer, and
// a 429 of API Priority and Fairness. The server's messages as kube-apiserver 1.37.2 gave them;
// that the real server refuses a built token: test/integration/list-cut.test.ts.
import { describe, expect, it } from 'vitest'
import { translate } from '@i18n/translate'
import { listAnswerSaid } from '../../src-main/core/watch/watch-said'

const EXPIRED =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.'
const INVALID = 'invalid continue token: continue key is not valid: /../c-036\u0000'

describe('a list request answered with no list', () => {
  it('a continue token refused with 410: the list page expired, with the server’s message', () => {
    const s = listAnswerSaid({ code: 410, message: EXPIRED, bodySaid: true }, true, null)
    expect(s.text).toBe(`list page expired (${EXPIRED})`)
    expect(s.as).toEqual({ key: 'watch.core.pageExpired', params: { message: EXPIRED } })
    expect(translate('fr', s.as.key, ...([s.as.params] as [never]))).toBe(
      `page de la liste expirée (${EXPIRED})`,
    )
  })

  it('a 410 whose body said nothing is said by its code', () => {
    const s = listAnswerSaid({ code: 410, message: 'Gone', bodySaid: false }, true, null)
    expect(s.text).toBe('list page expired (410)')
  })

  it('a built token refused with 400, and any answer that refused no token: the code and message', () => {
    const refused = listAnswerSaid({ code: 400, message: INVALID, bodySaid: true }, true, null)
    expect(refused.text).toBe(`list answered 400: ${INVALID}`)
    expect(refused.as.key).toBe('watch.core.listAnswered')
    // A 410 to a list without a continue token refused none: it is an answer like any other.
    const plain = listAnswerSaid({ code: 410, message: EXPIRED, bodySaid: true }, false, null)
    expect(plain.text).toBe(`list answered 410: ${EXPIRED}`)
    const forbidden = listAnswerSaid(
      { code: 403, message: 'Forbidden', bodySaid: false },
      false,
      null,
    )
    expect(forbidden.text).toBe('list answered 403: Forbidden')
  })

  it('a 429 names the FlowSchema and priority level that refused it', () => {
    const s = listAnswerSaid(
      { code: 429, message: 'Too many requests, please try again later.', bodySaid: true },
      false,
      { fs: 'apiscope-narrow', pl: 'apiscope-one-seat' },
    )
    expect(s.text).toBe(
      'list answered 429: Too many requests, please try again later. (FlowSchema apiscope-narrow, priority level apiscope-one-seat)',
    )
    expect(s.as.key).toBe('watch.core.listAnsweredApf')
  })
})
