// A desktop launch (Finder, a .desktop file) inherits a minimal PATH, while minikube, aws,
// gke-gcloud-auth-plugin and kubelogin live where the user's login shell puts them. Exec credential
// plugins need that PATH, so we ask the login shell once and merge its entries in.
import { execFile } from 'node:child_process'
import path from 'node:path'

const MARK = '__APISCOPE_PATH__'

export function mergePathLists(current: string, fromShell: string): string {
  const seen = new Set<string>()
  const out: string[] = []
  for (const entry of [...current.split(path.delimiter), ...fromShell.split(path.delimiter)]) {
    if (entry && !seen.has(entry)) {
      seen.add(entry)
      out.push(entry)
    }
  }
  return out.join(path.delimiter)
}

export function loginShellPath(timeoutMs = 3000): Promise<string | null> {
  if (process.platform === 'win32') return Promise.resolve(null)
  const shell = process.env.SHELL || '/bin/sh'
  return new Promise((resolve) => {
    execFile(
      shell,
      ['-ilc', `printf '%s%s%s' '${MARK}' "$PATH" '${MARK}'`],
      { timeout: timeoutMs, env: { ...process.env, TERM: 'dumb' } },
      (error, stdout) => {
        if (error) return resolve(null)
        const m = new RegExp(`${MARK}(.*)${MARK}`).exec(stdout)
        resolve(m?.[1] ?? null)
      },
    )
  })
}

/** Adds the login shell's PATH entries after the current ones; returns whether anything changed. */
export async function augmentPathFromLoginShell(): Promise<boolean> {
  const fromShell = await loginShellPath()
  if (!fromShell) return false
  const merged = mergePathLists(process.env.PATH ?? '', fromShell)
  const changed = merged !== process.env.PATH
  process.env.PATH = merged
  return changed
}
