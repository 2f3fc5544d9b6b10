// What a presenter would wince at, measured in the page: anything wider than the window, a control
// or heading outside it, two controls or headings on top of each other, a word cut by its box.
// Elements inside a scrolling box count where the box shows them; what it hides is not "off".
import type { Page } from '@playwright/test'

export interface LayoutProblems {
  /** The page itself scrolls sideways or down (scrollWidth/scrollHeight past the window). */
  pageOverflow: string | null
  /** Visible controls and headings that reach past the window's edges. */
  offScreen: string[]
  /** Pairs of controls or headings whose boxes overlap. */
  overlapping: string[]
  /** Elements whose text is cut (wider than their box, nothing to scroll it). */
  clipped: string[]
}

export async function auditLayout(
  page: Page,
  clippedSelector = '.stage .name',
): Promise<LayoutProblems> {
  return page.locator('html').evaluate((html, clippedSel) => {
    const doc = html.ownerDocument
    const win = doc.defaultView
    if (!win) throw new Error('no window')
    const W = win.innerWidth
    const H = win.innerHeight
    const _sample = [...doc.querySelectorAll('body *')]
    type El = (typeof _sample)[number]
    const describe = (el: El) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} "${text.slice(0, 40)}"`
    }
    /** The part of el's box its scrolling or clipping ancestors let through, or null if none. */
    const shown = (el: El) => {
      let r = el.getBoundingClientRect()
      let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom }
      for (let a = el.parentElement; a; a = a.parentElement) {
        const s = win.getComputedStyle(a)
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          r = a.getBoundingClientRect()
          box = {
            left: Math.max(box.left, r.left),
            top: Math.max(box.top, r.top),
            right: Math.min(box.right, r.right),
            bottom: Math.min(box.bottom, r.bottom),
          }
        }
      }
      return box.right - box.left > 1 && box.bottom - box.top > 1 ? box : null
    }
    const visible = (el: El) => {
      const s = win.getComputedStyle(el)
      const r = el.getBoundingClientRect()
      return (
        s.visibility !== 'hidden' &&
        s.display !== 'none' &&
        r.width > 0 &&
        r.height > 0 &&
        !el.closest('dialog:not([open]), [aria-hidden="true"]')
      )
    }
    const controls = [
      ...doc.querySelectorAll(
        'button, select, input:not([type=hidden]):not([type=range]), textarea, [role=tab], a[href], h1, h2, h3',
      ),
    ]
      // The replay track's markers sit at their moments and may touch: a click reaches the one named.
      .filter((el) => !el.matches('.slider .marker'))
      .filter(visible)
    const offScreen: string[] = []
    const boxes: {
      el: El
      box: { left: number; top: number; right: number; bottom: number }
    }[] = []
    for (const el of controls) {
      const r = el.getBoundingClientRect()
      const box = shown(el)
      if (!box) continue
      // Its own box, not only the part that shows: a control half under the window's edge is off.
      const inScroller = box.right - box.left < r.width - 1 || box.bottom - box.top < r.height - 1
      if (!inScroller && (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1))
        offScreen.push(
          `${describe(el)} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`,
        )
      boxes.push({ el, box })
    }
    const overlapping: string[] = []
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!
        const b = boxes[j]!
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue
        const dx = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
        const dy = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
        if (dx > 2 && dy > 2) overlapping.push(`${describe(a.el)} × ${describe(b.el)}`)
      }
    }
    const clipped = [...doc.querySelectorAll(clippedSel)]
      .filter(visible)
      .filter(
        (el) =>
          el.scrollWidth > el.clientWidth + 1 ||
          el.getBoundingClientRect().width > (el.parentElement?.clientWidth ?? Infinity) + 1,
      )
      .map(describe)
    const root = doc.documentElement
    const pageOverflow =
      root.scrollWidth > W + 1 || root.scrollHeight > H + 1
        ? `page is ${root.scrollWidth}×${root.scrollHeight} in a ${W}×${H} window`
        : null
    return { pageOverflow, offScreen, overlapping, clipped }
  }, clippedSelector)
}
