// Parses the text of /livez?verbose and /readyz?verbose: one "[+]name ok" or "[-]name failed: ..."
// line per check, then "livez check passed" (or failed).
// Ref: https://kubernetes.io/docs/reference/using-api/health-checks/
import type { HealthCheck } from './kube-types'

export function parseHealthText(text: string): { checks: HealthCheck[]; summary: string } {
  const checks: HealthCheck[] = []
  let summary = ''
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd()
    const m = /^\[([+-])\]([^\s]+)\s*(.*)$/.exec(line)
    if (m) {
      checks.push({ name: m[2] ?? '', ok: m[1] === '+', message: m[3] ?? '' })
    } else if (line.trim() !== '') {
      summary = line.trim()
    }
  }
  return { checks, summary }
}
