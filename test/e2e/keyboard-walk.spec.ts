// Every action by keyboard, with a visible focus (#15, section 2). On each view (keys 1–9), Tab
// walks the page from the side bar's current view, a bounded number of stops; every element that
// takes the focus must be on screen and show a focus indicator (an outline or a box shadow that
// the unfocused element does not have, at least 2px wide, at 3:1 against what is behind it), and
// every enabled, visible button, link, input and select of the view must be among them: nothing
// is mouse-only. Then the timeline by arrow keys, Escape on the inspector and on the dialogs, and
// the focus back where it was once a dialog closed. In a replay of the bundled demo and live, each
// in both themes (switched in place from the shortcuts overlay): the Tab walk in the dark theme,
// then in the light one every control the walk must reach, focused in the page and looked at
// again (the order does not change with the theme, the ring's colour does; one round trip a view
// instead of two a stop). A table of row buttons (live traffic, the Requests view, Discovery's two;
// ADR 0020) is one Tab stop: its other rows count as reached when Home, End and the Down arrow from
// that stop reach them, and a table of rows that takes two Tab stops fails. The rows by keyboard:
// each row's button takes the focus, Enter or Space opens its detail, the arrows, Home, End and the
// page keys go from row to row, closing the detail comes back. Filling the request log with real
// requests leaves the number of Tab stops as it was.
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:https'
import type { Page } from '@playwright/test'
import { parse } from 'yaml'
import { switchTheme } from './display-switch'
import { expect, test, useDemoServe } from './fixtures'
import { ApiscopePage } from './pages/apiscope-page'
import { showView } from './view-settled'
import { clickMarker } from './replay-markers'

const VIEWS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const
// Every table of rows is one stop, however many rows it holds (the request log up to 2,000).
const MAX_STOPS = 400
/** Down arrows in one table at most: more than the request log's 2,000 rows. */
const MAX_ROWS = 5_000

/** Marks every control of the view with data-kw (its number) and keeps its unfocused style. */
async function markControls(page: Page): Promise<number> {
  return page.locator('html').evaluate((html) => {
    // The page's own globals (the Node typecheck has no DOM library).
    const document = html.ownerDocument
    const window = document.defaultView
    const w = window as unknown as { kwBefore: Map<string, string> }
    w.kwBefore = new Map()
    document.activeElement?.blur()
    const controls = document.querySelectorAll(
      'button, a[href], input, select, textarea, summary, [tabindex], [contenteditable="true"]',
    )
    // Each table of row buttons (ADR 0020), numbered: its rows are one Tab stop.
    let tables = 0
    for (const body of document.querySelectorAll('tbody')) {
      if (body.querySelector('button.row-open')) body.dataset.kwRows = String(tables++)
      else delete body.dataset.kwRows
    }
    let n = 0
    for (const el of controls) {
      const id = String(n++)
      el.dataset.kw = id
      const s = window.getComputedStyle(el)
      w.kwBefore.set(id, `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}|${s.boxShadow}`)
    }
    return n
  })
}

interface Stop {
  id: string | null
  what: string
  problem: string | null
  /** A row button's table (its number), null for any other control. */
  rows: string | null
}

/**
 * The focused element: which control it is, and what is wrong with how it shows its focus. Given
 * controls (their data-kw), focuses each in turn in the page and looks at it, in one round trip:
 * after a key press the browser shows a programmatic focus as it shows a Tab's (:focus-visible).
 * With `down`, from the focused row button the Down arrow's keydown is sent to it again and again
 * (the table's own handler moves the focus), each row looked at, until the focus stays: every row
 * below, in one round trip (up to 2,000 key presses would be as many).
 */
