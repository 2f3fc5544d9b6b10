// A replay and the live session are two worlds, against the real API server: a live session with
// a watch and the audit stream running opens the bundled demo; while the replay is on screen every
// read answers from the recording (store, request log, identity, health, discovery, traffic) and
// nothing live is pushed, though the live watch and sources go on underneath; closing the replay
// brings the live session back as it was, its watch still running and the events of meanwhile
// kept, with nothing of the recording in it.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestLogEntry, SessionState } from '@common/kube-types'
import type { RecordingStatus } from '@features/recording/messages'
import type { TrafficSourceStatus, TrafficStatus } from '@features/traffic/messages'
import type { WatchFrame, WatchSnapshot } from '@common/watch-types'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { readRecordingFile, type RecordingContent } from '../../src-main/features/recording/reader'
import { ADMIN_CONTEXT, REPO_ROOT } from '../cluster/control-plane'
import { cluster, coreFor, createNamespace, kubectl, unwrap, waitUntil } from './helpers'

const DEMO_DIR = path.join(REPO_ROOT, 'resources/demo')
const DEMO = 'seed-chapter-34.ndjson.gz'

let core: ApiscopeCore
let ns: string
let demo: RecordingContent
const pushed: { channel: string; payload: unknown }[] = []

const snapshot = async () => unwrap<WatchSnapshot>(await core.invoke('watch:snapshot', {}))
const names = (s: WatchSnapshot) => s.events.map((e) => `${e.ns}/${e.name}`)
const requestLog = async () => unwrap<RequestLogEntry[]>(await core.invoke('kube:request-log', {}))
const pushedSince = (k: number) => pushed.slice(k)
const framesOf = (list: typeof pushed) =>
  list.filter((p) => p.channel === 'watch:frame').map((p) => p.payload as WatchFrame)

beforeAll(async () => {
  const read = await readRecordingFile(path.join(DEMO_DIR, DEMO))
  if (!read.ok) throw new Error(read.error.title)
  demo = read.value
  core = coreFor(undefined, { demoDir: DEMO_DIR })
  core.onEvent((channel, payload) => pushed.push({ channel, payload }))
  unwrap(await core.invoke('kube:connect', { context: ADMIN_CONTEXT }))
  ns = createNamespace('worlds')
})

afterAll(async () => {
  await core.close()
  kubectl('delete', 'namespace', ns, '--wait=false')
})

