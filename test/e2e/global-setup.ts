// The e2e suite uses the control plane of the whole run (APISCOPE_CLUSTER_STATE, set by
// scripts/test-all.js) or starts its own; the teardown stops what it started.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startControlPlane, stopControlPlane, REPO_ROOT } from '../cluster/control-plane'

export default async function globalSetup(): Promise<() => void> {
  if (process.env.APISCOPE_CLUSTER_STATE) return () => undefined
  const info = await startControlPlane()
  const state = path.join(os.tmpdir(), `apiscope-e2e-cluster-${process.pid}.json`)
  writeFileSync(state, JSON.stringify(info))
  process.env.APISCOPE_CLUSTER_STATE = state
  return () => stopControlPlane(info, path.join(REPO_ROOT, 'test/artifacts/cluster-logs/e2e'))
}
