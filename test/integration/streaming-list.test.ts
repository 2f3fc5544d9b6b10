// Streaming lists against the real API server: on 1.37 a watch gets its state as ADDED events and
// the initial-events-end bookmark, then the live changes, gzipped when it asks; the same objects
// watched both ways side by side; where the server refuses one (1.20, or 1.37 with the WatchList
// gate off) auto falls back to list-then-watch with the server's reason.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml'
import type { RequestLogEntry } from '@common/kube-types'
import type { Result } from '@common/result'
import type { TimelineEvent, WatchStatus, WatchTarget } from '@common/watch-types'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import type { ClusterSession } from '../../src-main/core/cluster-session'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { startAuditedApiserver, type AuditedApiserver } from '../cluster/audited-apiserver'
import { cluster, coreFor, createNamespace, kubectl, onOldest, waitUntil } from './helpers'

const cores: ApiscopeCore[] = []
afterAll(() => cores.forEach((c) => c.close()))

async function connect(
  kubeconfig?: string,
): Promise<{ core: ApiscopeCore; session: ClusterSession }> {
  const core = coreFor(kubeconfig)
  cores.push(core)
  const res = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  if (!res.ok) throw new Error(res.error.title)
  const session = core.currentSession
  if (!session) throw new Error('no session')
  return { core, session }
}

const STREAM_PARAMS = [
  'watch=1',
  'sendInitialEvents=true',
  'allowWatchBookmarks=true',
  'resourceVersionMatch=NotOlderThan',
]

const cmTarget = (ns: string, mode?: WatchTarget['mode']): WatchTarget => ({
  group: '',
  version: 'v1',
  resource: 'configmaps',
  namespace: ns,
  labelSelector: 'app=vitrine',
  ...(mode ? { mode } : {}),
})

function statusOf(session: ClusterSession, id: number): WatchStatus | undefined {
  return session.watches.statuses().find((s) => s.id === id)
}

async function watching(session: ClusterSession, id: number): Promise<WatchStatus> {
  return waitUntil('the watch to be watching', 20_000, () => {
    const s = statusOf(session, id)
    return s?.state === 'watching' ? s : null
  })
}

const eventsOf = (session: ClusterSession, id: number): TimelineEvent[] =>
  session.watches.store.events().filter((e) => e.watch === id)

/** Three labelled ConfigMaps, their resourceVersions as the server returned them. */
function seed(ns: string): Map<string, string> {
  for (const name of ['vitrine-a', 'vitrine-b', 'vitrine-c']) {
    kubectl('create', 'configmap', name, '-n', ns, `--from-literal=name=${name}`)
    kubectl('label', 'configmap', name, '-n', ns, 'app=vitrine')
  }
  const list = JSON.parse(
    kubectl('get', 'configmaps', '-n', ns, '-l', 'app=vitrine', '-o', 'json'),
  ) as {
    items: { metadata: { name: string; resourceVersion: string } }[]
  }
  return new Map(list.items.map((i) => [i.metadata.name, i.metadata.resourceVersion]))
}

