// etcd's history before now compacted, as kube-apiserver does every 5 minutes on its own: the
// revision recorded under compact_rev_key (which 1.37's API server watches, to drop the watch
// cache's snapshots older than it, at its next 15 s poll), then etcd compacted to it. Shared by
// the integration tests and the end-to-end specs that need an old resourceVersion to expire, as is
// the etcdctl to run.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { ClusterInfo } from './control-plane'

/**
 * The etcdctl that came with the cluster's binaries, else the one on PATH. Run without
 * ETCDCTL_API: etcdctl speaks the v3 API by default from 3.4 on (1.20's and 1.37's), and 3.7
 * warns about the variable.
 */
export function etcdctlOf(cluster: Pick<ClusterInfo, 'binDir'>): string {
  const local = path.join(cluster.binDir, 'etcdctl')
  return existsSync(local) ? local : 'etcdctl'
}

export function compactEtcdOf(cluster: Pick<ClusterInfo, 'binDir' | 'etcdEndpoint'>): void {
  const run = (...args: string[]) =>
    execFileSync(etcdctlOf(cluster), [`--endpoints=${cluster.etcdEndpoint}`, ...args], {
      encoding: 'utf8',
    })
  const status = JSON.parse(run('endpoint', 'status', '-w', 'json')) as {
    Status: { header: { revision: number } }
  }[]
  const revision = String(status[0]?.Status.header.revision)
  run('put', 'compact_rev_key', revision)
  run('compact', revision)
}
