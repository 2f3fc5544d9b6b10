// Renderer state of the lab feature (messages in src-main/common/messages/lab.ts).
import type { ApiscopeApi } from '@common/bridge-types'

export class LabState {
  constructor(readonly api: ApiscopeApi) {}
}
