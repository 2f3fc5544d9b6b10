// What a watch says, as messages of the catalogue (i18n/catalogue/watches.*.ts): its status while
// it lists or streams, the timeline's notes on a GONE event and a stalled watch, and a list or
// watch request answered with no list or stream. Pure but for failureTitle, which asks the
// transport how it names a failure.
import { said, type Said } from '@i18n/translate'
import type { KubeTransport } from '../kube-transport'
import type { StartReason, StreamStartReason } from './reflector-plan'

/** 'listing', or 'relisting after 410 Expired', …: the status as a list starts. */
export function listingSaid(reason: StartReason): Said {
  return said(LISTING[reason])
}

/** The status as a streaming list is asked for, before its answer. */
export function streamWaitingSaid(reason: StreamStartReason): Said {
  return said(STREAMING[reason])
}

/** 'listing: page 12 · 6,000 objects so far · about 44,056 to go' (remainingItemCount is an estimate). */
export function listingProgress(
  reason: StartReason,
  pages: number,
  items: number,
  remaining: number | null,
): string {
  return listingProgressSaid(reason, pages, items, remaining).text
}

/** The same, as a message of the catalogue (numbers through Intl in the renderer's language). */
export function listingProgressSaid(
  reason: StartReason,
  pages: number,
  items: number,
  remaining: number | null,
): Said {
  return remaining !== null
    ? said(PROGRESS_LEFT[reason], { pages, items, left: remaining, count: items })
    : said(PROGRESS[reason], { pages, items, count: items })
}

/** The timeline's note on a GONE event: an object the relist at `rv` no longer returned. */
export function goneNoteSaid(rv: string): Said {
  return said('watch.core.goneNote', { rv })
}

/** The same, for an object a streaming list's initial events did not hold. */
export function goneStreamNoteSaid(rv: string): Said {
  return said('watch.core.goneStreamNote', { rv })
}

/** The timeline's note on the ERROR line of a stalled watch (no byte for `silentMs`). */
export function stallNoteSaid(silentMs: number): Said {
  return said('watch.core.stallNote', { s: Math.round(silentMs / 1000) })
}

/**
 * What a list request answered with no list says, `message` being the server's through the one
 * redaction: "list page expired (…)" when the answer refused a continue token with 410 (its code
 * when its body said nothing), else "list answered 400: …", with the FlowSchema and priority level
 * of a 429 (`apf`).
 */
export function listAnswerSaid(
  answered: { code: number; message: string; bodySaid: boolean },
  tokenRefused: boolean,
  apf: { fs: string; pl: string } | null,
): Said {
  if (tokenRefused && answered.code === 410)
    return said('watch.core.pageExpired', {
      message: answered.bodySaid ? answered.message : '410',
    })
  return answerSaid('list', answered.code, answered.message, apf)
}

/** "list answered 429: … (FlowSchema x, priority level y)": the server's message as it came. */
export function answerSaid(
  verb: 'list' | 'watch',
  code: number,
  message: string,
  apf: { fs: string; pl: string } | null,
): Said {
  if (verb === 'list')
    return apf
      ? said('watch.core.listAnsweredApf', { code, message, ...apf })
      : said('watch.core.listAnswered', { code, message })
  return apf
    ? said('watch.core.watchAnsweredApf', { code, message, ...apf })
    : said('watch.core.watchAnswered', { code, message })
}

/** The transport's title for a failure (nothing answers, a timeout), said by key when it has one. */
export function failureTitle(transport: KubeTransport, error: unknown): Said {
  const described = transport.describe(error)
  // Every title describe() gives is a catalogue message; a programming error's is "unexpected".
  const as = described.said?.title ?? { key: 'fail.unexpected.title' }
  return { text: described.title, as: as as Said['as'] }
}

const LISTING = {
  initial: 'watch.core.listing',
  expired: 'watch.core.relistingExpired',
  reconnect: 'watch.core.relistingReconnect',
  startedOver: 'watch.core.relistingStartedOver',
} as const satisfies Record<StartReason, string>
const STREAMING = {
  initial: 'watch.core.streamWaiting',
  expired: 'watch.core.streamAgainExpired',
  reconnect: 'watch.core.streamAgainReconnect',
} as const satisfies Record<StreamStartReason, string>
const PROGRESS = {
  initial: 'watch.core.progress',
  expired: 'watch.core.progressExpired',
  reconnect: 'watch.core.progressReconnect',
  startedOver: 'watch.core.progressStartedOver',
} as const satisfies Record<StartReason, string>
const PROGRESS_LEFT = {
  initial: 'watch.core.progressLeft',
  expired: 'watch.core.progressExpiredLeft',
  reconnect: 'watch.core.progressReconnectLeft',
  startedOver: 'watch.core.progressStartedOverLeft',
} as const satisfies Record<StartReason, string>
