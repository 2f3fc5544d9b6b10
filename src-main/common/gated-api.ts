// One world's view of the bridge (the live session, or one replay): the same calls, but pushed
// events reach its listeners only while that world is on screen, so nothing of one world lands in
// the other's state. dispose() drops its listeners when the world goes (a replay closed).
import { eventMethods, type ApiscopeApi } from './bridge-types'

export interface GatedApi {
  api: ApiscopeApi
  dispose(): void
}

type Subscribe = (listener: (payload: unknown) => void) => () => void

export function gatedApi(api: ApiscopeApi, isShown: () => boolean): GatedApi {
  const offs: (() => void)[] = []
  const gated: Record<string, unknown> = { ...api }
  const raw = api as unknown as Record<string, Subscribe>
  for (const method of Object.values(eventMethods)) {
    const subscribe = raw[method] as Subscribe
    gated[method] = (listener: (payload: unknown) => void) => {
      const off = subscribe((payload) => {
        if (isShown()) listener(payload)
      })
      offs.push(off)
      return off
    }
  }
  return {
    api: Object.freeze(gated) as ApiscopeApi,
    dispose: () => offs.splice(0).forEach((off) => off()),
  }
}
