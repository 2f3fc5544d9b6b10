// `npm start`: the desktop app where Electron is installed and a display exists; otherwise one
// line saying why, then browser mode (same renderer, loopback server). With no cluster answering,
// the app opens the bundled demo recording (--demo-if-no-cluster); `npm start -- --demo` always.
//
// One signal ends it all. package.json runs this with `exec`, so npm's own child is this process
// and the SIGINT or SIGTERM npm forwards reaches it (a `sh -c` in between would keep it: dash
// holds a SIGINT until its child exits, and dies of a SIGTERM without passing it on). This
// process passes it to the build or the app it runs, and gives up waiting after 5 s (SIGKILL). If
// npm itself is killed outright, this process sees itself orphaned and ends the same way; and the
// server, started with an IPC channel, stops when this process goes, however it goes.
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildCommand, isStale, markBuilt } from './build-if-stale.js'
import { findElectron, hasDisplay } from './electron-binary.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const KILL_AFTER_MS = 5000

/** The build or the app, whichever runs now. */
let child = null
let ending = null

function end(signal) {
  if (ending) return
  ending = signal
  if (!child || child.exitCode !== null || child.signalCode !== null)
    process.exit(128 + (constants.signals[signal] ?? 15))
  child.kill(signal)
  setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS).unref()
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => end(signal))
// npm killed with SIGKILL: this process is handed to another parent.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) end('SIGTERM')
}, 500).unref()

/** Runs one child to its end; answers its exit code (128 + the signal's number if one ended it). */
function run(command, args, options) {
  child = spawn(command, args, options)
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`)
      resolve(1)
    })
    child.on('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 15)))
  })
}

if (isStale(root)) {
  console.log('Building Apiscope (electron-vite build)...')
  const [command, args] = buildCommand(root)
  const code = await run(command, args, { cwd: root, stdio: 'inherit' })
  if (ending) process.exit(code || 128 + (constants.signals[ending] ?? 15))
  if (code !== 0) process.exit(1)
  markBuilt(root)
}

const electron = findElectron(root)
const given = process.argv.slice(2)
const passThrough = given.includes('--demo') ? given : [...given, '--demo-if-no-cluster']
let code
if (electron.path && hasDisplay()) {
  // Chromium refuses to run as root with its sandbox; outside root the sandbox stays on.
  const args = [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ...passThrough]
  code = await run(electron.path, args, { stdio: 'inherit' })
} else {
  const why = electron.path ? 'there is no display (DISPLAY is unset)' : electron.reason
  console.log(`Electron is not available here (${why}); starting browser mode instead.`)
  code = await run(
    process.execPath,
    [path.join(root, 'bin/apiscope.js'), 'serve', ...passThrough],
    {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    },
  )
}
process.exit(code)
