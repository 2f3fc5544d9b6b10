// The test control plane's admin, straight over HTTPS: its CA and the admin's client certificate
// from the cluster's pki directory (test/cluster/control-plane.ts writes them), for tests and
// benches that talk to kube-apiserver without a kubeconfig or a client.
import { readFileSync } from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import type { ClusterInfo } from './control-plane'

/** The cluster's CA and the admin's certificate and key. */
export function adminTls(cluster: Pick<ClusterInfo, 'dir'>): {
  ca: Buffer
  cert: Buffer
  key: Buffer
} {
  const pki = path.join(cluster.dir, 'pki')
  return {
    ca: readFileSync(path.join(pki, 'ca.crt')),
    cert: readFileSync(path.join(pki, 'admin.crt')),
    key: readFileSync(path.join(pki, 'admin.key')),
  }
}

/** A keep-alive agent to the API server as the admin, at most `maxSockets` connections. */
export function adminAgent(cluster: Pick<ClusterInfo, 'dir'>, maxSockets: number): https.Agent {
  return new https.Agent({ ...adminTls(cluster), keepAlive: true, maxSockets })
}