async function lookAtFocus(page: Page, focusIds: string[] = [], down = false): Promise<Stop[]> {
  return page.locator('html').evaluate(
    (html, [ids, arrows, maxRows]) => {
      // The page's own globals (the Node typecheck has no DOM library).
      const document = html.ownerDocument
      const window = document.defaultView
      const look = (): Stop => {
        const el = document.activeElement
        if (!el || el === document.body)
          return { id: 'body', what: 'body', problem: null, rows: null }
        const what = `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`
        const w = window as unknown as { kwBefore: Map<string, string> }
        const id = el.dataset.kw ?? null
        const rows = el.matches('button.row-open')
          ? (el.closest('tbody')?.dataset.kwRows ?? null)
          : null
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number)
        const lum = (c: number[]) => {
          const [r, g, b] = c.slice(0, 3).map((v) => {
            const x = v / 255
            return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4
          })
          return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
        }
        const contrast = (a: string, b: string) => {
          const [l1, l2] = [lum(rgb(a)), lum(rgb(b))].sort((x, y) => y - x)
          return ((l1 ?? 0) + 0.05) / ((l2 ?? 0) + 0.05)
        }
        /** The opaque colour behind an outline drawn outside el: its nearest painted ancestor's. */
        const behind = (from: typeof html | null) => {
          for (let e = from; e; e = e.parentElement) {
            const bg = window.getComputedStyle(e).backgroundColor
            const a = rgb(bg)[3]
            if (bg !== 'transparent' && (a === undefined || a > 0.9)) return bg
          }
          return window.getComputedStyle(document.body).backgroundColor
        }
        const r = el.getBoundingClientRect()
        const onScreen =
          r.width > 0 &&
          r.height > 0 &&
          r.bottom > 0 &&
          r.right > 0 &&
          r.top < window.innerHeight &&
          r.left < window.innerWidth &&
          el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
        if (!onScreen)
          return {
            id,
            what,
            problem: `not on screen (${Math.round(r.top)},${Math.round(r.left)} ${Math.round(r.width)}x${Math.round(r.height)})`,
            rows,
          }
        // A row moved to by the keys shows whole, not under its table's sticky column headers.
        if (rows !== null) {
          const over = document.elementFromPoint(r.left + r.width / 2, r.top + 1)
          if (over && !el.contains(over) && !over.contains(el))
            return { id, what, problem: `under ${over.tagName.toLowerCase()}`, rows }
        }
        const s = window.getComputedStyle(el)
        const now = `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}|${s.boxShadow}`
        const before = id === null ? null : w.kwBefore.get(id)
        if (before === now)
          return { id, what, problem: 'looks the same focused and unfocused', rows }
        const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2
        if (outline) {
          const offset = parseFloat(s.outlineOffset)
          const back = offset < 0 ? behind(el) : behind(el.parentElement)
          const ratio = contrast(s.outlineColor, back)
          if (ratio < 3)
            return { id, what, problem: `outline at ${ratio.toFixed(2)}:1 against ${back}`, rows }
          return { id, what, problem: null, rows }
        }
        const shadow = s.boxShadow !== 'none' && /(\d+(\.\d+)?)px(?!.*inset)/.test(s.boxShadow)
        if (shadow) return { id, what, problem: null, rows }
        return { id, what, problem: `no focus indicator (${now})`, rows }
      }
      if (arrows) {
        const seen = [look()]
        for (let i = 0; i < maxRows; i++) {
          const from = document.activeElement
          from?.dispatchEvent(
            new window.KeyboardEvent('keydown', {
              key: 'ArrowDown',
              bubbles: true,
              cancelable: true,
            }),
          )
          if (document.activeElement === from) break
          seen.push(look())
        }
        return seen
      }
      if (ids.length === 0) return [look()]
      return ids.map((id) => {
        document.querySelector(`[data-kw="${id}"]`)?.focus()
        return look()
      })
    },
    [focusIds, down, MAX_ROWS] as const,
  )
}

/**
 * From a table's one Tab stop (a row's button), its rows by keyboard: End to the last row's
 * button, Home to the first (real key presses), then every row below by the Down arrow
 * (lookAtFocus). The focus ends on the last row, where Tab goes on past the table.
 */
