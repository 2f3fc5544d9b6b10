// A write's own audit event as the lab and the walkthroughs show it (core/request-as/audit-lookup.ts
// looks it up by its Audit-Id in the live audit stream).
import type { MutatingWebhookCall } from './request-stages'

export interface LabAudit {
  /** off: no audit source runs; received: its event came; missing: it did not come in time. */
  state: 'off' | 'received' | 'missing'
  auditId?: string
  /** How long the lab waited for the event (batches arrive up to the batch max wait later). */
  waitedMs: number
  /** The authenticated user the audit event names. */
  user?: string
  /** Every mutating webhook the annotations say was called, in call order. */
  mutatingWebhooks?: MutatingWebhookCall[]
}
