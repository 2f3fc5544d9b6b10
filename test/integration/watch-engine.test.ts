// The watch engine against the real API server: the seed's ConfigMap sequence, paging, a real 410
// after a kube-apiserver crash, no event lost across the restart, and a CRD installed while watching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoveryReport } from '@common/kube-types'
import { compareResourceVersions, isComparableResourceVersion } from '@common/resource-version'
import type { Result } from '@common/result'
import type { WatchFrame, WatchStatus } from '@common/watch-types'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import type { KubeTransport } from '../../src-main/core/kube-transport'
import { ADMIN_CONTEXT, restartApiserver } from '../cluster/control-plane'
import { cluster, coreFor, createNamespace, kubectl, onOldest, waitUntil } from './helpers'

const cores: ApiscopeCore[] = []
afterAll(() => cores.forEach((c) => c.close()))

async function connected(extra: Parameters<typeof coreFor>[1] = {}) {
  const core = coreFor(undefined, extra)
  cores.push(core)
  const frames: WatchFrame[] = []
  core.onEvent((channel, payload) => {
    if (channel === 'watch:frame') frames.push(payload as WatchFrame)
  })
  const res = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  if (!res.ok) throw new Error(res.error.title)
  const session = core.currentSession
  if (!session) throw new Error('no session')
  return { core, session, frames, transport: session.transport }
}

async function write(
  transport: KubeTransport,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  contentType?: string,
) {
  const res = await transport.request({
    method,
    path,
    ...(body !== undefined ? { body } : {}),
    ...(contentType ? { contentType } : {}),
  })
  return {
    status: res.status,
    body: JSON.parse(res.body) as {
      metadata?: { resourceVersion?: string; uid?: string }
      code?: number
      reason?: string
    },
  }
}

describe('the seed’s eight verbs on a ConfigMap, under a watch', () => {
  it('yields exactly ADDED, MODIFIED, MODIFIED, DELETED with the resourceVersions the server returned', async () => {
    const { session, transport, frames } = await connected()
    const ns = createNamespace('seq')
    const u = `/api/v1/namespaces/${ns}/configmaps`
    const status = session.watches.start({
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: ns,
      fieldSelector: 'metadata.name=reglages',
    })
    await waitUntil('the watch to be open', 15_000, () =>
      session.watches.statuses().find((s) => s.id === status.id && s.state === 'watching'),
    )

    const body = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'reglages' },
      data: { couleur: 'bleu' },
    }
    const created = await write(transport, 'POST', u, body)
    expect(created.status).toBe(201)
    const again = await write(transport, 'POST', u, body)
    expect([again.status, again.body.reason]).toEqual([409, 'AlreadyExists'])
    const merged = await write(
      transport,
      'PATCH',
      `${u}/reglages`,
      { data: { taille: 'grande' } },
      'application/merge-patch+json',
    )
    const patched = await write(
      transport,
      'PATCH',
      `${u}/reglages`,
      [{ op: 'replace', path: '/data/couleur', value: 'vert' }],
      'application/json-patch+json',
    )
    const stale = await write(transport, 'PUT', `${u}/reglages`, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'reglages', resourceVersion: '1' },
      data: { couleur: 'rouge' },
    })
    expect([stale.status, stale.body.reason]).toEqual([409, 'Conflict'])
    const deleted = await write(transport, 'DELETE', `${u}/reglages`)
    expect(deleted.status).toBe(200)

    const uid = created.body.metadata?.uid as string
    const events = await waitUntil('four events', 15_000, () => {
      const evs = session.watches.store.events().filter((e) => e.uid === uid)
      return evs.length >= 4 ? evs : null
    })
    expect(events.map((e) => [e.type, e.rv])).toEqual([
      ['ADDED', created.body.metadata?.resourceVersion],
      ['MODIFIED', merged.body.metadata?.resourceVersion],
      ['MODIFIED', patched.body.metadata?.resourceVersion],
      // The DELETED event carries the revision of the deletion, one past the last write.
      ['DELETED', events[3]?.rv],
    ])
    // Each one later than the one before by Kubernetes 1.35's rule (the form holds on 1.20 too).
    expect(events.every((e) => isComparableResourceVersion(e.rv))).toBe(true)
    expect(events.slice(1).map((e, k) => compareResourceVersions(e.rv, events[k]?.rv))).toEqual([
      1, 1, 1,
    ])
    // The refused writes produced nothing.
    expect(events).toHaveLength(4)
    // Every version can be rebuilt, and the inspector names the change and its writer.
    const detail = await session.watches.detail(events[2]?.i as number)
    expect(detail?.changes.some((c) => c.path === '/data/couleur' && c.value === 'vert')).toBe(true)
    expect((detail?.object as { data: object }).data).toEqual({ couleur: 'vert', taille: 'grande' })
    expect(detail?.manager?.operation).toBe('Update')
    // Frames carried them, in order, with consecutive seq numbers.
    await waitUntil('frames', 5000, () =>
      frames.flatMap((f) => f.events).some((e) => e.i === events[3]?.i),
    )
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, k) => k + 1))
    kubectl('delete', 'namespace', ns, '--wait=false')
  })
})

