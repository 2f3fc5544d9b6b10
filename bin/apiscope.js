#!/usr/bin/env node
// Entry of the `apiscope` command: builds the app once if needed, then runs the CLI.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const cli = path.join(root, 'out/main/cli.js')
if (!existsSync(cli)) {
  console.error('apiscope: first run, building the app (about 20 s)...')
  const built = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  if (built.status !== 0) {
    console.error('apiscope: the build failed; run "npm run build:only" to see why.')
    process.exit(1)
  }
}
await import(pathToFileURL(cli).href)
