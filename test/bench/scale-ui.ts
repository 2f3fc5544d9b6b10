// The scale bench's browser part: the real app (`apiscope serve`, the built renderer) in headless
// Chromium (Debian's), watching every ConfigMap of a filled control plane. Measures, in the page:
// the first lane drawn and every object in the lanes after Start watch, the longest task and the
// tasks over 200 ms after the first draw (PerformanceObserver longtask), the p95 presented frame
// interval while scrolling the lanes and zooming the axis (one wheel event a frame), the time from
// typing a filter to its lanes drawn, and from Enter in the filter to the inspector showing the
// object; the page's JS heap after GC with every object in. Saves screenshots of the timeline
// (bands, an opened group, a filter) and the table. BENCH_SCALE_PROFILE=DIR: a CPU profile of the
// page (CDP Profiler, .cpuprofile, opens in Chromium's DevTools) for each step, into DIR.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core'
import { REPO_ROOT, type ClusterInfo } from '../cluster/control-plane'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium'
import { mainThreadTime } from './trace-summary'

// Browser globals used inside page.evaluate: this file compiles without the DOM library.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const document: any
declare const window: any
declare const requestAnimationFrame: (cb: (now: number) => void) => number
declare const WheelEvent: any
declare const KeyboardEvent: any
declare const MessageChannel: any
type HTMLElement = any
type HTMLInputElement = any
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface UiFigures {
  /** From the click on Start watch as the page gets it (its event's timeStamp). */
  first_lane_ms: number
  /** From the click to the first watch frame with events reaching the page (the core's part). */
  first_frame_ms: number
  all_objects_ms: number
  /** From the bench asking Playwright to click to the page getting the click (not in the times). */
  click_ms: number
  longest_task_ms: number
  tasks_over_200ms_after_first_draw: number
  /**
   * While listing (the first draw's task in it), the most thread CPU time any one task of the
   * page's main thread took (its trace): the page's own work in one stretch. A task's wall time
   * beyond it (longest_task_ms) was spent waiting for a core that others held.
   */
  list_longest_task_cpu_ms: number
  p95_frame_scroll_ms: number
  p95_frame_zoom_ms: number
  /**
   * The page's script work per frame (the wheel event, the reactive updates and the canvas drawing
   * it runs, to the microtask after them; not style, layout, paint or the compositor): p95, ms.
   */
  p95_script_scroll_ms: number
  p95_script_zoom_ms: number
  /**
   * The page's main-thread work per frame: from the wheel event to a task posted then, which runs
   * after the frame's script, style, layout, paint and commit (and after any task queued before
   * it): p95, ms. Under 16.7 ms the main thread keeps up with 60 frames a second.
   */
  p95_work_scroll_ms: number
  p95_work_zoom_ms: number
  filter_to_draw_ms: number
  /** From Enter in the filter to the inspector naming the object's event (its heading). */
  inspector_ms: number
  /** To the inspector showing the object itself (its YAML, from the core). */
  inspector_object_ms: number
  /** The page's JS heap after GC with every object in (CDP Runtime.getHeapUsage), MB. */
  heap_mb: number
  /**
   * The page's main-thread CPU time (its top-level tasks' thread time, from a trace of each step):
   * listing every object, a scroll frame and a zoom frame (the mean of the step's frames), the
   * filter, the inspector. The bench's own polling in the page is in them, the same for any build.
   */
  cpu_list_ms: number
  cpu_scroll_per_frame_ms: number
  cpu_zoom_per_frame_ms: number
  cpu_filter_ms: number
  cpu_inspector_ms: number
}

async function serve(kubeconfig: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'bin/apiscope.js'), 'serve', '--no-open', '--port', '0'],
    {
      env: { ...process.env, KUBECONFIG: kubeconfig, HOME: '/nonexistent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /^(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m.exec(output)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.on('exit', (code) => reject(new Error(`apiscope serve exited (${code}):\n${output}`)))
  })
  return { url, stop: () => child.kill('SIGTERM') }
}

/** What DevTools' Performance panel records, with the JavaScript samples. */
const TRACE_CATEGORIES = [
  '-*',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
]

/**
 * With BENCH_SCALE_TRACE=DIR set, `phase` records Chromium's performance trace of the page while
 * `run` runs (DIR/scale-LABEL-PHASE.json, opens in DevTools' Performance panel;
 * trace-summary.ts sums it up); with BENCH_SCALE_PROFILE set, `phase` samples the page's CPU while `run` runs and writes
 * DIR/scale-LABEL-PHASE.cpuprofile; without it, only runs.
 */
