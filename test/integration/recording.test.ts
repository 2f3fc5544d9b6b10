// Recording against the real API server: the replayed store equals the live one event for event
// (recording from the start, and started mid-session); a recorder killed with SIGKILL leaves a
// file that opens with everything before its last line; a Secret's canary value never reaches a
// recording, a replay's frames or an export.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { OwnershipHistory, OwnershipMap, WatchedObject } from '@features/ownership/messages'
import type { RecordingStatus } from '@features/recording/messages'
import type { Result } from '@common/result'
import type { WatchFrame, WatchTarget } from '@common/watch-types'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { parseRecording, readRecordingFile } from '../../src-main/features/recording/reader'
import { ReplaySession } from '../../src-main/features/recording/replay-session'
import { ADMIN_CONTEXT, REPO_ROOT } from '../cluster/control-plane'
import { vitrineManifest } from '@common/lab-seed-manifests'
import { cluster, coreFor, createNamespace, kubectl, waitUntil } from './helpers'

const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-recording-'))
const cores: ApiscopeCore[] = []
afterAll(() => cores.forEach((c) => c.close()))

async function connected() {
  const core = coreFor(undefined, { recordingsDir: dir })
  cores.push(core)
  const pushed: { channel: string; payload: unknown }[] = []
  core.onEvent((channel, payload) => pushed.push({ channel, payload }))
  const res = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  if (!res.ok) throw new Error(res.error.title)
  return { core, session: core.currentSession!, pushed }
}

/**
 * Stops the session's watches: its store stops growing here, so a recording stopped after this
 * holds all of it, however late the last writes (the controllers') come. No fixed wait.
 */
async function stopWatches(core: ApiscopeCore, session: Session): Promise<void> {
  for (const { id } of session.watches.statuses()) await core.invoke('watch:stop', { id })
}
type Session = NonNullable<ApiscopeCore['currentSession']>

const cmTarget = (ns: string): WatchTarget => ({
  group: '',
  version: 'v1',
  resource: 'configmaps',
  namespace: ns,
  pageSize: 2,
})
const deployTarget = (ns: string): WatchTarget => ({
  group: 'apps',
  version: 'v1',
  resource: 'deployments',
  namespace: ns,
})

/** The seed's ConfigMap verbs, a paged relist, a Deployment apply / conflict / force. */
function seedExperiments(ns: string): void {
  kubectl('-n', ns, 'create', 'configmap', 'reglages', '--from-literal=couleur=bleu')
  kubectl('-n', ns, 'patch', 'configmap', 'reglages', '-p', '{"data":{"couleur":"vert"}}')
  kubectl('-n', ns, 'label', 'configmap', 'reglages', 'equipe=web')
  for (const n of [1, 2, 3]) kubectl('-n', ns, 'create', 'configmap', `carton-${n}`)
  kubectl('-n', ns, 'delete', 'configmap', 'carton-2')
  const file = path.join(dir, `deploy-${ns}.yaml`)
  const write = (replicas: number) => writeFileSync(file, vitrineManifest(ns, replicas))
  write(2)
  kubectl('apply', '--server-side', '--field-manager=equipe-web', '-f', file)
  kubectl('-n', ns, 'patch', 'deployment', 'vitrine', '-p', '{"spec":{"replicas":3}}')
  write(4)
  try {
    kubectl('apply', '--server-side', '--field-manager=equipe-web', '-f', file)
  } catch {
    // The conflict with kubectl-patch on .spec.replicas is the experiment.
  }
  kubectl('apply', '--server-side', '--field-manager=equipe-web', '--force-conflicts', '-f', file)
}

async function replayAll(file: string) {
  const content = await readRecordingFile(file)
  if (!content.ok) throw new Error(content.error.title)
  const frames: WatchFrame[] = []
  const emitted: { channel: string; payload: unknown }[] = []
  const replay = new ReplaySession('test', content.value, {
    frame: (f) => frames.push(f),
    emit: (channel, payload) => emitted.push({ channel, payload }),
    status: () => undefined,
    reset: () => undefined,
  })
  replay.seekMs(replay.end - replay.t0 + 1)
  return { replay, content: content.value, frames, emitted }
}

