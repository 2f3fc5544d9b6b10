// Where a request stopped and why, as the stage model told it (request-stages.ts explanation),
// in the current language: its catalogue parts said again and joined as the core joined them
// (each part carries its own spaces); its English when it has none or a part this build lacks.
import type { SaidAs } from '@common/result'
import { isMessageKey } from '@i18n/translate'
import { tSaid } from '@i18n/renderer/locale.svelte'

export function explanationText(english: string, parts?: readonly SaidAs[]): string {
  if (!parts || parts.length === 0 || !parts.every((p) => isMessageKey(p.key))) return english
  return parts.map((p) => tSaid(p, '')).join('')
}
