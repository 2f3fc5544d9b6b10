// Fixtures: a running `apiscope serve` (the real CLI, browser mode) with a kubeconfig of our
// choosing, and the page object that drives it.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { test as base } from '@playwright/test'
import { readClusterInfo, REPO_ROOT, type ClusterInfo } from '../cluster/control-plane'
import { ApiscopePage } from './pages/apiscope-page'

export interface ServeHandle {
  url: string
  origin: string
  token: string
  stop(): Promise<void>
}

export async function startServe(
  env: Record<string, string>,
  args: string[] = [],
): Promise<ServeHandle> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'bin/apiscope.js'), 'serve', '--no-open', '--port', '0', ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`apiscope serve printed no URL in 90 s:\n${output}`)),
      // A guard against a serve that never starts, not a timing: on a loaded 2-core machine its
      // start (build-time imports, the first connection) has taken over 30 s.
      90_000,
    )
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
  const parsed = new URL(url)
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

export const test = base.extend<
  { apiscope: ApiscopePage },
  { cluster: ClusterInfo; serve: ServeHandle }
>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured first argument
    async ({}, use) => {
      const state = process.env.APISCOPE_CLUSTER_STATE
      if (!state) throw new Error('no control plane: global setup did not run')
      await use(readClusterInfo(state))
    },
    { scope: 'worker' },
  ],
  serve: [
    async ({ cluster }, use) => {
      const handle = await startServe({ KUBECONFIG: cluster.kubeconfig, HOME: '/nonexistent' })
      await use(handle)
      await handle.stop()
    },
    { scope: 'worker' },
  ],
  apiscope: async ({ page, serve }, use, testInfo) => {
    // What the page threw goes with the test's report, and to the output when the test failed.
    const thrown: string[] = []
    page.on('pageerror', (e) => thrown.push(e.stack ?? e.message))
    await use(new ApiscopePage(page, serve.url))
    if (thrown.length === 0) return
    await testInfo.attach('page errors', { body: thrown.join('\n\n'), contentType: 'text/plain' })
    if (testInfo.status !== testInfo.expectedStatus)
      console.error(`[${testInfo.title}] the page threw:\n${thrown.join('\n\n')}`)
  },
})

/**
 * `apiscope serve --demo-if-no-cluster` with no kubeconfig at all, so the bundled demo opens as a
 * replay: started before the tests of the file (or describe block) that calls this, stopped after
 * them. Read `url` (and the rest) inside a test, once the server has started.
 */
export function useDemoServe(): ServeHandle {
  let handle: ServeHandle | undefined
  test.beforeAll(async () => {
    handle = await startServe({ KUBECONFIG: '/nonexistent/kubeconfig', HOME: '/nonexistent' }, [
      '--demo-if-no-cluster',
    ])
  })
  test.afterAll(async () => handle?.stop())
  const started = (): ServeHandle => {
    if (!handle) throw new Error('the demo server is read before its beforeAll started it')
    return handle
  }
  return {
    get url() {
      return started().url
    },
    get origin() {
      return started().origin
    },
    get token() {
      return started().token
    },
    stop: () => started().stop(),
  }
}

export { expect } from '@playwright/test'