describe.runIf(!onOldest())('a streaming list on a server that serves one', () => {
  let ns: string
  let rvs: Map<string, string>
  let env: Awaited<ReturnType<typeof connect>>
  let id: number

  beforeAll(async () => {
    ns = createNamespace('stream')
    rvs = seed(ns)
    env = await connect()
    // auto, the default: on this server it streams.
    id = env.session.watches.start(cmTarget(ns)).id
    await watching(env.session, id)
  })
  afterAll(() => kubectl('delete', 'namespace', ns, '--wait=false'))

  it('is asked for with the four parameters and no resourceVersion, accepting gzip', async () => {
    const log = (await env.core.invoke('kube:request-log', {})) as Result<RequestLogEntry[]>
    if (!log.ok) throw new Error(log.error.title)
    const sent = log.value.find((e) => e.url.includes('sendInitialEvents') && e.url.includes(ns))
    expect(sent?.status).toBe(200)
    const query = new URL(sent?.url ?? 'https://x').searchParams
    for (const p of STREAM_PARAMS) {
      const [k, v] = p.split('=') as [string, string]
      expect(query.get(k)).toBe(v)
    }
    expect(query.has('resourceVersion')).toBe(false)
    // No list request at all.
    expect(log.value.some((e) => e.url.includes(ns) && !e.url.includes('watch='))).toBe(false)
  })

  it('sends the objects as ADDED events at their resourceVersions, then the initial-events-end bookmark', () => {
    const events = eventsOf(env.session, id)
    const bookmark = events.findIndex((e) => e.type === 'BOOKMARK')
    expect(bookmark).toBe(3)
    const initial = events.slice(0, 3)
    expect(initial.every((e) => e.type === 'ADDED')).toBe(true)
    expect(new Map(initial.map((e) => [e.name, e.rv]))).toEqual(rvs)
    // The bookmark's resourceVersion is the state's: no older than any object in it.
    const end = events[bookmark] as TimelineEvent
    for (const rv of rvs.values()) expect(Number(end.rv)).toBeGreaterThanOrEqual(Number(rv))
    const snapshot = env.session.watches.store.lists.filter((l) => l.watch === id)
    expect(snapshot).toHaveLength(1)
    expect(snapshot[0]).toMatchObject({
      way: 'stream',
      reason: 'initial',
      rv: end.rv,
      items: 3,
      pages: [],
      firstEvent: end.i,
    })
    const status = statusOf(env.session, id)
    expect(status).toMatchObject({
      mode: 'auto',
      startedBy: 'stream',
      fallback: null,
      listRv: end.rv,
    })
  })

  it('is gzipped by 1.37 when asked, and read: the live changes come after the bookmark', async () => {
    const status = statusOf(env.session, id)
    expect(status?.encoding).toBe('gzip')
    expect(env.session.watches.store.lists.find((l) => l.watch === id)?.encoding).toBe('gzip')
    const patched = JSON.parse(
      kubectl(
        'patch',
        'configmap',
        'vitrine-b',
        '-n',
        ns,
        '--type=merge',
        '-p',
        '{"data":{"n":"2"}}',
        '-o',
        'json',
      ),
    ) as { metadata: { resourceVersion: string } }
    kubectl('create', 'configmap', 'vitrine-d', '-n', ns)
    kubectl('label', 'configmap', 'vitrine-d', '-n', ns, 'app=vitrine')
    kubectl('delete', 'configmap', 'vitrine-a', '-n', ns)
    const live = await waitUntil('the live changes', 15_000, () => {
      const events = eventsOf(env.session, id)
      const after = events.slice(events.findIndex((e) => e.type === 'BOOKMARK') + 1)
      const objects = after.filter((e) => e.type !== 'BOOKMARK')
      return objects.some((e) => e.type === 'DELETED') ? objects : null
    })
    // Each change was flushed on its own, in a gzip member of its own: all read.
    expect(live.map((e) => [e.type, e.name])).toEqual([
      ['MODIFIED', 'vitrine-b'],
      ['ADDED', 'vitrine-d'],
      ['DELETED', 'vitrine-a'],
    ])
    expect(live[0]?.rv).toBe(patched.metadata.resourceVersion)
    expect(statusOf(env.session, id)?.lastRv).toBe(live[2]?.rv)
  })
})

