// The core's answers to the recording messages (src-main/common/messages/recording.ts).
import type { recordingSchemas } from '@common/messages/recording'
import type { CoreContext, HandlersFor } from './core-context'

export function recordingHandlers(_core: CoreContext): HandlersFor<keyof typeof recordingSchemas> {
  return {}
}