async function throughRows(page: Page, key: string, table: string): Promise<Walk> {
  const problems: string[] = []
  const ends = async () =>
    page.locator(`tbody[data-kw-rows="${table}"]`).evaluate((body) => {
      const buttons = body.querySelectorAll('button.row-open')
      const active = body.ownerDocument.activeElement
      return { first: buttons[0] === active, last: buttons[buttons.length - 1] === active }
    })
  // A screen reader is told the keys with the row (aria-keyshortcuts), as the overlay tells a sighted person.
  const told = await page
    .locator('html')
    .evaluate((html) => html.ownerDocument.activeElement?.getAttribute('aria-keyshortcuts'))
  for (const k of ['ArrowUp', 'ArrowDown', 'Home', 'End'])
    if (!told?.split(' ').includes(k))
      problems.push(`view ${key}: table ${table}'s rows do not tell ${k} (aria-keyshortcuts)`)
  await page.keyboard.press('End')
  if (!(await ends()).last)
    problems.push(`view ${key}: End did not reach table ${table}'s last row`)
  await page.keyboard.press('Home')
  if (!(await ends()).first)
    problems.push(`view ${key}: Home did not reach table ${table}'s first row`)
  const rows = await lookAtFocus(page, [], true)
  if (!(await ends()).last)
    problems.push(`view ${key}: the Down arrow did not reach table ${table}'s last row`)
  for (const row of rows) if (row.problem) problems.push(`view ${key}: ${row.what}: ${row.problem}`)
  return { problems, stops: 0, seen: rows.flatMap((row) => (row.id === null ? [] : [row.id])) }
}

