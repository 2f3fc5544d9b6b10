// The core's answers to the traffic messages (src-main/common/messages/traffic.ts).
import type { trafficSchemas } from '@common/messages/traffic'
import { ok } from '@common/result'
import { fetchApf } from '../traffic/apf'
import { detectAuditSetup } from '../traffic/audit-setup'
import { TrafficService } from '../traffic/traffic-service'
import type { CoreContext, HandlersFor } from './core-context'

export function trafficHandlers(core: CoreContext): HandlersFor<keyof typeof trafficSchemas> {
  const traffic = new TrafficService(
    (batch) => core.emit('traffic:batch', batch),
    (events) => core.audit.publish(events),
  )
  core.audit.setStreamingProbe(() => traffic.isStreaming())
  // The webhook's port and the log tails must not outlive the core.
  core.onClose(() => traffic.close())
  // /metrics deltas only mean something against the same API server.
  let metricsSession: unknown = null
  return {
    'traffic:status': async () => ok(traffic.status()),
    'traffic:start-webhook': async ({ host, port, path }) => traffic.startWebhook(host, port, path),
    'traffic:start-log-tail': async ({ path, fromStart, minikubeProfile }) =>
      traffic.startLogTail(path, fromStart === true, minikubeProfile),
    'traffic:stop-source': async ({ id }) => ok({ stopped: await traffic.stopSource(id) }),
    'traffic:event-detail': async ({ auditId }) => traffic.detail(auditId),
    'traffic:setup': async ({ port, path }) => {
      const session = core.requireSession()
      return ok(
        await detectAuditSetup(
          session.ok ? session.value : null,
          traffic.sourceStatuses(),
          port,
          path ?? '/apiscope-audit',
        ),
      )
    },
    'traffic:metrics': async ({ reset }) => {
      const session = core.requireSession()
      if (!session.ok) return session
      if (reset || session.value !== metricsSession) traffic.metrics.reset()
      metricsSession = session.value
      return traffic.metrics.sample(session.value.transport)
    },
    'traffic:apf': async () => {
      const session = core.requireSession()
      return session.ok ? fetchApf(session.value) : session
    },
  }
}
