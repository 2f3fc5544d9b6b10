// Renderer state of the walkthroughs feature (messages in src-main/common/messages/walkthroughs.ts).
import type { ApiscopeApi } from '@common/bridge-types'

export class WalkthroughsState {
  constructor(readonly api: ApiscopeApi) {}
}
