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
// instead of two a stop). The rows of live traffic, the Requests view and Discovery by keyboard
// (ADR 0020): each row's button takes the focus, Enter or Space opens its detail, the arrows go to
// the next row, closing it comes back.
import type { Page } from '@playwright/test'
import { switchTheme } from './display-switch'
import { expect, test, useDemoServe } from './fixtures'
import { ApiscopePage } from './pages/apiscope-page'
import { showView } from './view-settled'
import { clickMarker } from './replay-markers'

const VIEWS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const
// The traffic list holds up to 150 rows and the request log up to 2,000 (the core's RequestLog),
// a Tab stop each (its request's button; after a whole e2e run the log is full).
const MAX_STOPS = 2_400

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
}

/**
 * The focused element: which control it is, and what is wrong with how it shows its focus. Given
 * controls (their data-kw), focuses each in turn in the page and looks at it, in one round trip:
 * after a key press the browser shows a programmatic focus as it shows a Tab's (:focus-visible).
 */
async function lookAtFocus(page: Page, focusIds: string[] = []): Promise<Stop[]> {
  return page.locator('html').evaluate((html, ids) => {
    // The page's own globals (the Node typecheck has no DOM library).
    const document = html.ownerDocument
    const window = document.defaultView
    const look = (): Stop => {
      const el = document.activeElement
      if (!el || el === document.body) return { id: 'body', what: 'body', problem: null }
      const what = `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`
      const w = window as unknown as { kwBefore: Map<string, string> }
      const id = el.dataset.kw ?? null
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
        }
      const s = window.getComputedStyle(el)
      const now = `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}|${s.boxShadow}`
      const before = id === null ? null : w.kwBefore.get(id)
      if (before === now) return { id, what, problem: 'looks the same focused and unfocused' }
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2
      if (outline) {
        const offset = parseFloat(s.outlineOffset)
        const back = offset < 0 ? behind(el) : behind(el.parentElement)
        const ratio = contrast(s.outlineColor, back)
        if (ratio < 3)
          return { id, what, problem: `outline at ${ratio.toFixed(2)}:1 against ${back}` }
        return { id, what, problem: null }
      }
      const shadow = s.boxShadow !== 'none' && /(\d+(\.\d+)?)px(?!.*inset)/.test(s.boxShadow)
      if (shadow) return { id, what, problem: null }
      return { id, what, problem: `no focus indicator (${now})` }
    }
    if (ids.length === 0) return [look()]
    return ids.map((id) => {
      document.querySelector(`[data-kw="${id}"]`)?.focus()
      return look()
    })
  }, focusIds)
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

/** Tab through one view; what went wrong comes back, as lines to read. */
async function walkView(page: Page, key: string): Promise<string[]> {
  // The view's key goes to the page, not to the field the last walk ended in.
  await page.locator('html').evaluate((html) => html.ownerDocument.activeElement?.blur())
  const started = Date.now()
  await showView(page, key)
  await markControls(page)
  const expected = await reachableControls(page)
  const problems: string[] = []
  const seen = new Set<string>()
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
  }
  if (process.env.APISCOPE_WALK_TIMES)
    console.log(`walk ${key}: ${stops} stops, ${Date.now() - started} ms`)
  if (stops === MAX_STOPS) problems.push(`view ${key}: more than ${MAX_STOPS} Tab stops`)
  for (const [id, what] of expected)
    if (!seen.has(id)) problems.push(`view ${key}: never focused by Tab: ${what}`)
  return [...new Set(problems)]
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
    for (const problem of await walkView(page, key)) problems.push(`dark: ${problem}`)
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
    // The check itself: a button whose focus does not show, and one outside the Tab order, fail.
    await page.locator('html').evaluate((html) => {
      // The page's own globals (the Node typecheck has no DOM library).
      const document = html.ownerDocument
      const main = document.querySelector('main')
      main?.insertAdjacentHTML(
        'afterbegin',
        '<button id="probe-a" style="outline: none">a</button><button id="probe-b" tabindex="-1">b</button><button id="probe-c" style="outline-color: #eef1f4">c</button>',
      )
    })
    await switchTheme(page, 'dark')
    expect(await walkView(page, '1')).toEqual(
      expect.arrayContaining([
        'view 1: button "a": looks the same focused and unfocused',
        'view 1: never focused by Tab: button "b"',
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
    await resource.getByRole('button', { name: 'Close details' }).focus()
    await page.keyboard.press('Enter')
    await expect(resource).toHaveCount(0)
    await expect(deployments).toBeFocused()
  })
})

test('live: Tab reaches every control of every view, each with a visible focus', async ({
  apiscope,
  page,
}) => {
  test.setTimeout(600_000)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  expect(await walkAll(page)).toEqual([])
  await dialogsByKeyboard(page, { open: 'Replay a recording', help: 'Keyboard shortcuts' })
})
