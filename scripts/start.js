// `npm start`: the desktop app where Electron is installed and a display exists; otherwise one
// line saying why, then browser mode (same renderer, loopback server). With no cluster answering,
// the app opens the bundled demo recording (--demo-if-no-cluster); `npm start -- --demo` always.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from './build-if-stale.js'
import { findElectron, hasDisplay } from './electron-binary.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
if (!buildIfStale(root)) process.exit(1)

const electron = findElectron(root)
const given = process.argv.slice(2)
const passThrough = given.includes('--demo') ? given : [...given, '--demo-if-no-cluster']
let child
if (electron.path && hasDisplay()) {
  // Chromium refuses to run as root with its sandbox; outside root the sandbox stays on.
  const args = [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ...passThrough]
  child = spawn(electron.path, args, { stdio: 'inherit' })
} else {
  const why = electron.path ? 'there is no display (DISPLAY is unset)' : electron.reason
  console.log(`Electron is not available here (${why}); starting browser mode instead.`)
  child = spawn(process.execPath, [path.join(root, 'bin/apiscope.js'), 'serve', ...passThrough], {
    stdio: 'inherit',
  })
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
