// `npm start` ends with one signal: SIGINT or SIGTERM sent to the npm process alone stops
// scripts/start.js and the server it started; so do npm killed outright, Ctrl-C (SIGINT to the
// whole group), and scripts/start.js killed outright. Run for real: npm in browser mode (no display) with no cluster at all, so it falls back
// to the bundled demo, in a process group of its own that the test looks through in /proc.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../cluster/control-plane'

interface Proc {
  pid: number
  cmd: string
}

/** Every process of a process group, from /proc (field 5 of /proc/PID/stat is the group). */
function groupOf(pgid: number): Proc[] {
  const out: Proc[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // A zombie has exited; only its parent's wait is left.
      if (Number(fields[2]) !== pgid || fields[0] === 'Z') continue
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim()
      out.push({ pid: Number(entry), cmd })
    } catch {
      // gone meanwhile
    }
  }
  return out
}

let started: ChildProcess | null = null

/** `npm start` as a person types it, with no kubeconfig and no display; resolves on its URL. */
async function npmStart(): Promise<ChildProcess> {
  const home = mkdtempSync(path.join(tmpdir(), 'apiscope-npm-start-'))
  const npm = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    // A group of its own: what it leaves behind can be found, and cleaned up, by that group.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOME: home,
      KUBECONFIG: path.join(home, 'no-kubeconfig'),
      DISPLAY: '',
      WAYLAND_DISPLAY: '',
    },
  })
  started = npm
  let output = ''
  await new Promise<void>((resolve, reject) => {
    // A first run after source changes builds out/ first (electron-vite, up to a minute or two).
    const timer = setTimeout(
      () => reject(new Error(`npm start printed no URL:\n${output}`)),
      240_000,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (/^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/m.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    }
    npm.stdout?.on('data', onData)
    npm.stderr?.on('data', onData)
    npm.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)))
  })
  expect(output).toContain('starting browser mode instead')
  expect(output).toContain('showing the bundled demo')
  return npm
}

async function gone(pgid: number, withinMs: number): Promise<Proc[]> {
  const deadline = Date.now() + withinMs
  let left = groupOf(pgid)
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100))
    left = groupOf(pgid)
  }
  return left
}

afterEach(() => {
  // Whatever the test left of its own group goes, by that group's id.
  const pgid = started?.pid
  if (pgid && groupOf(pgid).length > 0) process.kill(-pgid, 'SIGKILL')
  started = null
})

describe('npm start and signals', () => {
  const cases: { name: string; send: (pgid: number, running: Proc[]) => void }[] = [
    // To npm alone, not to its group: the others hear of it only through npm.
    ...(['SIGINT', 'SIGTERM', 'SIGKILL'] as const).map((signal) => ({
      name: `${signal} to the npm process alone`,
      send: (pgid: number) => process.kill(pgid, signal),
    })),
    // Ctrl-C in a terminal: the whole foreground group gets SIGINT at once.
    { name: 'SIGINT to the whole group (Ctrl-C)', send: (pgid) => process.kill(-pgid, 'SIGINT') },
    // scripts/start.js killed outright: the server hears its IPC channel close.
    {
      name: 'SIGKILL to scripts/start.js',
      send: (_pgid, running) => {
        const start = running.find((p) => /scripts\/start\.js/.test(p.cmd) && !/^sh /.test(p.cmd))
        process.kill(start?.pid ?? -1, 'SIGKILL')
      },
    },
  ]
  for (const c of cases) {
    it(`${c.name} stops start.js and the server`, { timeout: 300_000 }, async () => {
      const npm = await npmStart()
      const pgid = npm.pid as number
      const running = groupOf(pgid)
      expect(running.map((p) => p.cmd).join('\n')).toMatch(/scripts\/start\.js/)
      expect(running.map((p) => p.cmd).join('\n')).toMatch(/bin\/apiscope\.js serve/)
      c.send(pgid, running)
      expect(await gone(pgid, 10_000)).toEqual([])
    })
  }
})
