// Kubeconfig files for the test control plane, written as kubectl writes them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse, stringify } from 'yaml'

export interface KubeconfigUser {
  name: string
  cert: string
  key: string
}

export interface KubeconfigContext {
  name: string
  user: string
  cluster: string
  namespace?: string
}

const b64 = (file: string) => readFileSync(file).toString('base64')

export function writeKubeconfig(
  file: string,
  opts: {
    clusters: { name: string; server: string; ca: string }[]
    users: KubeconfigUser[]
    contexts: KubeconfigContext[]
    current: string
  },
): void {
  const doc = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: opts.clusters.map((c) => ({
      name: c.name,
      cluster: { server: c.server, 'certificate-authority-data': b64(c.ca) },
    })),
    users: opts.users.map((u) => ({
      name: u.name,
      user: { 'client-certificate-data': b64(u.cert), 'client-key-data': b64(u.key) },
    })),
    contexts: opts.contexts.map((c) => ({
      name: c.name,
      context: {
        cluster: c.cluster,
        user: c.user,
        ...(c.namespace ? { namespace: c.namespace } : {}),
      },
    })),
    'current-context': opts.current,
  }
  writeFileSync(file, stringify(doc), { mode: 0o600 })
}

/**
 * `file`: the clusters of the kubeconfig `source` (each reached at `server` where given) and one
 * user, as the context `context` on the first cluster; its path.
 */
export function kubeconfigOfUser(
  source: string,
  file: string,
  user: { name: string; user: unknown },
  context: string,
  server?: string,
): string {
  const doc = parse(readFileSync(source, 'utf8')) as {
    clusters: { name: string; cluster: { server: string } }[]
  }
  if (server) for (const c of doc.clusters) c.cluster.server = server
  writeFileSync(
    file,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: doc.clusters,
      users: [user],
      contexts: [{ name: context, context: { cluster: doc.clusters[0]?.name, user: user.name } }],
      'current-context': context,
    }),
    { mode: 0o600 },
  )
  return file
}

/** `kubeconfig` with no CA named for any of its clusters, written into `dir`; its path. */
export function kubeconfigWithoutCa(kubeconfig: string, dir: string): string {
  const doc = parse(readFileSync(kubeconfig, 'utf8')) as {
    clusters: { cluster: Record<string, unknown> }[]
  }
  for (const c of doc.clusters) {
    delete c.cluster['certificate-authority-data']
    delete c.cluster['certificate-authority']
  }
  const file = path.join(dir, 'no-ca.kubeconfig')
  writeFileSync(file, stringify(doc), { mode: 0o600 })
  return file
}

/**
 * The variables that make `caFile` the whole system trust store of a child process on Linux
 * (SSL_CERT_FILE, and SSL_CERT_DIR at an empty folder made in `dir`): OpenSSL's, so Node's
 * `tls.getCACertificates('system')`, and Go's, so kubectl's.
 */
export function systemStoreOf(caFile: string, dir: string): Record<string, string> {
  const empty = path.join(dir, 'no-certs')
  mkdirSync(empty, { recursive: true })
  return { SSL_CERT_FILE: caFile, SSL_CERT_DIR: empty }
}
