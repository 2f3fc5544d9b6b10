// The watch's next step, by client-go's reflector rules, in both ways of starting (pure logic).
import { describe, expect, it } from 'vitest'
import { decide, startStep, type PlanContext } from '../../src-main/core/watch/reflector-plan'

const auto: PlanContext = { mode: 'auto', fallback: null, lastRv: null }
const listWatch: PlanContext = { mode: 'list-watch', fallback: null, lastRv: null }
const streaming: PlanContext = { mode: 'streaming-list', fallback: null, lastRv: null }
const refused422 = {
  kind: 'refused',
  status: 422,
  message: 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch is forbidden for watch',
} as const

describe('how a watch starts', () => {
  it('auto and streaming list start with a streaming list, list then watch with a list', () => {
    expect(startStep('auto', null, 'initial')).toEqual({ kind: 'stream', reason: 'initial' })
    expect(startStep('streaming-list', null, 'initial')).toEqual({
      kind: 'stream',
      reason: 'initial',
    })
    expect(startStep('list-watch', null, 'initial')).toEqual({ kind: 'list', reason: 'initial' })
  })

  it('auto lists once the server has refused a streaming list', () => {
    expect(startStep('auto', 'refused', 'expired')).toEqual({ kind: 'list', reason: 'expired' })
  })
})

describe('a streaming list refused (400 or 422)', () => {
  it('auto falls back to list then watch at once, saying why in the server’s words', () => {
    const d = decide({ kind: 'stream', reason: 'initial' }, refused422, auto)
    expect(d.next).toEqual({ kind: 'list', reason: 'initial' })
    expect(d.backoff).toBeNull()
    expect(d.fallback).toBe(
      'the server refused the streaming list (422: ListOptions.meta.k8s.io "" is invalid: ' +
        'resourceVersionMatch is forbidden for watch); listing, then watching',
    )
    expect(d.fail).toBeUndefined()
  })

  it('a watch asked to stream stops and says what to choose instead', () => {
    const d = decide(
      { kind: 'stream', reason: 'initial' },
      { ...refused422, status: 400 },
      streaming,
    )
    expect(d.fail).toMatch(
      /^the server refused the streaming list \(400: .*auto or list then watch$/,
    )
    expect(d.fallback).toBeUndefined()
  })
})

describe('before the initial-events-end bookmark', () => {
  const stream = { kind: 'stream', reason: 'initial' } as const
  it('a stream the server ends starts again from scratch: nothing was synced', () => {
    const d = decide(stream, { kind: 'closed', synced: false }, { ...auto, lastRv: null })
    expect(d.next).toEqual(stream)
    expect(d.count).toBe('reconnects')
  })

  it('a lost connection backs off, then streams again from scratch, not from an event’s resourceVersion', () => {
    const d = decide(
      stream,
      { kind: 'error', message: 'watch connection lost: socket hang up', synced: false },
      { ...auto, lastRv: '120' },
    )
    expect(d.next).toEqual(stream)
    expect(d.backoff).toEqual({ reason: 'watch connection lost: socket hang up' })
  })

  it('a stall streams again from scratch', () => {
    const d = decide(stream, { kind: 'stalled', silentMs: 40_000, synced: false }, auto)
    expect(d.next).toEqual(stream)
    expect(d.count).toBe('reconnects')
  })
})

describe('the same rules in both modes once synced', () => {
  for (const [how, step, ctx] of [
    ['streaming list', { kind: 'stream', reason: 'initial' }, auto],
    ['list then watch', { kind: 'watch', rv: '100' }, listWatch],
  ] as const) {
    it(`${how}: the server ends the watch, it resumes from the last resourceVersion`, () => {
      const d = decide(step, { kind: 'closed', synced: true }, { ...ctx, lastRv: '130' })
      expect(d.next).toEqual({ kind: 'watch', rv: '130' })
      expect(d.count).toBe('resumes')
      expect(d.backoff).toBeNull()
    })

    it(`${how}: an error backs off (Retry-After first) and resumes from the last resourceVersion`, () => {
      const d = decide(
        step,
        {
          kind: 'error',
          message: 'watch answered 429: slow down',
          retryAfterMs: 2000,
          synced: true,
        },
        { ...ctx, lastRv: '130' },
      )
      expect(d.next).toEqual({ kind: 'watch', rv: '130' })
      expect(d.backoff).toEqual({ reason: 'watch answered 429: slow down', retryAfterMs: 2000 })
      expect(d.count).toBe('reconnects')
    })
  }

  it('streaming list: 410 Expired streams again from scratch, a fresh consistent read', () => {
    const d = decide(
      { kind: 'watch', rv: '130' },
      { kind: 'expired', message: 'too old resource version: 130 (200)' },
      { ...auto, lastRv: '130' },
    )
    expect(d.next).toEqual({ kind: 'stream', reason: 'expired' })
    expect(d.count).toBe('expired')
  })

  it('list then watch: 410 Expired lists again', () => {
    const d = decide(
      { kind: 'watch', rv: '130' },
      { kind: 'expired', message: 'too old resource version: 130 (200)' },
      { ...listWatch, lastRv: '130' },
    )
    expect(d.next).toEqual({ kind: 'list', reason: 'expired' })
  })

  it('auto after a fallback: 410 Expired lists again, without asking for a streaming list', () => {
    const d = decide(
      { kind: 'watch', rv: '130' },
      { kind: 'expired', message: 'too old' },
      { ...auto, fallback: 'refused', lastRv: '130' },
    )
    expect(d.next).toEqual({ kind: 'list', reason: 'expired' })
  })

  it('a list read to its end is watched from its resourceVersion; a failed one is tried again', () => {
    expect(
      decide({ kind: 'list', reason: 'initial' }, { kind: 'listed', rv: '99' }, listWatch).next,
    ).toEqual({ kind: 'watch', rv: '99' })
    const d = decide(
      { kind: 'list', reason: 'expired' },
      { kind: 'error', message: 'list answered 500' },
      listWatch,
    )
    expect(d.next).toEqual({ kind: 'list', reason: 'expired' })
    expect(d.backoff).toEqual({ reason: 'list answered 500' })
  })

  it('a list that recorded pages and did not finish is started over as a relist, after its backoff', () => {
    const d = decide(
      { kind: 'list', reason: 'initial' },
      {
        kind: 'error',
        message: 'list page 3 answered 503: unavailable',
        retryAfterMs: 2000,
        startsOver: true,
      },
      listWatch,
    )
    expect(d.next).toEqual({ kind: 'list', reason: 'startedOver' })
    expect(d.backoff).toEqual({
      reason: 'list page 3 answered 503: unavailable',
      retryAfterMs: 2000,
    })
    expect(d.count).toBeNull()
  })

  it('a list whose continue token expired (410) is a relist after 410 Expired, at once', () => {
    const d = decide(
      { kind: 'list', reason: 'initial' },
      { kind: 'expired', message: 'too old' },
      listWatch,
    )
    expect(d).toEqual({
      next: { kind: 'list', reason: 'expired' },
      backoff: null,
      count: 'expired',
    })
  })
})
