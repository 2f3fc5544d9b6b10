// Types for parse-prometheus-text-format 1.1.1, which ships none: its output mirrors prom2json.
declare module 'parse-prometheus-text-format' {
  export interface PromSample {
    labels?: Record<string, string>
    /** Counters, gauges, untyped. */
    value?: string
    /** Histograms: upper bound -> cumulative count. */
    buckets?: Record<string, string>
    /** Summaries: quantile -> value. */
    quantiles?: Record<string, string>
    count?: string
    sum?: string
  }
  export interface PromFamily {
    name: string
    help: string
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED'
    metrics: PromSample[]
  }
  export default function parsePrometheusTextFormat(text: string): PromFamily[]
}
