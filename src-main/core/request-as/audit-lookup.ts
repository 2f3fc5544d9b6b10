// A lab or walkthrough write's own audit event: looked up by the Audit-Id response header in the core's audit
// stream (core/audit-bus.ts) when a live-traffic source is running. Its annotations name the
// mutating webhooks that were called and whether each changed the object
// (mutation.webhook.admission.k8s.io/round_N_index_M, Kubernetes 1.19+), which the dry-run
// attribution cannot learn from the answer alone.
// https://kubernetes.io/docs/reference/labels-annotations-taints/audit-annotations/
import type { LabAudit } from '@common/request-audit'
import type { AuditEvent, AuditStream } from '../audit-bus'

/**
 * How long the lab waits for its event: kube-apiserver posts webhook batches every
 * --audit-webhook-batch-max-wait (Apiscope's setup helper sets 1 s; the log tail polls faster),
 * plus a margin for the post and a busy server. Past that, the answer comes without it.
 */
export const LAB_AUDIT_WAIT_MS = 3000

export interface LabAuditLookup {
  audit: LabAudit
  /** The event's annotations, for the stage model and the attribution. */
  annotations?: Record<string, string>
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name)
  return key === undefined ? undefined : headers[key]
}

export async function lookupLabAudit(
  stream: AuditStream | undefined,
  headers: Record<string, string>,
  waitMs = LAB_AUDIT_WAIT_MS,
): Promise<LabAuditLookup> {
  const auditId = headerValue(headers, 'audit-id')
  const id = auditId ? { auditId } : {}
  if (!stream || !stream.isStreaming()) return { audit: { state: 'off', waitedMs: 0, ...id } }
  if (!auditId) return { audit: { state: 'missing', waitedMs: 0 } }
  const started = Date.now()
  const event: AuditEvent | undefined = await stream.lookup(auditId, { waitMs })
  const waitedMs = Date.now() - started
  if (!event) return { audit: { state: 'missing', waitedMs, auditId } }
  const user = event.user.username
  return {
    audit: { state: 'received', waitedMs, auditId, ...(user ? { user } : {}) },
    annotations: event.annotations ?? {},
  }
}
