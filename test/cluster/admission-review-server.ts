// A real admission webhook endpoint for tests and fixture recorders: HTTPS on loopback with the API
// server's own certificate (its SAN includes 127.0.0.1, so the cluster CA is the caBundle). Each
// AdmissionReview request gets the response `answer` builds; the uid is filled in here.
import { readFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { ClusterInfo } from './control-plane'

export interface AdmissionRequest {
  uid: string
  object?: { metadata?: { labels?: Record<string, string> } }
}

export type AdmissionAnswer = (
  url: string,
  request: AdmissionRequest,
) => Record<string, unknown> & { allowed: boolean }

export interface AdmissionReviewServer {
  server: https.Server
  port: number
  /** The cluster CA, base64, for clientConfig.caBundle. */
  caBundle: string
}

export async function startAdmissionReviewServer(
  cluster: ClusterInfo,
  answer: AdmissionAnswer,
): Promise<AdmissionReviewServer> {
  const pki = path.join(cluster.dir, 'pki')
  const server = https.createServer(
    {
      cert: readFileSync(path.join(pki, 'apiserver.crt')),
      key: readFileSync(path.join(pki, 'apiserver.key')),
    },
    (req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          request: AdmissionRequest
        }
        const response = { ...answer(req.url ?? '/', review.request), uid: review.request.uid }
        res.setHeader('Content-Type', 'application/json')
        res.end(
          JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response }),
        )
      })
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    server,
    port: (server.address() as AddressInfo).port,
    caBundle: readFileSync(path.join(pki, 'ca.crt')).toString('base64'),
  }
}

/** A JSONPatch admission response. */
export function jsonPatchResponse(patch: unknown[]): {
  allowed: true
  patchType: string
  patch: string
} {
  return {
    allowed: true,
    patchType: 'JSONPatch',
    patch: Buffer.from(JSON.stringify(patch)).toString('base64'),
  }
}
