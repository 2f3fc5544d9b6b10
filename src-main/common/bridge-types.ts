// What the renderer can call: one function per message, whichever host carries it. The preload
// builds this object over Electron IPC; the WebSocket client builds the same object in browser mode.
import type {
  EventChannel,
  EventPayloads,
  InvokeAnswers,
  InvokeChannel,
  InvokePayload,
} from './contract'
import { kubectlProxyEventMethods, kubectlProxyMethods } from './messages/kubectl-proxy'
import { labEventMethods, labMethods } from './messages/lab'
import { ownershipEventMethods, ownershipMethods } from './messages/ownership'
import { recordingEventMethods, recordingMethods } from './messages/recording'
import { trafficEventMethods, trafficMethods } from './messages/traffic'
import { walkthroughsEventMethods, walkthroughsMethods } from './messages/walkthroughs'
import type { Result } from './result'

export const invokeMethods = {
  'app:info': 'appInfo',
  'kube:contexts': 'listContexts',
  'kube:connect': 'connect',
  'kube:identity': 'identity',
  'kube:access-rules': 'accessRules',
  'kube:health': 'health',
  'kube:discovery': 'discovery',
  'kube:request-log': 'requestLog',
  'watch:start': 'startWatch',
  'watch:stop': 'stopWatch',
  'watch:snapshot': 'watchSnapshot',
  'watch:event-detail': 'eventDetail',
  ...ownershipMethods,
  ...labMethods,
  ...trafficMethods,
  ...recordingMethods,
  ...walkthroughsMethods,
  ...kubectlProxyMethods,
} as const satisfies Record<InvokeChannel, string>

export const eventMethods = {
  'kube:session': 'onSession',
  'kube:request-logged': 'onRequestLogged',
  'watch:frame': 'onWatchFrame',
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