/**
 * Seven ConfigMaps carton-1…7 in `ns` (and its kube-root-ca.crt, waited for), then a list then
 * watch of them (pages are a list's: a streaming list has none).
 */
async function listSevenCartons(session: NonNullable<ApiscopeCore['currentSession']>, ns: string) {
  for (let i = 1; i <= 7; i++)
    kubectl('create', 'configmap', `carton-${i}`, `--from-literal=n=${i}`, '-n', ns)
  await waitUntil('kube-root-ca.crt', 30_000, () =>
    kubectl('get', 'configmaps', '-n', ns, '-o', 'name').includes('kube-root-ca.crt'),
  )
  return session.watches.start({
    group: '',
    version: 'v1',
    resource: 'configmaps',
    namespace: ns,
    mode: 'list-watch',
  })
}

describe('long lists', () => {
  it('seven ConfigMaps with limit 3: three pages at one resourceVersion, tokens decoded', async () => {
    const { session } = await connected({ watch: { pageSize: 3 } })
    const ns = createNamespace('pages')
    const status = await listSevenCartons(session, ns)
    // The list grows page by page as the pages arrive: wait for its last page (no continue token).
    const list = await waitUntil('the list', 15_000, () =>
      session.watches.store.lists.find(
        (l) => l.watch === status.id && l.pages.at(-1)?.continueToken === null,
      ),
    )
    expect(list.items).toBe(8) // seven cartons and kube-root-ca.crt
    expect(list.pages.map((p) => p.items)).toEqual([3, 3, 2])
    expect(list.pages.map((p) => p.remainingItemCount)).toEqual([5, 2, null])
    expect(new Set(list.pages.map((p) => p.rv))).toEqual(new Set([list.rv]))
    const first = list.pages[0]?.continueToken
    expect(first?.decoded).toEqual({
      v: 'meta.k8s.io/v1',
      rv: Number(list.rv),
      // 1.20 starts the key without its leading slash; later releases (and the seed) with it.
      start: onOldest() ? 'carton-3\u0000' : '/carton-3\u0000',
    })
    expect(list.pages[2]?.continueToken).toBeNull()
    const listed = session.watches.store
      .events()
      .filter((e) => e.type === 'LISTED' && e.list === list.id)
    expect(listed.map((e) => e.name)).toEqual([
      'carton-1',
      'carton-2',
      'carton-3',
      'carton-4',
      'carton-5',
      'carton-6',
      'carton-7',
      'kube-root-ca.crt',
    ])
    kubectl('delete', 'namespace', ns, '--wait=false')
  })
})

describe('a first page, then the rest', () => {
  it('a first page, then every object left in one request with no limit', async () => {
    // With firstPageSize (an option; the default start is one request, ADR 0006) the list asks a
    // small first page, then the rest with a continue token and no limit; here a first page of 3.
    const { core, session } = await connected({ watch: { firstPageSize: 3 } })
    const ns = createNamespace('first-page')
    const status = await listSevenCartons(session, ns)
    const list = await waitUntil('the list', 15_000, () =>
      session.watches.store.lists.find(
        (l) => l.watch === status.id && l.pages.at(-1)?.continueToken === null,
      ),
    )
    expect(list.items).toBe(8) // seven cartons and kube-root-ca.crt
    expect(list.pages.map((p) => p.items)).toEqual([3, 5])
    expect(list.pages.map((p) => p.remainingItemCount)).toEqual([5, null])
    expect(new Set(list.pages.map((p) => p.rv))).toEqual(new Set([list.rv]))
    const asked = core.requestLog
      .snapshot()
      .filter((e) => e.url.includes(`/namespaces/${ns}/configmaps`) && !e.url.includes('watch='))
      .map((e) => {
        const q = new URL(e.url).searchParams
        return { limit: q.get('limit'), continue: q.get('continue') }
      })
    expect(asked).toEqual([
      { limit: '3', continue: null },
      { limit: null, continue: list.pages[0]?.continueToken?.raw },
    ])
    const listed = session.watches.store
      .events()
      .filter((e) => e.type === 'LISTED' && e.list === list.id)
    expect(listed.map((e) => e.name)).toHaveLength(8)
    expect(new Set(listed.map((e) => e.name)).size).toBe(8)
    await waitUntil('the watch', 15_000, () =>
      session.watches.statuses().find((s) => s.id === status.id && s.state === 'watching'),
    )
    kubectl('delete', 'namespace', ns, '--wait=false')
  })
})

