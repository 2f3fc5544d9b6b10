// /version, /livez?verbose and /readyz?verbose, read as the seed chapter reads them.
// A failing check makes the endpoint answer 500 with the same text, which is data, not an error.
import { parseHealthText } from '@common/health-text'
import type { HealthEndpoint, HealthReport, ServerVersion } from '@common/kube-types'
import { parseStatus } from './failure-messages'
import type { KubeTransport } from './kube-transport'

async function readEndpoint(transport: KubeTransport, endpoint: string): Promise<HealthEndpoint> {
  const path = `${endpoint}?verbose`
  try {
    const res = await transport.request({ path, accept: 'text/plain' })
    const status = parseStatus(res.body)
    if (status) {
      return {
        path,
        httpStatus: res.status,
        passed: false,
        checks: [],
        summary: '',
        error: status.message ?? `HTTP ${res.status}`,
      }
    }
    const { checks, summary } = parseHealthText(res.body)
    return { path, httpStatus: res.status, passed: res.status === 200, checks, summary }
  } catch (error) {
    return {
      path,
      httpStatus: 0,
      passed: false,
      checks: [],
      summary: '',
      error: transport.describe(error).title,
    }
  }
}

export async function fetchHealth(transport: KubeTransport): Promise<HealthReport> {
  const [version, livez, readyz] = await Promise.all([
    transport.json<ServerVersion>({ path: '/version' }),
    readEndpoint(transport, '/livez'),
    readEndpoint(transport, '/readyz'),
  ])
  return {
    version: version.ok ? version.value : null,
    livez,
    readyz,
    checkedAt: new Date().toISOString(),
  }
}
