// From an ownership change to its event on the Watches timeline: select the event there (the
// renderer's copy of the stream knows it by the core's event index) and switch views.
import type { AppState } from '../../shell/app-state.svelte'

/** False when the timeline no longer holds that event (a new connection cleared it). */
export function showOnTimeline(app: AppState, eventIndex: number): boolean {
  const data = app.timeline.data
  let k = eventIndex < data.count && data.index[eventIndex] === eventIndex ? eventIndex : -1
  for (let j = 0; k < 0 && j < data.count; j++) if (data.index[j] === eventIndex) k = j
  if (k < 0) return false
  void app.timeline.select(k)
  app.view = 'timeline'
  return true
}
