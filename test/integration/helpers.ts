// Shared by integration tests: a core pointed at the test control plane's kubeconfig, and kubectl.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { inject } from 'vitest'
import { ApiscopeCore } from '../../src-main/node/apiscope-core'
import { ADMIN_CONTEXT } from '../cluster/control-plane'

export function cluster() {
  return inject('cluster')
}

export function coreFor(kubeconfig = cluster().kubeconfig): ApiscopeCore {
  return new ApiscopeCore({
    host: 'browser',
    version: 'test',
    env: { KUBECONFIG: kubeconfig },
    home: '/nonexistent',
  })
}

export function kubectl(...args: string[]): string {
  const c = cluster()
  return execFileSync(
    path.join(c.binDir, 'kubectl'),
    [`--kubeconfig=${c.kubeconfig}`, `--context=${ADMIN_CONTEXT}`, ...args],
    {
      encoding: 'utf8',
    },
  )
}

/** A namespace of its own for a test, deleted afterwards. */
export function uniqueNamespace(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`
}
