// One small SVG line chart, the docs' charts' only drawer: scripts/bench.js's scale charts and
// test/soak/soak-report.ts's memory over time. Plain JavaScript so that `node scripts/bench.js`
// imports it as it is; line-chart.d.ts gives the TypeScript side its types.

/**
 * The chart as an SVG document: each series a line (its non-finite values left out, dots on its
 * points if asked), dashed goal lines, the ticks given, a title under the x axis. The legend is
 * drawn inside the plot's top left corner, or above the plot (`legend: 'above'`, each name beside
 * a stroke of its colour) where no line can pass under it. `logY` draws y on a log scale (figures
 * a hundred times apart, goals of 16.7 and 300 ms, each readable), from `minY` (1 unless said),
 * its ticks at 1, 3, 10, 30… times a power of ten.
 */
export function lineChart({
  series,
  floorY = 1,
  xTicks,
  yLabel,
  xTitle,
  dots = false,
  goals = [],
  legend = 'inside',
  logY = false,
  minY = 1,
}) {
  const W = 640
  const L = 60
  // Room on the right for the last x tick's label, centred on the plot's end.
  const R = 36
  const B = 40
  // Above the plot: a row a series, then the plot as tall as it is with the legend inside.
  const T = legend === 'above' ? 24 + series.length * 16 : 20
  const H = 300 + T
  const shown = series.map((s) => ({
    ...s,
    points: s.points.filter(([, y]) => Number.isFinite(y)),
  }))
  const maxX = Math.max(
    1,
    ...xTicks.map(([x]) => x),
    ...series.flatMap((s) => s.points.map(([x]) => x)),
  )
  const maxY = Math.max(floorY, ...shown.flatMap((s) => s.points.map(([, y]) => y)))
  const px = (x) => L + (x / maxX) * (W - L - R)
  const lo = Math.log10(minY)
  const hi = Math.log10(Math.max(maxY, minY * 10))
  const py = logY
    ? (y) => H - B - ((Math.log10(Math.max(y, minY)) - lo) / (hi - lo)) * (H - B - T)
    : (y) => H - B - (y / maxY) * (H - B - T)
  const goalLines = goals
    .map(
      ([y, name]) =>
        `<line x1="${L}" x2="${W - R}" y1="${py(y).toFixed(1)}" y2="${py(y).toFixed(1)}" stroke="#64748b" stroke-dasharray="4 4"/><text x="${W - R - 2}" y="${(py(y) - 3).toFixed(1)}" text-anchor="end" fill="#94a3b8">goal: ${name}</text>`,
    )
    .join('')
  const lines = shown
    .map(({ color, points }) => {
      const pts = points.map(([x, y]) => [px(x).toFixed(1), py(y).toFixed(1)])
      return pts.length
        ? `<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.map((p) => p.join(',')).join(' ')}"/>` +
            (dots
              ? pts.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="${color}"/>`).join('')
              : '')
        : ''
    })
    .join('')
  const key = series
    .map(({ name, color }, i) =>
      legend === 'above'
        ? `<line x1="${L}" x2="${L + 18}" y1="${16 + i * 16}" y2="${16 + i * 16}" stroke="${color}" stroke-width="2"/><text x="${L + 24}" y="${20 + i * 16}" fill="${color}">${name}</text>`
        : `<text x="${L + 10}" y="${24 + i * 16}" fill="${color}">${name}</text>`,
    )
    .join('')
  const ticksX = xTicks
    .map(
      ([x, label]) => `<text x="${px(x)}" y="${H - B + 16}" text-anchor="middle">${label}</text>`,
    )
    .join('')
  const yTicks = logY
    ? Array.from({ length: 2 * Math.ceil(hi - lo) + 1 }, (_, i) =>
        i % 2 ? 3 * 10 ** (Math.floor(lo) + (i - 1) / 2) : 10 ** (Math.floor(lo) + i / 2),
      ).filter((y) => y >= minY && Math.log10(y) <= hi + 1e-9)
    : [0, 0.25, 0.5, 0.75, 1].map((f) => maxY * f)
  const ticksY = yTicks
    .map((y) => `<text x="${L - 6}" y="${py(y) + 4}" text-anchor="end">${yLabel(y)}</text>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12"><rect width="100%" height="100%" fill="#0f1720"/><g fill="#cbd5e1">${ticksX}${ticksY}<text x="${(W + L) / 2}" y="${H - 6}" text-anchor="middle">${xTitle}</text></g><line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#64748b"/><line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#64748b"/>${goalLines}${lines}<g font-size="12">${key}</g></svg>\n`
}
