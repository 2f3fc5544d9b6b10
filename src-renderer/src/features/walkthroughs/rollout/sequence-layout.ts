// Where the rollout trace's marks go: one column per actor, one row per arrow, every arrow drawn
// from its actor to kube-apiserver (no component talks to another directly). Pure: d3-free
// arithmetic the SVG reads.
import type { RolloutTrace, TraceActorId } from '@features/walkthroughs/messages'

export const ROW_HEIGHT = 56
/** Room for a name on two lines and its detail on two (kube-controller-manager, in presenter type). */
export const HEADER_HEIGHT = 100
export const WIDTH = 1000

export interface ArrowLayout {
  id: string
  y: number
  x1: number
  x2: number
  /** Where the label starts and which side of the arrow it sits on. */
  labelX: number
  anchor: 'start' | 'end'
}

export function columnX(trace: RolloutTrace, id: TraceActorId): number {
  const index = trace.actors.findIndex((a) => a.id === id)
  const step = WIDTH / trace.actors.length
  return step * (Math.max(0, index) + 0.5)
}

export function layoutArrows(trace: RolloutTrace): ArrowLayout[] {
  const api = columnX(trace, 'apiserver')
  return trace.arrows.map((arrow, i) => {
    const from = columnX(trace, arrow.from)
    const y = HEADER_HEIGHT + ROW_HEIGHT * i + ROW_HEIGHT / 2 + 8
    // Every label sits right of the apiserver lifeline, where no arrow crosses it.
    const right = from > api
    return {
      id: arrow.id,
      y,
      x1: from,
      x2: api + (right ? 7 : -7),
      labelX: api + 16,
      anchor: 'start',
    }
  })
}

export function diagramHeight(trace: RolloutTrace): number {
  return HEADER_HEIGHT + ROW_HEIGHT * Math.max(1, trace.arrows.length) + 24
}

/** An actor's name on at most two lines, so neighbouring columns never overlap. */
export function actorLines(label: string): string[] {
  if (label.length <= 14) return [label]
  const paren = label.indexOf(' (')
  if (paren > 0) return [label.slice(0, paren), label.slice(paren + 1)]
  const space = label.indexOf(' ')
  return space > 0 ? [label.slice(0, space), label.slice(space + 1)] : [label]
}

/**
 * An actor's detail (the program behind it) on at most two lines: a long one breaks at the space or
 * after the hyphen nearest its middle, so that kube-controller-manager under two neighbouring
 * columns never runs into itself.
 */
export function detailLines(detail: string, max = 18): string[] {
  if (detail.length <= max) return [detail]
  let best = -1
  for (let i = 1; i < detail.length - 1; i++) {
    const breaks = detail[i] === ' ' || detail[i - 1] === '-'
    if (
      breaks &&
      (best < 0 || Math.abs(i - detail.length / 2) < Math.abs(best - detail.length / 2))
    )
      best = i
  }
  if (best < 0) return [detail]
  return [detail.slice(0, best).trimEnd(), detail.slice(best).trimStart()]
}

/** hh:mm:ss.mmm of a time, or hh:mm:ss when it has no milliseconds. */
export function clock(iso: string | null | undefined): string {
  if (!iso) return ''
  const match = /T(\d\d:\d\d:\d\d)(\.\d{1,3})?/.exec(iso)
  return match ? `${match[1]}${match[2] ?? ''}` : iso
}
