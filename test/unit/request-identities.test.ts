// The one identity resolution the request lab and the walkthroughs share (core/request-as/identities.ts):
// each of the four identities becomes the Authorization it sends, read by a local HTTP endpoint
// that records what arrives; one made-up token; a ServiceAccount token minted or given; one
// vocabulary in the lab's messages and the scenarios' schema.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labRequestSchema } from '@features/lab/messages'
import { commandIdentityOf, REQUEST_IDENTITIES } from '@common/request-identities'
import { requestSchema } from '@features/walkthroughs/common/scenario-format'
import { contextConfig } from '../../src-main/core/client-config'
import type { ClusterSession } from '../../src-main/core/cluster-session'
import { KubeTransport } from '../../src-main/core/kube-transport'
import { mergeKubeconfigs, parseKubeconfigText } from '../../src-main/core/kubeconfig-loader'
import {
  IDENTITY_PHRASES,
  MADE_UP_TOKEN,
  RequestIdentities,
} from '../../src-main/core/request-as/identities'
import { RequestLog } from '../../src-main/core/request-log'

const OWN_TOKEN = 'own-kubeconfig-token'
const received: (string | undefined)[] = []
let server: http.Server
let session: ClusterSession

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received.push(req.headers.authorization)
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end('{}')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const parsed = parseKubeconfigText(
    JSON.stringify({
      clusters: [{ name: 'c', cluster: { server: url } }],
      users: [{ name: 'u', user: { token: OWN_TOKEN } }],
      contexts: [{ name: 'x', context: { cluster: 'c', user: 'u', namespace: 'team' } }],
    }),
    '/test',
  )
  if (!parsed.ok) throw new Error(parsed.error.detail)
  const config = contextConfig(mergeKubeconfigs([parsed.value], ['/test'], []), 'x')
  if (!config.ok) throw new Error(config.error.detail)
  // What identities read of a session: its config and its own transport; nothing is connected.
  session = {
    config: config.value,
    transport: new KubeTransport(config.value, new RequestLog()),
  } as unknown as ClusterSession
})

afterAll(() => {
  session.transport.close()
  server.close()
})

/** The Authorization header one GET sends through the transport. */
async function authorizationOf(transport: KubeTransport): Promise<string | undefined> {
  received.length = 0
  const res = await transport.request({ path: '/api' })
  expect(res.status).toBe(200)
  return received[0]
}

describe('one vocabulary', () => {
  it('the four ids, in the seed’s order, in the lab’s messages and the scenarios’ schema', () => {
    expect(REQUEST_IDENTITIES).toEqual([
      'kubeconfig',
      'anonymous',
      'made-up-token',
      'service-account',
    ])
    const spec = { verb: 'list', group: '', version: 'v1', resource: 'configmaps' }
    for (const identity of REQUEST_IDENTITIES)
      expect(labRequestSchema.safeParse({ ...spec, identity }).success).toBe(true)
    for (const old of ['context', 'serviceaccount'])
      expect(labRequestSchema.safeParse({ ...spec, identity: old }).success).toBe(false)
    const step = { method: 'GET', path: '/api', expect: { status: 200 } }
    expect(requestSchema.parse(step).identity).toBe('kubeconfig')
    expect(requestSchema.safeParse({ ...step, identity: 'context' }).success).toBe(false)
    expect(Object.keys(IDENTITY_PHRASES)).toEqual([...REQUEST_IDENTITIES])
    expect(REQUEST_IDENTITIES.map(commandIdentityOf)).toEqual([
      'kubeconfig',
      'anonymous',
      'token',
      'token',
    ])
  })
})

describe('resolving an identity', () => {
  it('kubeconfig is the session’s own transport, with its own credentials', async () => {
    const identities = new RequestIdentities(session, new RequestLog())
    const own = identities.transportFor('kubeconfig')
    expect(own.ok && own.value).toBe(session.transport)
    if (own.ok) expect(await authorizationOf(own.value)).toBe(`Bearer ${OWN_TOKEN}`)
    identities.close()
  })

  it('anonymous sends no credential; made-up-token the one made-up token, each kept', async () => {
    const identities = new RequestIdentities(session, new RequestLog())
    const anonymous = identities.transportFor('anonymous')
    const madeUp = identities.transportFor('made-up-token')
    if (!anonymous.ok || !madeUp.ok) throw new Error('not resolved')
    expect(await authorizationOf(anonymous.value)).toBeUndefined()
    expect(MADE_UP_TOKEN).toMatch(/^apiscope-made-up-[0-9a-f]{24}$/)
    expect(await authorizationOf(madeUp.value)).toBe(`Bearer ${MADE_UP_TOKEN}`)
    const again = identities.transportFor('made-up-token')
    expect(again.ok && again.value).toBe(madeUp.value)
    // Another set of identities (a walkthrough run beside the lab) sends the same made-up token.
    const other = new RequestIdentities(session, new RequestLog())
    const its = other.transportFor('made-up-token')
    if (its.ok) expect(await authorizationOf(its.value)).toBe(`Bearer ${MADE_UP_TOKEN}`)
    other.close()
    identities.close()
  })

  it('service-account: refused, naming the namespace, until a token is minted or given', async () => {
    const identities = new RequestIdentities(session, new RequestLog())
    const none = identities.transportFor('service-account', { namespace: 'demo' })
    expect(none.ok).toBe(false)
    if (!none.ok) {
      expect(none.error.title).toBe('No ServiceAccount token minted yet')
      expect(none.error.detail).toContain('system:serviceaccount:demo:default')
      expect(none.error.nextStep).toContain('Mint token in demo')
    }
    const defaulted = identities.transportFor('service-account')
    if (!defaulted.ok)
      expect(defaulted.error.detail).toContain('system:serviceaccount:team:default')
    expect(identities.info('service-account').ready).toBe(false)

    const given = identities.transportFor('service-account', { token: 'saved-by-a-step' })
    if (!given.ok) throw new Error(given.error.title)
    expect(await authorizationOf(given.value)).toBe('Bearer saved-by-a-step')
    const same = identities.transportFor('service-account', { token: 'saved-by-a-step' })
    expect(same.ok && same.value).toBe(given.value)
    const other = identities.transportFor('service-account', { token: 'another' })
    expect(other.ok && other.value).not.toBe(given.value)
    expect(identities.tokens()).toEqual([MADE_UP_TOKEN, 'saved-by-a-step', 'another'])
    identities.close()
    expect(identities.tokens()).toEqual([MADE_UP_TOKEN])
  })

  it('lists the four identities for the lab, never a token', () => {
    const identities = new RequestIdentities(session, new RequestLog())
    identities.transportFor('service-account', { token: 'saved-by-a-step' })
    const list = identities.list()
    expect(list.map((i) => i.kind)).toEqual([...REQUEST_IDENTITIES])
    expect(list.map((i) => i.ready)).toEqual([true, true, true, false])
    expect(JSON.stringify(list)).not.toContain(MADE_UP_TOKEN)
    expect(JSON.stringify(list)).not.toContain('saved-by-a-step')
    identities.close()
  })
})
