// A KubeTransport to a plain-HTTP server with no credentials, made from a kubeconfig as a session
// makes one: for the unit tests that put a server of their own on loopback (or none at all).
import { contextConfig } from '../../src-main/core/client-config'
import { KubeTransport } from '../../src-main/core/kube-transport'
import { mergeKubeconfigs, parseKubeconfigText } from '../../src-main/core/kubeconfig-loader'
import { RequestLog } from '../../src-main/core/request-log'

export function transportTo(server: string): KubeTransport {
  const parsed = parseKubeconfigText(
    JSON.stringify({
      clusters: [{ name: 'c', cluster: { server } }],
      users: [{ name: 'u', user: {} }],
      contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
    }),
    '/test',
  )
  if (!parsed.ok) throw new Error(parsed.error.detail)
  const config = contextConfig(mergeKubeconfigs([parsed.value], ['/test'], []), 'x')
  if (!config.ok) throw new Error(config.error.detail)
  return new KubeTransport(config.value, new RequestLog())
}
