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

export function buildIfStale(root) {
  const stamp = path.join(root, 'out', '.build-stamp')
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
  if (built >= newest) return true
  console.log('Building Apiscope (electron-vite build)...')
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  if (result.status !== 0) return false
  writeFileSync(stamp, new Date().toISOString())
  return true
}
