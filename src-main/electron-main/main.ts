// Electron host: one sandboxed window over the plain-Node core. Navigation and new windows are
// denied, permissions refused, and the renderer only reaches the core through the IPC bridge.
import { app, BrowserWindow, session, shell } from 'electron'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ApiscopeCore } from '../assembly/apiscope-core'
import { openDemoUnlessClusterAnswers } from '../assembly/demo-fallback'
import { augmentPathFromLoginShell } from '../core/login-shell-path'
import { defaultSettingsFile } from '../core/settings-file'
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './app-protocol'
import { installIpcBridge } from './ipc-bridge'

const here = path.dirname(fileURLToPath(import.meta.url))
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const trustedOrigin = devServerUrl ? new URL(devServerUrl).origin : APP_ORIGIN

registerAppScheme()

let mainWindow: BrowserWindow | null = null

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Apiscope',
    backgroundColor: '#0f1720',
    icon: app.isPackaged
      ? path.join(process.resourcesPath, 'resources/icon.png')
      : path.join(here, '../../resources/icon.png'),
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  })
  win.once('ready-to-show', () => win.show())
  win.webContents.on('will-navigate', (event) => event.preventDefault())
  win.webContents.on('will-redirect', (event) => event.preventDefault())
  win.webContents.setWindowOpenHandler(({ url }) => {
    // Documentation links open in the user's browser; nothing opens inside the app.
    if (url.startsWith('https://kubernetes.io/')) void shell.openExternal(url)
    return { action: 'deny' }
  })
  void win.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`)
  return win
}

void app.whenReady().then(async () => {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) =>
    callback(false),
  )
  await augmentPathFromLoginShell()
  const core = new ApiscopeCore({
    host: 'electron',
    version: app.getVersion(),
    settingsFile: defaultSettingsFile(),
    demoDir: app.isPackaged
      ? path.join(process.resourcesPath, 'resources/demo')
      : path.join(here, '../../resources/demo'),
  })
  // --demo: the bundled recording; --demo-if-no-cluster (npm start): it, when nothing answers.
  if (process.argv.includes('--demo')) await core.recording.openDemo()
  else if (process.argv.includes('--demo-if-no-cluster')) await openDemoUnlessClusterAnswers(core)
  serveRenderer(path.join(here, '../renderer'))
  installIpcBridge(core, () => mainWindow, trustedOrigin)
  mainWindow = createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow()
  })
  app.on('before-quit', () => core.close())
})

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault())
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
