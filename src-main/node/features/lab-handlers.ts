// The core's answers to the lab messages (src-main/common/messages/lab.ts).
import type { labSchemas } from '@common/messages/lab'
import type { CoreContext, HandlersFor } from './core-context'

export function labHandlers(_core: CoreContext): HandlersFor<keyof typeof labSchemas> {
  return {}
}
