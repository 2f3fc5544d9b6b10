// The reader of a watch relayed by the kubectl proxy, fed answers recorded from the real
// kube-apiserver (test/fixtures/recorded/*/relayed-watch/) in chunks of every size the network
// could cut them into: 1.37's gzipped streaming list (three gzip members: the initial events and
// their end bookmark, then each change), a Table watch as kubectl get -w asks for it, 1.20's ERROR
// 410; a binary stream is not read, and a line that is no watch event stops the reading only. The
// reading runs in slices of its own, after the push returned; an answer 64 MB ahead is let go.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { WatchStatus } from '@common/watch-types'
import { EventStore } from '../../src-main/core/watch/event-store'
import {
  MAX_BEHIND,
  RelayedWatch,
  TABLE_ROW,
  relayedTarget,
  type RelayedWatchRequest,
} from '../../src-main/core/watch/relayed-watch'

const recorded = (file: string) => readFileSync(path.join(__dirname, '../fixtures/recorded', file))
const STREAMING_LIST = recorded('1.37/relayed-watch/streaming-list.ndjson.gz')
const TABLE = recorded('1.37/relayed-watch/table-watch.ndjson')
const EXPIRED = recorded('1.20/relayed-watch/expired.ndjson')

const stores: EventStore[] = []
afterEach(() => stores.splice(0).forEach((s) => s.close()))

/** A reader of kubectl get's watch, as the proxy opens it; without a command, as kubectl 1.20's. */
function reader(request: Partial<RelayedWatchRequest>, withCommand = true) {
  const store = new EventStore()
  stores.push(store)
  const statuses: WatchStatus[] = []
  let ended = false
  const watch = new RelayedWatch(
    7,
    {
      client: 'kubectl/v1.37.2',
      ...(withCommand ? { command: 'kubectl get' } : {}),
      seq: 3,
      pathAndQuery: '/api/v1/namespaces/relay-fixture/configmaps?watch=true',
      contentType: 'application/json',
      gzip: false,
      about: { group: '', resource: 'configmaps' },
      ...request,
    },
    store,
    (s) => statuses.push({ ...s }),
    () => (ended = true),
  )
  return { store, watch, statuses, ended: () => ended }
}

function feed(watch: RelayedWatch, bytes: Buffer, size: number): void {
  for (let i = 0; i < bytes.length; i += size) watch.push(bytes.subarray(i, i + size))
}

/** Resolves once the reader has closed (a gzipped answer is decoded asynchronously). */
async function closed(r: { ended: () => boolean }): Promise<void> {
  for (let i = 0; i < 200 && !r.ended(); i++) await new Promise((ok) => setTimeout(ok, 5))
  expect(r.ended()).toBe(true)
}

describe('relayedTarget', () => {
  it('reads the target and what the query asked for', () => {
    expect(
      relayedTarget(
        '/api/v1/namespaces/ns/configmaps?fieldSelector=metadata.name%3Dtenu&resourceVersionMatch=NotOlderThan&sendInitialEvents=true&allowWatchBookmarks=true&watch=true&timeoutSeconds=300',
      ),
    ).toEqual({
      target: {
        group: '',
        version: 'v1',
        resource: 'configmaps',
        namespace: 'ns',
        fieldSelector: 'metadata.name=tenu',
        mode: 'streaming-list',
      },
      streaming: true,
      resourceVersion: '',
      timeoutSeconds: 300,
    })
    // The deprecated /watch/ prefix, one object by name.
    expect(relayedTarget('/apis/apps/v1/watch/namespaces/ns/deployments/web')?.target).toEqual({
      group: 'apps',
      version: 'v1',
      resource: 'deployments',
      namespace: 'ns',
      fieldSelector: 'metadata.name=web',
      mode: 'list-watch',
    })
  })
})

