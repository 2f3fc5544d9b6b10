// End-to-end tests in Debian's Chromium (Playwright's own browser download is not available here),
// against browser mode connected to the real test control plane.
import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './test/chromium'

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test/artifacts/playwright',
  globalSetup: './test/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // On CI (.ci/run sets CI=true) a failed test runs once more; one that then passes counts as
  // passed but is named "flaky:" at the end of `npm test`, so it is seen and fixed, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 720 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
})