describe.runIf(!onOldest())('what 1.37 compresses', () => {
  // Raw requests through the transport, to see the bytes on the wire.
  /** A streaming list's four parameters, as a query. */
  const STREAM_QUERY = {
    watch: 1,
    sendInitialEvents: true,
    allowWatchBookmarks: true,
    resourceVersionMatch: 'NotOlderThan',
  }

  async function first(
    session: ClusterSession,
    query: Record<string, string | number | boolean>,
    acceptGzip: boolean,
  ) {
    const res = await session.transport.openStream({
      path: '/api/v1/namespaces/default/configmaps',
      query: { ...query, timeoutSeconds: 1 },
      acceptGzip,
    })
    const raw: Buffer[] = []
    res.stream?.on('data', (c: Buffer) => raw.push(c))
    const text: Buffer[] = []
    await new Promise<void>((resolve) => {
      res.decoded?.on('data', (c: Buffer) => text.push(c))
      res.decoded?.on('end', () => resolve())
      res.decoded?.on('error', () => resolve())
    })
    return {
      encoding: res.headers['content-encoding'] ?? null,
      raw: Buffer.concat(raw),
      lines: Buffer.concat(text).toString('utf8').trim().split('\n'),
    }
  }

  it('a streaming list’s watch response, and only that: not a plain watch, not without Accept-Encoding', async () => {
    const { session } = await connect()
    const gz = await first(session, STREAM_QUERY, true)
    expect(gz.encoding).toBe('gzip')
    expect([...gz.raw.subarray(0, 2)]).toEqual([0x1f, 0x8b])
    expect(zlib.gunzipSync(gz.raw).toString('utf8').trim().split('\n')).toEqual(gz.lines)
    // The initial events end with the bookmark; a periodic bookmark may follow within the second.
    const initialEnd = (lines: string[]) =>
      lines.findIndex((line) => line.includes('"k8s.io/initial-events-end":"true"'))
    const end = initialEnd(gz.lines)
    expect(end).toBeGreaterThan(0)
    const last = JSON.parse(gz.lines[end] as string) as { type: string }
    expect(last.type).toBe('BOOKMARK')

    const plain = await first(session, STREAM_QUERY, false)
    expect(plain.encoding).toBeNull()
    expect(initialEnd(plain.lines)).toBe(end)

    const list = JSON.parse(kubectl('get', '--raw', '/api/v1/namespaces/default/configmaps')) as {
      metadata: { resourceVersion: string }
    }
    const watch = await first(
      session,
      { watch: 1, resourceVersion: list.metadata.resourceVersion, allowWatchBookmarks: true },
      true,
    )
    expect(watch.encoding).toBeNull()
    // A watch from no resourceVersion is defaulted into a streaming list where the gate is on
    // (SetListOptionsDefaults): its initial events end with the bookmark, gzipped too (a periodic
    // bookmark may follow it, as above).
    const legacy = await first(session, { watch: 1, allowWatchBookmarks: true }, true)
    expect(legacy.encoding).toBe('gzip')
    expect(initialEnd(legacy.lines)).toBeGreaterThan(0)
  })

  it('nothing compressed where the kubeconfig’s cluster says disable-compression: true, as kubectl', async () => {
    // The test kubeconfig with the kubeconfig v1 Cluster field set, in a file of its own.
    const config = parseYaml(readFileSync(cluster().kubeconfig, 'utf8')) as {
      clusters: { cluster: Record<string, unknown> }[]
    }
    for (const c of config.clusters) c.cluster['disable-compression'] = true
    const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-no-gzip-'))
    const file = path.join(dir, 'kubeconfig')
    writeFileSync(file, stringifyYaml(config))
    try {
      const { session } = await connect(file)
      expect(session.transport.compression).toBe(false)
      // The same streaming list that came gzipped above, asked the same way: plain.
      const plain = await first(session, STREAM_QUERY, true)
      expect(plain.encoding).toBeNull()
      expect(plain.raw.toString('utf8').trim().split('\n')).toEqual(plain.lines)
      // The core's own streaming list: read plain, its bookmark and objects as when gzipped.
      const ns = createNamespace('nogzip')
      seed(ns)
      const id = session.watches.start(cmTarget(ns)).id
      const status = await watching(session, id)
      expect(status).toMatchObject({ startedBy: 'stream', encoding: null })
      expect(session.watches.store.lists.find((l) => l.watch === id)).toMatchObject({
        way: 'stream',
        items: 3,
        encoding: null,
      })
      kubectl('delete', 'namespace', ns, '--wait=false')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the same objects watched both ways, side by side', () => {
  it('two watches, one listing and one streaming (or refused on 1.20), each with its own view of one change', async () => {
    const ns = createNamespace('sidebyside')
    try {
      const rvs = seed(ns)
      const { session } = await connect()
      const listed = session.watches.start(cmTarget(ns, 'list-watch'))
      const streamed = session.watches.start(cmTarget(ns, 'auto'))
      // The mode is part of the watch's key: two watches, not one shared.
      expect(streamed.id).not.toBe(listed.id)
      expect(session.watches.start(cmTarget(ns, 'list-watch')).id).toBe(listed.id)
      await watching(session, listed.id)
      const s = await watching(session, streamed.id)
      expect(statusOf(session, listed.id)?.startedBy).toBe('list')
      expect(s.startedBy).toBe(onOldest() ? 'list' : 'stream')
      const byName = (id: number, type: string) =>
        new Map(
          eventsOf(session, id)
            .filter((e) => e.type === type)
            .map((e) => [e.name, e.rv]),
        )
      expect(byName(listed.id, 'LISTED')).toEqual(rvs)
      expect(byName(streamed.id, onOldest() ? 'LISTED' : 'ADDED')).toEqual(rvs)

      const patched = JSON.parse(
        kubectl(
          'patch',
          'configmap',
          'vitrine-c',
          '-n',
          ns,
          '--type=merge',
          '-p',
          '{"data":{"n":"3"}}',
          '-o',
          'json',
        ),
      ) as { metadata: { resourceVersion: string } }
      for (const id of [listed.id, streamed.id]) {
        const modified = await waitUntil('the change on both watches', 15_000, () =>
          eventsOf(session, id).find((e) => e.type === 'MODIFIED'),
        )
        expect([modified.name, modified.rv]).toEqual([
          'vitrine-c',
          patched.metadata.resourceVersion,
        ])
      }
      // One object, one history: the second watch's copy of a version is the same version.
      const uid = eventsOf(session, listed.id).find((e) => e.name === 'vitrine-c')?.uid as string
      expect(session.watches.store.history(uid)?.versionCount).toBe(2)
    } finally {
      kubectl('delete', 'namespace', ns, '--wait=false')
    }
  })
})

describe.runIf(onOldest())('1.20 refuses a streaming list', () => {
  let ns: string
  let env: Awaited<ReturnType<typeof connect>>
  beforeAll(async () => {
    ns = createNamespace('nostream')
    seed(ns)
    env = await connect()
  })
  afterAll(() => kubectl('delete', 'namespace', ns, '--wait=false'))

  it('auto falls back to list-then-watch and says why, in the server’s words', async () => {
    const { id } = env.session.watches.start(cmTarget(ns))
    const status = await watching(env.session, id)
    expect(status.startedBy).toBe('list')
    expect(status.fallback).toMatch(
      /^the server refused the streaming list \(422: .*resourceVersionMatch is forbidden for watch.*\); listing, then watching$/,
    )
    expect(env.session.watches.store.lists.find((l) => l.watch === id)?.way).toBe('list')
  })

  it('a watch asked to stream stops, failed, with the reason and what to choose instead', async () => {
    const { id } = env.session.watches.start(cmTarget(ns, 'streaming-list'))
    const status = await waitUntil('the watch to fail', 15_000, () => {
      const s = statusOf(env.session, id)
      return s?.state === 'failed' ? s : null
    })
    expect(status.reason).toMatch(
      /^the server refused the streaming list \(422: .*auto or list then watch$/,
    )
    expect(eventsOf(env.session, id)).toEqual([])
  })
})

describe.runIf(!onOldest())('1.37 with the WatchList feature gate off', () => {
  let second: AuditedApiserver
  beforeAll(async () => {
    second = await startAuditedApiserver(cluster(), ['--feature-gates=WatchList=false'])
  }, 120_000)
  afterAll(async () => second?.stop())

  it('refuses the streaming list with 422; auto lists, then watches, and says so', async () => {
    const { session } = await connect(second.kubeconfig)
    const { id } = session.watches.start({ group: '', version: 'v1', resource: 'namespaces' })
    const status = await watching(session, id)
    expect(status.startedBy).toBe('list')
    expect(status.fallback).toMatch(
      /^the server refused the streaming list \(422: .*sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled.*\); listing, then watching$/,
    )
  })
})
