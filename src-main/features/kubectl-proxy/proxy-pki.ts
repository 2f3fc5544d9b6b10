// The kubectl proxy's TLS material, made fresh at every launch and kept in memory: a CA of its own
// and a serving certificate it signs for 127.0.0.1 and localhost. kubectl trusts that CA only
// through the kubeconfig Apiscope writes (certificate-authority-data); nothing is installed in a
// system trust store. Keys come from Node's crypto (native RSA); node-forge writes the X.509
// certificates, which Node's crypto cannot.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import forge from 'node-forge'

export interface ProxyPki {
  /** PEM of the CA kubectl is told to trust. */
  caCert: string
  /** PEM of the listener's certificate and key. */
  serverCert: string
  serverKey: string
}

/** How long the per-launch CA and certificate are valid: a class day, and then some. */
const VALID_MS = 7 * 24 * 3600 * 1000

function rsaKeys(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  })
  return { privatePem: privateKey, publicPem: publicKey }
}

function certificate(
  publicPem: string,
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  extensions: object[],
  now: Date,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem)
  // A positive serial of 16 random bytes (RFC 5280 4.1.2.2: at most 20 octets, positive).
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`
  cert.validity.notBefore = new Date(now.getTime() - 60_000)
  cert.validity.notAfter = new Date(now.getTime() + VALID_MS)
  cert.setSubject(subject)
  cert.setIssuer(issuer)
  cert.setExtensions(extensions)
  return cert
}

export function createProxyPki(now = new Date()): ProxyPki {
  const caKeys = rsaKeys()
  const caName = [{ name: 'commonName', value: `Apiscope kubectl proxy CA ${now.toISOString()}` }]
  const ca = certificate(
    caKeys.publicPem,
    caName,
    caName,
    [
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ],
    now,
  )
  const caKey = forge.pki.privateKeyFromPem(caKeys.privatePem)
  ca.sign(caKey, forge.md.sha256.create())

  const serverKeys = rsaKeys()
  const server = certificate(
    serverKeys.publicPem,
    [{ name: 'commonName', value: 'Apiscope kubectl proxy' }],
    caName,
    [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
      {
        name: 'authorityKeyIdentifier',
        keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes(),
      },
    ],
    now,
  )
  server.sign(caKey, forge.md.sha256.create())
  return {
    caCert: forge.pki.certificateToPem(ca),
    serverCert: forge.pki.certificateToPem(server),
    serverKey: serverKeys.privatePem,
  }
}
