// The version-history worker is a module of its own (version-history-worker.ts). Here it runs the
// three ways main code runs: in this thread on a message channel (its logic), in a worker thread
// from the TypeScript source (vitest, as the integration tests use it), and from a script run by
// tsx (the scripts: record:demo and the fixture recorders). The built app's way, the file
// electron-vite emits, is what the e2e inspector test uses (test/e2e/timeline.spec.ts).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { KEYFRAME_MIN, keyframeSpacing } from '../../src-main/core/watch/version-store'
import { kindPrefix } from '../../src-main/core/watch/kind-prefix'
import { ENTRY } from '../../src-main/core/watch/version-batch'
import {
  HOLD_BYTES,
  PENDING_BYTES,
  VersionHistory,
} from '../../src-main/core/watch/version-history'
import {
  serveVersionHistory,
  type HistoryReply,
} from '../../src-main/core/watch/version-history-worker'

// Large enough that a whole version is kept every KEYFRAME_MIN versions (version-store.ts).
const version = (n: number) =>
  JSON.stringify({
    kind: 'ConfigMap',
    metadata: { name: 'reglages', resourceVersion: String(100 + n) },
    data: { n: String(n), ...(n % 3 === 0 ? { third: 'yes' } : {}), filler: 'x'.repeat(40_000) },
  })
const K = KEYFRAME_MIN
const versions = [0, 1, K - 1, K, K + 1, 2 * K]
const expected = versions.map((n) => JSON.parse(version(n)) as unknown)
/** A small object's first version, about 1,000 bytes. */
const small = (o: number) =>
  JSON.stringify({
    kind: 'ConfigMap',
    metadata: { name: `cm-${o}` },
    data: { pad: 'p'.repeat(1000) },
  })

