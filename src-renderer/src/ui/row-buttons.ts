// Tables whose rows open something (ADR 0020): each row's first cell holds its action as a
// <button class="row-open">. Up and Down move between those buttons, as in a list (Tab reaches each
// of them too); Space opens, as Enter does, before the replay's play key can take it.

/** On the table body's keydown: Up or Down focuses the previous or next row's button. */
export function arrowBetweenRows(event: KeyboardEvent): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
  const row = (event.target as HTMLElement).closest('button.row-open')?.closest('tr')
  let next = event.key === 'ArrowDown' ? row?.nextElementSibling : row?.previousElementSibling
  // A row without a button (a note row) is stepped over.
  while (next && !next.querySelector('button.row-open'))
    next = event.key === 'ArrowDown' ? next.nextElementSibling : next.previousElementSibling
  const target = next?.querySelector<HTMLButtonElement>('button.row-open')
  if (!target) return
  event.preventDefault()
  target.focus()
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
