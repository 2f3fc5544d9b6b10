// Property-based tests of the watch line reader (ndjson-lines.ts, watch-line-scanner.ts,
// watch-stream.ts): whatever the bytes and however they are split into reads, the reader yields
// exactly the lines that were sent, the fast scanner agrees with JSON.parse on every event it
// accepts, and random or mutated bytes end in an event, a clear malformed-line error or the end of
// the stream, never a throw.
import { PassThrough } from 'node:stream'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { translateSaid } from '@i18n/translate'
import { NdjsonLines } from '../../src-main/core/watch/ndjson-lines'
import { scanWatchLine } from '../../src-main/core/watch/watch-line-scanner'
import {
  parseWatchLine,
  readWatchLine,
  readWatchStream,
  type WatchLine,
} from '../../src-main/core/watch/watch-stream'
import { anyName, jsonWithNames, mutateBytes, NAMES_IN_EVERY_SCRIPT } from './property-inputs'

const enc = (s: string) => new TextEncoder().encode(s)

/** A watch event with metadata in any key order, extra fields, and names in every script. */
const watchEvent = fc
  .record({
    type: fc.constantFrom('ADDED', 'MODIFIED', 'DELETED'),
    kind: anyName,
    apiVersion: fc.constantFrom('v1', 'apps/v1', 'réglages.example/v1'),
    name: anyName,
    namespace: anyName,
    uid: fc.uuid(),
    resourceVersion: fc.nat().map(String),
    extra: fc.dictionary(
      anyName.filter((k) => !['name', 'namespace', 'uid', 'resourceVersion'].includes(k)),
      jsonWithNames,
      { maxKeys: 3 },
    ),
    data: fc.dictionary(anyName, anyName, { maxKeys: 4 }),
    order: fc.shuffledSubarray(['name', 'namespace', 'uid', 'resourceVersion', 'extra'], {
      minLength: 5,
    }),
    objectFirst: fc.boolean(),
  })
  .map((e) => {
    const metadata: Record<string, unknown> = {}
    for (const k of e.order) {
      if (k === 'extra') Object.assign(metadata, e.extra)
      else metadata[k] = e[k as 'name']
    }
    const object = { kind: e.kind, apiVersion: e.apiVersion, metadata, data: e.data }
    const line = e.objectFirst
      ? JSON.stringify({ object, type: e.type })
      : JSON.stringify({ type: e.type, object })
    return {
      line,
      meta: { type: e.type, kind: e.kind, apiVersion: e.apiVersion, ...pick(metadata) },
    }
  })

function pick(m: Record<string, unknown>) {
  const s = (v: unknown) => (typeof v === 'string' ? v : '')
  return {
    name: s(m.name),
    namespace: s(m.namespace),
    uid: s(m.uid),
    resourceVersion: s(m.resourceVersion),
  }
}

/** Splits bytes at the given cut points, into reads as a socket would deliver them. */
function chunks(bytes: Uint8Array, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)
  const out: Buffer[] = []
  let from = 0
  for (const p of points) {
    out.push(Buffer.from(bytes.subarray(from, p)))
    from = p
  }
  out.push(Buffer.from(bytes.subarray(from)))
  return out.filter((c) => c.length > 0)
}

function linesOf(parts: Buffer[]): string[] {
  const got: string[] = []
  const lines = new NdjsonLines()
  for (const part of parts) lines.push(part, (b) => got.push(Buffer.from(b).toString('utf8')))
  lines.flush((b) => got.push(Buffer.from(b).toString('utf8')))
  return got
}

async function readAll(parts: Buffer[]) {
  const stream = new PassThrough()
  const events: WatchLine[] = []
  const done = readWatchStream(
    stream,
    { onEvent: (l) => events.push(l), onData: () => undefined },
    () => false,
  )
  for (const p of parts) stream.write(p)
  stream.end()
  return { end: await done, events }
}

describe('a watch stream after its abort', () => {
  it('hands on no line once aborted, even lines of the chunk it is reading', async () => {
    const stream = new PassThrough()
    const events: WatchLine[] = []
    let aborted = false
    const done = readWatchStream(
      stream,
      {
        onEvent: (l) => {
          events.push(l)
          // The first event ends the watch (as a 410 or a stop would): the rest are dropped.
          aborted = true
          stream.destroy()
        },
        onData: () => undefined,
      },
      () => aborted,
    )
    const line = (n: number) =>
      `{"type":"ADDED","object":{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c${n}","namespace":"ns","uid":"u${n}","resourceVersion":"${n}"}}}\n`
    stream.write(line(1) + line(2) + line(3))
    stream.write(line(4))
    expect(await done).toEqual({ kind: 'aborted' })
    expect(events.map((e) => (e.type === 'ADDED' ? e.meta.name : e.type))).toEqual(['c1'])
  })
})

