// The one way renderer state starts over: every registered reset runs, in order, told why; one
// that throws does not keep the others from running, and the error names whose it was.
import { describe, expect, it } from 'vitest'
import { SessionResets, type StartOverReason } from '../../../src-renderer/src/shell/session-reset'

describe('SessionResets', () => {
  it('runs every registered reset in order, with the reason', () => {
    const resets = new SessionResets()
    const seen: string[] = []
    for (const name of ['overview', 'timeline', 'traffic'])
      resets.register(name, (why) => seen.push(`${name}:${why}`))
    resets.run('connect')
    resets.run('replay-restart')
    expect(seen).toEqual([
      'overview:connect',
      'timeline:connect',
      'traffic:connect',
      'overview:replay-restart',
      'timeline:replay-restart',
      'traffic:replay-restart',
    ])
    expect(resets.names).toEqual(['overview', 'timeline', 'traffic'])
  })

  it('runs the others when one throws, then says which failed', () => {
    const resets = new SessionResets()
    const ran: StartOverReason[] = []
    resets.register('lab', () => {
      throw new Error('boom')
    })
    resets.register('ownership', (why) => ran.push(why))
    expect(() => resets.run('session')).toThrow('Some states did not start over: lab: boom')
    expect(ran).toEqual(['session'])
  })
})
