// One real control plane for the integration suite: the one scripts/test-all.js started (its
// state file in APISCOPE_CLUSTER_STATE), or one of our own, stopped at the end.
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import {
  REPO_ROOT,
  readClusterInfo,
  startControlPlane,
  stopControlPlane,
  type ClusterInfo,
} from '../cluster/control-plane'

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ClusterInfo
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const shared = process.env.APISCOPE_CLUSTER_STATE
  if (shared) {
    project.provide('cluster', readClusterInfo(shared))
    return () => undefined
  }
  const info = await startControlPlane()
  project.provide('cluster', info)
  // Vitest does not tell a teardown whether tests failed, so a standalone run always keeps the logs.
  return () =>
    stopControlPlane(info, path.join(REPO_ROOT, 'test/artifacts/cluster-logs/integration'))
}
