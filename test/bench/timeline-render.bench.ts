// Rendering in headless Chromium (Debian's): first draw of 100,000 events, and the frame times of
// a scripted pan and zoom over 1,000,000 events. Builds the page from the renderer's own code.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { REPO_ROOT } from '../cluster/control-plane'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium'

async function bundlePage(): Promise<string> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-bench-page-'))
  await build({
    configFile: false,
    logLevel: 'warn',
    resolve: {
      alias: {
        '@common': path.join(REPO_ROOT, 'src-main/common'),
        '@features': path.join(REPO_ROOT, 'src-main/features'),
      },
    },
    build: {
      outDir,
      emptyOutDir: true,
      lib: {
        entry: path.join(REPO_ROOT, 'test/bench/render/timeline-render-page.ts'),
        formats: ['es'],
        fileName: () => 'page.js',
      },
      minify: true,
    },
  })
  writeFileSync(
    path.join(outDir, 'index.html'),
    '<!doctype html><html><body style="margin:0;background:#0f1720"><script type="module" src="./page.js"></script></body></html>',
  )
  return outDir
}

async function serve(dir: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, req.url === '/' ? 'index.html' : (req.url ?? '').slice(1))
    try {
      const body = readFileSync(file)
      res.writeHead(200, { 'Content-Type': file.endsWith('.js') ? 'text/javascript' : 'text/html' })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => server.close(),
  }
}

export async function runRenderBench(): Promise<Record<string, number | string>> {
  const dir = await bundlePage()
  const site = await serve(dir)
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    await page.goto(site.url)
    await page.waitForFunction(() => 'firstDraw' in globalThis)
    const first = await page.evaluate(() =>
      (
        globalThis as unknown as {
          firstDraw(n: number): Promise<{ ms: number; appendMs: number; drawMs: number }>
        }
      ).firstDraw(100_000),
    )
    await page.reload()
    await page.waitForFunction(() => 'panZoom' in globalThis)
    const pan = await page.evaluate(() =>
      (
        globalThis as unknown as {
          panZoom(
            n: number,
            f: number,
          ): Promise<{
            work: { p95: number; p50: number; max: number }
            interval: { p95: number; p50: number; max: number }
            frames: number
          }>
        }
      ).panZoom(1_000_000, 240),
    )
    return {
      chromium: browser.version(),
      first_draw_100k_ms: Number(first.ms.toFixed(1)),
      first_draw_100k_append_ms: Number(first.appendMs.toFixed(1)),
      first_draw_100k_draw_ms: Number(first.drawMs.toFixed(1)),
      // The frame's own work: compute and draw. Presented intervals cannot go under vsync's 16.7 ms.
      p95_frame_ms_1m: Number(pan.work.p95.toFixed(1)),
      p50_frame_ms_1m: Number(pan.work.p50.toFixed(1)),
      max_frame_ms_1m: Number(pan.work.max.toFixed(1)),
      p95_frame_interval_ms_1m: Number(pan.interval.p95.toFixed(1)),
      frames_1m: pan.frames,
    }
  } finally {
    await browser.close()
    site.close()
  }
}

const result = await runRenderBench()
const out = path.join(REPO_ROOT, 'test/artifacts/bench')
mkdirSync(out, { recursive: true })
writeFileSync(path.join(out, 'timeline-render.json'), JSON.stringify(result, null, 2))
console.log(JSON.stringify(result))
