// `npm run package`: electron-builder for this platform. It needs the Electron binary (and, for
// other platforms, their toolchains); where it is missing, say so plainly instead of failing deep
// inside electron-builder's download step.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from './build-if-stale.js'
import { findElectron } from './electron-binary.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const electron = findElectron(root)
if (!electron.path) {
  console.error(
    `Cannot package Apiscope here: ${electron.reason}.\n` +
      'electron-builder copies that binary into the installers (AppImage, deb, dmg, nsis).\n' +
      'On a machine with network access: npx install-electron, then npm run package.\n' +
      'Or point ELECTRON_OVERRIDE_DIST_PATH at an unpacked Electron 45 (electron-builder also takes electronDist).',
  )
  process.exit(2)
}
if (!buildIfStale(root)) process.exit(1)
const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.dirname(electron.path)
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/electron-builder/cli.js'),
    '--config',
    'electron-builder.yml',
    `-c.electronDist=${distDir}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
)
process.exit(result.status ?? 1)