async function sameStores(
  live: ApiscopeCore['currentSession'],
  replay: ReplaySession,
): Promise<void> {
  const a = live!.watches.store
  const b = replay.watches.store
  expect(b.size).toBe(a.size)
  expect(b.events()).toEqual(a.events())
  expect(b.lists).toEqual(a.lists)
  for (let i = 0; i < a.size; i++) {
    const [da, db] = [await live!.watches.detail(i), await replay.watches.detail(i)]
    expect(JSON.stringify(db), `detail of event ${i}`).toBe(JSON.stringify(da))
  }
}

describe('record, replay, compare', () => {
  it('replays a recording of the seed experiments into a store equal to the live one', async () => {
    const { core, session } = await connected()
    const ns = createNamespace('rec')
    const file = path.join(dir, 'seed.ndjson')
    const started = await core.recording.start({ path: file, title: 'seed' })
    expect(started.ok).toBe(true)
    core.recording.marker('before the verbs')
    await core.invoke('watch:start', { target: cmTarget(ns) })
    await core.invoke('watch:start', { target: deployTarget(ns) })
    await waitUntil('both watches watching', 20_000, () =>
      session.watches.statuses().every((s) => s.state === 'watching'),
    )
    seedExperiments(ns)
    // A request the renderer makes while recording is kept with its answer.
    expect((await core.invoke('kube:health', {})).ok).toBe(true)
    // 4 ConfigMap writes + 3 creates + 1 delete after the list; the Deployment's writes.
    await waitUntil('the events', 20_000, () => session.watches.store.size >= 14)
    await stopWatches(core, session)
    const stopped = await core.recording.stop()
    expect(stopped.recording).toBeNull()

    const { replay, content } = await replayAll(file)
    expect(content.corrupt).toEqual([])
    expect(content.skippedTailBytes).toBe(0)
    expect(content.header.server?.gitVersion).toMatch(/^v1\./)
    expect(content.header.answers?.['kube:identity']).toBeTruthy()
    await sameStores(session, replay)
    expect(replay.status().markers.map((m) => m.note)).toEqual(['before the verbs'])
    const answers = content.lines.filter((l) => l.kind === 'answer')
    expect(answers.map((a) => (a as { channel: string }).channel)).toContain('kube:health')
    replay.close()
    kubectl('delete', 'namespace', ns, '--wait=false')
  })

  it('a recording started mid-session starts with what the store already held', async () => {
    const { core, session } = await connected()
    const ns = createNamespace('recmid')
    await core.invoke('watch:start', { target: cmTarget(ns) })
    await waitUntil('the watch', 20_000, () =>
      session.watches.statuses().every((s) => s.state === 'watching'),
    )
    kubectl('-n', ns, 'create', 'configmap', 'avant', '--from-literal=a=1')
    kubectl('-n', ns, 'patch', 'configmap', 'avant', '-p', '{"data":{"a":"2"}}')
    await waitUntil('the early events', 20_000, () =>
      session.watches.store.events().some((e) => e.name === 'avant' && e.type === 'MODIFIED'),
    )
    const file = path.join(dir, 'mid.ndjson.gz')
    expect((await core.recording.start({ path: file, gzip: true })).ok).toBe(true)
    kubectl('-n', ns, 'create', 'configmap', 'apres')
    kubectl('-n', ns, 'delete', 'configmap', 'avant')
    await waitUntil('the later events', 20_000, () =>
      session.watches.store.events().some((e) => e.name === 'avant' && e.type === 'DELETED'),
    )
    await stopWatches(core, session)
    await core.recording.stop()
    const { replay, content } = await replayAll(file)
    expect(content.compressed).toBe(true)
    await sameStores(session, replay)
    replay.close()
    kubectl('delete', 'namespace', ns, '--wait=false')
  })

  it('replays through the core: views read the replay, nothing is sent to the cluster', async () => {
    const { core, pushed } = await connected()
    const listed = core.recording.list()
    const file = path.join(dir, 'seed.ndjson')
    expect(listed.some((f) => f.name === 'seed.ndjson' && f.source === 'saved')).toBe(true)
    const requestsBefore = core.requestLog.snapshot().length
    const opened = await core.invoke('recording:open', { name: 'seed.ndjson', source: 'saved' })
    expect(opened.ok).toBe(true)
    expect(core.sessionState.status).toBe('connected')
    await core.invoke('recording:transport', { action: 'seek', value: 1e9 })
    const snap = await core.invoke('watch:snapshot', {})
    const replayed = snap.ok ? (snap.value as { events: { i: number; uid: string }[] }).events : []
    expect(replayed.length).toBeGreaterThan(10)
    // The first object event: index 1 may be a streaming list's bookmark, which has no object.
    const first = replayed.find((e) => e.uid !== '')
    const detail = await core.invoke('watch:event-detail', { index: first?.i ?? -1 })
    expect(detail.ok).toBe(true)
    const identity = await core.invoke('kube:identity', {})
    expect(identity.ok).toBe(true)
    const start = await core.invoke('watch:start', { target: cmTarget('default') })
    expect(!start.ok && start.error.title).toMatch(/replay/)
    // Ownership reads the replayed store: vitrine's map and its managers over time.
    const objects = (await core.invoke('ownership:objects', {})) as Result<WatchedObject[]>
    const vitrine = objects.ok ? objects.value.find((o) => o.name === 'vitrine') : undefined
    expect(vitrine?.versions).toBeGreaterThan(2)
    const map = (await core.invoke('ownership:map', {
      source: { uid: vitrine!.uid },
    })) as Result<OwnershipMap>
    expect(map.ok && JSON.stringify(map.value.object)).toContain('equipe-web')
    const history = (await core.invoke('ownership:history', {
      uid: vitrine!.uid,
    })) as Result<OwnershipHistory>
    expect(history.ok && JSON.stringify(history.value.steps)).toContain('kubectl-patch')
    const whatIf = await core.invoke('ownership:what-if', {
      manifest: vitrineManifest('default', 2),
      fieldManager: 'equipe-web',
      force: false,
    })
    expect(!whatIf.ok && whatIf.error.title).toMatch(/replay/)
    // Step back and forth: the store restarts, the renderer is told, the event count follows.
    const before = await core.invoke('recording:transport', { action: 'step-back' })
    expect(before.ok).toBe(true)
    const back = (before as { value: RecordingStatus }).value.replay!
    // Counted in store events on every server: 1.20 lists then watches and records a list-page
    // line per page, which are no events (1.37 starts with a streaming list, no page lines).
    expect(back.totalEvents).toBe(replayed.length)
    expect(back.eventsApplied).toBe(back.totalEvents - 1)
    expect(pushed.some((p) => p.channel === 'recording:replay-reset')).toBe(true)
    await core.invoke('recording:transport', { action: 'step' })
    const exported = await core.invoke('recording:export-range', { fromMs: 0, toMs: 1e9 })
    expect(exported.ok).toBe(true)
    expect(core.requestLog.snapshot().length).toBe(requestsBefore)
    await core.invoke('recording:close', {})
    // The live session went on under the replay: closing it shows that session again.
    expect(core.sessionState).toMatchObject({
      status: 'connected',
      info: { context: ADMIN_CONTEXT },
    })
    void file
  })
})

