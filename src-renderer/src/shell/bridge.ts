// The renderer's one door to the core. In Electron the preload put window.apiscope there; in
// browser mode we build the same object over the loopback WebSocket, with the per-launch token.
import { buildApi, type ApiscopeApi } from '@common/bridge-types'
import type { ServerMessage } from '@common/ws-protocol'

declare global {
  interface Window {
    apiscope?: ApiscopeApi
  }
}

const TOKEN_KEY = 'apiscope.token'

/** Takes the token out of the address bar (it should not show on a shared screen). */
function takeToken(): string | null {
  const url = new URL(window.location.href)
  const fromUrl = url.searchParams.get('token')
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl)
    url.searchParams.delete('token')
    history.replaceState(null, '', url.pathname + url.search + url.hash)
    return fromUrl
  }
  return sessionStorage.getItem(TOKEN_KEY)
}

export type ConnectionListener = (state: 'open' | 'closed') => void

function websocketApi(onConnection: ConnectionListener): ApiscopeApi {
  const token = takeToken() ?? ''
  const pending = new Map<number, (value: unknown) => void>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let nextId = 1
  let socket: WebSocket
  let ready: Promise<void>

  const open = () => {
    socket = new WebSocket(`ws://${window.location.host}/ws?token=${encodeURIComponent(token)}`)
    ready = new Promise((resolve, reject) => {
      socket.addEventListener('open', () => {
        onConnection('open')
        resolve()
      })
      socket.addEventListener('error', () => reject(new Error('WebSocket error')))
    })
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage
      if (message.t === 'result') {
        pending.get(message.id)?.(message.result)
        pending.delete(message.id)
      } else {
        for (const l of listeners.get(message.channel) ?? []) l(message.payload)
      }
    })
    socket.addEventListener('close', () => {
      onConnection('closed')
      for (const resolve of pending.values()) {
        resolve({
          ok: false,
          error: {
            kind: 'internal',
            title: 'Lost the connection to Apiscope',
            detail: 'The apiscope serve process stopped or restarted.',
            nextStep: 'Start it again and reload this page.',
          },
        })
      }
      pending.clear()
    })
  }
  open()

  return buildApi(
    async (channel, payload) => {
      await ready.catch(() => undefined)
      if (socket.readyState !== WebSocket.OPEN) {
        return {
          ok: false,
          error: {
            kind: 'internal',
            title: 'Not connected to Apiscope',
            detail: 'The browser-mode server does not answer.',
            nextStep: 'Check that apiscope serve is still running, then reload.',
          },
        }
      }
      const id = nextId++
      return new Promise((resolve) => {
        pending.set(id, resolve)
        socket.send(JSON.stringify({ t: 'invoke', id, channel, payload }))
      })
    },
    (channel, listener) => {
      const set = listeners.get(channel) ?? new Set()
      set.add(listener)
      listeners.set(channel, set)
      return () => set.delete(listener)
    },
  )
}

export function connectBridge(onConnection: ConnectionListener): ApiscopeApi {
  return window.apiscope ?? websocketApi(onConnection)
}
