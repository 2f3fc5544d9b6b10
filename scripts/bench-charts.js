// The charts of docs/bench.md, drawn from a run's figures by scripts/bench.js (and again from a
// run's saved figures, test/artifacts/bench/*.json, when only a chart's drawing changed).
import { lineChart } from './line-chart.js'

/** The series of a chart: each contender's (or step's) figure against the objects. */
const seriesOf = (rows, series) =>
  series.map(([k, name, color]) => ({
    name,
    color,
    points: rows.map((r) => [Number(r.objects), Number(r[k])]),
  }))
/** The objects of each row, as the x axis's ticks. */
const objectTicks = (rows) =>
  rows.map((r) => [Number(r.objects), Number(r.objects).toLocaleString('en')])
/** A small SVG line chart of time to every object in the store against the objects, per contender. */
export const scaleChart = (rows) =>
  lineChart({
    series: seriesOf(rows, [
      ['core_ms', 'core, one list request (its default)', '#38bdf8'],
      ['core_pages_ms', 'core, pages of 500', '#2dd4bf'],
      ['core_stream_ms', 'core, streaming list', '#a78bfa'],
      ['informer_ms', 'client-node informer', '#fbbf24'],
      ['kubectl_ms', 'kubectl --chunk-size=500', '#f87171'],
    ]),
    xTicks: objectTicks(rows),
    yLabel: (y) => `${(y / 1000).toFixed(1)} s`,
    xTitle: 'ConfigMaps in the cluster',
    dots: true,
  })
/** The page's times against the objects (the scale bench's browser part), the goals dashed. */
export const pageChart = (rows) =>
  lineChart({
    series: seriesOf(rows, [
      ['ui_first_lane_ms', 'first lane drawn', '#38bdf8'],
      ['ui_longest_task_ms', 'longest task', '#f87171'],
      ['ui_filter_to_draw_ms', 'filter to draw', '#2dd4bf'],
      ['ui_inspector_ms', 'inspector names the object', '#a78bfa'],
      ['ui_inspector_object_ms', 'inspector shows the object', '#c4b5fd'],
      ['ui_p95_work_scroll_ms', 'p95 frame work, scroll', '#fbbf24'],
      ['ui_p95_work_zoom_ms', 'p95 frame work, zoom', '#fb923c'],
    ]),
    floorY: 300,
    xTicks: objectTicks(rows),
    yLabel: (y) => `${y >= 1000 ? `${y / 1000} s` : `${Math.round(y)} ms`}`,
    xTitle: 'ConfigMaps watched in the page',
    dots: true,
    logY: true,
    minY: 10,
    legend: 'above',
    goals: [
      [300, 'first lane 300 ms'],
      [100, 'filter, inspector 100 ms'],
      [16.7, 'frame 16.7 ms'],
    ],
  })
/**
 * core-scale.bench.ts's times (its figures are scale_side_<figure>_<size>): each contender's time
 * to every object, against the objects, on a log scale (kubectl takes ten times the others).
 */
export const coreScaleChart = (figures, sizes) =>
  lineChart({
    series: [
      ['core_ms', 'core, one list request (its default)', '#38bdf8'],
      ['core_pages_ms', 'core, pages of 500', '#2dd4bf'],
      ['stream_ms', 'core, streaming list', '#a78bfa'],
      ['informer_ms', 'client-node informer', '#fbbf24'],
      ['kubectl_ms', 'kubectl --chunk-size=500', '#f87171'],
    ].map(([k, name, color]) => ({
      name,
      color,
      points: sizes.map((n) => [
        Number(figures[`scale_side_objects_${n}`]),
        Number(figures[`scale_side_${k}_${n}`]),
      ]),
    })),
    xTicks: sizes.map((n) => [
      Number(figures[`scale_side_objects_${n}`]),
      Number(figures[`scale_side_objects_${n}`]).toLocaleString('en'),
    ]),
    yLabel: (y) => (y >= 1000 ? `${y / 1000} s` : `${Math.round(y)} ms`),
    xTitle: 'ConfigMaps in the cluster',
    dots: true,
    logY: true,
    minY: 100,
    legend: 'above',
  })