describe('a relayed watch', () => {
  for (const size of [1, 7, 64, 100_000]) {
    it(`reads 1.37's gzipped streaming list cut into ${size}-byte chunks`, async () => {
      const r = reader({
        command: 'kubectl delete',
        pathAndQuery:
          '/api/v1/namespaces/relay-fixture/configmaps?allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&sendInitialEvents=true&watch=true',
        gzip: true,
      })
      feed(r.watch, STREAMING_LIST, size)
      r.watch.end('done')
      await closed(r)
      const events = r.store.events()
      expect(events.map((e) => `${e.type} ${e.name}`)).toEqual([
        'ADDED alpha',
        'ADDED beta',
        'ADDED kube-root-ca.crt',
        'BOOKMARK ',
        'MODIFIED alpha',
        'DELETED beta',
      ])
      expect(events.every((e) => e.watch === 7)).toBe(true)
      const bookmark = events[3]
      expect(r.store.lists).toEqual([
        expect.objectContaining({
          watch: 7,
          way: 'stream',
          items: 3,
          rv: bookmark?.rv,
          firstEvent: 3,
          encoding: 'gzip',
        }),
      ])
      const last = r.statuses.at(-1) as WatchStatus
      expect(last).toMatchObject({
        label: 'kubectl delete · configmaps in relay-fixture',
        state: 'stopped',
        startedBy: 'stream',
        listRv: bookmark?.rv,
        events: 5,
        bookmarks: 1,
        encoding: 'gzip',
        relayed: { format: 'objects', command: 'kubectl delete', seq: 3 },
      })
      expect(Number(last.lastRv)).toBe(events[5]?.rvn)
      // Mid-way, before the bookmark: a streaming list waiting for its initial events.
      expect(r.statuses[0]).toMatchObject({ state: 'listing', mode: 'streaming-list' })
    })
  }

  it('records a Table watch’s rows as their objects’ metadata, under marked uids', async () => {
    const r = reader({
      accept:
        'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json',
      kindOf: (group, resource) => (group === '' && resource === 'configmaps' ? 'ConfigMap' : ''),
    })
    expect(r.statuses[0]?.relayed?.format).toBe('table')
    feed(r.watch, TABLE, 13)
    r.watch.end('cut')
    await closed(r)
    const events = r.store.events()
    expect(events.map((e) => `${e.type} ${e.name}`)).toEqual([
      'ADDED alpha',
      'ADDED beta',
      'ADDED kube-root-ca.crt',
      'MODIFIED alpha',
      'DELETED beta',
    ])
    expect(events.every((e) => e.kind === 'ConfigMap' && e.uid.endsWith(TABLE_ROW))).toBe(true)
    const alpha = events[3]
    const [object] = await r.store.objectsAt(alpha?.uid ?? '', [alpha?.v ?? 0])
    expect(object).toMatchObject({
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { name: 'alpha', namespace: 'relay-fixture', resourceVersion: alpha?.rv },
    })
    expect(object).not.toHaveProperty('data')
    expect(r.statuses.at(-1)?.reason).toBe('ended: kubectl/v1.37.2 closed the connection')
  })

  it('records 1.20’s ERROR 410 with its code and ends saying why', async () => {
    const r = reader({ client: 'kubectl/v1.20.2' }, false)
    feed(r.watch, EXPIRED, 5)
    r.watch.end('done')
    await closed(r)
    const [error] = r.store.events()
    expect(error).toMatchObject({
      type: 'ERROR',
      code: 410,
      note: 'too old resource version: 1 (336)',
    })
    expect(r.statuses.at(-1)).toMatchObject({
      label: 'kubectl/v1.20.2 watch · configmaps in relay-fixture',
      expired: 1,
      state: 'stopped',
      reason: 'ended by the API server after its ERROR 410: too old resource version: 1 (336)',
    })
  })

  it('keeps an ERROR’s Status words on a watch of Secrets: the server’s, not the Secret’s', async () => {
    // The 410 above on a watch whose resource is Secrets, once as recorded and once with its
    // reason only (a Status may carry no message): redact() given the Secret as `about` would
    // replace any plain text whole, as it does a Secret's own.
    for (const [bytes, note] of [
      [EXPIRED, 'too old resource version: 1 (336)'],
      [
        Buffer.from(
          EXPIRED.toString().replace('"message":"too old resource version: 1 (336)",', ''),
        ),
        'Expired',
      ],
    ] as const) {
      const r = reader(
        { client: 'kubectl/v1.20.2', about: { group: '', resource: 'secrets' } },
        false,
      )
      feed(r.watch, bytes, 64)
      r.watch.end('done')
      await closed(r)
      expect(r.store.events()[0]).toMatchObject({ type: 'ERROR', code: 410, note })
    }
  })

  it('does not read a binary stream, and says so', () => {
    const r = reader({ contentType: 'application/vnd.kubernetes.protobuf;stream=watch' })
    r.watch.push(Buffer.from([0x6b, 0x38, 0x73, 0x00, 0x0a, 0x0d]))
    r.watch.end('done')
    expect(r.store.size).toBe(0)
    expect(r.statuses[0]).toMatchObject({
      relayed: { format: 'binary' },
      reason: 'relayed application/vnd.kubernetes.protobuf;stream=watch: a binary stream, not read',
    })
  })

  it('records no error for the unfinished line or gzip member of a watch kubectl cut', async () => {
    const plain = reader({})
    plain.watch.push(TABLE.subarray(0, 200))
    plain.watch.end('cut')
    await closed(plain)
    expect(plain.store.size).toBe(0)
    expect(plain.statuses.at(-1)?.reason).toBe('ended: kubectl/v1.37.2 closed the connection')
    const gz = reader({ gzip: true })
    gz.watch.push(STREAMING_LIST.subarray(0, STREAMING_LIST.length - 40))
    gz.watch.end('cut')
    await closed(gz)
    expect(gz.store.events().some((e) => e.type === 'ERROR')).toBe(false)
    expect(gz.statuses.at(-1)?.reason).toBe('ended: kubectl/v1.37.2 closed the connection')
  })

  it('reads in slices, each its own task: pushing returns at once, the loop stays free', async () => {
    const r = reader({})
    const line = (i: number) =>
      JSON.stringify({
        type: 'ADDED',
        object: {
          kind: 'ConfigMap',
          apiVersion: 'v1',
          metadata: { name: `cm-${i}`, uid: `u${i}`, resourceVersion: String(100 + i) },
          data: { pad: 'x'.repeat(300) },
        },
      })
    const body = Buffer.from(Array.from({ length: 5000 }, (_, i) => line(i)).join('\n') + '\n')
    const started = performance.now()
    r.watch.push(body)
    expect(performance.now() - started).toBeLessThan(20)
    expect(r.store.size).toBe(0) // nothing read yet: the push only queued it
    let ticks = 0
    const timer = setInterval(() => ticks++, 0)
    r.watch.end('done')
    await closed(r)
    clearInterval(timer)
    expect(r.store.size).toBe(5000)
    expect(ticks).toBeGreaterThan(0) // timers ran between the slices
  })

  it('stops reading an answer that runs more than 64 MB ahead, and says so', async () => {
    const r = reader({})
    r.watch.push(Buffer.alloc(MAX_BEHIND + 1, 0x20))
    r.watch.end('done')
    await closed(r)
    expect(r.store.events()[0]?.note).toBe(
      'Apiscope stopped reading this relayed watch: more than 64 MB came before Apiscope could read them',
    )
  })

  it('stops reading at a line that is no watch event, and records why once', async () => {
    const r = reader({})
    const lines = TABLE.toString('utf8').split('\n')
    const good = Buffer.from(
      JSON.stringify({
        type: 'ADDED',
        object: {
          kind: 'ConfigMap',
          apiVersion: 'v1',
          metadata: { name: 'a', uid: 'u1', resourceVersion: '5' },
        },
      }) + '\n',
    )
    r.watch.push(good)
    r.watch.push(Buffer.from('this is not json\n'))
    r.watch.push(Buffer.from(`${lines[0]}\n`))
    r.watch.end('done')
    await closed(r)
    const events = r.store.events()
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'ERROR'])
    expect(events[1]?.note).toMatch(
      /^Apiscope stopped reading this relayed watch: a line that is not a watch event/,
    )
  })
})
