// A text the core built of several catalogue messages (SaidParts, src-main/common/said-parts.ts:
// a stage explanation, an audit source's last error, a dry run's note on webhooks, an error's
// detail), in the current language: each part said again and joined as the core joined them; its
// English when it has no parts or one this build lacks.
import type { PartsJoiner, SaidParts } from '@common/said-parts'
import { translateParts } from '@i18n/translate'
import { locale } from '@i18n/renderer/locale.svelte'

export function tParts(
  parts: SaidParts | undefined,
  english: string,
  joiner: PartsJoiner = '',
): string {
  return translateParts(locale.current, parts, english, joiner)
}
