// Turns one context of the merged kubeconfig into a @kubernetes/client-node KubeConfig holding just
// that context, so a broken entry elsewhere in the file never blocks a good one. client-node then
// does what it does well: TLS material, tokens, exec credential plugins.
import { KubeConfig } from '@kubernetes/client-node'
import { fail, ok, type Result } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import type { MergedKubeconfig } from './kubeconfig-loader'

type Json = Record<string, unknown>

export interface ContextConfig {
  kubeConfig: KubeConfig
  context: string
  namespace: string
  server: string
  user: Json
  cluster: Json
}

/**
 * kubectl tells exec plugins about the call through KUBERNETES_EXEC_INFO; some plugins choose
 * their output apiVersion from it. client-node does not set it, so we add it to exec.env.
 * Ref: https://kubernetes.io/docs/reference/access-authn-authz/authentication/#input-and-output-formats
 */
function withExecInfo(user: Json, cluster: Json): Json {
  const exec = user.exec as Json | undefined
  if (!exec) return user
  const env = Array.isArray(exec.env) ? [...(exec.env as Json[])] : []
  if (!env.some((e) => e.name === 'KUBERNETES_EXEC_INFO')) {
    const spec: Json = { interactive: false }
    if (exec.provideClusterInfo === true) {
      spec.cluster = {
        server: cluster.server,
        'certificate-authority-data': cluster['certificate-authority-data'],
        'insecure-skip-tls-verify': cluster['insecure-skip-tls-verify'],
      }
    }
    const info = { apiVersion: exec.apiVersion, kind: 'ExecCredential', spec }
    env.push({ name: 'KUBERNETES_EXEC_INFO', value: JSON.stringify(info) })
  }
  return { ...user, exec: { ...exec, env } }
}

export function contextConfig(
  merged: MergedKubeconfig,
  contextName: string,
): Result<ContextConfig> {
  const context = merged.contexts.get(contextName)
  if (!context) {
    const known = [...merged.contexts.keys()]
    return fail(
      saidError(
        'unknown-context',
        said('kcfg.noContext.title', { context: contextName }),
        known.length
          ? said('kcfg.noContext.known', { contexts: known.join(', ') })
          : said('kcfg.noContext.none'),
        said('kcfg.noContext.next'),
      ),
    )
  }
  const clusterName = String(context.body.cluster ?? '')
  const userName = String(context.body.user ?? '')
  const cluster = merged.clusters.get(clusterName)
  const user = merged.users.get(userName)
  if (!cluster || typeof cluster.body.server !== 'string' || cluster.body.server === '') {
    return fail(
      saidError(
        'kubeconfig-malformed',
        said('kcfg.noCluster.title', { context: contextName }),
        cluster
          ? said('kcfg.noCluster.noServer', { cluster: clusterName, file: cluster.file })
          : said('kcfg.noCluster.missing', {
              cluster: clusterName,
              files: merged.files.join(', '),
            }),
        said('kcfg.noCluster.next', { cluster: clusterName || '<name>' }),
      ),
    )
  }
  const exec = user?.body.exec
  const env = exec && typeof exec === 'object' ? (exec as Json).env : undefined
  if (
    env !== undefined &&
    env !== null &&
    (!Array.isArray(env) ||
      !env.every(
        (e: unknown) =>
          typeof e === 'object' &&
          e !== null &&
          typeof (e as Json).name === 'string' &&
          typeof (e as Json).value === 'string',
      ))
  ) {
    return fail(
      saidError(
        'kubeconfig-malformed',
        said('kcfg.unusable.title', { context: contextName }),
        said('kcfg.unusable.execEnv', {
          user: userName,
          file: user?.file ?? merged.files.join(', '),
        }),
        said('kcfg.unusable.execEnvNext', { user: JSON.stringify(userName) }),
      ),
    )
  }
  const userBody = withExecInfo(user?.body ?? {}, cluster.body)
  const raw = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: clusterName, cluster: cluster.body }],
    users: [{ name: userName || 'anonymous', user: userBody }],
    contexts: [{ name: contextName, context: { ...context.body, user: userName || 'anonymous' } }],
    'current-context': contextName,
  }
  const kubeConfig = new KubeConfig()
  try {
    kubeConfig.loadFromString(JSON.stringify(raw))
  } catch (error) {
    return fail(
      saidError(
        'kubeconfig-malformed',
        said('kcfg.unusable.title', { context: contextName }),
        (error as Error).message,
        said('kcfg.unusable.next'),
      ),
    )
  }
  return ok({
    kubeConfig,
    context: contextName,
    namespace: typeof context.body.namespace === 'string' ? context.body.namespace : 'default',
    server: cluster.body.server.replace(/\/+$/, ''),
    user: userBody,
    cluster: cluster.body,
  })
}

/**
 * The same context with another user: same server, same CA and TLS settings, other credentials
 * (or none, for anonymous). The request lab's and the walkthroughs' identities are built on it.
 */
export function withUser(config: ContextConfig, user: Json): ContextConfig {
  const raw = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'apiscope', cluster: config.cluster }],
    users: [{ name: 'apiscope', user }],
    contexts: [{ name: config.context, context: { cluster: 'apiscope', user: 'apiscope' } }],
    'current-context': config.context,
  }
  const kubeConfig = new KubeConfig()
  kubeConfig.loadFromString(JSON.stringify(raw))
  return { ...config, kubeConfig, user }
}