describe('version-history worker', () => {
  it('keeps keyframes and patches and answers for any version (in this thread)', async () => {
    const channel = new MessageChannel()
    serveVersionHistory(channel.port2, () => 1234)
    const replies: HistoryReply[] = []
    channel.port1.on('message', (m: HistoryReply) => replies.push(m))
    const enc = new TextEncoder()
    const lines = Array.from({ length: 2 * K + 1 }, (_, n) => enc.encode(version(n)))
    const bytes = new Uint8Array(lines.reduce((s, l) => s + l.length, 0))
    const index = new Int32Array(lines.length * ENTRY)
    let at = 0
    lines.forEach((l, n) => {
      bytes.set(l, at)
      index.set([7, n, at, at + l.length, 0], n * ENTRY)
      at += l.length
    })
    channel.port1.postMessage({ t: 'add', index, bytes }, [index.buffer, bytes.buffer])
    channel.port1.postMessage({ t: 'get', id: 1, object: 7, versions: [...versions, 999] })
    channel.port1.postMessage({ t: 'heap', id: 2 })
    await expect.poll(() => replies.length).toBe(3)
    channel.port1.close()
    expect(replies[0]?.t).toBe('recycle')
    expect(replies[1]).toEqual({ t: 'got', id: 1, objects: [...expected, null] })
    expect(keyframeSpacing(lines[1]?.length ?? 0)).toBe(K)
    // The heap, and what the versions kept cost as the store's budget counts them (all kept, as
    // byte deltas: far less than their JSON).
    expect(replies[2]).toEqual({ t: 'heap', id: 2, used: 1234, bytes: expect.any(Number) })
    expect((replies[2] as { bytes: number }).bytes).toBeGreaterThan(0)
    expect((replies[2] as { bytes: number }).bytes).toBeLessThan(at / 2)
  })

  it('runs in a worker thread from the TypeScript source', async () => {
    const history = new VersionHistory()
    for (let n = 0; n <= 2 * K; n++) history.add(3, n, version(n))
    // The worker starts once what waits passes PENDING_BYTES (before, versions are read here).
    for (let o = 10; o < PENDING_BYTES / 1000 + 100; o++) history.add(o, 0, small(o))
    await history.settled()
    expect(await history.objectsAt(3, versions)).toEqual(expected)
    expect(await history.heapUsed()).toBeGreaterThan(0)
    history.close()
  })

  it('keeps a small history on this thread until a version is asked for, then hands it over in order', async () => {
    const history = new VersionHistory()
    for (let n = 0; n <= 2 * K; n++) history.add(3, n, version(n))
    for (let n = 0; n < 10; n++) history.add(4, n, Buffer.from(version(1000 + n)))
    await history.settled()
    // No worker yet: no heap of its own, and the versions' bytes held here.
    const kept = await history.usage()
    expect(kept.heap).toBe(0)
    expect(kept.bytes).toBeGreaterThan(2 * K * 40_000)
    expect(await history.objectsAt(3, versions)).toEqual(expected)
    expect(await history.objectsAt(4, [0, 9])).toEqual(
      [1000, 1009].map((n) => JSON.parse(version(n)) as unknown),
    )
    // Still no worker: the versions were read where they wait.
    expect((await history.usage()).heap).toBe(0)
    history.close()
  })

  it("puts a typed list's kind in front of its items' own members, before and after the worker starts", async () => {
    const history = new VersionHistory()
    const enc = new TextEncoder()
    const configMap = kindPrefix('v1', 'ConfigMap').bytes
    const lease = kindPrefix('coordination.k8s.io/v1', 'Lease').bytes
    const item = (n: number) => ({ metadata: { name: `cm-${n}` }, data: { n: String(n) } })
    // Kept here (no worker yet): the items' bytes as they came (each starts with its brace, as the
    // list reader gives them), their kind beside them.
    history.add(0, 0, enc.encode(JSON.stringify(item(0))), false, configMap)
    history.add(1, 0, enc.encode('{ }'), false, lease)
    history.add(0, 1, JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', ...item(1) }))
    expect(await history.objectsAt(0, [0, 1])).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', ...item(0) },
      { kind: 'ConfigMap', apiVersion: 'v1', ...item(1) },
    ])
    expect(await history.objectsAt(1, [0])).toEqual([
      { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' },
    ])
    // Started by what waits here passing PENDING_BYTES, the worker hears of the prefixes given
    // before; then one it has (a new copy of the same bytes: one id) and one given anew.
    const objects = Math.ceil(PENDING_BYTES / 1000) + 100
    for (let o = 10; o < objects; o++) history.add(o, 0, small(o))
    expect((await history.usage()).heap).toBeGreaterThan(0)
    expect(await history.objectsAt(0, [0])).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', ...item(0) },
    ])
    history.add(2, 0, enc.encode(JSON.stringify(item(2))), false, configMap.slice())
    history.add(3, 0, enc.encode(JSON.stringify(item(3))), false, kindPrefix('v1', 'Secret').bytes)
    expect(await history.objectsAt(2, [0])).toEqual([
      { apiVersion: 'v1', kind: 'ConfigMap', ...item(2) },
    ])
    expect(await history.objectsAt(3, [0])).toEqual([
      { apiVersion: 'v1', kind: 'Secret', ...item(3) },
    ])
    history.close()
  })

  it('starts the worker once the versions kept here pass PENDING_BYTES', async () => {
    const history = new VersionHistory()
    const objects = Math.ceil(PENDING_BYTES / 1000) + 100
    for (let o = 0; o < objects; o++) history.add(o, 0, small(o))
    // The worker took them without being asked (its heap is counted), every one in place.
    expect((await history.usage()).heap).toBeGreaterThan(0)
    for (const o of [0, 1, Math.floor(objects / 2), objects - 1])
      expect(await history.objectsAt(o, [0])).toEqual([JSON.parse(small(o)) as unknown])
    history.close()
  })

  it("holds a list's versions here past PENDING_BYTES while it is read, and stores every one once released", async () => {
    const history = new VersionHistory()
    const objects = Math.ceil(PENDING_BYTES / 1000) + 100
    const release = history.hold()
    for (let o = 0; o < objects; o++) history.add(o, 0, small(o))
    // No worker while held: every version waits here.
    const held = await history.usage()
    expect(held.heap).toBe(0)
    expect(held.bytes).toBeGreaterThan(PENDING_BYTES)
    release()
    // Released: the worker took them all (its heap is counted), every one in place.
    expect((await history.usage()).heap).toBeGreaterThan(0)
    for (const o of [0, 1, Math.floor(objects / 2), objects - 1])
      expect(await history.objectsAt(o, [0])).toEqual([JSON.parse(small(o)) as unknown])
    history.close()
  })

  it('answers a version asked for during a hold, and keeps the versions in order around it', async () => {
    const history = new VersionHistory()
    history.add(5, 0, version(0))
    // The worker runs (asked once) before the hold.
    expect(await history.objectsAt(5, [0])).toEqual([expected[0]])
    const release = history.hold()
    history.add(5, 1, version(1))
    history.add(5, 2, version(2))
    expect(await history.objectsAt(5, [2])).toEqual([JSON.parse(version(2)) as unknown])
    history.add(5, 3, version(3))
    history.add(6, 0, Buffer.from(version(50)))
    release()
    // Released twice: the second is nothing.
    release()
    expect(await history.objectsAt(5, [0, 1, 2, 3])).toEqual(
      [0, 1, 2, 3].map((n) => JSON.parse(version(n)) as unknown),
    )
    expect(await history.objectsAt(6, [0])).toEqual([JSON.parse(version(50)) as unknown])
    history.close()
  })

  it('ends a hold early once it holds a quarter of the budget (HOLD_BYTES at most)', async () => {
    // A budget of 8 MB: a hold keeps 2 MB here at most, then the worker takes them.
    const budget = 8 << 20
    expect(budget / 4).toBeLessThan(HOLD_BYTES)
    const history = new VersionHistory(budget)
    const release = history.hold()
    const objects = Math.ceil(budget / 4 / 1000) + 600
    for (let o = 0; o < objects; o++) history.add(o, 0, small(o))
    expect((await history.usage()).heap).toBeGreaterThan(0)
    release()
    for (const o of [0, objects - 1])
      expect(await history.objectsAt(o, [0])).toEqual([JSON.parse(small(o)) as unknown])
    history.close()
  })

  it('runs in a worker thread from a script run by tsx', { timeout: 30_000 }, () => {
    // The script writes the same versions as above, from the same JSON (the script starts a
    // process and tsx in its worker: slow on a busy machine).
    const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-vh-'))
    const script = path.join(dir, 'versions.mts')
    const source = path.resolve(__dirname, '../../src-main/core/watch/version-history.ts')
    writeFileSync(
      script,
      `import { VersionHistory } from ${JSON.stringify(source)}
const history = new VersionHistory()
const lines: string[] = ${JSON.stringify(Array.from({ length: 2 * K + 1 }, (_, n) => version(n)))}
lines.forEach((line, n) => history.add(3, n, line))
// Past PENDING_BYTES the worker starts (before, versions are read on this thread).
for (let o = 10; o < ${PENDING_BYTES / 1000 + 100}; o++) history.add(o, 0, '{"filler":"' + 'p'.repeat(1000) + '"}')
if (!((await history.heapUsed()) > 0)) throw new Error('no worker')
console.log(JSON.stringify(await history.objectsAt(3, ${JSON.stringify(versions)})))
history.close()
`,
    )
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: path.resolve(__dirname, '../..'),
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout) as unknown).toEqual(expected)
  })
})
