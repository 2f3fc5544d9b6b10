// The replay strip's markers: every marker drawn reachable by a mouse whatever the recording's
// timing: no two spots closer than a marker's width, none off the track, each single marker within
// `maxShift` of its moment, every marker in exactly one spot, in time order; the bundled demo's
// 127 s timing on a 1280 px strip, a crowd at the start, and 200 fixed random cases.
import { describe, expect, it } from 'vitest'
import {
  layoutMarkers,
  spreadApart,
  type MarkerSpot,
} from '../../../src-renderer/src/features/recording/components/marker-layout'

/** What every layout keeps, whatever its input. */
function expectReachable(at: number[], width: number, gap: number, maxShift: number) {
  const spots = layoutMarkers({ at, width, gap, maxShift })
  expect(spots.flatMap((s) => s.indices)).toEqual(at.map((_, i) => i))
  for (let i = 1; i < spots.length; i++)
    expect((spots[i] as MarkerSpot).x - (spots[i - 1] as MarkerSpot).x).toBeGreaterThanOrEqual(
      gap - 1e-6,
    )
  for (const s of spots) {
    expect(s.x).toBeGreaterThanOrEqual(-1e-6)
    expect(s.x).toBeLessThanOrEqual(width + 1e-6)
    const wanted = s.indices.reduce((sum, i) => sum + (at[i] as number), 0) / s.indices.length
    if (spots.length > 1) expect(Math.abs(s.x - wanted)).toBeLessThanOrEqual(maxShift + 1e-6)
  }
  return spots
}

describe('spreadApart', () => {
  it('leaves markers far enough apart where they are', () => {
    expect(spreadApart([10, 50, 90], 100, 20)).toEqual([10, 50, 90])
  })
  it('moves two that touch apart around their middle', () => {
    expect(spreadApart([40, 50], 100, 20)).toEqual([35, 55])
  })
  it('keeps them on the track at both ends', () => {
    expect(spreadApart([0, 1, 2], 100, 20)).toEqual([0, 20, 40])
    expect(spreadApart([99, 100], 100, 20)).toEqual([80, 100])
  })
  it('says when they cannot fit', () => {
    expect(spreadApart([0, 1, 2, 3, 4, 5], 90, 20)).toBeNull()
    expect(spreadApart([], 10, 20)).toEqual([])
  })
})

describe('layoutMarkers', () => {
  it('draws each marker alone where there is room', () => {
    const spots = expectReachable([10, 60, 200], 300, 22, 22)
    expect(spots.map((s) => s.indices.length)).toEqual([1, 1, 1])
  })

  it('clusters a crowd it cannot spread within maxShift, and keeps the rest alone', () => {
    const at = [0, 2, 4, 6, 8, 10, 300]
    const spots = expectReachable(at, 400, 22, 22)
    expect(spots.at(-1)).toEqual({ indices: [6], x: 300 })
    expect(spots.length).toBeLessThan(at.length)
  })

  it('the bundled demo’s markers (127 s) on a 450 px strip and a 300 px one', () => {
    const seconds = [
      0.4, 3.7, 6.5, 9.2, 13.1, 15.9, 18.6, 23.7, 27.4, 30.1, 33.9, 37.3, 40.6, 43.4, 47.4, 57.1,
      69.8, 74.3, 80.1, 84.9, 102.3, 125.6,
    ]
    for (const width of [450, 300]) {
      const at = seconds.map((s) => (s / 126.8) * width)
      expectReachable(at, width, 22, 22)
    }
  })

  it('one marker, or all at the same moment: one spot on the track', () => {
    expect(layoutMarkers({ at: [500], width: 400, gap: 20, maxShift: 20 })).toEqual([
      { indices: [0], x: 400 },
    ])
    const same = layoutMarkers({ at: [5, 5, 5, 5], width: 40, gap: 20, maxShift: 10 })
    expect(same.flatMap((s) => s.indices)).toEqual([0, 1, 2, 3])
    expect(layoutMarkers({ at: [], width: 40, gap: 20, maxShift: 10 })).toEqual([])
  })

  it('200 fixed random cases keep every marker reachable', () => {
    let seed = 15
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) as number
    for (let c = 0; c < 200; c++) {
      const width = 60 + Math.floor(random() * 900)
      const n = 1 + Math.floor(random() * 40)
      const at = Array.from({ length: n }, () => random() * width).sort((a, b) => a - b)
      const gap = 12 + random() * 12
      expectReachable(at, width, gap, gap)
    }
  })
})