function profiler(browser: Browser, page: Page, cdp: CDPSession, label: string) {
  const dir = process.env.BENCH_SCALE_PROFILE
  if (dir) mkdirSync(dir, { recursive: true })
  const traces = process.env.BENCH_SCALE_TRACE
  if (traces) mkdirSync(traces, { recursive: true })
  /** Each step's main-thread time in the page (from its trace's top-level tasks). */
  const spent: Record<string, ReturnType<typeof mainThreadTime>> = {}
  const phase = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    // Always a trace of the page's top-level tasks (cheap): their thread CPU time is the page's
    // work whatever else the machine runs; everything DevTools records with BENCH_SCALE_TRACE.
    await browser.startTracing(page, {
      categories: traces ? TRACE_CATEGORIES : ['-*', 'toplevel'],
      ...(traces ? { path: path.join(traces, `scale-${label}-${name}.json`) } : {}),
    })
    if (dir) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
      await cdp.send('Profiler.start')
    }
    try {
      return await run()
    } finally {
      if (dir) {
        const { profile } = await cdp.send('Profiler.stop')
        writeFileSync(path.join(dir, `scale-${label}-${name}.cpuprofile`), JSON.stringify(profile))
      }
      spent[name] = mainThreadTime(await browser.stopTracing())
    }
  }
  return { phase, spent }
}

/** Wheel events (frames) for the scroll, and for the zoom. */
const FRAMES = 120

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length * 0.95)] ?? 0
}
const r1 = (x: number) => Math.round(x * 10) / 10

/**
 * One wheel event a frame over the plot for `frames` frames: the presented intervals, and each
 * frame's script work (from the event to a microtask queued after it, which runs after the ones
 * the view's updates queued).
 */
async function wheelFrames(
  page: Page,
  frames: number,
  ctrl: boolean,
): Promise<{ intervals: number[]; work: number[]; frame: number[] }> {
  return page.evaluate(
    ({ frames, ctrl }) =>
      new Promise<{ intervals: number[]; work: number[]; frame: number[] }>((resolve) => {
        const plot = document.querySelector('[data-testid="timeline-chart"] .plot') as HTMLElement
        const rect = plot.getBoundingClientRect()
        const out: number[] = []
        const work: number[] = []
        const frame: number[] = []
        // A task posted from the frame's callback runs after the frame's style, layout and paint.
        const after = new MessageChannel()
        after.port1.onmessage = (e: { data: number }) => frame.push(performance.now() - e.data)
        let last = performance.now()
        let n = 0
        const step = (now: number) => {
          out.push(now - last)
          last = now
          const zoomIn = n < frames / 2
          const started = performance.now()
          plot.dispatchEvent(
            new WheelEvent('wheel', {
              deltaY: ctrl ? (zoomIn ? -60 : 60) : 90,
              ctrlKey: ctrl,
              clientX: rect.left + rect.width * 0.6,
              clientY: rect.top + rect.height / 2,
              bubbles: true,
              cancelable: true,
            }),
          )
          queueMicrotask(() => work.push(performance.now() - started))
          after.port2.postMessage(started)
          if (++n < frames) requestAnimationFrame(step)
          else
            requestAnimationFrame(() =>
              setTimeout(() => {
                after.port1.close()
                resolve({ intervals: out.slice(1), work, frame })
              }, 0),
            )
        }
        requestAnimationFrame(step)
      }),
    { frames, ctrl },
  )
}

