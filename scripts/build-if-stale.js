// Builds out/ with electron-vite when a source file is newer than the last build, so `npm start`
// always runs current code without rebuilding every time.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const SOURCES = ['src-main', 'src-renderer', 'electron.vite.config.ts', 'package.json', 'resources']

function newestMtime(p) {
  if (!existsSync(p)) return 0
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

const stampOf = (root) => path.join(root, 'out', '.build-stamp')

/** A source changed since the last build (or there is none). */
export function isStale(root) {
  const stamp = stampOf(root)
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
  return Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s)))) > built
}

/** The build, as a command line: node and its arguments. */
export function buildCommand(root) {
  return [
    process.execPath,
    [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
  ]
}

export function markBuilt(root) {
  writeFileSync(stampOf(root), new Date().toISOString())
}

export function buildIfStale(root) {
  if (!isStale(root)) return true
  console.log('Building Apiscope (electron-vite build)...')
  const [command, args] = buildCommand(root)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) return false
  markBuilt(root)
  return true
}
