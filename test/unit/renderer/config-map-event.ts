// A watch event of a ConfigMap in namespace `lab` (uid `uid-<name>`) as the page's timeline holds
// it: the renderer's timeline tests build their streams of these.
import type { TimelineEvent } from '@common/watch-types'

/** `name`'s event at resourceVersion `rv`; its index, watch, type, time and version as given. */
export function configMapEvent(
  name: string,
  rv: number,
  at: Pick<TimelineEvent, 'i' | 'watch' | 'type' | 't' | 'v'>,
): TimelineEvent {
  return { ...at, rv: String(rv), rvn: rv, uid: `uid-${name}`, kind: 'ConfigMap', ns: 'lab', name }
}
