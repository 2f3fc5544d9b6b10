// How a watch starts, in words: the picker's choices and what the health panel says a watch did
// (a watch relayed by the kubectl proxy: what its client asked for), in the view's language.
import type { WatchMode, WatchStatus } from '@common/watch-types'
import { translate, type Locale } from '@i18n/translate'

const MODE_KEYS = {
  auto: 'watch.modeAuto',
  'list-watch': 'watch.modeListWatch',
  'streaming-list': 'watch.modeStreaming',
} as const

/** A mode's name in the picker: "auto", "list then watch", "streaming list". */
export function modeName(mode: WatchMode, lang: Locale = 'en'): string {
  return translate(lang, MODE_KEYS[mode])
}

/** The mode as run: auto names what it turned into (a recording made before modes: a list). */
export function modeText(s: WatchStatus, lang: Locale = 'en'): string {
  // A relayed watch: what the client asked for (its list, if any, was a request of its own).
  if (s.relayed) {
    const how = translate(
      lang,
      s.mode === 'streaming-list' ? 'watch.modeStreaming' : 'watch.modeFromRv',
    )
    return s.relayed.format === 'table' ? translate(lang, 'watch.modeTableRows', { how }) : how
  }
  const mode = s.mode ?? 'list-watch'
  if (mode !== 'auto') return modeName(mode, lang)
  if (s.fallback) return translate(lang, 'watch.modeAutoFallback')
  if (s.startedBy === 'stream') return translate(lang, 'watch.modeAutoStream')
  if (s.startedBy === 'list') return translate(lang, 'watch.modeAutoList')
  return modeName('auto', lang)
}
