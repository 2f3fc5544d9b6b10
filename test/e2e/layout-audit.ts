// What a presenter would wince at, measured in the page: anything wider than the window, a control
// or heading outside it, two controls or headings on top of each other, a word cut by its box, a
// table or a block of API text that scrolls sideways, text that runs into its box's padding or
// past it, two labels of a diagram on top of each other, a diagram's label that reaches the edge
// of the box drawn around it. Elements inside a scrolling box count where the box shows them;
// what it hides is not "off".
import type { Locator, Page } from '@playwright/test'

export interface LayoutProblems {
  /** The page itself scrolls sideways or down (scrollWidth/scrollHeight past the window). */
  pageOverflow: string | null
  /** Visible controls and headings that reach past the window's edges. */
  offScreen: string[]
  /** Pairs of controls or headings whose boxes overlap. */
  overlapping: string[]
  /** Elements whose text is cut (wider than their box, nothing to scroll it). */
  clipped: string[]
  /**
   * Tables wider than the box that scrolls them, and blocks of API text wider than their own box:
   * the person scrolls sideways to read a row or a line.
   */
  sideways: string[]
  /**
   * Text that reaches into its box's padding or past its edge (a word too long for a card), unless
   * the box scrolls it or ends it with an ellipsis on purpose.
   */
  spilling: string[]
  /** Texts of a diagram (SVG) that overlap or touch (less than 2 px apart). */
  labelsTouching: string[]
  /**
   * Texts of a diagram that reach the edge of the box drawn around them (less than 2 px inside its
   * left or right side, or past it): the spilling check's for SVG, which has no padding to read.
   * A text's box is a <rect> beside it (same parent) across its middle that it overlaps most.
   */
  labelsOutOfBox: string[]
}

/** What a screen that fits has: nothing at all in any list. */
export const FITS: LayoutProblems = {
  pageOverflow: null,
  offScreen: [],
  overlapping: [],
  clipped: [],
  sideways: [],
  spilling: [],
  labelsTouching: [],
  labelsOutOfBox: [],
}

/** Names that must show whole wherever they are drawn: stage names, the watch table's names. */
const WHOLE = '.stage .name, [data-testid="watch-table"] .name'

export async function auditLayout(page: Page, clippedSelector = WHOLE): Promise<LayoutProblems> {
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
    ].filter(visible)
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
    const scrolls = (v: string) => v === 'auto' || v === 'scroll'
    const sideways = [...doc.querySelectorAll('table, [role=table], [role=grid]')]
      .filter(visible)
      .flatMap((table) => {
        for (let a = table.parentElement; a; a = a.parentElement) {
          if (!scrolls(win.getComputedStyle(a).overflowX)) continue
          return a.scrollWidth > a.clientWidth + 1
            ? [`${describe(table)} is ${a.scrollWidth} px wide in a ${a.clientWidth} px box`]
            : []
        }
        return []
      })
    // A block of API text (ui/TextBlock.svelte) wraps its lines: one that scrolls sideways hides
    // the end of a line from the room.
    for (const block of doc.querySelectorAll('.text-block')) {
      if (visible(block) && block.scrollWidth > block.clientWidth + 1)
        sideways.push(`${describe(block)} is ${block.scrollWidth} px wide in ${block.clientWidth}`)
    }
    /** The box a text's lines are laid out in: its nearest ancestor that is not inline. */
    const blockOf = (el: El): El => {
      for (let a: El | null = el; a; a = a.parentElement) {
        const d = win.getComputedStyle(a).display
        if (d !== 'inline' && d !== 'contents') return a
      }
      return el
    }
    const spilling: string[] = []
    const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */)
    const range = doc.createRange()
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim()
      const parent = n.parentElement
      if (!text || !parent || !visible(parent)) continue
      if (parent.closest('svg, textarea, select, option, script, style, [aria-hidden="true"]'))
        continue
      const block = blockOf(parent)
      // Ended with an ellipsis on purpose, or in a box that scrolls it sideways (code, a YAML
      // body; a table that does is in `sideways`): not a spill.
      let meant = false
      let inBlock = true
      for (let a: El | null = parent; a && !meant; a = a.parentElement) {
        const st = win.getComputedStyle(a)
        if (inBlock && st.textOverflow === 'ellipsis') meant = true
        if (scrolls(st.overflowX) && a.scrollWidth > a.clientWidth + 1) meant = true
        if (a === block) inBlock = false
      }
      if (meant || !shown(parent)) continue
      const st = win.getComputedStyle(block)
      const b = block.getBoundingClientRect()
      // A negative text-indent (a hanging line: ui/TextBlock.svelte) starts the first line left
      // of the padding, on purpose.
      const hanging = Math.min(0, parseFloat(st.textIndent) || 0)
      const left = b.left + parseFloat(st.borderLeftWidth) + parseFloat(st.paddingLeft) + hanging
      const right = b.right - parseFloat(st.borderRightWidth) - parseFloat(st.paddingRight)
      range.selectNodeContents(n)
      const past = [...range.getClientRects()].some(
        (r) => r.width > 0 && (r.right > right + 1.5 || r.left < left - 1.5),
      )
      if (past) spilling.push(`${describe(parent)} runs past the content of ${describe(block)}`)
    }
    const labels = [...doc.querySelectorAll('svg text')]
      .filter(visible)
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
    const labelsTouching: string[] = []
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        const a = labels[i]!
        const b = labels[j]!
        const dx = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left)
        const dy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top)
        if (dx > -2 && dy > 2) labelsTouching.push(`${describe(a.el)} × ${describe(b.el)}`)
      }
    }
    const labelsOutOfBox: string[] = []
    for (const { el, r } of labels) {
      const middle = (r.top + r.bottom) / 2
      let box: typeof r | null = null
      let most = 0
      for (const rect of el.parentElement?.querySelectorAll(':scope > rect') ?? []) {
        if (!visible(rect)) continue
        const b = rect.getBoundingClientRect()
        const overlap = Math.min(r.right, b.right) - Math.max(r.left, b.left)
        if (middle < b.top || middle > b.bottom || overlap <= most) continue
        most = overlap
        box = b
      }
      if (box && (r.left < box.left + 2 || r.right > box.right - 2))
        labelsOutOfBox.push(
          `${describe(el)} spans ${Math.round(r.left)}–${Math.round(r.right)} in a box ${Math.round(box.left)}–${Math.round(box.right)}`,
        )
    }
    const root = doc.documentElement
    const pageOverflow =
      root.scrollWidth > W + 1 || root.scrollHeight > H + 1
        ? `page is ${root.scrollWidth}×${root.scrollHeight} in a ${W}×${H} window`
        : null
    return {
      pageOverflow,
      offScreen,
      overlapping,
      clipped,
      sideways,
      spilling,
      labelsTouching,
      labelsOutOfBox,
    }
  }, clippedSelector)
}

