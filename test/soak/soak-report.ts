// The soak's report: one row a minute as a Markdown table, the chart of memory over time (core
// heap, core RSS, page heap) as a small SVG drawn by scripts/line-chart.js as the bench's charts
// are, and what the numbers say about levelling off (the growth over the last half of the run).
import { lineChart } from '../../scripts/line-chart.js'

export interface SoakRow {
  minute: number
  /** The core's main-thread heap plus its version-history worker's, after a forced GC. */
  coreHeapMb: number
  coreWorkerHeapMb: number
  coreRssMb: number
  /** Absent in a run without the page (--without page). */
  pageHeapMb?: number
  /**
   * The version history as the store's budget counts it (absent before the budget): its versions'
   * bytes, and since 2026-12-05 everything the worker keeps for them (version-store.ts `held`).
   */
  historyMb?: number
  /** Events the core holds for the page that it has not taken yet (absent before they were sampled). */
  waitingMb?: number
  /** The store's events as the budget counts them (absent before they were counted). */
  eventsMb?: number
  /** Deleted objects whose every version was folded (absent before they were). */
  foldedDeleted?: number
  /** Marks folded away, and deleted objects forgotten with theirs (absent before marks folded). */
  foldedMarks?: number
  forgottenDeleted?: number
  /**
   * What the core's RSS is made of (absent before it was sampled): the main thread's heap as V8
   * holds it (committed, not only used), its external memory (ArrayBuffers among it) and
   * ArrayBuffers; the same of the version-history worker's thread; and the process's resident
   * anonymous and file-backed memory (/proc/self/status RssAnon, RssFile).
   */
  heapTotalMb?: number
  externalMb?: number
  arrayBuffersMb?: number
  workerHeapTotalMb?: number
  workerExternalMb?: number
  workerArrayBuffersMb?: number
  rssAnonMb?: number
  rssFileMb?: number
  objects: number
  /** The objects' columns' length (every object ever seen until forgotten ones' indices were taken again). */
  indices?: number
  versions: number
  folded: number
  events: number
  writes: number
  writesOk: number
  recordedEvents: number
  auditEvents: number
  /** The machine's load average over the last minute (absent before it was sampled). */
  load1?: number
}

const f1 = (x: number) => x.toFixed(1)

/**
 * The anonymous RSS V8 does not account for: RssAnon less both threads' heaps as committed and
 * their external memory (ArrayBuffers among it). What is left is the allocator's (malloc's
 * arenas, freed memory not given back), the threads' stacks and what native code keeps; an
 * estimate (a committed heap page need not be resident).
 */
export function nativeRestMb(r: SoakRow): number | undefined {
  if (r.rssAnonMb === undefined || r.heapTotalMb === undefined) return undefined
  return (
    r.rssAnonMb -
    r.heapTotalMb -
    (r.externalMb ?? 0) -
    (r.workerHeapTotalMb ?? 0) -
    (r.workerExternalMb ?? 0)
  )
}

export function soakTable(rows: SoakRow[]): string {
  const parts = rows.some((r) => r.rssAnonMb !== undefined)
  const partsHead = parts
    ? ' RSS anon (file) MB | heap committed MB (main / worker) | ArrayBuffers MB (main / worker) | external MB (main / worker) | anon RSS beyond V8 MB | object indices |'
    : ''
  const partsRule = parts ? ' --- | --- | --- | --- | --- | --- |' : ''
  const mb = (x: number | undefined) => (x === undefined ? '—' : f1(x))
  const partsOf = (r: SoakRow) =>
    parts
      ? ` ${mb(r.rssAnonMb)} (${mb(r.rssFileMb)}) | ${mb(r.heapTotalMb)} / ${mb(r.workerHeapTotalMb)} | ${mb(r.arrayBuffersMb)} / ${mb(r.workerArrayBuffersMb)} | ${mb(r.externalMb)} / ${mb(r.workerExternalMb)} | ${mb(nativeRestMb(r))} | ${r.indices ?? '—'} |`
      : ''
  const head = `| minute | core heap MB (main + worker) | worker heap MB | core RSS MB | page heap MB | history MB (budget's count) | events MB (budget's count) | frames waiting for the page MB | objects | versions kept | versions folded (deleted objects folded) | events | marks folded (deleted objects forgotten) | writes (accepted) | recorded events | audit events | load (1 min) |${partsHead}\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |${partsRule}`
  const body = rows.map(
    (r) =>
      `| ${r.minute} | ${f1(r.coreHeapMb)} | ${f1(r.coreWorkerHeapMb)} | ${Math.round(r.coreRssMb)} | ${r.pageHeapMb === undefined ? '—' : f1(r.pageHeapMb)} | ${r.historyMb === undefined ? '—' : f1(r.historyMb)} | ${r.eventsMb === undefined ? '—' : f1(r.eventsMb)} | ${r.waitingMb === undefined ? '—' : f1(r.waitingMb)} | ${r.objects} | ${r.versions} | ${r.folded}${r.foldedDeleted === undefined ? '' : ` (${r.foldedDeleted})`} | ${r.events} | ${r.foldedMarks === undefined ? '—' : `${r.foldedMarks} (${r.forgottenDeleted ?? 0})`} | ${r.writes} (${r.writesOk}) | ${r.recordedEvents} | ${r.auditEvents} | ${r.load1 === undefined ? '—' : r.load1.toFixed(1)} |${partsOf(r)}`,
  )
  return [head, ...body].join('\n')
}

/** MB a minute over the last half of the run (a least-squares slope), and the last value. */
export function growth(
  rows: SoakRow[],
  key: 'coreHeapMb' | 'coreRssMb' | 'pageHeapMb' | 'rssAnonMb',
): { perMinute: number; last: number; max: number } {
  const half = rows.slice(Math.floor(rows.length / 2))
  const n = half.length
  const xs = half.map((r) => r.minute)
  const ys = half.map((r) => r[key] ?? 0)
  const mx = xs.reduce((a, b) => a + b, 0) / Math.max(1, n)
  const my = ys.reduce((a, b) => a + b, 0) / Math.max(1, n)
  let num = 0
  let den = 0
  for (let i = 0; i < n; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my)
    den += ((xs[i] as number) - mx) ** 2
  }
  return {
    perMinute: den ? num / den : 0,
    last: rows.at(-1)?.[key] ?? 0,
    max: Math.max(0, ...rows.map((r) => r[key] ?? 0)),
  }
}

/** Memory over the minutes, the legend above the plot (no line passes under it). */
export function soakChart(rows: SoakRow[]): string {
  const series: [keyof SoakRow, string, string][] = [
    ['coreHeapMb', 'core heap after GC (main + worker)', '#2dd4bf'],
    ['coreRssMb', 'core RSS', '#a78bfa'],
    ['pageHeapMb', 'page JS heap after GC', '#fbbf24'],
  ]
  const maxX = Math.max(1, ...rows.map((r) => r.minute))
  const stepX = maxX <= 10 ? 1 : maxX <= 30 ? 5 : 10
  return lineChart({
    series: series
      .filter(([k]) => rows.some((r) => r[k] !== undefined))
      .map(([k, name, color]) => ({
        name,
        color,
        points: rows.map((r) => [r.minute, Number(r[k])]),
      })),
    xTicks: Array.from({ length: Math.floor(maxX / stepX) + 1 }, (_, i) => [
      i * stepX,
      String(i * stepX),
    ]),
    yLabel: (y) => `${Math.round(y)} MB`,
    xTitle: 'minutes of writes',
    legend: 'above',
  })
}
