// Each world's view of the bridge: pushed events reach only the world on screen; calls go through
// unchanged; a world disposed of hears nothing more.
import { describe, expect, it } from 'vitest'
import { buildApi, type SubscribeTransport } from '@common/bridge-types'
import type { EventChannel } from '@common/contract'
import { gatedApi } from '@common/gated-api'

function bridge() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const calls: string[] = []
  const subscribe: SubscribeTransport = (channel, listener) => {
    const set = listeners.get(channel) ?? new Set()
    set.add(listener)
    listeners.set(channel, set)
    return () => set.delete(listener)
  }
  const api = buildApi(async (channel) => {
    calls.push(channel)
    return { ok: true, value: channel }
  }, subscribe)
  const push = (channel: EventChannel, payload: unknown) =>
    [...(listeners.get(channel) ?? [])].forEach((l) => l(payload))
  const count = (channel: EventChannel) => listeners.get(channel)?.size ?? 0
  return { api, calls, push, count }
}

describe('gatedApi', () => {
  it('delivers events to the world on screen only, and calls through for both', async () => {
    const b = bridge()
    let shown: 'live' | 'replay' = 'live'
    const live = gatedApi(b.api, () => shown === 'live')
    const replay = gatedApi(b.api, () => shown === 'replay')
    const got: string[] = []
    live.api.onRequestLogged((e) => got.push(`live:${(e as { seq: number }).seq}`))
    replay.api.onRequestLogged((e) => got.push(`replay:${(e as { seq: number }).seq}`))
    b.push('kube:request-logged', { seq: 1 })
    shown = 'replay'
    b.push('kube:request-logged', { seq: 1 })
    b.push('kube:request-logged', { seq: 2 })
    shown = 'live'
    b.push('kube:request-logged', { seq: 2 })
    expect(got).toEqual(['live:1', 'replay:1', 'replay:2', 'live:2'])
    expect(await replay.api.requestLog({})).toEqual({ ok: true, value: 'kube:request-log' })
    expect(b.calls).toEqual(['kube:request-log'])
  })

  it('a disposed world unsubscribes everything it subscribed', () => {
    const b = bridge()
    const world = gatedApi(b.api, () => true)
    const got: unknown[] = []
    world.api.onWatchFrame((f) => got.push(f))
    world.api.onSession((s) => got.push(s))
    expect(b.count('watch:frame')).toBe(1)
    world.dispose()
    expect(b.count('watch:frame')).toBe(0)
    expect(b.count('kube:session')).toBe(0)
    b.push('watch:frame', { seq: 1 })
    expect(got).toEqual([])
  })
})