export async function runScaleUi(
  info: ClusterInfo,
  expected: number,
  shots: string,
  label: string,
): Promise<UiFigures> {
  const app = await serve(info.kubeconfig)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
    await page.addInitScript(() => {
      const w = window as unknown as {
        __tasks: { start: number; duration: number }[]
        __clickAt: number
      }
      w.__tasks = []
      // When the page gets the click on Start watch (Playwright's own checks before it, up to
      // two frames and more under load, are not the page's): the times below start there.
      w.__clickAt = 0
      window.addEventListener(
        'click',
        (e: { target: HTMLElement; timeStamp: number }) => {
          if (!w.__clickAt && e.target?.closest?.('button')?.textContent?.includes('Start watch'))
            w.__clickAt = e.timeStamp
        },
        true,
      )
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          w.__tasks.push({ start: e.startTime, duration: e.duration })
      }).observe({ type: 'longtask' as never, buffered: true })
      // When the first watch frame with events reaches the page (the core's part of the first
      // lane; the rest is the page's): a listener on every WebSocket the page opens.
      type Socket = new (...args: never[]) => {
        addEventListener(type: string, listener: (e: { data: unknown }) => void): void
      }
      const page = window as unknown as { __firstFrame: number; WebSocket: Socket }
      page.__firstFrame = 0
      const Native = page.WebSocket
      page.WebSocket = class extends Native {
        constructor(...args: never[]) {
          super(...args)
          this.addEventListener('message', (e: { data: unknown }) => {
            if (page.__firstFrame || typeof e.data !== 'string') return
            if (e.data.includes('"watch:frame"') && e.data.includes('"events":[{'))
              page.__firstFrame = performance.now()
          })
        }
      }
    })
    await page.goto(app.url)
    await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 60_000 })
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Watches' })
      .click()
    await page.getByLabel('Resource to watch').selectOption('/v1/configmaps')
    await page.getByLabel('all', { exact: true }).check()
    await page.getByLabel('How the watch starts').selectOption({ label: 'list then watch' })
    // Times in the page: from the click to the counts line saying an object, then all of them.
    const cdp = await page.context().newCDPSession(page)
    const { phase, spent } = profiler(browser, page, cdp, label)
    const t0 = await page.evaluate(() => performance.now())
    await page.getByRole('button', { name: 'Start watch' }).click()
    const times = await phase('list', () =>
      page.evaluate(
        (expected) =>
          new Promise<{ first: number; all: number }>((resolve) => {
            let first = 0
            const started = performance.now()
            const read = () => {
              if (performance.now() - started > 180_000) return resolve({ first, all: -1 })
              const text = document.querySelector('.counts')?.textContent ?? ''
              const m = /([\d,]+) objects/.exec(text)
              const n = m ? Number(m[1]?.replace(/,/g, '')) : 0
              const now = performance.now()
              if (n > 0 && !first) first = now
              if (n >= expected) resolve({ first, all: now })
              else requestAnimationFrame(read)
            }
            requestAnimationFrame(read)
          }),
        expected,
      ),
    )
    const tasks = await page.evaluate(
      () => (window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks,
    )
    const firstFrame = await page.evaluate(
      () => (window as unknown as { __firstFrame: number }).__firstFrame,
    )
    const clickAt =
      (await page.evaluate(() => (window as unknown as { __clickAt: number }).__clickAt)) || t0
    const longest = Math.max(0, ...tasks.filter((t) => t.start >= t0).map((t) => t.duration))
    const over200 = tasks.filter((t) => t.start >= times.first && t.duration > 200).length
    await page.waitForTimeout(500)
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = await cdp.send('Runtime.getHeapUsage')
    await page.screenshot({ path: path.join(shots, `scale-${label}-timeline-bands.png`) })

    const scroll = await phase('scroll', () => wheelFrames(page, FRAMES, false))
    const zoom = await phase('zoom', () => wheelFrames(page, FRAMES, true))
    await page.getByRole('button', { name: 'Fit' }).click()

    // Open one group lane by lane, then fold it back.
    const band = page.getByRole('button', { name: /objects · density/ }).first()
    await band.click()
    await page.waitForTimeout(300)
    await page.screenshot({ path: path.join(shots, `scale-${label}-timeline-group-open.png`) })
    await page.getByRole('button', { name: 'fold', exact: true }).first().click()

    // A filter: from the input event to the frame after the matching lane is in the labels.
    // cm-k lives in scale-(k % 100): one of the fill's, a third of the way in.
    const name = `scale-42/cm-${42 + 100 * Math.floor(expected / 300)}`
    const filterMs = await phase('filter', () =>
      page.evaluate(
        (name) =>
          new Promise<number>((resolve) => {
            const input = document.querySelector(
              '[data-testid="timeline-filter"]',
            ) as HTMLInputElement
            const started = performance.now()
            input.value = name
            input.dispatchEvent(new Event('input', { bubbles: true }))
            const leaf = name.split('/')[1] as string
            const check = () => {
              if (performance.now() - started > 30_000) return resolve(-1)
              const labels = [
                ...document.querySelectorAll('[data-testid="timeline-chart"] .label .name'),
              ]
              if (labels.some((l) => l.textContent?.trim() === leaf))
                requestAnimationFrame(() => resolve(performance.now() - started))
              else requestAnimationFrame(check)
            }
            requestAnimationFrame(check)
          }),
        name,
      ),
    )
    await page.screenshot({ path: path.join(shots, `scale-${label}-timeline-filter.png`) })
    // Enter opens the first match in the inspector.
    // Two times: the inspector naming the object's LISTED event, then showing the object itself
    // (its YAML, which the core sends).
    const inspector = await phase('inspector', () =>
      page.evaluate(
        (leaf) =>
          new Promise<{ named: number; object: number }>((resolve) => {
            const input = document.querySelector(
              '[data-testid="timeline-filter"]',
            ) as HTMLInputElement
            const started = performance.now()
            // Each at the frame after the one that first showed it, as the other times.
            const at = { named: 0, object: 0 }
            const seen = { named: false, object: false }
            const mark = (what: 'named' | 'object') => {
              seen[what] = true
              requestAnimationFrame(() => {
                at[what] = performance.now() - started
                if (at.named && at.object) resolve(at)
              })
            }
            input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
            const check = () => {
              if (performance.now() - started > 30_000) return resolve({ named: -1, object: -1 })
              const el = document.querySelector('[data-testid="inspector"]')
              const head = el?.querySelector('header')?.textContent ?? ''
              if (!seen.named && head.includes(leaf) && head.includes('LISTED')) mark('named')
              const code = el?.querySelector('pre.code')?.textContent ?? ''
              if (!seen.object && code.includes(`name: ${leaf}`)) mark('object')
              if (!seen.named || !seen.object) requestAnimationFrame(check)
            }
            requestAnimationFrame(check)
          }),
        name.split('/')[1] as string,
      ),
    )
    await page.waitForTimeout(300)
    await page.screenshot({ path: path.join(shots, `scale-${label}-timeline-inspector.png`) })
    await page.getByRole('tab', { name: 'Table' }).click()
    await page.waitForTimeout(500)
    await page.screenshot({ path: path.join(shots, `scale-${label}-table-inspector.png`) })
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    await page.waitForTimeout(300)
    await page.screenshot({ path: path.join(shots, `scale-${label}-watches.png`) })
    // The light theme too, switched as a person does (the shortcuts overlay): the same views.
    // `?` goes to the page, not to the filter that may still hold the focus.
    await page.evaluate(() => document.activeElement?.blur())
    await page.locator('body').press('?')
    await page.getByRole('radio', { name: 'Light' }).check()
    await page.keyboard.press('Escape')
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' })
    await page.waitForTimeout(300)
    await page.screenshot({ path: path.join(shots, `scale-${label}-watches-light.png`) })
    await page.getByRole('tab', { name: 'Table' }).click()
    await page.waitForTimeout(500)
    await page.screenshot({ path: path.join(shots, `scale-${label}-table-inspector-light.png`) })
    // The bands again, the filter cleared, the inspector still open.
    await page.getByRole('tab', { name: 'Timeline' }).click()
    await page.locator('[data-testid="timeline-filter"]').fill('')
    await page.waitForTimeout(500)
    await page.screenshot({ path: path.join(shots, `scale-${label}-timeline-bands-light.png`) })
    return {
      first_lane_ms: Math.round(times.first - clickAt),
      first_frame_ms: Math.round(firstFrame - clickAt),
      all_objects_ms: Math.round(times.all - clickAt),
      click_ms: Math.round(clickAt - t0),
      longest_task_ms: Math.round(longest),
      tasks_over_200ms_after_first_draw: over200,
      list_longest_task_cpu_ms: Math.round(spent.list?.longestTaskCpuMs ?? -1),
      p95_frame_scroll_ms: r1(p95(scroll.intervals)),
      p95_frame_zoom_ms: r1(p95(zoom.intervals)),
      p95_script_scroll_ms: r1(p95(scroll.work)),
      p95_script_zoom_ms: r1(p95(zoom.work)),
      p95_work_scroll_ms: r1(p95(scroll.frame)),
      p95_work_zoom_ms: r1(p95(zoom.frame)),
      filter_to_draw_ms: Math.round(filterMs),
      inspector_ms: Math.round(inspector.named),
      inspector_object_ms: Math.round(inspector.object),
      heap_mb: r1(heap.usedSize / 2 ** 20),
      cpu_list_ms: Math.round(spent.list?.cpuMs ?? -1),
      cpu_scroll_per_frame_ms: r1((spent.scroll?.cpuMs ?? -1) / FRAMES),
      cpu_zoom_per_frame_ms: r1((spent.zoom?.cpuMs ?? -1) / FRAMES),
      cpu_filter_ms: Math.round(spent.filter?.cpuMs ?? -1),
      cpu_inspector_ms: Math.round(spent.inspector?.cpuMs ?? -1),
    }
  } finally {
    await browser.close()
    app.stop()
  }
}
