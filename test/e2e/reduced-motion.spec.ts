// prefers-reduced-motion: reduce stops every motion: on every view, once it settled, no CSS
// animation or transition is running (document.getAnimations() is empty) and no element has a
// transition or an animation that lasts longer than 0.01 s, nor smooth scrolling.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { LabPage } from './pages/lab-page'
import { showView } from './view-settled'

const VIEWS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const

/** What still moves on the page: running animations, and elements that would animate. */
async function motion(page: Page): Promise<string[]> {
  return page.locator('html').evaluate((html) => {
    // The page's own globals (the Node typecheck has no DOM library).
    const document = html.ownerDocument
    const window = document.defaultView
    const seconds = (list: string) =>
      Math.max(
        ...list
          .split(',')
          .map((d) => (d.trim().endsWith('ms') ? parseFloat(d) / 1000 : parseFloat(d))),
      )
    const found: string[] = []
    for (const a of document.getAnimations()) {
      const target = a.effect?.target
      found.push(
        `running: ${a.constructor.name} on ${target?.tagName ?? '?'}.${target?.className ?? ''}`,
      )
    }
    for (const el of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const s = window.getComputedStyle(el, pseudo)
        const what = `${el.tagName.toLowerCase()}.${String(el.className)}${pseudo ?? ''}`
        if (s.transitionProperty !== 'none' && seconds(s.transitionDuration) > 0.01)
          found.push(`transition ${s.transitionDuration}: ${what}`)
        if (s.animationName !== 'none' && seconds(s.animationDuration) > 0.01)
          found.push(`animation ${s.animationName}: ${what}`)
        if (pseudo === null && s.scrollBehavior === 'smooth') found.push(`smooth scroll: ${what}`)
      }
    }
    // Whole: without the preference the lab's stage path may have more than 20 transitions
    // running, and the probe's entries come last (on 1.20 they were cut off).
    return found
  })
}

test('reduced motion: no view animates, transitions or scrolls smoothly', async ({
  apiscope,
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  expect(await motion(page), 'connected, before any view').toEqual([])
  for (const key of VIEWS) {
    await showView(page, key)
    expect(await motion(page), `view ${key}`).toEqual([])
  }
  // A lab request (refused, it writes nothing) travels its stage path at once, without motion.
  const lab = new LabPage(page)
  await lab.open()
  await lab.namespace.fill('default')
  await lab.preset('anonymous-list')
  await lab.send.click()
  await expect(lab.stagePath).toHaveAttribute('data-settled', 'true', { timeout: 1000 })
  expect(await motion(page), 'a lab result').toEqual([])

  // The rule and the check themselves: an element that animates and transitions, added to the
  // page, is still under reduced motion, and moves (the check sees it) without the preference.
  await page.locator('html').evaluate((html) => {
    // The page's own globals (the Node typecheck has no DOM library).
    const document = html.ownerDocument
    const probe = document.createElement('div')
    probe.id = 'motion-probe'
    probe.style.cssText = 'transition: opacity 1s; scroll-behavior: smooth; opacity: 0.5'
    probe.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 0 }) // finished at once
    document.body.append(probe)
  })
  expect(await motion(page), 'the probe, reduced').toEqual([])
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  expect(await motion(page)).toEqual(
    expect.arrayContaining(['transition 1s: div.', 'smooth scroll: div.']),
  )
})
