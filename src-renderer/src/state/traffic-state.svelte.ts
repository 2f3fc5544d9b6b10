// Renderer state of the traffic feature (messages in src-main/common/messages/traffic.ts).
import type { ApiscopeApi } from '@common/bridge-types'

export class TrafficState {
  constructor(readonly api: ApiscopeApi) {}
}
