// The sandboxed preload: exposes one function per contract message as window.apiscope, and
// nothing else (no ipcRenderer, no process). Bundled to a single CommonJS file.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { buildApi } from '@common/bridge-types'

const api = buildApi(
  (channel, payload) => ipcRenderer.invoke(channel, payload),
  (channel, listener) => {
    const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(channel, handler)
    return () => {
      ipcRenderer.removeListener(channel, handler)
    }
  },
)

contextBridge.exposeInMainWorld('apiscope', api)
