// `npm test`: every suite against one real control plane, then one closing line
// "N passed, N failed, N skipped" summing them all. Exits non-zero on any failure.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { firstLine, firstLines, vitestReport } from './vitest-report.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const artifacts = path.join(root, 'test/artifacts')
mkdirSync(artifacts, { recursive: true })
const bin = (name) => path.join(root, 'node_modules/.bin', name)
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })

const totals = { passed: 0, failed: 0, skipped: 0 }
const problems = []
const failures = []
const flaky = []
function vitest(project, label = project, extraEnv = {}) {
  const report = path.join(artifacts, `vitest-${label}.json`)
  rmSync(report, { force: true })
  const res = run(
    bin('vitest'),
    [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { ...env, ...extraEnv },
  )
  if (!existsSync(report)) {
    totals.failed++
    problems.push(`${label}: vitest wrote no report (exit ${res.status})`)
    return
  }
  const { counts, failures: failed, problems: unrun } = vitestReport(report, label, root)
  totals.passed += counts.passed
  totals.failed += counts.failed
  totals.skipped += counts.skipped
  // Each failure is named again at the end, where a CI log's tail shows it.
  failures.push(...failed)
  problems.push(...unrun)
}

function playwright() {
  const report = path.join(artifacts, 'playwright.json')
  rmSync(report, { force: true })
  const res = run(bin('playwright'), ['test', '--reporter=list,json'], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  })
  if (!existsSync(report)) {
    totals.failed++
    problems.push(`e2e: playwright wrote no report (exit ${res.status})`)
    return
  }
  const r = JSON.parse(readFileSync(report, 'utf8'))
  totals.passed += r.stats.expected + r.stats.flaky
  totals.failed += r.stats.unexpected
  totals.skipped += r.stats.skipped
  if (r.errors?.length) {
    totals.failed += r.errors.length
    problems.push(...r.errors.map((e) => `e2e: ${e.message?.split('\n')[0]}`))
  }
  // Skipped tests say why, in the closing output too.
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const skip = t.annotations?.find((a) => a.type === 'skip')
        if (t.status === 'skipped')
          console.log(`skipped: ${spec.title} (${skip?.description ?? 'no reason given'})`)
        if (t.status === 'flaky') {
          const error = t.results?.find((x) => x.error)?.error
          flaky.push(`e2e: ${spec.file}:${spec.line} > ${spec.title}: ${firstLine(error?.message)}`)
        }
        if (t.status === 'unexpected') {
          const error = t.results?.find((x) => x.error)?.error
          failures.push(
            `e2e: ${spec.file}:${spec.line} > ${spec.title}: ${firstLines(error?.message)}`,
          )
        }
      }
    }
    for (const s of suite.suites ?? []) walk(s)
  }
  for (const s of r.suites ?? []) walk(s)
}

const env = {}
const tsx = bin('tsx')

console.log('== test prerequisites (Chromium, openssl, fonts)')
if (run('bash', ['scripts/ensure-test-deps.sh']).status !== 0) {
  totals.failed++
  problems.push('test prerequisites are missing (see above)')
}

console.log('== unit tests')
vitest('unit')

/** Starts a control plane of one release (APISCOPE_K8S); its state file, or undefined. */
function startCluster(series) {
  console.log(`== starting the test control plane (Kubernetes ${series})`)
  const state = path.join(os.tmpdir(), `apiscope-cluster-${series}-${process.pid}.json`)
  const started = run(
    tsx,
    ['--tsconfig', 'tsconfig.node.json', 'test/cluster/cluster-cli.ts', 'start', state],
    {
      APISCOPE_K8S: series,
    },
  )
  if (started.status === 0) return state
  totals.failed++
  problems.push(`the Kubernetes ${series} control plane did not start (see above)`)
  return undefined
}

function stopCluster(state, series) {
  const keep = totals.failed > 0 ? path.join(artifacts, `cluster-logs-${series}`) : undefined
  run(tsx, [
    '--tsconfig',
    'tsconfig.node.json',
    'test/cluster/cluster-cli.ts',
    'stop',
    state,
    ...(keep ? [keep] : []),
  ])
}

function endToEnd() {
  console.log('== building the app for end-to-end tests')
  const built = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  if (built.status !== 0) {
    totals.failed++
    problems.push('electron-vite build failed')
  } else {
    console.log('== end-to-end tests (Chromium, browser mode)')
    playwright()
  }
}

if (process.env.APISCOPE_CLUSTER_STATE) {
  // A control plane the caller runs: every suite against it, once.
  env.APISCOPE_CLUSTER_STATE = process.env.APISCOPE_CLUSTER_STATE
  console.log('== integration tests (the given control plane)')
  vitest('integration')
  endToEnd()
} else {
  // The current release first, for every suite; then the integration suite again on the oldest
  // server Apiscope supports. One control plane at a time (2 cores).
  const current = startCluster('1.37')
  if (current) {
    env.APISCOPE_CLUSTER_STATE = current
    console.log('== integration tests (Kubernetes 1.37)')
    vitest('integration', 'integration-1.37')
    endToEnd()
    stopCluster(current, '1.37')
  }
  const oldest = startCluster('1.20')
  if (oldest) {
    env.APISCOPE_CLUSTER_STATE = oldest
    console.log('== integration tests (Kubernetes 1.20, the oldest supported server)')
    vitest('integration', 'integration-1.20')
    stopCluster(oldest, '1.20')
  }
}

for (const f of flaky) console.log(`flaky (failed once, passed on its retry): ${f}`)
for (const f of failures) console.log(`failed: ${f}`)
for (const p of problems) console.log(`problem: ${p}`)
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
