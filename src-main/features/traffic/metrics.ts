// The API server's /metrics, read with a Prometheus text-format parser from npm: how much
// apiserver_request_total grew between two reads, by verb, resource and code, with 409 and 429
// surges marked; and the API Priority and Fairness gauges (apiserver_flowcontrol_*).
import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format'
import type { FlowcontrolGauge, MetricDelta, MetricsSample } from '@features/traffic/messages'
import { fail, ok, type Result } from '@common/result'
import { saidError } from '@common/said-error'
import { said, type Said } from '@i18n/translate'
import { describeHttpFailure } from '../../core/failure-messages'
import type { KubeTransport } from '../../core/kube-transport'

/** A 409 or 429 count that grew by at least this much between two reads is a surge. */
export const SURGE_MIN = 3

const notMetrics = (detail: Said | string) =>
  fail<never>(
    saidError('http', said('traffic.metrics.notProm'), detail, said('traffic.metrics.notPromNext')),
  )

/** Parses the text format; a clear sentence when the text is not Prometheus metrics. */
export function parseMetrics(text: string): Result<PromFamily[]> {
  try {
    const families = parsePrometheusTextFormat(text)
    if (!Array.isArray(families) || (families.length === 0 && text.trim() !== ''))
      return notMetrics(said('traffic.metrics.noFamily'))
    return ok(families)
  } catch (error) {
    // The parser's own words, as it wrote them.
    return notMetrics((error as Error).message)
  }
}

const num = (value: string | undefined) => (value === undefined ? NaN : Number(value))

/** apiserver_request_total summed by verb, resource(/subresource) and code. */
export function requestTotals(families: readonly PromFamily[]): Map<string, number> {
  const totals = new Map<string, number>()
  const family = families.find((f) => f.name === 'apiserver_request_total')
  for (const sample of family?.metrics ?? []) {
    const l = sample.labels ?? {}
    const resource = l.resource ? `${l.resource}${l.subresource ? `/${l.subresource}` : ''}` : ''
    const key = [l.verb ?? '', resource, l.code ?? ''].join(' ')
    const value = num(sample.value)
    if (Number.isFinite(value)) totals.set(key, (totals.get(key) ?? 0) + value)
  }
  return totals
}

/** The growth of each series since `previous`; a series that went down (a restart) counts from 0. */
export function requestDeltas(
  previous: ReadonlyMap<string, number> | null,
  current: ReadonlyMap<string, number>,
): MetricDelta[] {
  const out: MetricDelta[] = []
  for (const [key, total] of current) {
    const [verb = '', resource = '', code = ''] = key.split(' ')
    const before = previous?.get(key) ?? (previous ? 0 : total)
    const delta = total >= before ? total - before : total
    out.push({ verb, resource, code, delta, total, surge: isSurge(code, delta) })
  }
  return out.sort(
    (a, b) => b.delta - a.delta || b.total - a.total || a.resource.localeCompare(b.resource),
  )
}

const isSurge = (code: string, delta: number) =>
  (code === '409' || code === '429') && delta >= SURGE_MIN

/** Every apiserver_flowcontrol_* gauge and counter, summed per priority level (and flow schema). */
export function flowcontrolGauges(families: readonly PromFamily[]): FlowcontrolGauge[] {
  const out = new Map<string, FlowcontrolGauge>()
  for (const family of families) {
    if (!family.name.startsWith('apiserver_flowcontrol_')) continue
    if (family.type === 'HISTOGRAM' || family.type === 'SUMMARY') continue
    for (const sample of family.metrics) {
      const l = sample.labels ?? {}
      if (!l.priority_level) continue
      const value = num(sample.value)
      if (!Number.isFinite(value)) continue
      const key = [family.name, l.priority_level, l.flow_schema ?? ''].join(' ')
      const found = out.get(key)
      if (found) found.value += value
      else
        out.set(key, {
          name: family.name.replace(/^apiserver_flowcontrol_/, ''),
          priorityLevel: l.priority_level,
          ...(l.flow_schema ? { flowSchema: l.flow_schema } : {}),
          value,
        })
    }
  }
  return [...out.values()]
}

export async function fetchMetricsText(transport: KubeTransport): Promise<Result<string>> {
  let res
  try {
    res = await transport.request({ path: '/metrics', accept: 'text/plain', timeoutMs: 15_000 })
  } catch (error) {
    return fail(transport.describe(error))
  }
  if (res.status < 200 || res.status >= 300)
    return fail(
      describeHttpFailure({
        status: res.status,
        body: res.body,
        path: '/metrics',
        context: transport.config.context,
      }),
    )
  return ok(res.body)
}

/** Reads /metrics each time it is asked and reports what changed since the last read. */
export class MetricsPoller {
  private previous: Map<string, number> | null = null
  private previousAt = 0

  reset(): void {
    this.previous = null
  }

  async sample(transport: KubeTransport): Promise<Result<MetricsSample>> {
    const text = await fetchMetricsText(transport)
    if (!text.ok) return text
    const families = parseMetrics(text.value)
    if (!families.ok) return families
    return ok(this.take(families.value, Date.now()))
  }

  /** One sample from parsed families (tests feed recorded text through here). */
  take(families: readonly PromFamily[], at: number): MetricsSample {
    const totals = requestTotals(families)
    const sample: MetricsSample = {
      at,
      intervalMs: this.previous ? at - this.previousAt : null,
      deltas: requestDeltas(this.previous, totals),
      flowcontrol: flowcontrolGauges(families),
      seriesCount: families.reduce((n, f) => n + f.metrics.length, 0),
    }
    this.previous = totals
    this.previousAt = at
    return sample
  }
}