describe('a replay over a live session', () => {
  it('shows only the recording, while the live session goes on underneath; closing it brings the live session back as it was', async () => {
    // The live world: a ConfigMap watch in our namespace and the audit webhook receiving.
    const hook = new URL(cluster().auditWebhookUrl ?? '')
    const webhook = unwrap<TrafficSourceStatus>(
      await core.invoke('traffic:start-webhook', {
        host: '127.0.0.1',
        port: Number(hook.port),
        path: hook.pathname,
      }),
    )
    unwrap(
      await core.invoke('watch:start', {
        target: { group: '', version: 'v1', resource: 'configmaps', namespace: ns },
      }),
    )
    kubectl('-n', ns, 'create', 'configmap', 'avant')
    await waitUntil('the live watch to see avant', 15_000, () =>
      core.currentSession?.watches.store.events().some((e) => e.name === 'avant'),
    )
    for (let tries = 0; ; tries++) {
      const s = unwrap<TrafficStatus>(await core.invoke('traffic:status', {}))
      if (s.recent.some((r) => r.namespace === ns)) break
      if (tries > 150) throw new Error('no live audit event for our namespace')
      await new Promise((r) => setTimeout(r, 100))
    }
    const liveSession = core.sessionState as Extract<SessionState, { status: 'connected' }>
    expect(liveSession.status).toBe('connected')
    const liveRequests = core.requestLog.snapshot().length
    expect((await requestLog()).some((r) => r.url.includes(`/namespaces/${ns}/`))).toBe(true)

    // The replay: at its end, everything it holds has been applied.
    const beforeOpen = pushed.length
    const opened = unwrap<RecordingStatus>(
      await core.invoke('recording:open', { name: DEMO, source: 'demo' }),
    )
    // From the moment the replay is on screen (the file is read first: live frames may come then).
    const atOpen = pushed.findIndex(
      (p, k) =>
        k >= beforeOpen &&
        p.channel === 'recording:status' &&
        (p.payload as RecordingStatus).replay !== null,
    )
    expect(atOpen).toBeGreaterThanOrEqual(beforeOpen)
    expect(opened.replay?.openId).toBeGreaterThan(0)
    unwrap(await core.invoke('recording:transport', { action: 'seek', value: 1e9 }))
    expect(core.sessionState).toMatchObject({
      status: 'connected',
      info: { context: `replay · ${demo.header.context}` },
    })

    // Every read is the recording's.
    const replayed = await snapshot()
    expect(names(replayed)).toContain('ch34/vitrine')
    expect(replayed.events.some((e) => e.ns === ns)).toBe(false)
    const recordedRequests = demo.lines.filter(
      (l) => l.kind === 'emit' && l.channel === 'kube:request-logged',
    )
    const replayLog = await requestLog()
    expect(replayLog).toHaveLength(recordedRequests.length)
    expect(replayLog.some((r) => r.url.includes(`/namespaces/${ns}/`))).toBe(false)
    expect(replayLog.some((r) => r.url.includes(cluster().server))).toBe(false)
    const answers = demo.header.answers ?? {}
    for (const channel of ['kube:identity', 'kube:health', 'kube:discovery'] as const)
      expect(unwrap(await core.invoke(channel, {})), channel).toEqual(answers[channel])
    const replayTraffic = unwrap<TrafficStatus>(await core.invoke('traffic:status', {}))
    expect(
      replayTraffic.sources.some((s) => s.id === webhook.id && s.where === webhook.where),
    ).toBe(false)
    expect(replayTraffic.recent.length).toBeGreaterThan(0)
    expect(replayTraffic.recent.some((r) => r.namespace === ns)).toBe(false)
    const refused = await core.invoke('traffic:stop-source', { id: webhook.id })
    expect(!refused.ok && refused.error.title).toMatch(/replay/)

    // Meanwhile, live: the watch sees a new ConfigMap; nothing of it reaches the screen.
    kubectl('-n', ns, 'create', 'configmap', 'pendant')
    await waitUntil('the live watch to see pendant under the replay', 15_000, () =>
      core.currentSession?.watches.store.events().some((e) => e.name === 'pendant'),
    )
    // This wait stays: the claim is that nothing comes, so it gives the live world's frame
    // (16 ms) and traffic (100 ms) pushes ample time to show up if they leaked.
    await new Promise((r) => setTimeout(r, 1500))
    const underReplay = pushedSince(atOpen)
    expect(JSON.stringify(framesOf(underReplay))).not.toContain(ns)
    expect(
      underReplay.filter((p) => p.channel === 'kube:request-logged').map((p) => p.payload),
    ).toEqual(recordedRequests.map((l) => (l as { payload: unknown }).payload))
    const trafficPushed = underReplay.filter((p) => p.channel === 'traffic:batch')
    expect(JSON.stringify(trafficPushed)).not.toContain(ns)
    const sessions = underReplay.filter((p) => p.channel === 'kube:session')
    expect(sessions.length).toBeGreaterThan(0)
    for (const s of sessions)
      expect((s.payload as { info: { context: string } }).info.context).toMatch(/^replay · /)

    // Close: the live session again, as it was.
    const atClose = pushed.length
    unwrap(await core.invoke('recording:close', {}))
    expect(core.sessionState).toEqual(liveSession)
    const afterClose = pushedSince(atClose)
    const status = afterClose.findIndex((p) => p.channel === 'recording:status')
    const session = afterClose.findIndex((p) => p.channel === 'kube:session')
    expect(status).toBeGreaterThanOrEqual(0)
    // The renderer hears the replay closed before it hears of the live session again.
    expect(session).toBeGreaterThan(status)
    expect(afterClose[session]?.payload).toEqual(liveSession)

    const back = await snapshot()
    expect(names(back)).toEqual(expect.arrayContaining([`${ns}/avant`, `${ns}/pendant`]))
    expect(back.events.some((e) => e.ns === 'ch34')).toBe(false)
    expect(back.statuses.map((s) => s.state)).toEqual(['watching'])
    const log = await requestLog()
    expect(log).toEqual(core.requestLog.snapshot())
    expect(log.length).toBeGreaterThanOrEqual(liveRequests)
    expect(log.some((r) => r.url.includes('/namespaces/ch34/'))).toBe(false)
    const identity = unwrap(await core.invoke('kube:identity', {}))
    expect(identity).toMatchObject({ username: 'minikube-user' })
    const liveTraffic = unwrap<TrafficStatus>(await core.invoke('traffic:status', {}))
    expect(liveTraffic.sources.map((s) => s.id)).toContain(webhook.id)

    // The watch never stopped: a new ConfigMap arrives as a frame, pushed again.
    kubectl('-n', ns, 'create', 'configmap', 'apres')
    await waitUntil('apres pushed in a live frame', 15_000, () =>
      framesOf(pushedSince(atClose)).some((f) => f.events.some((e) => e.name === 'apres')),
    )
    expect(framesOf(pushedSince(atClose)).every((f) => f.events.every((e) => e.ns === ns))).toBe(
      true,
    )
  })

  it('picking a context from a replay closes it and connects live', async () => {
    unwrap(await core.invoke('recording:open', { name: DEMO, source: 'demo' }))
    unwrap(await core.invoke('kube:connect', { context: ADMIN_CONTEXT }))
    const status = unwrap<RecordingStatus>(await core.invoke('recording:status', {}))
    expect(status.replay).toBeNull()
    expect(core.sessionState).toMatchObject({
      status: 'connected',
      info: { context: ADMIN_CONTEXT },
    })
  })
})