/** `apiscope record` as a user runs it (tsx, so no build is needed), and its stderr. */
function recordCommand(ns: string, out: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(REPO_ROOT, 'src-main/cli/apiscope.ts'),
      'record',
      '--context',
      ADMIN_CONTEXT,
      '--watch',
      'configmaps,deployments.apps',
      '--namespace',
      ns,
      '--out',
      out,
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        KUBECONFIG: cluster().kubeconfig,
        TSX_TSCONFIG_PATH: 'tsconfig.node.json',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  const output = { stderr: '' }
  child.stderr.on('data', (d: Buffer) => (output.stderr += d.toString()))
  return { child, output }
}

describe('apiscope record', () => {
  it('prints progress (events, bytes, duration) until interrupted, then ends the file cleanly', async () => {
    const ns = createNamespace('reccli')
    const out = path.join(dir, 'cli.ndjson')
    const { child, output } = recordCommand(ns, out)
    await waitUntil('the recorder to start', 30_000, () => output.stderr.includes('Ctrl-C stops'))
    expect(output.stderr).toContain(`recording configmaps, deployments in ${ns}`)
    kubectl('-n', ns, 'create', 'configmap', 'un')
    await waitUntil('a progress line', 15_000, () =>
      /events [1-9]\d* · [\d.]+ kB · 00:0\d/.test(output.stderr),
    )
    child.kill('SIGINT')
    const code = await new Promise((r) => child.once('exit', r))
    expect(code).toBe(0)
    expect(output.stderr).toMatch(/recorded \d+ events?, [\d.]+ kB, 00:\d\d to /)
    const content = parseRecording(readFileSync(out))
    expect(content.ok && content.value.lines.at(-1)?.kind).toBe('end')
    kubectl('delete', 'namespace', ns, '--wait=false')
  })
})

