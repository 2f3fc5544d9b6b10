// The desktop app itself, where an Electron binary exists. Here (no network to fetch it) the test
// is reported as skipped, with the reason.
import path from 'node:path'
import { _electron as electron } from '@playwright/test'
import { REPO_ROOT } from '../cluster/control-plane'
import { SCREENSHOTS } from './artifacts'
import { expect, test } from './fixtures'
// @ts-expect-error plain JS helper shared with scripts/start.js
import { findElectron, hasDisplay } from '../../scripts/electron-binary.js'

const found = findElectron(REPO_ROOT) as { path: string | null; reason?: string }

test('the Electron window opens sandboxed, connects and shows identity', async ({ cluster }) => {
  test.skip(!found.path, `Electron binary absent: ${found.reason ?? ''}`)
  test.skip(!hasDisplay(), 'no display for an Electron window (DISPLAY is unset)')
  const app = await electron.launch({
    executablePath: found.path as string,
    args: [REPO_ROOT, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    env: { ...process.env, KUBECONFIG: cluster.kubeconfig },
  })
  try {
    const window = await app.firstWindow()
    await expect(window.getByRole('status')).toContainText('Connected')
    await expect(window.getByTestId('username')).toHaveText('minikube-user')
    // The renderer has no Node: the preload exposes only the contract's functions.
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
      'undefined',
    )
    expect(
      await window.evaluate(() =>
        Object.keys((window as unknown as { apiscope: object }).apiscope).sort(),
      ),
    ).toContain('connect')
    await window.screenshot({ path: path.join(SCREENSHOTS, 'electron-window.png') })
  } finally {
    await app.close()
  }
})
