// A watch's label in the current language: as the core said it (by key), or, for a status
// recorded before labels carried their key, said again from its target in the core's words.
import { targetLabelSaid } from '@common/watch-label'
import type { WatchStatus } from '@common/watch-types'
import { tSaid } from '@i18n/renderer/locale.svelte'

export function watchLabel(s: Pick<WatchStatus, 'label' | 'labelSaid' | 'target'>): string {
  return tSaid(s.labelSaid ?? targetLabelSaid(s.target).as, s.label)
}
