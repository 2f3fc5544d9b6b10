// Pan, zoom and brush for the timeline, attached once to a DOM element, framework-free (d3
// behaviours). It reports a visible domain; the chart draws it. Drag pans; Ctrl/⌘ + wheel (or a
// pinch) zooms around the pointer; Shift + drag brushes a range to zoom into; plain wheel is left
// to the lanes' vertical scroll.
import {
  brushX,
  scaleLinear,
  select,
  zoom,
  zoomIdentity,
  type BrushBehavior,
  type ZoomBehavior,
  type ZoomTransform,
} from 'd3'

export interface ZoomController {
  /** The full extent changed (new events): keep the view, or follow the live edge. */
  setExtent(extent: [number, number], follow: boolean): void
  fit(): void
  zoomBy(factor: number): void
  panBy(fraction: number): void
  /** Centres the view on x without changing the zoom. */
  reveal(x: number): void
  destroy(): void
}

export function attachZoom(
  surface: HTMLElement,
  brushLayer: SVGGElement,
  size: () => { width: number; height: number },
  onDomain: (domain: [number, number], transform: ZoomTransform) => void,
): ZoomController {
  let base = scaleLinear().domain([0, 1])
  let current: ZoomTransform = zoomIdentity
  const surfaceSel = select(surface)

  const behaviour: ZoomBehavior<HTMLElement, unknown> = zoom<HTMLElement, unknown>()
    .scaleExtent([0.5, 1e7])
    .filter((event: Event) => {
      if (event.type === 'wheel')
        return (event as WheelEvent).ctrlKey || (event as WheelEvent).metaKey
      if (event.type === 'mousedown')
        return !(event as MouseEvent).shiftKey && (event as MouseEvent).button === 0
      return !(event as MouseEvent).button
    })
    .wheelDelta(
      (event: WheelEvent) =>
        -event.deltaY * (event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : 0.002) * 3,
    )
    .on('zoom', (event: { transform: ZoomTransform }) => {
      current = event.transform
      const { width } = size()
      base.range([0, width])
      onDomain(current.rescaleX(base).domain() as [number, number], current)
    })
  surfaceSel.call(behaviour).on('dblclick.zoom', null)

  const brush: BrushBehavior<unknown> = brushX<unknown>()
    .filter((event: MouseEvent) => event.shiftKey && !event.button)
    .on('end', (event: { selection: [number, number] | null }) => {
      if (!event.selection) return
      const [a, b] = event.selection
      select(brushLayer).call(brush.move as never, null)
      if (b - a < 4) return
      const { width } = size()
      const visible = current.rescaleX(base.range([0, width]))
      const [d0, d1] = [visible.invert(a), visible.invert(b)]
      showDomain(d0, d1)
    })
  const layoutBrush = () => {
    const { width, height } = size()
    brush.extent([
      [0, 0],
      [width, height],
    ])
    select(brushLayer).call(brush as never)
  }
  layoutBrush()

  function showDomain(d0: number, d1: number): void {
    const { width } = size()
    base.range([0, width])
    const [b0, b1] = base.domain() as [number, number]
    const k = (b1 - b0) / (d1 - d0 || 1)
    const t = zoomIdentity.scale(k).translate(-base(d0), 0)
    surfaceSel.call(behaviour.transform, t)
  }

  return {
    setExtent(extent, follow) {
      layoutBrush()
      const visible = current.rescaleX(base.range([0, size().width])).domain() as [number, number]
      base = scaleLinear().domain(extent).range([0, size().width])
      if (follow) {
        current = zoomIdentity
        surfaceSel.property('__zoom', zoomIdentity)
        onDomain(extent, current)
      } else {
        showDomain(visible[0], visible[1])
      }
    },
    fit() {
      surfaceSel.call(behaviour.transform, zoomIdentity)
    },
    zoomBy(factor) {
      const { width } = size()
      surfaceSel.call(behaviour.scaleBy, factor, [width / 2, 0])
    },
    panBy(fraction) {
      const { width } = size()
      surfaceSel.call(behaviour.translateBy, (-fraction * width) / current.k, 0)
    },
    reveal(x) {
      const { width } = size()
      const visible = current.rescaleX(base.range([0, width]))
      const [d0, d1] = visible.domain() as [number, number]
      if (x >= d0 && x <= d1) return
      const half = (d1 - d0) / 2
      showDomain(x - half, x + half)
    },
    destroy() {
      surfaceSel.on('.zoom', null)
      select(brushLayer).on('.brush', null)
    },
  }
}
