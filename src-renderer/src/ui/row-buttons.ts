// Tables whose rows open something (ADR 0020): each row's first cell holds its action as a
// <button class="row-open">, and the table is one Tab stop (a roving tabindex): one row's button
// has tabindex 0, the others -1. Up, Down, Home, End, Page Up and Page Down move between the
// buttons; Space opens, as Enter does, before the replay's play key can take it. Each table keeps
// the key of the row holding its stop (stopRow) and gives it tabindex 0.

/**
 * The keys that move between a table's rows, as each row's button tells assistive technology
 * (`aria-keyshortcuts`): a screen reader says them with the button, where a sighted person has
 * the shortcuts overlay.
 */
export const ROW_KEYS = 'ArrowUp ArrowDown Home End PageUp PageDown'

/** The row a key moves to from the row at `index` of `count`, a page being `page` rows. */
export function rowAfterKey(
  key: string,
  index: number,
  count: number,
  page: number,
): number | null {
  if (count === 0) return null
  const last = count - 1
  const step = Math.max(1, Math.floor(page))
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, index + 1)
    case 'ArrowUp':
      return Math.max(0, index - 1)
    case 'Home':
      return 0
    case 'End':
      return last
    case 'PageDown':
      return Math.min(last, index + step)
    case 'PageUp':
      return Math.max(0, index - step)
    default:
      return null
  }
}

/**
 * The row that holds a table's one Tab stop: the one last focused or opened (`taken`) while it is
 * still shown; else the open one; else the row now at the place the taken one had (rows gone or
 * shifted: its neighbour); else the first. Undefined when the table has no row.
 */
export function stopRow<K>(
  keys: readonly K[],
  taken: K | null,
  open: K | null,
  takenPlace: number,
): K | undefined {
  if (keys.length === 0) return undefined
  if (taken !== null && keys.includes(taken)) return taken
  if (open !== null && keys.includes(open)) return open
  return keys[Math.min(Math.max(0, takenPlace), keys.length - 1)]
}

/** The rows a page key moves by: as many as the scrolling box shows, less one. */
function rowsInView(row: HTMLElement): number {
  const box = scroller(row)
  const height = row.getBoundingClientRect().height
  if (!box || height <= 0) return 10
  const head = row.closest('table')?.tHead?.getBoundingClientRect().height ?? 0
  return Math.max(1, Math.floor((box.clientHeight - head) / height) - 1)
}

/** The nearest ancestor that scrolls vertically. */
function scroller(el: HTMLElement): HTMLElement | null {
  for (let e = el.parentElement; e; e = e.parentElement) {
    const y = getComputedStyle(e).overflowY
    if ((y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight) return e
  }
  return null
}

/** A row the focus scrolled to under its table's sticky column headers: moved down below them. */
function belowHeaders(row: HTMLElement): void {
  const box = scroller(row)
  if (!box) return
  const top =
    box.getBoundingClientRect().top +
    (row.closest('table')?.tHead?.getBoundingClientRect().height ?? 0)
  const r = row.getBoundingClientRect()
  if (r.top < top) box.scrollTop -= top - r.top
}

/** On the table body's keydown: a row key focuses the row's button it leads to. */
export function arrowBetweenRows(event: KeyboardEvent): void {
  if (event.altKey || event.metaKey || event.shiftKey) return
  const from = (event.target as HTMLElement).closest('button.row-open')
  const body = from?.closest('tbody')
  if (!from || !body) return
  // Rows without a button (a note row) are stepped over.
  const buttons = [...body.querySelectorAll<HTMLButtonElement>('button.row-open')]
  const index = buttons.indexOf(from as HTMLButtonElement)
  const row = from.closest('tr') ?? body
  const next = rowAfterKey(event.key, index, buttons.length, rowsInView(row))
  if (next === null || index < 0) return
  // Taken from the replay's shortcuts too (Page Up and Down go to markers there).
  event.preventDefault()
  const target = buttons[next]
  if (!target || target === from) return
  // The focus scrolls every box it is in as needed (the list's, the view's).
  target.focus()
  belowHeaders(target.closest('tr') ?? target)
}

/**
 * Called before a table's rows change: whether the focus is on one of its rows. The function it
 * gives back, called once they changed: if the focused row went (the list's oldest left at its
 * end), the focus fell to the page; the row now holding the table's stop takes it, so a keyboard
 * user goes on from there rather than from the top of the page.
 */
export function keepFocusInRows(body: HTMLElement | undefined): () => void {
  const had = body?.contains(document.activeElement) ?? false
  return () => {
    const now = document.activeElement
    if (!had || !body || (now && now !== document.body)) return
    body.querySelector<HTMLElement>('button.row-open[tabindex="0"]')?.focus({ preventScroll: true })
  }
}

/** On a row button's keydown: Space opens it here (Enter already clicks a button). */
export function spaceOpens(event: KeyboardEvent, open: () => void): void {
  if (event.key !== ' ') return
  // Taken from the shortcuts (they skip a key already handled) and from the button's own click.
  event.preventDefault()
  open()
}

/** The button that opened a detail (it says it controls it): where the focus goes on close. */
export function openerOf(detailId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`button.row-open[aria-controls="${detailId}"]`)
}
