// Shared by integration tests: a core pointed at the test control plane and connected, a watch
// opened, kubectl, waiting, a recording finished and read back.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import type { Result } from '@common/result'
import type { WatchStatus, WatchTarget } from '@common/watch-types'
import { ApiscopeCore, type CoreOptions } from '../../src-main/assembly/apiscope-core'
import { readRecordingFile } from '../../src-main/features/recording/reader'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { compactEtcdOf } from '../cluster/etcd-compaction'
import { FaultProxy, kubeconfigVia } from '../cluster/fault-proxy'

export function cluster() {
  return inject('cluster')
}

/**
 * The shared cluster's kubeconfig with every cluster's server replaced by `server` (a fault proxy
 * in front of the real API server), written into `dir`; its path.
 */
export function kubeconfigThrough(server: string, dir: string): string {
  return kubeconfigVia(cluster().kubeconfig, server, dir)
}

/** A backoff short enough for a fault test to see a watch come back within seconds. */
export const FAST_BACKOFF = { initialMs: 200, maxMs: 1500, resetAfterMs: 60_000, jitter: 0.2 }

/**
 * A fault proxy in front of the test cluster for a test file: started before its tests, and after
 * them the cores `connect` made closed, the proxy stopped and its directory removed.
 */
export function useFaultProxy(name: string) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `apiscope-${name}-`))
  const cores: ApiscopeCore[] = []
  let proxy: FaultProxy | undefined
  let proxied = ''
  beforeAll(async () => {
    proxy = await FaultProxy.start(cluster().server)
    proxied = kubeconfigThrough(proxy.url, tmp)
  })
  afterAll(async () => {
    cores.forEach((c) => c.close())
    await proxy?.close()
    rmSync(tmp, { recursive: true, force: true })
  })
  return {
    /** The directory of the kubeconfig through the proxy, and of the tests' files. */
    tmp,
    get proxy(): FaultProxy {
      if (!proxy) throw new Error('the fault proxy starts before the tests')
      return proxy
    },
    /** The shared cluster's kubeconfig with the proxy as every cluster's server. */
    get kubeconfig(): string {
      return proxied
    },
    /**
     * A core on `kubeconfig` (through the proxy or not) with FAST_BACKOFF and `watch`, connected
     * to the admin context; closed after the file's tests.
     */
    connect: async (kubeconfig: string, watch: CoreOptions['watch'] = {}) => {
      const core = coreFor(kubeconfig, { watch: { backoff: FAST_BACKOFF, ...watch } })
      cores.push(core)
      return { core, session: await connectAdmin(core) }
    },
  }
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

export type AdminSession = Awaited<ReturnType<typeof connectAdmin>>

/** Starts a watch in `session` and waits until it is open (15 s at most). */
export async function openWatch(session: AdminSession, target: WatchTarget): Promise<void> {
  await untilWatching(session, session.watches.start(target).id, 'the watch to be open', 15_000)
}

/** Waits until watch `id` of `session` is watching (`what` names the wait in the timeout's error). */
export function untilWatching(
  session: AdminSession,
  id: number,
  what: string,
  timeoutMs: number,
): Promise<WatchStatus> {
  return waitUntil(what, timeoutMs, () =>
    session.watches.statuses().find((s) => s.id === id && s.state === 'watching'),
  )
}

export function kubectl(...args: string[]): string {
  const c = cluster()
  return execFileSync(
    path.join(c.binDir, 'kubectl'),
    [`--kubeconfig=${c.kubeconfig}`, `--context=${ADMIN_CONTEXT}`, ...args],
    {
      encoding: 'utf8',
      // list-cut.test's 120 Secrets as JSON passed execFileSync's 1 MB default on 1.20 (ENOBUFS).
      maxBuffer: 64 * 1024 * 1024,
    },
  )
}

/** etcd compacted up to now, as the API server does on its own (test/cluster/etcd-compaction.ts). */
export function compactEtcd(): void {
  compactEtcdOf(cluster())
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

/**
 * Waits until the watch store holds the object's version the server has now (its resourceVersion
 * by kubectl): what a test reads of its history then includes the last write. "Some version" is
 * not enough: the store answers at once, before a write's watch event may have arrived.
 */
export async function untilStoreHasLatest(
  store: { history(uid: string): { latestRv: string } | undefined },
  what: string,
  kind: string,
  name: string,
  ns: string,
): Promise<string> {
  const live = JSON.parse(kubectl('get', kind, name, '-n', ns, '-o', 'json')) as {
    metadata: { uid: string; resourceVersion: string }
  }
  await waitUntil(
    what,
    15_000,
    () => store.history(live.metadata.uid)?.latestRv === live.metadata.resourceVersion,
  )
  return live.metadata.uid
}

/**
 * A core connected to the admin context and a namespace of its own for a file's tests, with a
 * watch on `watched` resources in it when given. Close it with `closeInNamespace`.
 */
export async function adminCoreInNamespace(
  prefix: string,
  watched?: Omit<WatchTarget, 'namespace'>,
): Promise<{ core: ApiscopeCore; ns: string }> {
  const core = coreFor()
  const session = await connectAdmin(core)
  const ns = createNamespace(prefix)
  if (watched) await openWatch(session, { ...watched, namespace: ns })
  return { core, ns }
}

/** Closes a core from `adminCoreInNamespace` and deletes its namespace without waiting. */
export function closeInNamespace(world: { core?: ApiscopeCore; ns?: string }): void {
  world.core?.close()
  if (world.ns) kubectl('delete', 'namespace', world.ns, '--wait=false')
}

/**
 * The recording `core` was making into `file`, finished: its watches stopped, then the recording,
 * then the file read back.
 */
export async function finishedRecording(core: ApiscopeCore, file: string) {
  for (const { id } of core.currentSession?.watches.statuses() ?? [])
    await core.invoke('watch:stop', { id })
  await core.recording.stop()
  return readRecordingFile(file)
}

/** The Deployments of apps/v1, as a watch target without its namespace. */
export const DEPLOYMENTS = { group: 'apps', version: 'v1', resource: 'deployments' } as const

/** The value of a core's answer, or a throw with its error's title and detail. */
export function unwrap<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.title}: ${result.error.detail}`)
  return result.value as T
}

/** Asks `core` on `channel`: the answer's value, or a throw naming the channel and the error. */
export async function invokeOk<T>(
  core: ApiscopeCore,
  channel: string,
  payload: unknown,
): Promise<T> {
  const result = await core.invoke(channel, payload)
  if (!result.ok) throw new Error(`${channel}: ${result.error.title}: ${result.error.detail}`)
  return result.value as T
}
