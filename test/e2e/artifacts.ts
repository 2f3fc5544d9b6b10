import { copyFileSync, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../cluster/control-plane'

/** Screenshots every e2e run saves, for people to look at (CI keeps them as artifacts). */
export const SCREENSHOTS = path.join(REPO_ROOT, 'test/artifacts/screenshots')
mkdirSync(SCREENSHOTS, { recursive: true })

/**
 * Screenshots the README shows live in docs/screenshots; a run refreshes them only when asked
 * (APISCOPE_DOCS_SCREENSHOTS=1), so a test run never leaves the checkout changed.
 */
/** Refreshes docs/screenshots/NAME.png from a run's file when asked and the README shows it. */
export function refreshDocsScreenshot(file: string, name: string): void {
  const docs = path.join(REPO_ROOT, 'docs/screenshots', `${name}.png`)
  if (process.env.APISCOPE_DOCS_SCREENSHOTS === '1' && existsSync(docs)) copyFileSync(file, docs)
}

export async function screenshotForDocs(
  page: { screenshot(name: string): Promise<string> },
  name: string,
): Promise<void> {
  const file = await page.screenshot(name)
  if (process.env.APISCOPE_DOCS_SCREENSHOTS === '1')
    copyFileSync(file, path.join(REPO_ROOT, 'docs/screenshots', `${name}.png`))
}
