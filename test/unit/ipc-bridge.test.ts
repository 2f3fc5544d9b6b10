// The IPC bridge's sender check, with Electron's ipcMain replaced by a recorder (no Electron
// binary here). The core behind it is the real one.
import { describe, expect, it, vi } from 'vitest'

const handlers = new Map<string, (event: unknown, payload: unknown) => unknown>()
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, payload: unknown) => unknown) =>
      handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}))

const { installIpcBridge } = await import('../../src-main/electron-main/ipc-bridge')
const { ApiscopeCore } = await import('../../src-main/assembly/apiscope-core')

function setup() {
  const mainFrame = { url: 'apiscope://app/index.html' }
  const sent: [string, unknown][] = []
  const win = {
    isDestroyed: () => false,
    webContents: {
      mainFrame,
      send: (channel: string, payload: unknown) => sent.push([channel, payload]),
    },
  }
  const core = new ApiscopeCore({
    host: 'electron',
    version: 't',
    env: { KUBECONFIG: '/nonexistent' },
    home: '/nonexistent',
  })
  const uninstall = installIpcBridge(core, () => win as never, 'apiscope://app')
  return { core, mainFrame, sent, uninstall }
}

describe('IPC bridge', () => {
  it('answers our window’s main frame, loaded from our scheme', async () => {
    const { mainFrame, uninstall } = setup()
    const res = (await handlers.get('app:info')?.({ senderFrame: mainFrame }, {})) as {
      ok: boolean
      value: { host: string }
    }
    expect(res).toMatchObject({ ok: true, value: { host: 'electron' } })
    uninstall()
    expect(handlers.size).toBe(0)
  })

  it('refuses a sub-frame, another origin, or a missing frame', async () => {
    const { mainFrame, uninstall } = setup()
    const other = { url: 'apiscope://app/index.html' }
    for (const senderFrame of [other, null]) {
      const res = (await handlers.get('app:info')?.({ senderFrame }, {})) as {
        ok: boolean
        error: { title: string }
      }
      expect(res.ok).toBe(false)
      expect(res.error.title).toContain('untrusted frame')
    }
    mainFrame.url = 'https://evil.example/'
    expect(
      ((await handlers.get('app:info')?.({ senderFrame: mainFrame }, {})) as { ok: boolean }).ok,
    ).toBe(false)
    uninstall()
  })

  it('parses payloads: a malformed one is refused by the core, not thrown', async () => {
    const { mainFrame, uninstall } = setup()
    const res = (await handlers.get('kube:connect')?.(
      { senderFrame: mainFrame },
      { context: 42 },
    )) as { ok: boolean; error: { kind: string } }
    expect(res).toMatchObject({ ok: false, error: { kind: 'bad-request' } })
    uninstall()
  })

  it('forwards core events to the window', async () => {
    const { core, mainFrame, sent, uninstall } = setup()
    await handlers.get('kube:connect')?.({ senderFrame: mainFrame }, {})
    expect(sent.some(([channel]) => channel === 'kube:session')).toBe(true)
    core.close()
    uninstall()
  })
})
