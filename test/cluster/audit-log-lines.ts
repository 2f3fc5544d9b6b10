// The lines of a kube-apiserver JSON audit log, its rotated backups' first: the API server rotates
// the file at --audit-log-maxsize (100 MB in the test control plane) into <name>-<time>.log, and a
// suite's cluster can cross that while a test reads it (seen in e2e). Apiscope's own tail follows
// the rotation (audit-log-tail.ts); this is the tests' reading of the files.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export function auditLogLines(file: string): string[] {
  const dir = path.dirname(file)
  const base = path.basename(file, '.log')
  const backups = readdirSync(dir)
    .filter((f) => f.startsWith(`${base}-`) && f.endsWith('.log'))
    .sort()
  return [...backups.map((f) => path.join(dir, f)), file].flatMap((f) =>
    readFileSync(f, 'utf8').split('\n'),
  )
}