/**
 * The lines `locator`'s text takes on screen (its line boxes, those whose tops lie more than half
 * a line apart counted once): 1 for a button whose label did not wrap.
 */
export async function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = el.ownerDocument.createRange()
    range.selectNodeContents(el)
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0)
    const tops: number[] = []
    for (const r of rects.sort((a, b) => a.top - b.top)) {
      const last = tops.at(-1)
      if (last === undefined || r.top - last > r.height / 2) tops.push(r.top)
    }
    return tops.length
  })
}

/** Whether `a` and `b` share a row on screen: their boxes overlap vertically by more than 2 px. */
export async function onOneRow(a: Locator, b: Locator): Promise<boolean> {
  const [ra, rb] = await Promise.all([a.boundingBox(), b.boundingBox()])
  if (!ra || !rb) return false
  return Math.min(ra.y + ra.height, rb.y + rb.height) - Math.max(ra.y, rb.y) > 2
}

/**
 * Whether `locator`'s text shows whole: not cut by its own box (no ellipsis, nothing scrolled
 * away), inside every box that clips it, and inside the window.
 */
export async function shownWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const win = el.ownerDocument.defaultView
    if (!win) return false
    const r = el.getBoundingClientRect()
    if (r.width === 0 || r.left < -1 || r.top < -1) return false
    if (r.right > win.innerWidth + 1 || r.bottom > win.innerHeight + 1) return false
    for (let a: typeof el | null = el; a; a = a.parentElement) {
      const s = win.getComputedStyle(a)
      if (a.scrollWidth > a.clientWidth + 1 && s.overflowX !== 'visible') return false
      if (a === el || (s.overflowX === 'visible' && s.overflowY === 'visible')) continue
      const b = a.getBoundingClientRect()
      if (
        r.left < b.left - 1 ||
        r.right > b.right + 1 ||
        r.top < b.top - 1 ||
        r.bottom > b.bottom + 1
      )
        return false
    }
    return true
  })
}

/**
 * The rows `locator`'s controls (inputs, selects, buttons) take on screen: a control whose middle
 * lies within a row's height is on that row.
 */
export async function controlRows(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const boxes = [...el.querySelectorAll('input, select, button')]
      .map((c) => c.getBoundingClientRect())
      .filter((b) => b.width > 0 && b.height > 0)
      .sort((a, b) => a.top - b.top)
    const rows: { top: number; bottom: number }[] = []
    for (const b of boxes) {
      const middle = (b.top + b.bottom) / 2
      const row = rows.find((r) => middle >= r.top && middle <= r.bottom)
      if (row) row.bottom = Math.max(row.bottom, b.bottom)
      else rows.push({ top: b.top, bottom: b.bottom })
    }
    return rows.length
  })
}

/**
 * Where `locator`'s text is cut inside a word by a line's end, each as "UTILI|SATEUR": two letters
 * on two lines with no space between, the first not one of `breakAfter` (where a break is meant,
 * such as the ":" of "system:serviceaccount:ns:name"). [] when every line ends between words.
 */
export async function wordsCut(locator: Locator, breakAfter = ''): Promise<string[]> {
  return locator.evaluate((el, after) => {
    const doc = el.ownerDocument
    const walker = doc.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */)
    const range = doc.createRange()
    const chars: { c: string; top: number; height: number }[] = []
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const s = n.textContent ?? ''
      for (let i = 0; i < s.length; i++) {
        range.setStart(n, i)
        range.setEnd(n, i + 1)
        const r = [...range.getClientRects()].find((b) => b.width > 0)
        chars.push({ c: s[i] ?? '', top: r?.top ?? NaN, height: r?.height ?? 0 })
      }
    }
    const text = chars.map((ch) => ch.c).join('')
    const cuts: string[] = []
    let last = -1
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i]!
      if (/\s/.test(ch.c)) {
        last = -1
        continue
      }
      if (Number.isNaN(ch.top)) continue
      const before = last >= 0 ? chars[last] : undefined
      if (before && ch.top - before.top > before.height / 2 && !after.includes(before.c)) {
        const start = text.slice(0, i).search(/\S*$/)
        const end = i + (text.slice(i).search(/\s|$/) ?? 0)
        cuts.push(`${text.slice(start, i)}|${text.slice(i, end)}`)
      }
      last = i
    }
    return cuts
  }, breakAfter)
}
