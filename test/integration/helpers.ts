// Shared by integration tests: a core pointed at the test control plane, kubectl, waiting.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { inject } from 'vitest'
import { ApiscopeCore, type CoreOptions } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT } from '../cluster/control-plane'

export function cluster() {
  return inject('cluster')
}

/**
 * Whether the control plane is the oldest server Apiscope supports (1.20). Checks that differ
 * between releases branch on this, and only where 1.20 genuinely differs.
 */
export function onOldest(): boolean {
  return cluster().version.startsWith('v1.20.')
}

export function coreFor(
  kubeconfig = cluster().kubeconfig,
  extra: Partial<CoreOptions> = {},
): ApiscopeCore {
  return new ApiscopeCore({
    host: 'browser',
    version: 'test',
    env: { KUBECONFIG: kubeconfig },
    home: '/nonexistent',
    ...extra,
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

/** A namespace of its own for a test; delete it with `kubectl delete namespace --wait=false`. */
export function createNamespace(prefix: string): string {
  const ns = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  kubectl('create', 'namespace', ns)
  return ns
}

export async function waitUntil<T>(
  what: string,
  timeoutMs: number,
  probe: () => T | undefined | null | false,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
