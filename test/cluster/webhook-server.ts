// A loopback HTTP server that kube-apiserver calls as a webhook (token-webhook.ts, authz-webhook.ts),
// and the kubeconfig file that points kube-apiserver at it. Each review's `spec` goes to the
// caller's `review`, which says what to answer.
// https://kubernetes.io/docs/reference/access-authn-authz/webhook/
import { writeFileSync } from 'node:fs'
import http from 'node:http'
import type net from 'node:net'
import path from 'node:path'
import { stringify } from 'yaml'

/** A review object to answer with (as JSON), or an HTTP error status with its text. */
export type WebhookAnswer = { review: unknown } | { status: number; text: string }

export interface WebhookServer {
  url: string
  /** Writes `<name>.kubeconfig` into `dir`, whose one cluster is this server; its path. */
  kubeconfig(dir: string): string
  close(): Promise<void>
}

/**
 * Starts the server on a free loopback port, at `urlPath` (e.g. /authorize). `review` gets each
 * request's body's `spec`, `{}` where the body is not JSON.
 */
export async function startWebhookServer(
  name: string,
  urlPath: string,
  review: (spec: Record<string, unknown>) => WebhookAnswer,
): Promise<WebhookServer> {
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      let spec: Record<string, unknown> = {}
      try {
        spec = (JSON.parse(body) as { spec?: Record<string, unknown> }).spec ?? {}
      } catch {
        // not a review: `review` answers an empty spec
      }
      const answer = review(spec)
      if ('review' in answer) {
        res.setHeader('Content-Type', 'application/json')
        res.end(JSON.stringify(answer.review))
      } else {
        res.statusCode = answer.status
        res.end(answer.text)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}${urlPath}`
  return {
    url,
    kubeconfig(dir) {
      const file = path.join(dir, `${name}.kubeconfig`)
      writeFileSync(
        file,
        stringify({
          apiVersion: 'v1',
          kind: 'Config',
          clusters: [{ name, cluster: { server: url } }],
          users: [{ name: 'kube-apiserver', user: {} }],
          contexts: [{ name: 'webhook', context: { cluster: name, user: 'kube-apiserver' } }],
          'current-context': 'webhook',
        }),
      )
      return file
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