describe("the watch line reader's own words", () => {
  it('a line that is not a watch event, and a stream closed early, are said by key', async () => {
    const stream = new PassThrough()
    const done = readWatchStream(
      stream,
      { onEvent: () => undefined, onData: () => undefined },
      () => false,
    )
    stream.end('{"type":"ADDED"}\n')
    const end = await done
    expect(end.kind).toBe('malformed')
    const message = end.kind === 'malformed' ? end.message : ''
    if (typeof message === 'string') throw new Error(`said as text: ${message}`)
    expect(message.as.key).toBe('watch.core.notAnEvent')
    expect(translateSaid('fr', message.as, message.text)).toMatch(
      /^pas un événement de watch \(\{"type"/,
    )

    const cut = new PassThrough()
    const closed = readWatchStream(
      cut,
      { onEvent: () => undefined, onData: () => undefined },
      () => false,
    )
    cut.destroy()
    const ended = await closed
    expect(ended).toMatchObject({
      kind: 'error',
      message: { as: { key: 'watch.core.streamClosed' } },
    })
  })
})

describe('the watch line reader, with generated input', () => {
  it('the scanner agrees with JSON.parse on every event, in any key order, with names in every script', () => {
    fc.assert(
      fc.property(watchEvent, ({ line, meta }) => {
        const bytes = enc(line)
        expect(parseWatchLine(bytes).meta).toEqual(meta)
        const scanned = scanWatchLine(bytes)
        // The scanner may decline (null: the caller parses); when it answers, it is right.
        if (scanned) expect(scanned).toEqual(meta)
        expect(readWatchLine(bytes).meta).toEqual(meta)
      }),
      { numRuns: 400 },
    )
  })

  it('yields the lines sent, however the stream is split into reads', () => {
    fc.assert(
      fc.property(
        fc.array(watchEvent, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (events, cuts, trailingNewline) => {
          const text = events.map((e) => e.line).join('\n') + (trailingNewline ? '\n' : '')
          expect(linesOf(chunks(enc(text), cuts))).toEqual(events.map((e) => e.line))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a line split across two reads at every byte, multi-byte characters included', async () => {
    const object = {
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: {
        name: NAMES_IN_EVERY_SCRIPT.slice(0, 12).join('-'),
        namespace: '설정',
        uid: 'u',
        resourceVersion: '42',
      },
      data: Object.fromEntries(NAMES_IN_EVERY_SCRIPT.map((n, i) => [`k${i}`, n])),
    }
    const line = JSON.stringify({ type: 'MODIFIED', object })
    const bytes = enc(`${line}\n${line}\n`)
    for (let k = 0; k <= bytes.length; k++) {
      const parts = [Buffer.from(bytes.subarray(0, k)), Buffer.from(bytes.subarray(k))].filter(
        (p) => p.length,
      )
      expect(linesOf(parts)).toEqual([line, line])
      const { end, events } = await readAll(parts)
      expect(end.kind).toBe('closed')
      expect(events.map((e) => e.meta.name)).toEqual([object.metadata.name, object.metadata.name])
    }
  })

  it('a 1.5 MB object, read in 64 KiB reads', async () => {
    const big = 'x'.repeat(1_500_000)
    const line = JSON.stringify({
      type: 'ADDED',
      object: {
        kind: 'ConfigMap',
        apiVersion: 'v1',
        metadata: { name: 'big', uid: 'u', resourceVersion: '7' },
        data: { big },
      },
    })
    const bytes = enc(`${line}\n`)
    const parts = chunks(
      bytes,
      Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) => i * 65_536),
    )
    const { end, events } = await readAll(parts)
    expect(end.kind).toBe('closed')
    expect(events).toHaveLength(1)
    expect(events[0]?.meta).toMatchObject({ name: 'big', resourceVersion: '7' })
    expect(events[0]?.bytes.byteLength).toBe(bytes.length - 1)
  })

  it('random bytes end in events, a malformed-line error or the end, never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (bytes, cuts) => {
          const { end } = await readAll(chunks(bytes, cuts))
          expect(['closed', 'malformed']).toContain(end.kind)
          if (end.kind === 'malformed') {
            const text = typeof end.message === 'string' ? end.message : end.message.text
            expect(text.length).toBeGreaterThan(0)
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('mutated events end in events, a malformed-line error or the end, never a throw', async () => {
    const sample = fc
      .array(watchEvent, { minLength: 1, maxLength: 4 })
      .map((es) => enc(es.map((e) => e.line).join('\n') + '\n'))
    await fc.assert(
      fc.asyncProperty(
        sample.chain((b) => mutateBytes(b)),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (bytes, cuts) => {
          const { end, events } = await readAll(chunks(bytes, cuts))
          expect(['closed', 'malformed']).toContain(end.kind)
          for (const e of events) {
            expect(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']).toContain(e.type)
            // Whatever the scanner read, JSON.parse of the line must agree where it can parse it.
            let parsed: WatchLine | null
            try {
              parsed = parseWatchLine(e.bytes)
            } catch {
              parsed = null
            }
            if (parsed && e.type !== 'ERROR' && e.type !== 'BOOKMARK')
              expect(e.meta).toEqual(parsed.meta)
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
