// The timeline draws a resourceVersion axis only while every resourceVersion it has seen (events'
// and lists') is comparable by Kubernetes 1.35's rule and exact as a double; else arrival order.
import { describe, expect, it } from 'vitest'
import { numericResourceVersion } from '@common/resource-version'
import type { ListSnapshot, TimelineEvent } from '@common/watch-types'
import { chooseAxis } from '../../../src-renderer/src/features/watches/timeline/timeline-axis'
import { TimelineData } from '../../../src-renderer/src/features/watches/timeline/timeline-data'

/** Events as the core's event store sends them: rv as delivered, rvn from numericResourceVersion. */
const eventsFor = (rvs: string[]): TimelineEvent[] =>
  rvs.map((rv, i) => ({
    i,
    watch: 1,
    type: 'MODIFIED',
    t: 1000 + i,
    rv,
    rvn: numericResourceVersion(rv),
    uid: `u${i}`,
    kind: 'ConfigMap',
    ns: 'lab',
    name: `cm-${i}`,
    v: 0,
  }))

const list = (rv: string, rvn: number | null): ListSnapshot => ({
  id: 0,
  watch: 1,
  rv,
  rvn,
  t: 0,
  reason: 'initial',
  pages: [],
  items: 0,
  firstEvent: 0,
})

function axisFor(rvs: string[], lists: ListSnapshot[] = []) {
  const data = new TimelineData()
  data.append(eventsFor(rvs))
  data.addLists(lists)
  return { data, axis: chooseAxis(data, 'rv') }
}

describe('the resourceVersion axis', () => {
  it('is used when every resourceVersion is comparable', () => {
    const { data, axis } = axisFor(['999', '1000', '1001'], [list('998', 998)])
    expect(axis).toEqual({ mode: 'rv', note: null })
    expect([0, 1, 2].map((k) => data.rvOf(k))).toEqual(['999', '1000', '1001'])
  })

  it.each([
    ['a leading zero', '0100'],
    ['zero', '0'],
    ['not digits', 'MTIz'],
    ['beyond Number.MAX_SAFE_INTEGER', '9007199254740993'],
  ])('gives way to arrival order on %s, and keeps the text', (_, odd) => {
    const { data, axis } = axisFor(['100', odd, '101'])
    expect(axis.mode).toBe('arrival')
    expect(axis.note).toMatch(/not comparable integers .* arrival order/)
    expect(data.rvOf(1)).toBe(odd)
  })

  it("gives way to arrival order on a list's resourceVersion that is not comparable", () => {
    expect(axisFor(['100'], [list('0099', null)]).axis.mode).toBe('arrival')
    // An ERROR's missing resourceVersion (and a list's, empty) is no reason to leave the axis.
    expect(axisFor(['100', ''], [list('', null)]).axis.mode).toBe('rv')
  })
})
