// The CAs a cluster's certificate is checked against when its kubeconfig names none: the
// operating system's trust store, as kubectl does (Go's crypto/x509), beside Node's own (its
// bundled Mozilla roots and NODE_EXTRA_CA_CERTS). Node alone would take only its own, so a cluster
// whose CA is in the system's store (a company's CA, a proxy's) would work with kubectl and not
// here. Node 22.15 / 23.8 and newer (and Electron 40 and newer) read the store with
// tls.getCACertificates('system'): on Linux OpenSSL's default file and folder, which SSL_CERT_FILE
// and SSL_CERT_DIR move, as they move kubectl's; on macOS the keychain; on Windows the
// certificate store. On an older Node, Node's own only.
import tls from 'node:tls'

type Store = 'default' | 'system'
const read = (tls as { getCACertificates?: (store: Store) => string[] }).getCACertificates

/** Whether this Node reads the system's store (22.15 / 23.8 and newer, Electron 40 and newer). */
export const readsSystemStore = typeof read === 'function'

let cached: readonly string[] | undefined
let tried = false

/**
 * Node's default CAs and the system's, once a process (the store is read from disk); undefined
 * where this Node cannot read the system's store, or reading it failed (Node's default applies).
 */
export function systemTrust(): readonly string[] | undefined {
  if (tried) return cached
  tried = true
  if (!readsSystemStore || !read) return undefined
  try {
    cached = [...new Set([...read('default'), ...read('system')])]
  } catch {
    cached = undefined
  }
  return cached
}
