// The real kubectl of the test control plane's own release, as the admin context: how e2e tests
// set up and check what the page shows. Throws on a non-zero exit (stderr in the error).
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { ADMIN_CONTEXT, type ClusterInfo } from '../cluster/control-plane'

/** kubectl with stdin fed from `input` (a manifest for `apply -f -`), or none. */
export function kubectlWithInput(
  cluster: ClusterInfo,
  input: string | null,
  ...args: string[]
): string {
  return execFileSync(
    path.join(cluster.binDir, 'kubectl'),
    [`--kubeconfig=${cluster.kubeconfig}`, `--context=${ADMIN_CONTEXT}`, ...args],
    // stderr captured too: an expected NotFound should not clutter the test output.
    {
      encoding: 'utf8',
      stdio: [input === null ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(input !== null ? { input } : {}),
    },
  )
}

export function kubectl(cluster: ClusterInfo, ...args: string[]): string {
  return kubectlWithInput(cluster, null, ...args)
}
