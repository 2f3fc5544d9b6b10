// The only module that touches ipcMain. Each message is checked against the frame that sent it
// (our window's main frame, loaded from our own origin) and handed to the core as `unknown`;
// the core parses it and answers with a Result, never a throw.
import { ipcMain, type BrowserWindow, type WebFrameMain } from 'electron'
import { eventChannels } from '@common/bridge-types'
import { invokeChannels } from '@common/contract'
import { fail } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import type { ApiscopeCore } from '../assembly/apiscope-core'

export function installIpcBridge(
  core: ApiscopeCore,
  getWindow: () => BrowserWindow | null,
  trustedOrigin: string,
): () => void {
  const isTrusted = (frame: WebFrameMain | null): boolean => {
    const win = getWindow()
    if (!frame || !win || frame !== win.webContents.mainFrame) return false
    try {
      // Node's URL gives custom schemes an opaque origin ("null"), so compare scheme and host.
      const url = new URL(frame.url)
      return `${url.protocol}//${url.host}` === trustedOrigin
    } catch {
      return false
    }
  }
  for (const channel of invokeChannels) {
    ipcMain.handle(channel, (event, payload: unknown) => {
      if (!isTrusted(event.senderFrame)) {
        return fail(saidError('bad-request', said('core.err.untrustedFrame'), '', null))
      }
      return core.invoke(channel, payload)
    })
  }
  const off = core.onEvent((channel, payload) => {
    const win = getWindow()
    if (win && !win.isDestroyed() && eventChannels.includes(channel))
      win.webContents.send(channel, payload)
  })
  return () => {
    off()
    for (const channel of invokeChannels) ipcMain.removeHandler(channel)
  }
}
