// The seed's exercise 1: a real `kubectl delete pod` (kubectl 1.37.2, the seed's) waits for the
// Pod to be gone with a watch, and the live traffic shows that watch with its parameters. The Pod
// holds a finalizer so that kubectl has something to wait for (no kubelet here); the test removes
// it once the watch is open, and kubectl returns on the DELETED event.
// On 1.37 the watch is a streaming list (sendInitialEvents=true, resourceVersionMatch=NotOlderThan,
// allowWatchBookmarks=true); 1.20 refuses it with a 422 and kubectl falls back to a list and a
// watch from the resourceVersion it read.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TrafficRequest, TrafficSourceStatus } from '@features/traffic/messages'
import { watchQueryOf } from '@features/traffic/common/watch-query'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT, resolveBinaries } from '../cluster/control-plane'
import { cluster, coreFor, createNamespace, kubectl, onOldest, waitUntil } from './helpers'

const kubectl137 = path.join(resolveBinaries('1.37'), 'kubectl')
const run = (args: string[], input?: string) => {
  const child = promisify(execFile)(kubectl137, [
    `--kubeconfig=${cluster().kubeconfig}`,
    `--context=${ADMIN_CONTEXT}`,
    ...args,
  ])
  if (input !== undefined) child.child.stdin?.end(input)
  return child
}

let core: ApiscopeCore
let source: TrafficSourceStatus
let ns: string
const seen = new Map<string, TrafficRequest>()

beforeAll(async () => {
  core = coreFor()
  core.onEvent((channel, payload) => {
    if (channel !== 'traffic:batch') return
    for (const r of (payload as { requests: TrafficRequest[] }).requests) seen.set(r.auditId, r)
  })
  const connected = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  if (!connected.ok) throw new Error(connected.error.title)
  const url = new URL(cluster().auditWebhookUrl ?? '')
  const started = await core.invoke('traffic:start-webhook', {
    host: '127.0.0.1',
    port: Number(url.port),
    path: url.pathname,
  })
  if (!started.ok) throw new Error(started.error.title)
  source = started.value as TrafficSourceStatus
  ns = createNamespace('kubectl-delete')
  // The server queued (or, its buffer full, dropped) audit events while earlier test files had no
  // listener on the webhook: read in the namespace until a fresh request comes through, so the
  // requests below are not lost behind that backlog (one CI run on 1.20 lost kubectl's list so).
  const fresh = () =>
    [...seen.values()].find((r) => r.uri.startsWith(`/api/v1/namespaces/${ns}/configmaps`))
  for (let tries = 0; !fresh() && tries < 60; tries++) {
    await run(['get', 'configmaps', '-n', ns, '-o', 'name'])
    await waitUntil('a moment', 2_000, () => fresh()).catch(() => undefined)
  }
  if (!fresh()) throw new Error('the audit webhook delivered no fresh event in 2 minutes')
}, 150_000)

afterAll(async () => {
  await core.invoke('traffic:stop-source', { id: source.id })
  core.close()
  kubectl('delete', 'namespace', ns, '--wait=false')
})

describe('kubectl delete pod, as the live traffic shows it', () => {
  it(
    'waits for the DELETED event with a watch whose parameters the traffic shows',
    { timeout: 90_000 },
    async () => {
      await run(
        ['create', '-n', ns, '-f', '-'],
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'held', finalizers: ['apiscope.io/hold'] },
          spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.2' }] },
        }),
      )
      const deleting = run(['delete', 'pod', 'held', '-n', ns])
      const watches = () =>
        [...seen.values()].filter(
          (r) =>
            r.verb === 'watch' &&
            r.namespace === ns &&
            r.userAgent.startsWith('kubectl/v1.37') &&
            r.uri.includes('fieldSelector=metadata.name%3Dheld'),
        )
      // 1.37 writes the watch's ResponseStarted event as it opens. 1.20 first refuses the
      // streaming list, lists, then watches; it writes a watch's headers, and so its
      // ResponseStarted event, only with the first event: wait for the list there.
      const waiting = await waitUntil('kubectl waiting, in the live traffic', 45_000, () =>
        onOldest()
          ? [...seen.values()].find(
              (r) => r.verb === 'list' && r.uri.includes('fieldSelector=metadata.name%3Dheld'),
            )
          : watches().find((r) => r.code === 200),
      )
      expect(waiting).toBeDefined()
      // On 1.20 the watch opens just after the list; give it that moment before the change.
      if (onOldest()) await new Promise((r) => setTimeout(r, 1500))
      // Still waiting: the Pod has its deletionTimestamp, and its finalizer keeps it.
      expect(deleting.child.exitCode).toBeNull()
      await run([
        'patch',
        'pod',
        'held',
        '-n',
        ns,
        '--type=json',
        '-p',
        '[{"op":"remove","path":"/metadata/finalizers"}]',
      ])
      const { stdout } = await deleting
      expect(stdout).toContain('pod "held" deleted')
      const refused = watches().find((r) => r.code === 422)
      if (onOldest()) {
        // 1.20 refused the streaming list (422), and kubectl listed then watched from the
        // resourceVersion it read. That watch reaches the audit stream only once it sends an
        // event (1.20 writes a watch's headers with the first one), which may come after kubectl
        // already saw the Pod gone in its list: checked when it came, not required.
        expect(watchQueryOf(refused?.uri ?? '', 'watch')?.streamingList).toBe(true)
        await new Promise((r) => setTimeout(r, 3000))
        const plain = watches().find((r) => r.code === 200)
        if (plain) {
          const q = watchQueryOf(plain.uri, plain.verb)
          expect(q?.streamingList).toBe(false)
          expect(q?.params.find((p) => p.name === 'resourceVersion')?.value).toMatch(/^\d+$/)
        }
        return
      }
      // The watch that was served (200) is the one kubectl waited on.
      const open = await waitUntil('kubectl’s watch in the live traffic', 30_000, () =>
        watches().find((r) => r.code === 200),
      )
      expect(refused).toBeUndefined()
      const shown = watchQueryOf(open.uri, open.verb)
      const params = Object.fromEntries(shown?.params.map((p) => [p.name, p.value]) ?? [])
      expect(open.servedFrom).toBe('watch')
      expect(shown?.streamingList).toBe(true)
      expect(params).toMatchObject({
        watch: 'true',
        sendInitialEvents: 'true',
        resourceVersionMatch: 'NotOlderThan',
        allowWatchBookmarks: 'true',
        fieldSelector: 'metadata.name=held',
      })
      expect(params.resourceVersion).toBeUndefined()
    },
  )
})
