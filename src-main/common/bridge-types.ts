// What the renderer can call: one function per message, whichever host carries it. The preload
// builds this object over Electron IPC; the WebSocket client builds the same object in browser mode.
import type {
  EventChannel,
  EventPayloads,
  InvokeAnswers,
  InvokeChannel,
  InvokePayload,
} from './contract'
import { kubectlProxyEventMethods, kubectlProxyMethods } from '../features/kubectl-proxy/messages'
import { sessionEventMethods, sessionMethods } from '../features/session/messages'
import { watchesEventMethods, watchesMethods } from '../features/watches/messages'
import { labEventMethods, labMethods } from '../features/lab/messages'
import { ownershipEventMethods, ownershipMethods } from '../features/ownership/messages'
import { recordingEventMethods, recordingMethods } from '../features/recording/messages'
import { trafficEventMethods, trafficMethods } from '../features/traffic/messages'
import { walkthroughsEventMethods, walkthroughsMethods } from '../features/walkthroughs/messages'
import type { Result } from './result'

export const invokeMethods = {
  'app:info': 'appInfo',
  ...sessionMethods,
  ...watchesMethods,
  ...ownershipMethods,
  ...labMethods,
  ...trafficMethods,
  ...recordingMethods,
  ...walkthroughsMethods,
  ...kubectlProxyMethods,
} as const satisfies Record<InvokeChannel, string>

export const eventMethods = {
  ...sessionEventMethods,
  ...watchesEventMethods,
  ...ownershipEventMethods,
  ...labEventMethods,
  ...trafficEventMethods,
  ...recordingEventMethods,
  ...walkthroughsEventMethods,
  ...kubectlProxyEventMethods,
} as const satisfies Record<EventChannel, string>

export const eventChannels = Object.keys(eventMethods) as EventChannel[]

export type InvokeTransport = (channel: InvokeChannel, payload: unknown) => Promise<unknown>
export type SubscribeTransport = (
  channel: EventChannel,
  listener: (payload: unknown) => void,
) => () => void

export type ApiscopeApi = {
  readonly [C in InvokeChannel as (typeof invokeMethods)[C]]: (
    payload: InvokePayload<C>,
  ) => Promise<Result<InvokeAnswers[C]>>
} & {
  readonly [E in EventChannel as (typeof eventMethods)[E]]: (
    listener: (payload: EventPayloads[E]) => void,
  ) => () => void
}

/** Builds the per-message functions over a transport. Used by the preload and the WebSocket client. */
export function buildApi(invoke: InvokeTransport, subscribe: SubscribeTransport): ApiscopeApi {
  const api: Record<string, unknown> = {}
  for (const [channel, method] of Object.entries(invokeMethods)) {
    api[method] = (payload: unknown) => invoke(channel as InvokeChannel, payload)
  }
  for (const [channel, method] of Object.entries(eventMethods)) {
    api[method] = (listener: (payload: unknown) => void) =>
      subscribe(channel as EventChannel, listener)
  }
  return Object.freeze(api) as ApiscopeApi
}
