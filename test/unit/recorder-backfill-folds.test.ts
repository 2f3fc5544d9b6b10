// A recording started mid-session writes what the store holds first (its backfill), reading each
// version's object back from the version history. Versions handed over after it began must not
// fold away the versions it names before it has read them: the store holds folding until the
// backfill is read (EventStore.holdFolds), and folds again after. A version the store already
// showed folded is written as folded, never as an empty object; so is one it can no longer read
// back because the store closed meanwhile (the session ended), and the file still ends whole.
import { afterEach, describe, expect, it } from 'vitest'
import { EventStore } from '../../src-main/core/watch/event-store'
import { readRecordingFile } from '../../src-main/features/recording/reader'
import { writeConfigMap } from './configmap-writes'
import { unitRecorder } from './unit-recorder'

const stores: EventStore[] = []
afterEach(() => stores.splice(0).forEach((s) => s.close()))

describe('a recording started mid-session, with a budget folding', () => {
  it('writes every version the store showed at its start, whatever folds while it reads them', async () => {
    // 12 KB: 150 versions of a ConfigMap of 300 bytes pass it, so the worker folds.
    const store = new EventStore(Date.now, 12_000)
    stores.push(store)
    const events: number[] = []
    for (let n = 0; n < 150; n++)
      events.push(writeConfigMap(store, 'busy', n ? 'MODIFIED' : 'ADDED', n))
    await store.compacted()
    const foldedBefore = store.folding().foldedVersions
    expect(foldedBefore).toBeGreaterThan(0)
    // The versions whose marks the store still shows, and which of them it shows folded.
    const shown = events.filter((i) => store.has(i)).map((i) => store.event(i).v)
    const shownFolded = new Set(
      events.filter((i) => store.has(i) && store.foldedAt(i)).map((i) => store.event(i).v),
    )
    const kept = shown.filter((v) => !shownFolded.has(v))
    expect(kept.length).toBeGreaterThan(1)

    const { recorder, file } = unitRecorder(store)
    // 300 more versions, stored before the backfill is read: without the hold the worker folds
    // the older kept versions away meanwhile.
    for (let n = 150; n < 450; n++) writeConfigMap(store, 'busy', 'MODIFIED', n)
    await store.compacted()
    expect(store.folding().foldedVersions).toBe(foldedBefore)
    await recorder.ready()
    await recorder.stop()
    // Released: the worker folds again.
    await store.compacted()
    expect(store.folding().foldedVersions).toBeGreaterThan(foldedBefore)

    const read = await readRecordingFile(file)
    if (!read.ok) throw new Error(read.error.title)
    const lines = read.value.lines.filter((l) => l.kind === 'object' && l.meta.name === 'busy') as {
      object?: { data: { n: string } }
      folded?: true
    }[]
    // The backfill's lines, then the 300 written live, each with its object.
    expect(lines).toHaveLength(shown.length + 300)
    const backfill = lines.slice(0, shown.length)
    shown.forEach((v, k) => {
      const line = backfill[k]!
      if (shownFolded.has(v)) expect(line).toMatchObject({ folded: true })
      else expect(line.object?.data.n).toBe(String(v))
      expect(line.object === null).toBe(false)
    })
    expect(lines.slice(shown.length).map((l) => l.object?.data.n)).toEqual(
      Array.from({ length: 300 }, (_, k) => String(150 + k)),
    )
  })
})

describe('a recording started mid-session, its store closed before the backfill was read', () => {
  it('still ends whole: the versions it could not read back are written as folded', async () => {
    const store = new EventStore()
    for (let n = 0; n < 20; n++) writeConfigMap(store, 'early', n ? 'MODIFIED' : 'ADDED', n)
    const { recorder, file } = unitRecorder(store)
    store.close()
    await recorder.stop()
    const read = await readRecordingFile(file)
    if (!read.ok) throw new Error(read.error.title)
    const lines = read.value.lines.filter((l) => l.kind === 'object') as {
      object?: unknown
      folded?: true
    }[]
    expect(lines).toHaveLength(20)
    for (const line of lines) expect(line).toEqual(expect.objectContaining({ folded: true }))
    expect(lines.some((l) => 'object' in l)).toBe(false)
    expect(read.value.lines.at(-1)).toMatchObject({ kind: 'end' })
  })
})