describe('crash safety', () => {
  it('a recorder killed with SIGKILL mid-run leaves a file with everything before its last line', async () => {
    const { core, session } = await connected()
    const ns = createNamespace('reckill')
    await core.invoke('watch:start', { target: cmTarget(ns) })
    const out = path.join(dir, 'killed.ndjson')
    const { child, output } = recordCommand(ns, out)
    await waitUntil('the recorder to start', 30_000, () => output.stderr.includes('Ctrl-C stops'))
    // Write steadily from this process, and kill the recorder while writes are still coming.
    let n = 0
    let writing = true
    const writer = (async () => {
      while (writing) {
        await session.transport.request({
          method: 'POST',
          path: `/api/v1/namespaces/${ns}/configmaps`,
          body: { metadata: { name: `c-${n++}` }, data: { pad: 'x'.repeat(2000) } },
        })
      }
    })()
    await waitUntil('a few hundred lines on disk', 30_000, () =>
      statSync(out).size > 300_000 ? true : undefined,
    )
    child.kill('SIGKILL')
    await new Promise((r) => child.once('exit', r))
    writing = false
    await writer

    const content = parseRecording(readFileSync(out))
    expect(content.ok).toBe(true)
    if (!content.ok) return
    expect(content.value.corrupt).toEqual([])
    // This test's own writes (kube-root-ca.crt is the controller's). Those written while the
    // recorder's watch was still getting its state (on 1.20, after a refused streaming list) come
    // in its list as LISTED; the others as ADDED.
    type ObjectLine = { type: string; meta: { name: string; resourceVersion: string } }
    const objects = content.value.lines
      .filter((l) => l.kind === 'object' && (l.type === 'ADDED' || l.type === 'LISTED'))
      .map((l) => l as ObjectLine)
      .filter((l) => l.meta.name !== 'kube-root-ca.crt')
    const byNumber = (a: string, b: string) => Number(a.slice(2)) - Number(b.slice(2))
    const names = objects.map((l) => l.meta.name)
    expect(names.length).toBeGreaterThan(20)
    // Every ConfigMap created before the last recorded one is recorded, no gap; live ones in order.
    expect([...names].sort(byNumber)).toEqual(names.map((_, k) => `c-${k}`))
    const added = objects.filter((l) => l.type === 'ADDED').map((l) => l.meta.name)
    expect(added).toEqual([...added].sort(byNumber))
    // And the recorded objects are what the live store (this process's own watch) saw.
    const seen = () =>
      session.watches.store.events().filter((e) => e.type === 'ADDED' || e.type === 'LISTED')
    await waitUntil('our own watch to catch up', 20_000, () => seen().length >= names.length)
    const liveRv = new Map(seen().map((e) => [e.name, e.rv]))
    for (const l of objects)
      expect(l.meta.resourceVersion, l.meta.name).toBe(liveRv.get(l.meta.name))
    kubectl('delete', 'namespace', ns, '--wait=false')
  })
})

