// The types of line-chart.js, for test/soak/soak-report.ts.

export interface LineChart {
  /** Each line: its legend name, its colour, its points as [x, y] (non-finite y left out). */
  series: { name: string; color: string; points: [number, number][] }[]
  /** The y axis reaches at least this high (1 unless said). */
  floorY?: number
  /** The x axis's ticks: where, and what each says. */
  xTicks: [number, string][]
  /** What a y tick says of its value. */
  yLabel: (y: number) => string
  /** Said under the x axis. */
  xTitle: string
  /** A dot on each point. */
  dots?: boolean
  /** Dashed horizontal lines: their y, and what follows "goal: ". */
  goals?: [number, string][]
  /** Inside the plot's top left corner (the default), or above the plot. */
  legend?: 'inside' | 'above'
  /** y on a log scale, from minY (1 unless said). */
  logY?: boolean
  minY?: number
}

export function lineChart(chart: LineChart): string
