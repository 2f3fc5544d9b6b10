// How a watch starts, in words: the picker's choices and what the health panel says a watch did
// (a watch relayed by the kubectl proxy: what its client asked for).
import type { WatchMode, WatchStatus } from '@common/watch-types'

export const MODE_NAMES: Record<WatchMode, string> = {
  auto: 'auto',
  'list-watch': 'list then watch',
  'streaming-list': 'streaming list',
}

/** The mode as run: auto names what it turned into (a recording made before modes: a list). */
export function modeText(s: WatchStatus): string {
  // A relayed watch: what the client asked for (its list, if any, was a request of its own).
  if (s.relayed) {
    const how = s.mode === 'streaming-list' ? 'streaming list' : 'watch from a resourceVersion'
    return s.relayed.format === 'table' ? `${how} · Table rows` : how
  }
  const mode = s.mode ?? 'list-watch'
  if (mode !== 'auto') return MODE_NAMES[mode]
  if (s.fallback) return 'auto: list then watch (fallback)'
  if (s.startedBy === 'stream') return 'auto: streaming list'
  if (s.startedBy === 'list') return 'auto: list then watch'
  return 'auto'
}
