// The replay clock and transport on a small recording: seek, step forward and back (a restart
// with a new generation), play at a speed with an injected clock, markers, re-emitted events,
// and a range exported as a smaller recording.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { inLanguage, translateSaid } from '@i18n/translate'
import { exportRange } from '../../src-main/features/recording/export-range'
import { FORMAT_NAME, type RecordingLine } from '../../src-main/features/recording/format'
import { readRecordingFile, type RecordingContent } from '../../src-main/features/recording/reader'
import { ReplaySession } from '../../src-main/features/recording/replay-session'

const T0 = 1_000_000

function cm(t: number, type: 'ADDED' | 'MODIFIED', name: string, rv: string): RecordingLine {
  return {
    kind: 'object',
    t,
    type,
    watch: 1,
    list: -1,
    meta: {
      kind: 'ConfigMap',
      apiVersion: 'v1',
      name,
      namespace: 'ns',
      uid: `u-${name}`,
      resourceVersion: rv,
    },
    object: {
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { name, namespace: 'ns', uid: `u-${name}`, resourceVersion: rv },
    },
  }
}

const content: RecordingContent = {
  header: {
    kind: 'header',
    format: FORMAT_NAME,
    version: 1,
    app: { name: 'Apiscope', version: 'test' },
    server: null,
    context: 'unit',
    startedAt: new Date(T0).toISOString(),
    t0: T0,
    redaction: { secrets: 'redacted', rules: [] },
    watches: [],
  },
  lines: [
    cm(T0, 'ADDED', 'a', '10'),
    { kind: 'marker', t: T0 + 500, note: 'first' },
    cm(T0 + 1000, 'MODIFIED', 'a', '11'),
    { kind: 'emit', t: T0 + 1500, channel: 'kube:request-logged', payload: { seq: 1, url: '/x' } },
    cm(T0 + 2000, 'ADDED', 'b', '12'),
    { kind: 'marker', t: T0 + 3000, note: 'second' },
    {
      kind: 'answer',
      t: T0 + 3500,
      channel: 'lab:send',
      payload: { verb: 'get' },
      answer: { ok: true, value: 1 },
    },
    cm(T0 + 4000, 'MODIFIED', 'b', '13'),
  ],
  compressed: false,
  bytes: 0,
  skippedTailBytes: 0,
  corrupt: [],
}

function session() {
  const emitted: string[] = []
  const resets: number[] = []
  const replay = new ReplaySession('unit', content, {
    frame: () => undefined,
    emit: (channel) => emitted.push(channel),
    status: () => undefined,
    reset: (g) => resets.push(g),
  })
  return { replay, emitted, resets }
}

afterEach(() => vi.useRealTimers())

