// A table of row buttons is one Tab stop (ADR 0020): which row the keys lead to, and which row
// holds the stop as rows come and go.
import { describe, expect, it } from 'vitest'
import { rowAfterKey, stopRow } from '../../../src-renderer/src/ui/row-buttons'

describe('the row a key leads to', () => {
  it('moves one row with the arrows, stopping at either end', () => {
    expect(rowAfterKey('ArrowDown', 0, 5, 3)).toBe(1)
    expect(rowAfterKey('ArrowDown', 4, 5, 3)).toBe(4)
    expect(rowAfterKey('ArrowUp', 3, 5, 3)).toBe(2)
    expect(rowAfterKey('ArrowUp', 0, 5, 3)).toBe(0)
  })

  it('goes to the first and the last row with Home and End', () => {
    expect(rowAfterKey('Home', 1_500, 2_000, 12)).toBe(0)
    expect(rowAfterKey('End', 3, 2_000, 12)).toBe(1_999)
  })

  it('moves a page of rows with Page Up and Page Down, at least one, not past either end', () => {
    expect(rowAfterKey('PageDown', 0, 2_000, 12)).toBe(12)
    expect(rowAfterKey('PageDown', 1_995, 2_000, 12)).toBe(1_999)
    expect(rowAfterKey('PageUp', 30, 2_000, 12)).toBe(18)
    expect(rowAfterKey('PageUp', 5, 2_000, 12)).toBe(0)
    expect(rowAfterKey('PageDown', 7, 20, 0)).toBe(8)
    expect(rowAfterKey('PageDown', 7, 20, 2.7)).toBe(9)
  })

  it('leaves other keys, and a table without rows, alone', () => {
    expect(rowAfterKey('ArrowRight', 2, 5, 3)).toBeNull()
    expect(rowAfterKey('Tab', 2, 5, 3)).toBeNull()
    expect(rowAfterKey(' ', 2, 5, 3)).toBeNull()
    expect(rowAfterKey('ArrowDown', 0, 0, 3)).toBeNull()
  })
})

describe('the row that holds the table’s one Tab stop', () => {
  const keys = [50, 49, 48, 47, 46]

  it('is the first row before any was focused or opened', () => {
    expect(stopRow(keys, null, null, 0)).toBe(50)
  })

  it('is the open row when none was focused since', () => {
    expect(stopRow(keys, null, 47, 0)).toBe(47)
  })

  it('is the row last focused, open or not, while it is shown', () => {
    expect(stopRow(keys, 48, 47, 2)).toBe(48)
    // New rows on top (newest first) shift it down: it keeps the stop.
    expect(stopRow([53, 52, 51, ...keys], 48, null, 2)).toBe(48)
  })

  it('goes to the open row when the focused one is gone', () => {
    expect(stopRow([50, 49, 47, 46], 48, 46, 2)).toBe(46)
  })

  it('stays on a row that exists when its row is gone: the one now at its place', () => {
    expect(stopRow([50, 49, 47, 46], 48, null, 2)).toBe(47)
    // Dropped from the end (the log keeps 2,000, the traffic list shows 150): the last row.
    expect(stopRow([52, 51, 50], 46, null, 4)).toBe(50)
    // Filtered out and a filter then shows nothing: no stop at all.
    expect(stopRow([], 48, 48, 2)).toBeUndefined()
  })

  it('takes any key: a group name, the core group’s empty one', () => {
    expect(stopRow(['(all)', '', 'apps'], '', null, 0)).toBe('')
    expect(stopRow(['(all)', '', 'apps'], null, null, 0)).toBe('(all)')
  })
})