/** The view's controls a person can use: enabled, visible, and not a roving tabindex's others. */
async function reachableControls(page: Page): Promise<Map<string, string>> {
  const list = await page.locator('html').evaluate((html) => {
    // The page's own globals (the Node typecheck has no DOM library).
    const document = html.ownerDocument
    const out: [string, string][] = []
    for (const el of document.querySelectorAll('[data-kw]')) {
      if (el.disabled) continue
      if (el.closest('[inert], [aria-hidden="true"]')) continue
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0) continue
      // A composite widget's other items are reached by its arrow keys, not by Tab.
      if (
        el.tabIndex < 0 &&
        el.closest(
          '[role="tablist"], [role="listbox"], [role="grid"], [role="radiogroup"], [role="toolbar"], [role="menu"], [role="application"]',
        )
      )
        continue
      if (el.matches('input[type="radio"]') && !el.checked) continue
      // A container marked only to be scrolled is not a control unless it takes the focus.
      if (!el.matches('button, a, input, select, textarea') && el.tabIndex < 0) continue
      out.push([
        el.dataset.kw ?? '',
        `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
      ])
    }
    return out
  })
  return new Map(list)
}

interface Walk {
  /** What went wrong, as lines to read. */
  problems: string[]
  /** The Tab stops on the way round. */
  stops: number
  /** The controls reached (their data-kw). */
  seen: string[]
}

/** Tab through one view, each table of rows through its one stop and its keys. */
async function walkView(page: Page, key: string): Promise<Walk> {
  // The view's key goes to the page, not to the field the last walk ended in.
  await page.locator('html').evaluate((html) => html.ownerDocument.activeElement?.blur())
  const started = Date.now()
  await showView(page, key)
  await markControls(page)
  const expected = await reachableControls(page)
  const problems: string[] = []
  const seen = new Set<string>()
  const tables = new Set<string>()
  // From the top of the document: the first Tab focuses its first control.
  await page.locator('html').evaluate((html) => html.ownerDocument.activeElement?.blur())
  let first: string | null = null
  let stops = 0
  let leftPage = 0
  for (; stops < MAX_STOPS; stops++) {
    await page.keyboard.press('Tab')
    const [stop] = await lookAtFocus(page)
    if (!stop) break
    // Past the last control the focus leaves the page, then wraps to the first: once round.
    if (stop.id === 'body') {
      if (++leftPage === 2) break
      continue
    }
    if (stop.id !== null && stop.id === first) break // round the page once
    first ??= stop.id
    if (stop.id !== null) seen.add(stop.id)
    if (stop.problem) problems.push(`view ${key}: ${stop.what}: ${stop.problem}`)
    if (stop.rows !== null) {
      if (tables.has(stop.rows))
        problems.push(`view ${key}: a second Tab stop in a table's rows: ${stop.what}`)
      tables.add(stop.rows)
      const rows = await throughRows(page, key, stop.rows)
      problems.push(...rows.problems)
      for (const id of rows.seen) seen.add(id)
    }
  }
  if (process.env.APISCOPE_WALK_TIMES)
    console.log(`walk ${key}: ${stops} stops, ${Date.now() - started} ms`)
  if (stops === MAX_STOPS) problems.push(`view ${key}: more than ${MAX_STOPS} Tab stops`)
  for (const [id, what] of expected)
    if (!seen.has(id)) problems.push(`view ${key}: never reached by Tab or a table's keys: ${what}`)
  return { problems: [...new Set(problems)], stops, seen: [...seen] }
}

/**
 * One view's focus indicators in the theme shown, without walking it by Tab again: the order and
 * the reach do not change with the theme (the walk checked them), the colours do. One Tab for the
 * keyboard's way of showing focus, then every control the walk must reach, focused in the page.
 */
async function lookAtView(page: Page, key: string): Promise<string[]> {
  await page.locator('html').evaluate((html) => html.ownerDocument.activeElement?.blur())
  const started = Date.now()
  await showView(page, key)
  await markControls(page)
  const expected = await reachableControls(page)
  await page.keyboard.press('Tab')
  const stops = await lookAtFocus(page, [...expected.keys()])
  if (process.env.APISCOPE_WALK_TIMES)
    console.log(`look ${key}: ${stops.length} controls, ${Date.now() - started} ms`)
  return [
    ...new Set(stops.filter((s) => s.problem).map((s) => `view ${key}: ${s.what}: ${s.problem}`)),
  ]
}

/**
 * Every view walked by Tab in the dark theme, then each control's focus looked at again in the
 * light theme (switched in place: the page keeps its state): the ring must show on both.
 */
async function walkAll(page: Page): Promise<string[]> {
  const problems: string[] = []
  await switchTheme(page, 'dark')
  for (const key of VIEWS)
    for (const problem of (await walkView(page, key)).problems) problems.push(`dark: ${problem}`)
  await switchTheme(page, 'light')
  for (const key of VIEWS)
    for (const problem of await lookAtView(page, key)) problems.push(`light: ${problem}`)
  return problems
}

/** The dialogs: opened from their button by keyboard, closed by Escape, the focus back on it. */
async function dialogsByKeyboard(page: Page, english: { open: string; help: string }) {
  const opener = page.getByRole('button', { name: english.open, exact: true })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(opener).toBeFocused()
  // The shortcuts overlay, with ?, from a button of the side bar.
  const current = page.locator('nav.side button[aria-current="page"]')
  await current.focus()
  await page.keyboard.press('?')
  await expect(page.getByRole('dialog', { name: english.help })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(current).toBeFocused()
}

test.describe('in a replay of the bundled demo', () => {
  const serve = useDemoServe()

  test('replay: Tab reaches every control of every view, each with a visible focus', async ({
    page,
  }) => {
    test.setTimeout(600_000)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const app = new ApiscopePage(page, serve.url)
    await app.open()
    // Far enough into the recording that the views are full: a lab result, the traffic list.
    await clickMarker(page, /Request lab: a ValidatingAdmissionPolicy refuses/)
    expect(await walkAll(page)).toEqual([])
    // The check itself: a button whose focus does not show, and one outside the Tab order, fail;
    // so do a table of rows that takes two Tab stops, and a row its table's keys do not reach.
    await page.locator('html').evaluate((html) => {
      // The page's own globals (the Node typecheck has no DOM library).
      const document = html.ownerDocument
      const main = document.querySelector('main')
      const row = (name: string, tabindex: number) =>
        `<tr><td><button class="row-open" tabindex="${tabindex}">${name}</button></td></tr>`
      main?.insertAdjacentHTML(
        'afterbegin',
        '<button id="probe-a" style="outline: none">a</button><button id="probe-b" tabindex="-1">b</button><button id="probe-c" style="outline-color: #eef1f4">c</button>' +
          `<table><tbody>${row('r1', 0)}${row('r2', 0)}${row('r3', -1)}</tbody></table>`,
      )
    })
    await switchTheme(page, 'dark')
    expect((await walkView(page, '1')).problems).toEqual(
      expect.arrayContaining([
        'view 1: button "a": looks the same focused and unfocused',
        `view 1: never reached by Tab or a table's keys: button "b"`,
        `view 1: a second Tab stop in a table's rows: button "r2"`,
        expect.stringMatching(/^view 1: End did not reach table \d+'s last row$/),
        expect.stringMatching(
          /^view 1: table \d+'s rows do not tell ArrowDown \(aria-keyshortcuts\)$/,
        ),
        `view 1: never reached by Tab or a table's keys: button "r3"`,
      ]),
    )
    // And the light theme's look: a ring too pale for its background fails.
    await switchTheme(page, 'light')
    expect(await lookAtView(page, '1')).toEqual(
      expect.arrayContaining([
        'view 1: button "a": looks the same focused and unfocused',
        expect.stringMatching(/^view 1: button "c": outline at 1\.\d+:1 against/),
      ]),
    )
  })

  test('replay: the timeline by arrow keys, Escape closes the inspector and the dialogs', async ({
    page,
  }) => {
    const app = new ApiscopePage(page, serve.url)
    await app.open()
    await clickMarker(page, /\/metrics and API Priority/)
    await showView(page, '3')
    const chart = page.getByTestId('timeline-chart')
    const inspector = page.getByTestId('inspector')
    const said = page.getByTestId('timeline-announce')
    await chart.focus()
    await page.keyboard.press('ArrowRight')
    await expect(inspector).toBeVisible()
    await expect(said).not.toHaveText('')
    const firstSaid = await said.textContent()
    // The lane below (the first event's lane may hold only it), and back up.
    await page.keyboard.press('ArrowDown')
    await expect(said).not.toHaveText(firstSaid ?? '')
    const belowSaid = (await said.textContent()) ?? ''
    // Along that lane, when it has a next event, and back.
    await page.keyboard.press('ArrowRight')
    if ((await said.textContent()) !== belowSaid) {
      await page.keyboard.press('ArrowLeft')
      await expect(said).toHaveText(belowSaid)
    }
    await page.keyboard.press('ArrowUp')
    await expect(said).toHaveText(firstSaid ?? '')
    await page.keyboard.press('Escape')
    await expect(inspector).toHaveCount(0)
    // Escape from inside the inspector closes it too, and the focus goes back to the chart.
    await chart.focus()
    await page.keyboard.press('ArrowRight')
    await inspector.getByRole('tab').first().focus()
    await page.keyboard.press('Escape')
    await expect(inspector).toHaveCount(0)
    await expect(chart).toBeFocused()

    await dialogsByKeyboard(page, { open: 'Replay a recording', help: 'Keyboard shortcuts' })
  })

  test('replay: a live-traffic request by keyboard, announced, marked current, focus back on close', async ({
    page,
  }) => {
    const app = new ApiscopePage(page, serve.url)
    await app.open()
    await clickMarker(page, /Request lab: a ValidatingAdmissionPolicy refuses/)
    await showView(page, '7')
    const list = page.getByRole('region', { name: 'Latest requests' })
    const rows = list.locator('tbody tr[data-code]')
    await expect(rows.nth(1)).toBeVisible()
    // Each row is a table row whose first cell holds the request as a button, named by its time,
    // verb, resource, code and client (what a screen reader says when it takes the focus).
    const first = rows.nth(0).getByRole('button')
    const time = ((await first.textContent()) ?? '').trim()
    const verb = ((await rows.nth(0).locator('td').nth(3).textContent()) ?? '').trim()
    await expect(first).toHaveAccessibleName(new RegExp(`^${time}: ${verb} .+, \\d{3}, from .+`))
    // Tab from the filters' last control reaches it; Enter opens the detail and marks it current.
    await page.getByRole('button', { name: 'Clear', exact: true }).focus()
    let tabs = 0
    while (!(await first.evaluate((el) => el === el.ownerDocument.activeElement)) && tabs++ < 40)
      await page.keyboard.press('Tab')
    await expect(first).toBeFocused()
    await page.keyboard.press('Enter')
    const detail = page.getByRole('complementary', { name: 'Request detail' })
    await expect(detail).toBeVisible()
    await expect(first).toHaveAttribute('aria-current', 'true')
    await expect(first).toHaveAttribute('aria-controls', (await detail.getAttribute('id')) ?? '')
    // Down to the next row, Space opens it; the first is no longer current.
    await page.keyboard.press('ArrowDown')
    const second = rows.nth(1).getByRole('button')
    await expect(second).toBeFocused()
    await page.keyboard.press(' ')
    await expect(second).toHaveAttribute('aria-current', 'true')
    await expect(first).not.toHaveAttribute('aria-current', 'true')
    await page.keyboard.press('ArrowUp')
    await expect(first).toBeFocused()
    // One Tab stop: the row last focused.
    await expect(list.locator('button.row-open[tabindex="0"]')).toHaveCount(1)
    await expect(first).toHaveAttribute('tabindex', '0')
    await app.screenshot('traffic-row-focus-dark')
    // Closed from its button, the detail gives the focus back to the row that opened it.
    await detail.getByRole('button', { name: 'Close the detail' }).focus()
    await page.keyboard.press('Enter')
    await expect(detail).toHaveCount(0)
    await expect(second).toBeFocused()
  })

  test('replay: the Requests view and Discovery by keyboard, rows as buttons, focus back on close', async ({
    page,
  }) => {
    const app = new ApiscopePage(page, serve.url)
    await app.open()
    const banner = page.getByRole('region', { name: 'Replay controls' })
    await clickMarker(page, /End of the demo/)

    // Requests: each row's first cell holds it as a button, named by its time, verb, URL, status.
    await showView(page, '4')
    const rows = app.requestLog.locator('tbody tr')
    const first = rows.nth(0).getByRole('button')
    const time = ((await first.textContent()) ?? '').trim()
    expect(time).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/)
    await expect(first).toHaveAccessibleName(
      new RegExp(`^${time.replaceAll('.', '\\.')}: [A-Z]+ /\\S*, \\d{3} `),
    )
    await first.focus()
    await page.keyboard.press('Enter')
    const detail = page.getByRole('region', { name: 'Request detail' })
    await expect(detail).toBeVisible()
    await expect(first).toHaveAttribute('aria-current', 'true')
    await expect(first).toHaveAttribute('aria-controls', (await detail.getAttribute('id')) ?? '')
    // Down to the next row, Space opens it (not the replay's play key); closed, the focus comes back.
    await page.keyboard.press('ArrowDown')
    const second = rows.nth(1).getByRole('button')
    await expect(second).toBeFocused()
    await page.keyboard.press(' ')
    await expect(second).toHaveAttribute('aria-current', 'true')
    await expect(first).not.toHaveAttribute('aria-current', 'true')
    await expect(banner.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
    await detail.getByRole('button', { name: 'Close the detail' }).focus()
    await page.keyboard.press('Enter')
    await expect(detail).toHaveCount(0)
    await expect(second).toBeFocused()
    // The table is one Tab stop (ADR 0020), the row last focused: End, Home and Page Down go from
    // row to row and take the stop along; Tab goes on past the table, Shift+Tab comes back.
    const buttons = app.requestLog.locator('button.row-open')
    await expect(app.requestLog.locator('button.row-open[tabindex="0"]')).toHaveCount(1)
    await expect(second).toHaveAttribute('tabindex', '0')
    await page.keyboard.press('End')
    await expect(buttons.last()).toBeFocused()
    await expect(buttons.last()).toHaveAttribute('tabindex', '0')
    await expect(second).toHaveAttribute('tabindex', '-1')
    await page.keyboard.press('Home')
    await expect(first).toBeFocused()
    await page.keyboard.press('PageDown')
    const paged = await buttons.evaluateAll((all) =>
      all.findIndex((el) => el === el.ownerDocument.activeElement),
    )
    expect(paged).toBeGreaterThan(1)
    await expect(buttons.nth(paged)).toBeInViewport()
    await expect(app.requestLog.locator('button.row-open[tabindex="0"]')).toHaveCount(1)
    await page.keyboard.press('Tab')
    await expect(app.requestLog.locator('button.row-open:focus')).toHaveCount(0)
    await page.keyboard.press('Shift+Tab')
    await expect(buttons.nth(paged)).toBeFocused()
    // A row reached by the keys has its name, what a screen reader says when it takes the focus.
    await expect(buttons.nth(paged)).toHaveAccessibleName(/^\d\d:\d\d:\d\d\.\d{3}: [A-Z]+ /)
    // The focused row, for a person to look at, in each theme (back on it by the keys).
    await switchTheme(page, 'dark')
    await buttons.nth(paged + 1).focus()
    await page.keyboard.press('ArrowUp')
    await expect(buttons.nth(paged)).toBeFocused()
    await app.screenshot('requests-row-focus-dark')
    await switchTheme(page, 'light')
    await buttons.nth(paged + 1).focus()
    await page.keyboard.press('ArrowUp')
    await expect(buttons.nth(paged)).toBeFocused()
    await app.screenshot('requests-row-focus-light')
    await switchTheme(page, 'dark')

    // Discovery: a group is a button that filters the resources table, which it says it controls.
    await showView(page, '2')
    const groups = page.getByRole('complementary', { name: 'Groups' })
    const apps = groups.getByRole('button', { name: /^apps: \d+ resources$/ })
    await apps.focus()
    await page.keyboard.press('Enter')
    await expect(apps).toHaveAttribute('aria-current', 'true')
    await expect(apps).toHaveAttribute('aria-controls', 'discovery-resources')
    const resources = app.resourcesTable.locator('tbody tr')
    await expect(resources.first()).toHaveAttribute('data-resource', /^apps\/v1 /)
    await page.keyboard.press('ArrowUp')
    await expect(apps).not.toBeFocused()
    await page.keyboard.press(' ')
    await expect(apps).not.toHaveAttribute('aria-current', 'true')
    await groups.getByRole('button', { name: /^all groups: / }).focus()
    await page.keyboard.press('Enter')
    // A resource is a button named by its name, kind, version and scope; Enter opens its detail.
    const deployments = app.resourcesTable
      .locator('tr[data-resource="apps/v1 deployments"]')
      .getByRole('button')
    await expect(deployments).toHaveAccessibleName('deployments: Deployment, apps/v1, namespaced')
    await deployments.focus()
    await page.keyboard.press('Enter')
    const resource = page.getByRole('region', { name: 'Details of deployments' })
    await expect(resource).toBeVisible()
    await expect(deployments).toHaveAttribute('aria-current', 'true')
    await expect(deployments).toHaveAttribute(
      'aria-controls',
      (await resource.getAttribute('id')) ?? '',
    )
    await page.keyboard.press('ArrowDown')
    await expect(deployments).not.toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(deployments).toBeFocused()
    // Each of Discovery's two tables is one Tab stop: the group picked, the resource last focused.
    await expect(groups.locator('button.row-open[tabindex="0"]')).toHaveCount(1)
    await expect(groups.getByRole('button', { name: /^all groups: / })).toHaveAttribute(
      'tabindex',
      '0',
    )
    await expect(app.resourcesTable.locator('button.row-open[tabindex="0"]')).toHaveCount(1)
    await expect(deployments).toHaveAttribute('tabindex', '0')
    await app.screenshot('discovery-row-focus-dark')
    await resource.getByRole('button', { name: 'Close details' }).focus()
    await page.keyboard.press('Enter')
    await expect(resource).toHaveCount(0)
    await expect(deployments).toBeFocused()
  })
})

/**
 * `count` GET requests through the kubectl proxy Apiscope runs, with the kubeconfig it wrote for
 * kubectl (its address, its CA, its token), four at a time: each is relayed to the test server and
 * logged as a row of the Requests view.
 */
async function relayThroughProxy(
  kubeconfig: string,
  client: string,
  count: number,
): Promise<number[]> {
  const config = parse(readFileSync(kubeconfig, 'utf8')) as {
    clusters: { cluster: { server: string; 'certificate-authority-data': string } }[]
    users: { user: { token: string } }[]
  }
  const cluster = config.clusters[0]?.cluster
  const token = config.users[0]?.user.token
  if (!cluster || !token) throw new Error(`no cluster or token in ${kubeconfig}`)
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 4,
    ca: Buffer.from(cluster['certificate-authority-data'], 'base64'),
  })
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        new URL(path, cluster.server),
        {
          agent,
          headers: { authorization: `Bearer ${token}`, 'user-agent': client },
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', reject)
      req.end()
    })
  const codes: number[] = []
  try {
    for (let i = 0; i < count; i += 4)
      codes.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(4, count - i) }, () =>
            get('/api/v1/namespaces/default/configmaps?limit=1'),
          ),
        )),
      )
  } finally {
    agent.destroy()
  }
  return codes
}

