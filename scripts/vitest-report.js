// What one vitest JSON report counts: passed, failed (a file that failed to run counts when no
// test failed), skipped; and each failure named, for the end of a CI log. `npm test`
// (test-all.js) reads its reports with it, and `.ci/run` the unit suite's second run on the
// machine's Node: `node scripts/vitest-report.js REPORT` prints "PASSED FAILED SKIPPED".
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
export const firstLine = (text) =>
  String(text ?? 'no message')
    .replace(ansi, '')
    .split('\n')[0]
    .slice(0, 300)
/** A failure's first lines (a layout check's diff says what is wrong only past its first line). */
export const firstLines = (text, n = 16) =>
  String(text ?? 'no message')
    .replace(ansi, '')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, n)
    .map((l) => l.slice(0, 300))
    .join('\n    ')

/**
 * The counts of the report at `file`, its failures (one line each, `label: file > test: why`)
 * and its problems (files that failed to run), paths relative to `root`.
 */
export function vitestReport(file, label, root) {
  const r = JSON.parse(readFileSync(file, 'utf8'))
  const counts = {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }
  const failures = []
  const problems = []
  for (const result of r.testResults ?? []) {
    const rel = path.relative(root, result.name)
    for (const a of result.assertionResults ?? []) {
      if (a.status === 'failed')
        failures.push(`${label}: ${rel} > ${a.fullName}: ${firstLines(a.failureMessages?.[0], 8)}`)
    }
    if (
      result.status === 'failed' &&
      !(result.assertionResults ?? []).some((a) => a.status === 'failed')
    )
      failures.push(`${label}: ${rel}: ${firstLine(result.message)}`)
  }
  if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) {
    counts.failed += r.numFailedTestSuites
    problems.push(`${label}: ${r.numFailedTestSuites} test file(s) failed to run`)
  }
  return { counts, failures, problems }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { counts } = vitestReport(process.argv[2], 'report', process.cwd())
  console.log(`${counts.passed} ${counts.failed} ${counts.skipped}`)
}
