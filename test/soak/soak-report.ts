// The soak's report: one row a minute as a Markdown table, the chart of memory over time (core
// heap, core RSS, page heap) as a small SVG drawn the way scripts/bench.js draws the scale chart,
// and what the numbers say about levelling off (the growth over the last half of the run).

export interface SoakRow {
  minute: number
  /** The core's main-thread heap plus its version-history worker's, after a forced GC. */
  coreHeapMb: number
  coreWorkerHeapMb: number
  coreRssMb: number
  pageHeapMb: number
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
  objects: number
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

export function soakTable(rows: SoakRow[]): string {
  const head =
    "| minute | core heap MB (main + worker) | worker heap MB | core RSS MB | page heap MB | history MB (budget's count) | events MB (budget's count) | frames waiting for the page MB | objects | versions kept | versions folded (deleted objects folded) | events | writes (accepted) | recorded events | audit events | load (1 min) |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  const body = rows.map(
    (r) =>
      `| ${r.minute} | ${f1(r.coreHeapMb)} | ${f1(r.coreWorkerHeapMb)} | ${Math.round(r.coreRssMb)} | ${f1(r.pageHeapMb)} | ${r.historyMb === undefined ? '—' : f1(r.historyMb)} | ${r.eventsMb === undefined ? '—' : f1(r.eventsMb)} | ${r.waitingMb === undefined ? '—' : f1(r.waitingMb)} | ${r.objects} | ${r.versions} | ${r.folded}${r.foldedDeleted === undefined ? '' : ` (${r.foldedDeleted})`} | ${r.events} | ${r.writes} (${r.writesOk}) | ${r.recordedEvents} | ${r.auditEvents} | ${r.load1 === undefined ? '—' : r.load1.toFixed(1)} |`,
  )
  return [head, ...body].join('\n')
}

/** MB a minute over the last half of the run (a least-squares slope), and the last value. */
export function growth(
  rows: SoakRow[],
  key: 'coreHeapMb' | 'coreRssMb' | 'pageHeapMb',
): { perMinute: number; last: number; max: number } {
  const half = rows.slice(Math.floor(rows.length / 2))
  const n = half.length
  const xs = half.map((r) => r.minute)
  const ys = half.map((r) => r[key])
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
    max: Math.max(0, ...rows.map((r) => r[key])),
  }
}

export function soakChart(rows: SoakRow[]): string {
  const series: [keyof SoakRow, string, string][] = [
    ['coreHeapMb', 'core heap after GC (main + worker)', '#2dd4bf'],
    ['coreRssMb', 'core RSS', '#a78bfa'],
    ['pageHeapMb', 'page JS heap after GC', '#fbbf24'],
  ]
  const W = 640
  const H = 320
  const L = 60
  const B = 40
  const maxX = Math.max(1, ...rows.map((r) => r.minute))
  const maxY = Math.max(1, ...rows.flatMap((r) => series.map(([k]) => Number(r[k]))))
  const px = (x: number) => L + (x / maxX) * (W - L - 20)
  const py = (y: number) => H - B - (y / maxY) * (H - B - 20)
  const lines = series
    .map(([k, , color]) => {
      const pts = rows.map((r) => `${px(r.minute).toFixed(1)},${py(Number(r[k])).toFixed(1)}`)
      return `<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.join(' ')}"/>`
    })
    .join('')
  const legend = series
    .map(
      ([, name, color], i) =>
        `<text x="${L + 10}" y="${24 + i * 16}" fill="${color}">${name}</text>`,
    )
    .join('')
  const stepX = maxX <= 10 ? 1 : maxX <= 30 ? 5 : 10
  const ticksX = Array.from({ length: Math.floor(maxX / stepX) + 1 }, (_, i) => i * stepX)
    .map((x) => `<text x="${px(x)}" y="${H - B + 16}" text-anchor="middle">${x}</text>`)
    .join('')
  const ticksY = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (f) =>
        `<text x="${L - 6}" y="${py(maxY * f) + 4}" text-anchor="end">${Math.round(maxY * f)} MB</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12"><rect width="100%" height="100%" fill="#0f1720"/><g fill="#cbd5e1">${ticksX}${ticksY}<text x="${(W + L) / 2}" y="${H - 6}" text-anchor="middle">minutes of writes</text></g><line x1="${L}" y1="${H - B}" x2="${W - 20}" y2="${H - B}" stroke="#64748b"/><line x1="${L}" y1="20" x2="${L}" y2="${H - B}" stroke="#64748b"/>${lines}<g font-size="12">${legend}</g></svg>\n`
}
