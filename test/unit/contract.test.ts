import { describe, expect, it } from 'vitest'
import { buildApi, eventMethods, invokeMethods } from '@common/bridge-types'
import { invokeChannels, invokeSchemas } from '@common/contract'
import { mergePathLists } from '../../src-main/core/login-shell-path'

describe('the contract', () => {
  it('gives every message its own function', () => {
    const calls: unknown[] = []
    const api = buildApi(
      async (channel, payload) => {
        calls.push([channel, payload])
        return { ok: true, value: null }
      },
      () => () => undefined,
    )
    expect(Object.keys(api).sort()).toEqual(
      [...Object.values(invokeMethods), ...Object.values(eventMethods)].sort(),
    )
    void api.connect({ context: 'minikube' })
    expect(calls).toEqual([['kube:connect', { context: 'minikube' }]])
    expect(Object.isFrozen(api)).toBe(true)
  })
  it('rejects payloads that do not match their schema', () => {
    expect(invokeChannels.length).toBe(Object.keys(invokeMethods).length)
    expect(invokeSchemas['kube:connect'].safeParse({ context: '' }).success).toBe(false)
    expect(invokeSchemas['kube:connect'].safeParse({ context: 'a', extra: 1 }).success).toBe(false)
    expect(invokeSchemas['kube:access-rules'].safeParse({ namespace: 'ch34' }).success).toBe(true)
  })
})

describe('login shell PATH', () => {
  it('appends entries the desktop launch lacked, keeping order and no duplicates', () => {
    expect(mergePathLists('/usr/bin:/bin', '/opt/homebrew/bin:/usr/bin:/home/u/.local/bin')).toBe(
      '/usr/bin:/bin:/opt/homebrew/bin:/home/u/.local/bin',
    )
  })
})
