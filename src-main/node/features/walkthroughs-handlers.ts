// The core's answers to the walkthroughs messages (src-main/common/messages/walkthroughs.ts).
import type { walkthroughsSchemas } from '@common/messages/walkthroughs'
import type { CoreContext, HandlersFor } from './core-context'

export function walkthroughsHandlers(
  _core: CoreContext,
): HandlersFor<keyof typeof walkthroughsSchemas> {
  return {}
}
