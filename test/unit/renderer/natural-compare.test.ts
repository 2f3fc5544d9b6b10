// Lanes and names sort naturally: digit runs as numbers, the rest by code point.
import { describe, expect, it } from 'vitest'
import { naturalCompare } from '../../../src-renderer/src/features/watches/timeline/natural-compare'

describe('natural compare', () => {
  it('puts cm-3479 before cm-34779 and pod-9 before pod-10', () => {
    const names = ['cm-34829', 'cm-3479', 'cm-34779', 'pod-10', 'pod-9', 'pod-1', 'a', 'B', '']
    expect([...names].sort(naturalCompare)).toEqual([
      '',
      'B',
      'a',
      'cm-3479',
      'cm-34779',
      'cm-34829',
      'pod-1',
      'pod-9',
      'pod-10',
    ])
  })

  it('orders numbers of any length, leading zeros after the plain number, and stays consistent', () => {
    expect(naturalCompare('x-7', 'x-007')).toBe(-1)
    expect(naturalCompare('x-007', 'x-8')).toBe(-1)
    expect(naturalCompare('v12345678901234567890', 'v9')).toBe(1)
    expect(naturalCompare('scale-9/cm-1', 'scale-10/cm-0')).toBe(-1)
    expect(naturalCompare('cm-1', 'cm-1a')).toBe(-1)
    expect(naturalCompare('same-1', 'same-1')).toBe(0)
    const pool = ['a1', 'a01', 'a1b', 'a10', 'a2', 'b', 'a', '10', '9', 'a1-2', 'a1-10']
    for (const x of pool)
      for (const y of pool)
        expect(Math.sign(naturalCompare(x, y)) + Math.sign(naturalCompare(y, x))).toBe(0)
  })
})
