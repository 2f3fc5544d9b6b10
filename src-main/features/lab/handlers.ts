// The core's answers to the lab messages (src-main/features/lab/messages.ts).
import type { labSchemas } from '@features/lab/messages'
import { ok } from '@common/result'
import { labIdentitiesOf } from '../../core/request-as/identities'
import { sendLabRequest } from './send-request'
import type { CoreContext, HandlersFor } from '../../core/core-context'

export function labHandlers(core: CoreContext): HandlersFor<keyof typeof labSchemas> {
  return {
    'lab:identities': async () => {
      const session = core.requireSession()
      if (!session.ok) return session
      return ok(labIdentitiesOf(session.value, core.requestLog).list())
    },
    'lab:mint-token': async ({ namespace }) => {
      const session = core.requireSession()
      if (!session.ok) return session
      return labIdentitiesOf(session.value, core.requestLog).mintServiceAccountToken(namespace)
    },
    'lab:send': async (spec) => {
      const session = core.requireSession()
      if (!session.ok) return session
      return sendLabRequest(session.value, spec, core.requestLog, core.audit)
    },
  }
}
