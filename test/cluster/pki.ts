// The certificates and keys a control plane needs, made with Debian's openssl: a CA, the API
// server's serving certificate (SANs 127.0.0.1 and localhost), client certificates (CN is the
// user, O the groups), the ServiceAccount signing key pair, a second CA nobody trusts, and the
// aggregation layer's front proxy: its own CA and the client certificate kube-apiserver presents
// to aggregated API servers (CN front-proxy-client, as kubeadm names it).
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'

const openssl = (args: string[], cwd: string) =>
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] })

export interface Pki {
  dir: string
  caCert: string
  caKey: string
  otherCaCert: string
  serverCert: string
  serverKey: string
  saKey: string
  saPub: string
  /** The CA aggregated API servers trust for the front proxy (--requestheader-client-ca-file). */
  frontProxyCaCert: string
  frontProxyCaKey: string
  /** What kube-apiserver presents when it relays (--proxy-client-cert-file, -key-file). */
  frontProxyClientCert: string
  frontProxyClientKey: string
  client(name: string, cn: string, orgs?: string[]): { cert: string; key: string }
}

function makeCa(dir: string, name: string, cn: string): { cert: string; key: string } {
  const key = path.join(dir, `${name}.key`)
  const cert = path.join(dir, `${name}.crt`)
  openssl(['genrsa', '-out', key, '2048'], dir)
  openssl(
    [
      'req',
      '-x509',
      '-new',
      '-nodes',
      '-key',
      key,
      '-subj',
      `/CN=${cn}`,
      '-days',
      '30',
      '-out',
      cert,
    ],
    dir,
  )
  return { cert, key }
}

function signed(
  dir: string,
  ca: { cert: string; key: string },
  name: string,
  subject: string,
  extensions: string,
): { cert: string; key: string } {
  const key = path.join(dir, `${name}.key`)
  const csr = path.join(dir, `${name}.csr`)
  const cert = path.join(dir, `${name}.crt`)
  const ext = path.join(dir, `${name}.ext`)
  writeFileSync(ext, extensions)
  openssl(['genrsa', '-out', key, '2048'], dir)
  openssl(['req', '-new', '-key', key, '-subj', subject, '-out', csr], dir)
  openssl(
    [
      'x509',
      '-req',
      '-in',
      csr,
      '-CA',
      ca.cert,
      '-CAkey',
      ca.key,
      '-CAcreateserial',
      '-days',
      '30',
      '-extfile',
      ext,
      '-out',
      cert,
    ],
    dir,
  )
  return { cert, key }
}

/** The CN of the front proxy's client certificate: --requestheader-allowed-names names it. */
export const FRONT_PROXY_CLIENT_CN = 'front-proxy-client'

const CLIENT_AUTH =
  'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n'

/** A serving certificate signed by `ca` for these DNS names (an aggregated API server's). */
export function servingCert(
  dir: string,
  ca: { cert: string; key: string },
  name: string,
  dnsNames: string[],
): { cert: string; key: string } {
  return signed(
    dir,
    ca,
    name,
    `/CN=${dnsNames[0] ?? name}`,
    `basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=${dnsNames.map((d) => `DNS:${d}`).join(',')}\n`,
  )
}

export function makePki(dir: string): Pki {
  const ca = makeCa(dir, 'ca', 'apiscope-test-ca')
  const other = makeCa(dir, 'other-ca', 'some-other-cluster-ca')
  const server = signed(
    dir,
    ca,
    'apiserver',
    '/CN=kube-apiserver',
    'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,IP:10.96.0.1\n',
  )
  const saKey = path.join(dir, 'sa.key')
  const saPub = path.join(dir, 'sa.pub')
  openssl(['genrsa', '-out', saKey, '2048'], dir)
  openssl(['rsa', '-in', saKey, '-pubout', '-out', saPub], dir)
  const frontProxyCa = makeCa(dir, 'front-proxy-ca', 'apiscope-front-proxy-ca')
  const frontProxyClient = signed(
    dir,
    frontProxyCa,
    'front-proxy-client',
    `/CN=${FRONT_PROXY_CLIENT_CN}`,
    CLIENT_AUTH,
  )
  return {
    dir,
    caCert: ca.cert,
    caKey: ca.key,
    otherCaCert: other.cert,
    serverCert: server.cert,
    serverKey: server.key,
    saKey,
    saPub,
    frontProxyCaCert: frontProxyCa.cert,
    frontProxyCaKey: frontProxyCa.key,
    frontProxyClientCert: frontProxyClient.cert,
    frontProxyClientKey: frontProxyClient.key,
    client: (name, cn, orgs = []) =>
      signed(dir, ca, name, `/${orgs.map((o) => `O=${o}/`).join('')}CN=${cn}`, CLIENT_AUTH),
  }
}
