// Regenerates the app icons from build/icon.svg: build/icon.png (1024, electron-builder derives the
// macOS icns from it), build/icon.ico (Windows), resources/icon.png (the window icon). Renders the
// SVG with Chromium for fidelity, then ImageMagick for the .ico sizes.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const svg = readFileSync(path.join(root, 'build/icon.svg'), 'utf8')
const browser = await chromium.launch({
  executablePath: process.env.APISCOPE_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } })
await page.setContent(
  `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', '<svg width="1024" height="1024" ')}</body></html>`,
)
await page.screenshot({ path: path.join(root, 'build/icon.png'), omitBackground: true })
await browser.close()
execFileSync('convert', [
  path.join(root, 'build/icon.png'),
  '-resize',
  '512x512',
  path.join(root, 'resources/icon.png'),
])
execFileSync('convert', [
  path.join(root, 'build/icon.png'),
  '-define',
  'icon:auto-resize=256,128,64,48,32,16',
  path.join(root, 'build/icon.ico'),
])
console.log('icons written: build/icon.png, build/icon.ico, resources/icon.png')
