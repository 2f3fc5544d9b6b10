// Short-lived bearer tokens that kube-apiserver really checks, for an exec plugin whose token
// expires mid-session. A static token file cannot expire and a ServiceAccount TokenRequest lives
// at least 600 s (its expirationSeconds minimum), so the harness uses kube-apiserver's webhook
// token authenticator (--authentication-token-webhook-config-file): this loopback HTTP server
// answers its TokenReviews, accepting a token only until the expiry the token was minted with
// (HMAC-signed, so it cannot be forged by changing the number). kube-apiserver caches each answer
// for --authentication-token-webhook-cache-ttl (1 s here, see apiserverArgs).
// https://kubernetes.io/docs/reference/access-authn-authz/authentication/#webhook-token-authentication
import { createHmac, randomBytes } from 'node:crypto'
import { chmodSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { startWebhookServer } from './webhook-server'

export const EXEC_USER = 'apiscope-exec-user'

export interface TokenWebhook {
  url: string
  secret: string
  /** TokenReviews answered, and how many of them were refused because the token had expired. */
  reviews: number
  expired: number
  /** kube-apiserver flags that point at this webhook. */
  apiserverArgs(dir: string): string[]
  /**
   * Writes an exec plugin (a node script) that mints a token living lifeMs, and states an
   * expirationTimestamp claimedLifeMs ahead (later than the real expiry: the server stops
   * accepting the token before the client expects it to, as with a revoked token or a skewed
   * clock). Each run appends a line to `${script}.runs`.
   */
  writeExecPlugin(dir: string, lifeMs: number, claimedLifeMs: number): string
  close(): Promise<void>
}

const sign = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex').slice(0, 32)

export async function startTokenWebhook(): Promise<TokenWebhook> {
  const secret = randomBytes(16).toString('hex')
  const state = { reviews: 0, expired: 0 }
  const server = await startWebhookServer('token-webhook', '/authenticate', (spec) => {
    state.reviews++
    const token = String(spec.token ?? '')
    const [prefix, exp, nonce, mac] = token.split('.')
    const valid = prefix === 'apiscope' && mac === sign(secret, `${exp}.${nonce}`)
    const alive = valid && Number(exp) > Date.now()
    if (valid && !alive) state.expired++
    return {
      review: {
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'TokenReview',
        status: alive
          ? {
              authenticated: true,
              user: { username: EXEC_USER, uid: EXEC_USER, groups: ['system:masters'] },
            }
          : { authenticated: false, error: valid ? 'token expired' : 'unknown token' },
      },
    }
  })
  return {
    url: server.url,
    secret,
    get reviews() {
      return state.reviews
    },
    get expired() {
      return state.expired
    },
    apiserverArgs: (dir) => [
      `--authentication-token-webhook-config-file=${server.kubeconfig(dir)}`,
      '--authentication-token-webhook-cache-ttl=1s',
      '--authentication-token-webhook-version=v1',
    ],
    writeExecPlugin(dir, lifeMs, claimedLifeMs) {
      const script = path.join(dir, 'short-token-plugin.cjs')
      writeFileSync(
        script,
        `#!/usr/bin/env node
// An exec credential plugin for the fault tests: a token kube-apiserver accepts for ${lifeMs} ms.
const crypto = require('node:crypto')
const fs = require('node:fs')
const exp = String(Date.now() + ${lifeMs})
const nonce = crypto.randomBytes(6).toString('hex')
const mac = crypto.createHmac('sha256', ${JSON.stringify(secret)}).update(exp + '.' + nonce).digest('hex').slice(0, 32)
fs.appendFileSync(__filename + '.runs', new Date().toISOString() + '\\n')
process.stdout.write(JSON.stringify({
  apiVersion: 'client.authentication.k8s.io/v1',
  kind: 'ExecCredential',
  status: {
    token: ['apiscope', exp, nonce, mac].join('.'),
    expirationTimestamp: new Date(Date.now() + ${claimedLifeMs}).toISOString(),
  },
}))
`,
      )
      chmodSync(script, 0o755)
      return script
    },
    close: () => server.close(),
  }
}
