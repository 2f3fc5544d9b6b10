// The core's answers to the traffic messages (src-main/features/traffic/messages.ts). The sources
// belong to the live world: they go on receiving under a replay, whose views read the recorded
// traffic instead (ReplaySource.traffic) and cannot start or stop a live source.
import type { trafficSchemas } from '@features/traffic/messages'
import { fail, ok } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import { fetchApf } from './apf'
import { detectAuditSetup } from './audit-setup'
import { TrafficService } from './traffic-service'
import { replayRefusal, type CoreContext, type HandlersFor } from '../../core/core-context'

export function trafficHandlers(core: CoreContext): HandlersFor<keyof typeof trafficSchemas> {
  const traffic = new TrafficService(
    (batch) => core.emit('traffic:batch', batch),
    (events) => core.audit.publish(events),
  )
  core.audit.setStreamingProbe(() => traffic.isStreaming())
  core.audit.setObservedSink((events) => traffic.ingestObserved(events))
  // A 429 of Apiscope's own: live traffic names the FlowSchema the answer's headers gave.
  core.requestLog.subscribe((entry) => {
    const apf = entry.apf
    const session = core.liveSession
    if (entry.status !== 429 || !apf?.auditId || !session) return
    const auditId = apf.auditId
    void session.flowNames
      .resolve(apf.flowSchemaUid, apf.priorityLevelUid)
      .then((names) =>
        traffic.stream.noteFlow(auditId, {
          flowSchema: names.flowSchema ?? apf.flowSchemaUid ?? null,
          priorityLevel: names.priorityLevel ?? apf.priorityLevelUid ?? null,
        }),
      )
      .catch(() => undefined)
  })
  // The webhook's port and the log tails must not outlive the core.
  core.onClose(() => traffic.close())
  // /metrics deltas only mean something against the same API server.
  let metricsSession: unknown = null
  const refused = fail<never>(replayRefusal)
  return {
    'traffic:status': async () => ok(core.replay ? core.replay.traffic() : traffic.status()),
    'traffic:start-webhook': async ({ host, port, path }) =>
      core.replay ? refused : traffic.startWebhook(host, port, path),
    'traffic:start-log-tail': async ({ path, fromStart, minikubeProfile }) =>
      core.replay ? refused : traffic.startLogTail(path, fromStart === true, minikubeProfile),
    'traffic:stop-source': async ({ id }) =>
      core.replay ? refused : ok({ stopped: await traffic.stopSource(id) }),
    'traffic:event-detail': async ({ auditId }) => {
      if (!core.replay) return traffic.detail(auditId)
      // A recording keeps each request as the list showed it, not its audit events.
      const request = core.replay.traffic().recent.find((r) => r.auditId === auditId)
      return request
        ? ok({ request, events: [], redacted: [] })
        : fail(
            saidError(
              'bad-request',
              said('traffic.err.notRecorded'),
              said('traffic.err.notRecordedDetail', { auditId }),
              said('traffic.err.notRecordedNext'),
            ),
          )
    },
    'traffic:setup': async ({ port, path }) => {
      const session = core.requireSession()
      return ok(
        await detectAuditSetup(
          session.ok ? session.value : null,
          core.replay ? core.replay.traffic().sources : traffic.sourceStatuses(),
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
