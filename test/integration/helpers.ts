// Shared by integration tests: a core pointed at the test control plane and connected, a watch
// opened, kubectl, waiting.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { inject } from 'vitest'
import type { WatchTarget } from '@common/watch-types'
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

/** Connects `core` to the admin context: its session, or a throw with the failure's title. */
export async function connectAdmin(core: ApiscopeCore) {
  const res = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  if (!res.ok) throw new Error(res.error.title)
  const session = core.currentSession
  if (!session) throw new Error('no session')
  return session
}

/** Starts a watch in `session` and waits until it is open (15 s at most). */
export async function openWatch(
  session: Awaited<ReturnType<typeof connectAdmin>>,
  target: WatchTarget,
): Promise<void> {
  const status = session.watches.start(target)
  await waitUntil('the watch to be open', 15_000, () =>
    session.watches.statuses().find((s) => s.id === status.id && s.state === 'watching'),
  )
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
