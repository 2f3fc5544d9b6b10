// The command line speaks the language of its environment (#15): LANG=fr_FR.UTF-8 prints the usage
// and the usage errors in French, LC_ALL=C wins over it, and the exit codes stay the same. Run as
// a user runs it (tsx, no build); no cluster is needed for --help and usage errors.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../cluster/control-plane'

const CLI = path.join(REPO_ROOT, 'src-main/cli/apiscope.ts')

function apiscope(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          LC_ALL: '',
          LC_MESSAGES: '',
          LANGUAGE: '',
          ...env,
          TSX_TSCONFIG_PATH: 'tsconfig.node.json',
        },
        encoding: 'utf8',
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

describe('the CLI in French', () => {
  it('prints --help in French when LANG is French, with the same exit codes', async () => {
    const r = await apiscope({ LANG: 'fr_FR.UTF-8' }, '--help')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('rend visible le serveur d’API de Kubernetes')
    expect(r.stdout).toContain('Codes de sortie :')
    expect(r.stdout).toContain('apiscope record --out FICHIER')
    expect(r.stdout).not.toContain('Exit codes')
  })
  it('names an unknown option in French and exits 2', async () => {
    const r = await apiscope({ LANG: 'fr_FR.UTF-8' }, 'record', '--outt', 'x')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('apiscope record: option inconnue « --outt »')
    expect(r.stderr).toContain('Usage :')
  })
  it('speaks English when LC_ALL says C, whatever LANG says', async () => {
    const r = await apiscope({ LANG: 'fr_FR.UTF-8', LC_ALL: 'C' }, 'proxy', '--help')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('relays kubectl to the context')
    expect(r.stdout).toContain('Exit codes:')
  })
})
