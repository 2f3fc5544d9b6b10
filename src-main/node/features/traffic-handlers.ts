// The core's answers to the traffic messages (src-main/common/messages/traffic.ts).
import type { trafficSchemas } from '@common/messages/traffic'
import type { CoreContext, HandlersFor } from './core-context'

export function trafficHandlers(_core: CoreContext): HandlersFor<keyof typeof trafficSchemas> {
  return {}
}
