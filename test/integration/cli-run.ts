// The `apiscope` command line run as a user runs it (tsx, no build), for the CLI's integration
// tests: to its end (--help, usage errors), or started and read as it prints (record, proxy); and
// the control plane's kubectl run to its end, through the kubeconfig the proxy printed or another.
import { execFile, spawn } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { REPO_ROOT } from '../cluster/control-plane'
import { cluster } from './helpers'

const CLI = path.join(REPO_ROOT, 'src-main/cli/apiscope.ts')
const ARGS = ['--import', 'tsx', CLI]

/** The CLI's environment: `env` as given, with tsx told which tsconfig resolves its paths. */
const withTsx = (env: NodeJS.ProcessEnv) => ({ ...env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' })

/** Runs `apiscope ...args` to its end: its exit code and what it printed. */
export function runCli(
  env: NodeJS.ProcessEnv,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...ARGS, ...args],
      { cwd: REPO_ROOT, env: withTsx(env), encoding: 'utf8' },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** A long-running command (record, proxy), its output as it comes. */
export function startCli(env: NodeJS.ProcessEnv, ...args: string[]) {
  const child = spawn(process.execPath, [...ARGS, ...args], {
    cwd: REPO_ROOT,
    env: withTsx(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const out = { stdout: '', stderr: '' }
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()))
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  return { child, out, exited }
}

/** The control plane's kubectl through `kubeconfig` (the proxy's), with HOME at `home`. */
export const kubectlVia = (kubeconfig: string, home: string, ...args: string[]) =>
  promisify(execFile)(
    path.join(cluster().binDir, 'kubectl'),
    [`--kubeconfig=${kubeconfig}`, ...args],
    { env: { PATH: process.env.PATH ?? '', HOME: home }, encoding: 'utf8' },
  )

/**
 * The control plane's kubectl through `kubeconfig`, with HOME at `home` and `env` added (a system
 * trust store, say), to its end: its exit code and what it printed, a failure included.
 */
export function kubectlRun(
  kubeconfig: string,
  home: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<KubectlRun> {
  return kubectlWith([`--kubeconfig=${kubeconfig}`], home, args, env)
}

export interface KubectlRun {
  code: number
  stdout: string
  stderr: string
}

/**
 * The control plane's kubectl with `kubeconfigArgs` (`--kubeconfig`, and `--context` if any)
 * before `args`, HOME at `home` and `env` added, to its end: its exit code and what it printed
 * (up to 64 MB: an OpenAPI document), a failure included.
 */
export function kubectlWith(
  kubeconfigArgs: string[],
  home: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<KubectlRun> {
  return new Promise((resolve) => {
    execFile(
      path.join(cluster().binDir, 'kubectl'),
      [...kubeconfigArgs, ...args],
      {
        env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}
