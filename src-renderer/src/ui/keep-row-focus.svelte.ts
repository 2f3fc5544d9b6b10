// The two effects that keep the focus in a table of row buttons while its rows change: before the
// update, whether the focus was in the table; after, a focused row that left hands the focus to
// the row holding the Tab stop (row-buttons.ts keepFocusInRows). Called in a component's setup.
import { keepFocusInRows } from './row-buttons'

export function keepRowFocus(body: () => HTMLElement | undefined, rows: () => unknown): void {
  let refocus = () => {}
  $effect.pre(() => {
    rows()
    refocus = keepFocusInRows(body())
  })
  $effect(() => {
    rows()
    refocus()
  })
}
