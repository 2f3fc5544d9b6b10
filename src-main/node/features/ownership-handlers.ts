// The core's answers to the ownership messages (src-main/common/messages/ownership.ts).
import type { ownershipSchemas } from '@common/messages/ownership'
import type { CoreContext, HandlersFor } from './core-context'

export function ownershipHandlers(_core: CoreContext): HandlersFor<keyof typeof ownershipSchemas> {
  return {}
}
