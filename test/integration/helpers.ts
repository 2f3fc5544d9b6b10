// Shared by integration tests: a core pointed at the test control plane's kubeconfig.
import { inject } from 'vitest'
import { ApiscopeCore } from '../../src-main/node/apiscope-core'

export function cluster() {
  return inject('cluster')
}

export function coreFor(kubeconfig = cluster().kubeconfig): ApiscopeCore {
  return new ApiscopeCore({
    host: 'browser',
    version: 'test',
    env: { KUBECONFIG: kubeconfig },
    home: '/nonexistent',
  })
}
