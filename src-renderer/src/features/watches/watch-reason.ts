// Why a watch is in its state, as its card says it in the view's language. A 429 of API Priority
// and Fairness is named (FlowSchema, priority level) once on the card, in its throttle note: the
// reason keeps the server's code and message as they came and leaves the names to the note.
import type { WatchStatus } from '@common/watch-types'
import { translateSaid, type Locale, type MessageAs } from '@i18n/translate'

/** The core's words for a 429 with the names of API Priority and Fairness, and without. */
const WITHOUT_NAMES: Record<string, string> = {
  'watch.core.listAnsweredApf': 'watch.core.listAnswered',
  'watch.core.watchAnsweredApf': 'watch.core.watchAnswered',
  'watch.core.pageAnsweredApf': 'watch.core.pageAnswered',
}

function withoutNames(as: MessageAs | undefined): MessageAs | undefined {
  const key = as && WITHOUT_NAMES[as.key]
  if (!as || !key) return as
  const { fs: _fs, pl: _pl, ...params } = as.params ?? {}
  return { key, params }
}

/**
 * The reason in `lang`; a backoff's wraps the failure's own message. `namedElsewhere`: the card
 * shows the throttle note, which names the FlowSchema and the priority level.
 */
export function reasonText(s: WatchStatus, lang: Locale, namedElsewhere = false): string {
  const said = (as: MessageAs | undefined, english: string) =>
    translateSaid(lang, namedElsewhere ? withoutNames(as) : as, english)
  const outer = s.reasonSaid
  if (!outer || !s.reasonDetailSaid) return said(outer, s.reason)
  const inner = said(s.reasonDetailSaid, String(outer.params?.reason ?? ''))
  return said({ ...outer, params: { ...outer.params, reason: inner } }, s.reason)
}
