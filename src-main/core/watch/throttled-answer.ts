// What a 429 (or 503) answer to a list or watch request says of waiting: its Retry-After, and,
// from API Priority and Fairness, the FlowSchema and priority level that throttled it.
import type { IncomingHttpHeaders } from 'node:http'
import { retryAfterSeconds } from './page-retry'
import type { RequestContext } from './request-context'

/** The answer's Retry-After, in ms, where a 429 or 503 carries one. */
export function retryAfter(
  status: number,
  header: string | string[] | undefined,
): { retryAfterMs?: number } {
  const seconds = status === 429 || status === 503 ? retryAfterSeconds(header) : null
  return seconds === null ? {} : { retryAfterMs: seconds * 1000 }
}

/**
 * A 429 from API Priority and Fairness: counted on the status with the FlowSchema and priority
 * level that refused it. Returns the names to add to the message (null for any other status).
 */
export async function noteThrottle(
  ctx: Pick<RequestContext, 'status' | 'clock' | 'options'>,
  status: number,
  headers: IncomingHttpHeaders,
): Promise<{ fs: string; pl: string } | null> {
  if (status !== 429) return null
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)
  const fsUid = one(headers['x-kubernetes-pf-flowschema-uid'])
  const plUid = one(headers['x-kubernetes-pf-prioritylevel-uid'])
  let names = { flowSchema: fsUid ?? null, priorityLevel: plUid ?? null }
  if (ctx.options.flowNames && (fsUid || plUid)) {
    try {
      const found = await ctx.options.flowNames(fsUid, plUid)
      names = {
        flowSchema: found.flowSchema ?? names.flowSchema,
        priorityLevel: found.priorityLevel ?? names.priorityLevel,
      }
    } catch {
      // The UIDs stay.
    }
  }
  const seconds = Number(one(headers['retry-after']))
  ctx.status.throttled = {
    count: (ctx.status.throttled?.count ?? 0) + 1,
    at: new Date(ctx.clock.now()).toISOString(),
    retryAfterSeconds: Number.isFinite(seconds) ? seconds : null,
    ...names,
  }
  if (!names.flowSchema && !names.priorityLevel) return null
  return { fs: names.flowSchema ?? '?', pl: names.priorityLevel ?? '?' }
}