describe('the replay session', () => {
  it('seeks: everything at or before the position is applied, with the recorded times', () => {
    const { replay, emitted } = session()
    replay.seekMs(0)
    expect(replay.status().eventsApplied).toBe(1)
    replay.seekMs(1500)
    expect(replay.watches.store.events().map((e) => [e.type, e.rv, e.t])).toEqual([
      ['ADDED', '10', T0],
      ['MODIFIED', '11', T0 + 1000],
    ])
    expect(emitted).toEqual(['kube:request-logged'])
    expect(replay.requests).toHaveLength(1)
    replay.close()
  })

  it('steps one event at a time, and back by starting again with a new generation', () => {
    const { replay, resets } = session()
    replay.seekMs(0)
    replay.step()
    replay.step()
    expect(replay.status()).toMatchObject({ eventsApplied: 3, positionMs: 2000, generation: 1 })
    replay.stepBack()
    expect(replay.status()).toMatchObject({ eventsApplied: 2, generation: 2 })
    expect(resets).toEqual([2])
    expect(replay.watches.store.size).toBe(2)
    expect(replay.status().current?.rv).toBe('11')
    replay.close()
  })

  it("spotlights the last object event: a BOOKMARK (a watch's progress note) is not one", () => {
    const withBookmark: RecordingContent = {
      ...content,
      lines: [cm(T0, 'ADDED', 'a', '10'), { kind: 'bookmark', t: T0 + 1000, watch: 1, rv: '15' }],
    }
    const replay = new ReplaySession('unit', withBookmark, {
      frame: () => undefined,
      emit: () => undefined,
      status: () => undefined,
      reset: () => undefined,
    })
    replay.seekMs(2000)
    expect(replay.status().eventsApplied).toBe(2)
    expect(replay.status().current).toMatchObject({ type: 'ADDED', name: 'a', rv: '10' })
    replay.close()
  })

  it('counts and steps only store events: a list then watch writes its pages as lines too', () => {
    // What a watch records on a server without streaming lists (1.20, or a pageSize): a list,
    // its LISTED item, a list-page line for its one page, a second watch's empty list and page,
    // then the changes. A streaming list (1.37) writes no list-page line, so 1.37 hid the
    // miscount: the replay counted the pages in totalEvents and stepped onto them as events.
    const list = (t: number, watch: number): RecordingLine => ({
      kind: 'list',
      t,
      snapshot: {
        watch,
        rv: '9',
        rvn: 9,
        t,
        reason: 'initial',
        pages: [],
        items: 0,
        firstEvent: 0,
        way: 'list',
      },
    })
    const page = (t: number, list: number, items: number): RecordingLine => ({
      kind: 'list-page',
      t,
      list,
      page: { index: 0, items, rv: '9', remainingItemCount: null, continueToken: null },
    })
    const listed = { ...cm(T0, 'ADDED', 'a', '9'), type: 'LISTED', list: 0 } as RecordingLine
    const listThenWatch: RecordingContent = {
      ...content,
      lines: [
        list(T0, 1),
        listed,
        page(T0, 0, 1),
        list(T0 + 10, 2),
        page(T0 + 10, 1, 0),
        cm(T0 + 1000, 'MODIFIED', 'a', '11'),
        cm(T0 + 2000, 'ADDED', 'b', '12'),
      ],
    }
    const replay = new ReplaySession('unit', listThenWatch, {
      frame: () => undefined,
      emit: () => undefined,
      status: () => undefined,
      reset: () => undefined,
    })
    replay.seekMs(5000)
    expect(replay.watches.store.lists.map((l) => l.pages.length)).toEqual([1, 1])
    expect(replay.status()).toMatchObject({ eventsApplied: 3, totalEvents: 3, ended: true })
    expect(replay.watches.store.size).toBe(3)
    replay.stepBack()
    expect(replay.status()).toMatchObject({ eventsApplied: 2, totalEvents: 3 })
    expect(replay.status().current?.rv).toBe('11')
    replay.stepBack()
    expect(replay.status()).toMatchObject({ eventsApplied: 1 })
    expect(replay.watches.store.size).toBe(1)
    // From the start, each step applies one event (the pages on the way, never a step of their own).
    replay.seekMs(0)
    expect(replay.status().eventsApplied).toBe(1)
    replay.step()
    expect(replay.status()).toMatchObject({ eventsApplied: 2, positionMs: 1000 })
    expect(replay.watches.store.lists.map((l) => l.pages.length)).toEqual([1, 1])
    replay.step()
    expect(replay.status()).toMatchObject({ eventsApplied: 3, ended: true })
    replay.close()
  })

  it('plays at the chosen speed, clamped to 0.25x..16x, and stops at the end', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    const { replay } = session()
    replay.seekMs(0)
    replay.setSpeed(100)
    expect(replay.status().speed).toBe(16)
    replay.setSpeed(2)
    replay.play()
    vi.advanceTimersByTime(1100) // 2.2 s of recording
    expect(replay.status().eventsApplied).toBe(3)
    vi.advanceTimersByTime(1000)
    expect(replay.status()).toMatchObject({ eventsApplied: 4, ended: true, playing: false })
    replay.close()
  })

  it('re-emits a recorded answer as recording:answer, for views that show answers', () => {
    const { replay, emitted } = session()
    replay.seekMs(3499)
    expect(emitted).not.toContain('recording:answer')
    replay.seekMs(3500)
    expect(emitted).toContain('recording:answer')
    replay.close()
  })

  it('jumps from marker to marker', () => {
    const { replay } = session()
    replay.seekMs(0)
    replay.toMarker(1)
    expect(replay.status().positionMs).toBe(500)
    replay.toMarker(1)
    expect(replay.status().positionMs).toBe(3000)
    replay.toMarker(-1)
    expect(replay.status().positionMs).toBe(500)
    expect(replay.status().markers.map((m) => m.note)).toEqual(['first', 'second'])
    replay.close()
  })

  it('exports a range that starts from the same state and holds only what is inside', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'apiscope-range-')), 'r.ndjson')
    const res = await exportRange(content, 1800, 3500, file)
    expect(res.events).toBe(1)
    const read = await readRecordingFile(file)
    if (!read.ok) throw new Error(read.error.title)
    expect(read.value.header.t0).toBe(T0 + 1800)
    expect(read.value.lines.map((l) => l.kind)).toEqual([
      'object',
      'object',
      'object',
      'marker',
      'answer',
      'end',
    ])
    const { replay } = {
      replay: new ReplaySession('r', read.value, {
        frame() {},
        emit() {},
        status() {},
        reset() {},
      }),
    }
    replay.seekMs(0)
    expect(replay.watches.store.size).toBe(2) // the state at the range's start
    replay.close()
  })

  it("titles an exported range in the catalogue's words, kept by key; a range of it names its source's", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-range-'))
    const first = path.join(dir, 'a.ndjson')
    await exportRange(content, 1800, 3500, first)
    const read = await readRecordingFile(first)
    if (!read.ok) throw new Error(read.error.title)
    const h = read.value.header
    const source = content.header.title ?? content.header.context
    expect(h.title).toBe(`${source} (2 s excerpt)`)
    expect(h.titleSaid).toEqual({ key: 'replay.excerptTitle', params: { title: source, s: 2 } })
    expect(translateSaid('fr', h.titleSaid, h.title ?? '')).toBe(`${source} (extrait de 2 s)`)

    const second = path.join(dir, 'b.ndjson')
    await exportRange(read.value, 0, 1000, second)
    const again = await readRecordingFile(second)
    if (!again.ok) throw new Error(again.error.title)
    expect(translateSaid('fr', again.value.header.titleSaid, '')).toBe(
      `${source} (extrait de 2 s) (extrait de 1 s)`,
    )
    const replay = new ReplaySession('r', again.value, {
      frame() {},
      emit() {},
      status() {},
      reset() {},
    })
    expect(replay.status().titleSaid).toEqual(again.value.header.titleSaid)
    replay.close()
  })

  it('says a title and notes written in several languages (the demo’s) in each; an old plain one as written', async () => {
    const titled: RecordingContent = {
      ...content,
      header: {
        ...content.header,
        title: 'Seed chapter 34',
        titleByLanguage: { en: 'Seed chapter 34', fr: 'Chapitre 34' },
      },
      lines: content.lines.map((l) =>
        l.kind === 'marker' && l.note === 'first'
          ? { ...l, noteByLanguage: { en: 'first', fr: 'premier' } }
          : l,
      ),
    }
    const replay = new ReplaySession('r', titled, {
      frame() {},
      emit() {},
      status() {},
      reset() {},
    })
    const status = replay.status()
    expect(status.titleByLanguage).toEqual({ en: 'Seed chapter 34', fr: 'Chapitre 34' })
    expect(status.markers).toEqual([
      { atMs: 500, note: 'first', noteByLanguage: { en: 'first', fr: 'premier' } },
      { atMs: 3000, note: 'second' },
    ])
    expect(status.markers.map((m) => inLanguage('fr', m.noteByLanguage, m.note))).toEqual([
      'premier',
      'second',
    ])
    // No server version recorded: null, which the banner says in the person's language.
    expect(status.serverVersion).toBeNull()
    replay.close()

    // An exported range of it: the excerpt's title in each language its source was written in.
    const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-range-'))
    const file = path.join(dir, 'c.ndjson')
    await exportRange(titled, 0, 2000, file)
    const read = await readRecordingFile(file)
    if (!read.ok) throw new Error(read.error.title)
    expect(read.value.header.title).toBe('Seed chapter 34 (2 s excerpt)')
    expect(read.value.header.titleByLanguage).toEqual({
      en: 'Seed chapter 34 (2 s excerpt)',
      fr: 'Chapitre 34 (extrait de 2 s)',
    })
    expect(read.value.lines.find((l) => l.kind === 'marker')).toMatchObject({
      noteByLanguage: { en: 'first', fr: 'premier' },
    })
  })
})