/** A live walk's start: ten minutes at most, no motion, the app connected to the test server. */
async function openLive(apiscope: ApiscopePage, page: Page): Promise<void> {
  test.setTimeout(600_000)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
}

test('live: the request log filled with real requests is still one Tab stop', async ({
  apiscope,
  page,
}) => {
  await openLive(apiscope, page)
  await switchTheme(page, 'dark')
  // The requests come from outside the page, as kubectl's would: through the kubectl proxy.
  const panel = page.getByTestId('kubectl-proxy-panel')
  await panel.getByRole('button', { name: 'Start', exact: true }).click()
  const line = panel.locator('code', { hasText: 'export KUBECONFIG=' }).first()
  await expect(line).toBeVisible()
  const kubeconfig = (await line.innerText()).trim().replace(/^export KUBECONFIG=/, '')
  try {
    await showView(page, '4')
    const rows = apiscope.requestLog.locator('button.row-open')
    const before = await rows.count()
    const fewer = await walkView(page, '4')
    expect(fewer.problems).toEqual([])
    // Named by their client (the user agent's first word), this run's own: all 400 rows shown.
    const client = `keyboard-walk-${Date.now().toString(36)}`
    const codes = await relayThroughProxy(kubeconfig, client, 400)
    expect(codes.filter((c) => c !== 200)).toEqual([])
    const ours = apiscope.requestLog.locator('tbody tr', {
      has: page.getByTestId('relayed-client').getByText(client, { exact: true }),
    })
    await expect(ours).toHaveCount(400, { timeout: 60_000 })
    // The log keeps 2,000 rows (the core's RequestLog): 400 more, or full.
    const filled = Math.min(2_000, before + 400)
    expect(await rows.count()).toBeGreaterThanOrEqual(filled)
    const more = await walkView(page, '4')
    expect(more.problems).toEqual([])
    // Every row reached (through the one stop and the keys), and not one Tab stop more.
    expect(more.stops).toBe(fewer.stops)
    expect(more.stops).toBeLessThan(filled)
    if (process.env.APISCOPE_WALK_TIMES)
      console.log(`request log: ${before} rows, ${fewer.stops} stops; ${filled}, ${more.stops}`)
  } finally {
    await page.locator('html').evaluate((html) => html.ownerDocument.activeElement?.blur())
    await showView(page, '1')
    await panel.getByRole('button', { name: 'Stop', exact: true }).click()
  }
})

test('live: Tab reaches every control of every view, each with a visible focus', async ({
  apiscope,
  page,
}) => {
  await openLive(apiscope, page)
  expect(await walkAll(page)).toEqual([])
  await dialogsByKeyboard(page, { open: 'Replay a recording', help: 'Keyboard shortcuts' })
})
