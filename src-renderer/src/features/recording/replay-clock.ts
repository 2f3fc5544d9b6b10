// A replay's "now" in recorded time: the moment of the recording the replay has reached. Views
// that count "the last 10 s" (live traffic's drawing) end their window there, not at this
// machine's clock: a paused replay keeps its numbers, a seek shows the moment sought.
import type { ReplayStatus } from '@features/recording/messages'

/** The recording's start (t0) plus the position; this machine's clock when no replay is open. */
export function replayNow(
  replay: Pick<ReplayStatus, 't0' | 'positionMs'> | null,
  fallback: () => number = () => Date.now(),
): number {
  return replay ? replay.t0 + replay.positionMs : fallback()
}