describe('a CRD installed while watching', () => {
  it('is discovered and watched without reconnecting', async () => {
    const { core, session } = await connected()
    const group = `lab${Date.now().toString(36)}.apiscope.io`
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `cartons.${group}` },
      spec: {
        group,
        scope: 'Namespaced',
        names: { plural: 'cartons', singular: 'carton', kind: 'Carton' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
            },
          },
        ],
      },
    }
    const created = await session.transport.request({
      method: 'POST',
      path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
      body: crd,
    })
    expect(created.status).toBe(201)
    kubectl('wait', '--for=condition=Established', `crd/cartons.${group}`, '--timeout=30s')
    const discovery = (await core.invoke('kube:discovery', {
      refresh: true,
    })) as Result<DiscoveryReport>
    expect(
      discovery.ok &&
        discovery.value.resources.some((r) => r.group === group && r.name === 'cartons'),
    ).toBe(true)
    const ns = createNamespace('crd')
    const status = session.watches.start({
      group,
      version: 'v1',
      resource: 'cartons',
      namespace: ns,
    })
    await waitUntil('the watch', 15_000, () =>
      session.watches.statuses().find((s) => s.id === status.id && s.state === 'watching'),
    )
    await session.transport.request({
      method: 'POST',
      path: `/apis/${group}/v1/namespaces/${ns}/cartons`,
      body: { apiVersion: `${group}/v1`, kind: 'Carton', metadata: { name: 'premier' } },
    })
    const added = await waitUntil('ADDED', 15_000, () =>
      session.watches.store.events().find((e) => e.watch === status.id && e.type === 'ADDED'),
    )
    expect([added.kind, added.name]).toEqual(['Carton', 'premier'])
    kubectl('delete', 'namespace', ns, '--wait=false')
    kubectl('delete', 'crd', `cartons.${group}`, '--wait=false')
  })
})

