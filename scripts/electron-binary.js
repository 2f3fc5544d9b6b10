// Finds an installed Electron executable without triggering the electron package's download on
// first launch (which fails offline): ELECTRON_OVERRIDE_DIST_PATH first, then node_modules.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

const EXECUTABLE = {
  darwin: 'Electron.app/Contents/MacOS/Electron',
  win32: 'electron.exe',
}

export function findElectron(root) {
  const pkgDir = path.join(root, 'node_modules', 'electron')
  const pathFile = path.join(pkgDir, 'path.txt')
  const relative = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : (EXECUTABLE[process.platform] ?? 'electron')
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH
  const candidate = override ? path.join(override, relative) : path.join(pkgDir, 'dist', relative)
  if (existsSync(candidate)) return { path: candidate }
  return {
    path: null,
    reason: override
      ? `ELECTRON_OVERRIDE_DIST_PATH=${override} holds no ${relative}`
      : 'the Electron binary is not installed (npx install-electron fetches it where the network allows)',
  }
}

export function hasDisplay() {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
}
