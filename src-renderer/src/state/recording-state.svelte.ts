// Renderer state of the recording feature (messages in src-main/common/messages/recording.ts).
import type { ApiscopeApi } from '@common/bridge-types'

export class RecordingState {
  constructor(readonly api: ApiscopeApi) {}
}
