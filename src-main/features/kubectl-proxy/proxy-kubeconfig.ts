// The kubeconfig Apiscope writes for kubectl: one context pointing at the proxy's loopback address,
// trusting the proxy's per-launch CA, with the proxy's per-launch bearer token. Never the user's
// kubeconfig, never the user's credentials: those stay in the main process. The file lives in a
// folder of its own (0700), is written 0600, and goes with its folder when the proxy stops.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { stringify } from 'yaml'

export interface ProxyKubeconfigInput {
  address: string
  caCert: string
  token: string
  /** The context relayed to: the written context is named after it. */
  context: string
  namespace: string
}

export interface WrittenKubeconfig {
  path: string
  contextName: string
  remove(): void
}

/** "kind-demo-via-apiscope": a context name kubectl accepts, telling where it goes. */
export function proxyContextName(context: string): string {
  return `${context}-via-apiscope`
}

export function proxyKubeconfigText(input: ProxyKubeconfigInput): string {
  const name = proxyContextName(input.context)
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    preferences: {},
    clusters: [
      {
        name,
        cluster: {
          server: input.address,
          'certificate-authority-data': Buffer.from(input.caCert).toString('base64'),
        },
      },
    ],
    users: [{ name: 'apiscope-proxy', user: { token: input.token } }],
    contexts: [
      { name, context: { cluster: name, user: 'apiscope-proxy', namespace: input.namespace } },
    ],
    'current-context': name,
  })
}

export function writeProxyKubeconfig(
  input: ProxyKubeconfigInput,
  base = os.tmpdir(),
): WrittenKubeconfig {
  const dir = mkdtempSync(path.join(base, 'apiscope-kubectl-'))
  chmodSync(dir, 0o700)
  const file = path.join(dir, 'kubeconfig')
  writeFileSync(file, proxyKubeconfigText(input), { mode: 0o600, flag: 'wx' })
  // The mode given to open is masked by the umask; set it again to be sure of it.
  chmodSync(file, 0o600)
  let removed = false
  return {
    path: file,
    contextName: proxyContextName(input.context),
    remove: () => {
      if (removed) return
      removed = true
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The one line to paste: `export KUBECONFIG=...` in a POSIX shell, its PowerShell form on Windows. */
export function pasteLine(file: string, platform = process.platform): string {
  if (platform === 'win32') return `$env:KUBECONFIG = '${file.replace(/'/g, "''")}'`
  return `export KUBECONFIG=${shellWord(file)}`
}

export function flagLine(file: string, platform = process.platform): string {
  return platform === 'win32'
    ? `kubectl --kubeconfig '${file.replace(/'/g, "''")}'`
    : `kubectl --kubeconfig ${shellWord(file)}`
}

function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:@%+=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}
