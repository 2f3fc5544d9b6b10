// The command line as people expect it (#15, #17): `apiscope <command> --help` prints that
// command's usage and exits 0, an unknown option is named with the usage and exits 2, and the
// exit codes are in --help; `apiscope proxy` prints the line to paste and each request kubectl
// sends through it until interrupted, and `apiscope record --proxy` records a kubectl session.
// Run as a user runs them (tsx, no build), against the real server with its own kubectl.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseRecording } from '../../src-main/features/recording/reader'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { kubectlVia as kubectlThrough, runCli, startCli } from './cli-run'
import { cluster, createNamespace, kubectl, onOldest, waitUntil } from './helpers'

const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-cli-'))
const env = () => ({ ...process.env, KUBECONFIG: cluster().kubeconfig })
const apiscope = (...args: string[]) => runCli(env(), ...args)
/** A long-running command, its output as it comes. */
const started = (...args: string[]) => startCli(env(), ...args)
const kubectlVia = (kubeconfig: string, ...args: string[]) =>
  kubectlThrough(kubeconfig, dir, ...args)

describe('apiscope <command> --help and usage errors', () => {
  it('prints each command’s usage with the exit codes, and exits 0', async () => {
    for (const command of ['serve', 'record', 'proxy']) {
      const r = await apiscope(command, '--help')
      expect(r.code, command).toBe(0)
      expect(r.stdout).toContain(`apiscope ${command}`)
      expect(r.stdout).toContain('Exit codes:')
      expect(r.stdout).toContain('2  usage error')
    }
    const all = await apiscope('--help')
    expect(all.code).toBe(0)
    expect(all.stdout).toContain('apiscope proxy')
    expect(all.stdout).toContain('Exit codes:')
  }, 60_000)

  it('prints a command’s usage for `apiscope help <command>`, as git and kubectl read it', async () => {
    const topic = await apiscope('help', 'record')
    expect(topic.code).toBe(0)
    expect(topic.stdout).toBe((await apiscope('record', '--help')).stdout)
    const noTopic = await apiscope('help', 'proxi')
    expect(noTopic.code).toBe(2)
    expect(noTopic.stderr).toContain('unknown command "proxi"')
  }, 60_000)

  it('names an unknown option, prints the usage and exits 2', async () => {
    const r = await apiscope('record', '--outt', 'x.ndjson')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("apiscope record: unknown option '--outt'")
    expect(r.stderr).toContain('apiscope record --out FILE')
    const missing = await apiscope('record')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--out FILE is required')
    const unknown = await apiscope('proxi')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('unknown command "proxi"')
  }, 60_000)

  it('names an option given before any command as an option, with the usage', async () => {
    const leading = await apiscope('--port', '80')
    expect(leading.code).toBe(2)
    expect(leading.stderr).toContain("apiscope: unknown option '--port'")
    expect(leading.stderr).toContain('Exit codes:')
  }, 60_000)
})

describe('apiscope proxy', () => {
  it('prints the line, then each request kubectl sends, until interrupted', async () => {
    const p = started('proxy', '--context', ADMIN_CONTEXT)
    try {
      const line = await waitUntil('the line to paste', 30_000, () =>
        /^export KUBECONFIG=(\S+)$/m.exec(p.out.stdout),
      )
      const file = line[1] as string
      const { stdout } = await kubectlVia(file, 'get', 'namespace', 'default', '-o', 'name')
      expect(stdout.trim()).toBe('namespace/default')
      await waitUntil('the relayed request on stderr', 10_000, () =>
        p.out.stderr.includes(`/api/v1/namespaces/default 200 OK in`),
      )
      // kubectl 1.20 sends no Kubectl-Command header: the line names the client alone there.
      expect(p.out.stderr).toMatch(
        onOldest() ? /\(kubectl\/v1\.20\.\d+\)/ : /\(kubectl\/v1\.\d+\.\d+ · kubectl get\)/,
      )
      p.child.kill('SIGINT')
      expect(await p.exited).toBe(0)
      expect(existsSync(file)).toBe(false)
    } finally {
      p.child.kill('SIGKILL')
    }
  }, 60_000)
})

describe('apiscope record --proxy', () => {
  it('records the kubectl commands run through its proxy', async () => {
    const ns = createNamespace('reckproxy')
    const out = path.join(dir, 'kubectl-session.ndjson')
    const p = started(
      'record',
      '--context',
      ADMIN_CONTEXT,
      '--namespace',
      ns,
      '--out',
      out,
      '--proxy',
    )
    try {
      const line = await waitUntil('the line to paste', 30_000, () =>
        /^export KUBECONFIG=(\S+)$/m.exec(p.out.stdout),
      )
      await waitUntil('the recorder to start', 30_000, () => p.out.stderr.includes('Ctrl-C stops'))
      await kubectlVia(line[1] as string, '-n', ns, 'create', 'configmap', 'seance')
      await kubectlVia(line[1] as string, '-n', ns, 'get', 'configmaps')
      await new Promise((r) => setTimeout(r, 500))
      p.child.kill('SIGINT')
      expect(await p.exited).toBe(0)
      expect(existsSync(line[1] as string)).toBe(false)
      const recording = parseRecording(readFileSync(out))
      expect(recording.ok).toBe(true)
      const text = readFileSync(out, 'utf8')
      expect(text).toContain(`/api/v1/namespaces/${ns}/configmaps?limit=500`)
      expect(text).toMatch(/"relayed":\{"client":"kubectl\/v1\.\d+\.\d+"/)
      expect(text).toContain('traffic:batch')
    } finally {
      p.child.kill('SIGKILL')
      kubectl('delete', 'namespace', ns, '--wait=false')
    }
  }, 90_000)
})