describe('the canary: a Secret value never leaves the core in clear', () => {
  it('not in pushed frames, event details, the recording, its replay or an export', async () => {
    const CANARY = `canary-${Date.now().toString(36)}-x9`
    const forms = [CANARY, Buffer.from(CANARY).toString('base64')]
    const leaks = (what: string, text: string) => {
      for (const f of forms) expect(text.includes(f), `${what} holds the canary (${f})`).toBe(false)
    }
    const { core, session, pushed } = await connected()
    const ns = createNamespace('canary')
    await core.invoke('watch:start', {
      target: { group: '', version: 'v1', resource: 'secrets', namespace: ns },
    })
    await waitUntil('the watch', 20_000, () =>
      session.watches.statuses().every((s) => s.state === 'watching'),
    )
    const file = path.join(dir, 'canary.ndjson')
    expect((await core.recording.start({ path: file })).ok).toBe(true)
    // Client-side apply: the last-applied-configuration annotation holds the value too.
    const manifest = path.join(dir, 'canary-secret.json')
    writeFileSync(
      manifest,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'coffre', namespace: ns },
        stringData: { motdepasse: CANARY },
      }),
    )
    kubectl('apply', '-f', manifest)
    kubectl(
      '-n',
      ns,
      'patch',
      'secret',
      'coffre',
      '-p',
      JSON.stringify({ stringData: { autre: CANARY } }),
    )
    // A TokenRequest through Apiscope's own transport: its answer is logged, never its token.
    await session.transport.request({
      method: 'POST',
      path: `/api/v1/namespaces/${ns}/serviceaccounts/default/token`,
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} },
    })
    await waitUntil(
      'the Secret’s events',
      20_000,
      () => session.watches.store.events().filter((e) => e.name === 'coffre').length >= 2,
    )
    const details: unknown[] = []
    for (let i = 0; i < session.watches.store.size; i++) {
      details.push(await core.invoke('watch:event-detail', { index: i }))
    }
    // Until the frames pushed to the renderer carry every event the store holds.
    await waitUntil('the last frames', 5_000, () => {
      const sent = pushed
        .filter((p) => p.channel === 'watch:frame')
        .reduce((n, p) => n + (p.payload as WatchFrame).events.length, 0)
      return sent >= session.watches.store.size
    })
    await core.recording.stop()
    // The store itself holds the value (it is the cluster's object): the canary is real.
    const coffre = session.watches.store.events().find((e) => e.name === 'coffre')!
    const [raw] = await session.watches.store.objectsAt(coffre.uid, [coffre.v])
    expect(JSON.stringify(raw)).toContain(Buffer.from(CANARY).toString('base64'))

    // A reveal is explicit, for one field of one version: the only way the value leaves the core.
    const pointer = '/data/motdepasse'
    const revealed = await core.invoke('recording:reveal', { index: coffre.i, pointer })
    expect(revealed.ok && revealed.value).toMatchObject({ decoded: CANARY })
    const refused = await core.invoke('recording:reveal', {
      index: coffre.i,
      pointer: '/metadata/name',
    })
    expect(!refused.ok && refused.error.title).toBe('Nothing to reveal there')

    leaks('pushed events', JSON.stringify(pushed))
    leaks('event details', JSON.stringify(details))
    leaks('the recording', readFileSync(file, 'utf8'))
    expect(JSON.stringify(details)).toContain('<redacted>')

    const replayed = await replayAll(file)
    const replayDetails: unknown[] = []
    for (let i = 0; i < replayed.replay.watches.store.size; i++) {
      replayDetails.push(await replayed.replay.watches.detail(i))
    }
    leaks('replayed frames and events', JSON.stringify([replayed.frames, replayed.emitted]))
    leaks('replayed details', JSON.stringify(replayDetails))
    replayed.replay.close()

    const opened = await core.invoke('recording:open', { name: 'canary.ndjson', source: 'saved' })
    expect(opened.ok).toBe(true)
    await core.invoke('recording:transport', { action: 'seek', value: 1e9 })
    const replayed2 = await core.invoke('watch:snapshot', {})
    const inReplay = (
      replayed2 as { value: { events: { i: number; name: string; v: number }[] } }
    ).value.events.find((e) => e.name === 'coffre' && e.v >= 0)!
    const noValue = await core.invoke('recording:reveal', { index: inReplay.i, pointer })
    expect(!noValue.ok && noValue.error.detail).toMatch(/never written/)
    const exported = await core.invoke('recording:export-range', { fromMs: 0, toMs: 1e9 })
    expect(exported.ok).toBe(true)
    leaks('the export', readFileSync((exported as { value: { path: string } }).value.path, 'utf8'))
    await core.invoke('recording:close', {})
    kubectl('delete', 'namespace', ns, '--wait=false')
  })
})
