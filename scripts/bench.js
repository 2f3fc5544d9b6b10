// `npm run bench`: runs every benchmark under test/bench/ (files named *.bench.ts) one after the
// other, each printing its ratios; benchmarks are never pass/fail timed tests.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dir = path.join(root, 'test/bench')
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()
if (benches.length === 0) {
  console.log('No benchmark under test/bench/ yet.')
  process.exit(0)
}
let failed = 0
for (const file of benches) {
  console.log(`== ${file}`)
  const res = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(dir, file)], {
    cwd: root,
    stdio: 'inherit',
  })
  if (res.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
