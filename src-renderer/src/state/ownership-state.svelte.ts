// Renderer state of the ownership feature (messages in src-main/common/messages/ownership.ts).
import type { ApiscopeApi } from '@common/bridge-types'

export class OwnershipState {
  constructor(readonly api: ApiscopeApi) {}
}