describe('kube-apiserver crashes and restarts while watches are open', () => {
  let ns: string
  let env: Awaited<ReturnType<typeof connected>>
  let watchId: number

  beforeAll(async () => {
    env = await connected({
      watch: { backoff: { initialMs: 300, maxMs: 2000, resetAfterMs: 60_000, jitter: 0.2 } },
    })
    ns = createNamespace('crash')
    for (let i = 0; i < 5; i++)
      kubectl('create', 'configmap', `avant-${i}`, `--from-literal=i=${i}`, '-n', ns)
    watchId = env.session.watches.start({
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: ns,
    }).id
    await waitUntil('the watch', 15_000, () =>
      env.session.watches.statuses().find((s) => s.id === watchId && s.state === 'watching'),
    )
    kubectl(
      'patch',
      'configmap',
      'avant-0',
      '-n',
      ns,
      '--type=merge',
      '-p',
      '{"data":{"i":"changed"}}',
    )
    await waitUntil('the MODIFIED event', 15_000, () =>
      env.session.watches.store.events().some((e) => e.watch === watchId && e.type === 'MODIFIED'),
    )
    // A write the watch does not see, so that its last resourceVersion is older than the restarted cache.
    kubectl(
      'create',
      'configmap',
      'ailleurs',
      '-n',
      'default',
      '--from-literal=a=b',
      '--dry-run=none',
    )
    await restartApiserver(cluster(), 500)
    // Changes right after the restart, while the watch is reconnecting: some arrive as events,
    // some only through the relist that follows the 410.
    kubectl(
      'patch',
      'configmap',
      'avant-1',
      '-n',
      ns,
      '--type=merge',
      '-p',
      '{"data":{"i":"after-restart"}}',
    )
    kubectl('delete', 'configmap', 'avant-2', '-n', ns)
    kubectl('create', 'configmap', 'apres', '-n', ns, '--from-literal=x=y')
  }, 180_000)

  afterAll(() => {
    kubectl('delete', 'namespace', ns, '--wait=false')
    kubectl('delete', 'configmap', 'ailleurs', '-n', 'default', '--ignore-not-found')
  })

  it('gets a real 410 Expired, relists, and the health shows the reconnect', async () => {
    const status = await waitUntil('a relist after 410', 60_000, () =>
      env.session.watches
        .statuses()
        .find((s) => s.id === watchId && s.expired >= 1 && s.state === 'watching'),
    )
    expect(status.relists).toBeGreaterThanOrEqual(1)
    expect(status.reconnects).toBeGreaterThanOrEqual(1)
    const events = env.session.watches.store.events().filter((e) => e.watch === watchId)
    const expired = events.find((e) => e.type === 'ERROR' && e.code === 410)
    expect(expired?.note).toMatch(/too old resource version/)
    const relist = env.session.watches.store.lists.find(
      (l) => l.watch === watchId && l.reason === 'expired',
    )
    expect(relist).toBeDefined()
    expect(compareResourceVersions(relist?.rv, expired?.rv)).toBe(1)
  })

  it('loses no event: every object’s stored history agrees with a fresh list, and its resourceVersions only grow', async () => {
    await waitUntil('the changes to arrive', 30_000, () => {
      const names = new Set(
        env.session.watches.store
          .events()
          .filter((e) => e.watch === watchId)
          .map((e) => e.name),
      )
      return (
        names.has('apres') &&
        env.session.watches.store
          .events()
          .some((e) => e.name === 'avant-2' && (e.type === 'DELETED' || e.type === 'GONE'))
      )
    })
    const fresh = JSON.parse(kubectl('get', 'configmaps', '-n', ns, '-o', 'json')) as {
      items: { metadata: { uid: string; resourceVersion: string; name: string } }[]
    }
    const store = env.session.watches.store
    for (const item of fresh.items) {
      const h = store.history(item.metadata.uid)
      expect(h, item.metadata.name).toBeDefined()
      expect(h?.latestRv, item.metadata.name).toBe(item.metadata.resourceVersion)
      expect(h?.deleted).toBe(false)
    }
    const live = [...store.liveObjectsOfWatch(watchId).values()].map((h) => h.name).sort()
    expect(live).toEqual(fresh.items.map((i) => i.metadata.name).sort())
    for (const e of store.events().filter((x) => x.watch === watchId && x.uid)) {
      const h = store.history(e.uid)
      const rvs = (h?.versionEvents ?? []).map((i) => store.event(i).rv)
      expect(rvs.every((rv) => isComparableResourceVersion(rv))).toBe(true)
      expect(rvs).toEqual([...rvs].sort((a, b) => compareResourceVersions(a, b) ?? 0))
    }
  })
})

describe('watches that run longer than two minutes, across server-side timeouts', () => {
  it('resumes from the last resourceVersion each time the server ends the watch, missing and repeating nothing', async () => {
    const { session } = await connected({ watch: { timeoutSeconds: () => 15 } })
    const ns = createNamespace('long')
    const id = session.watches.start({
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: ns,
    }).id
    await waitUntil('the watch', 15_000, () =>
      session.watches.statuses().find((s) => s.id === id && s.state === 'watching'),
    )
    const written: string[] = []
    const started = Date.now()
    let n = 0
    while (Date.now() - started < 130_000) {
      const out = kubectl(
        'create',
        'configmap',
        `tick-${n++}`,
        '-n',
        ns,
        '--from-literal=t=1',
        '-o',
        'jsonpath={.metadata.resourceVersion}',
      )
      written.push(out.trim())
      // This wait stays: it paces the writes, one every 2.5 s across 130 s of 15 s watches.
      await new Promise((r) => setTimeout(r, 2500))
    }
    await waitUntil('the last write', 15_000, () =>
      session.watches.store.events().some((e) => e.rv === written[written.length - 1]),
    )
    const status = session.watches.statuses().find((s) => s.id === id) as WatchStatus
    expect(status.resumes).toBeGreaterThanOrEqual(6) // 130 s of 15 s watches
    const added = session.watches.store
      .events()
      // kube-root-ca.crt may arrive too: the controller-manager adds it to every new namespace.
      .filter((e) => e.watch === id && e.type === 'ADDED' && e.name.startsWith('tick-'))
      .map((e) => e.rv)
    expect(added).toEqual(written)
    kubectl('delete', 'namespace', ns, '--wait=false')
  }, 200_000)
})
