// The request lab and a walkthrough step send a request as someone the same way (request-as/):
// against the real API server, each of the four identities GETs a Secret holding a canary from
// both, and the server's own audit log says it saw the same request from the same user and client;
// the status and the redacted body the renderer gets are the same, the canary in neither; a watch
// sampled from both reads the same events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LabResult } from '@features/lab/messages'
import { REDACTED } from '@common/redaction'
import { REQUEST_IDENTITIES } from '@common/request-identities'
import type { Result } from '@common/result'
import { requestSchema } from '@features/walkthroughs/common/scenario-format'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { RequestIdentities } from '../../src-main/core/request-as/identities'
import { runRequest, type RequestContext } from '../../src-main/features/walkthroughs/request-step'
import { auditLogLines } from '../cluster/audit-log-lines'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { cluster, coreFor, createNamespace, kubectl, waitUntil } from './helpers'

const CANARY = `apiscope-canary-${Math.random().toString(36).slice(2, 10)}`
const B64 = Buffer.from(CANARY).toString('base64')

let core: ApiscopeCore
let ns: string
let ctx: RequestContext

interface AuditEvent {
  stage: string
  requestURI: string
  verb: string
  user: { username?: string; groups?: string[] }
  userAgent?: string
  responseStatus?: { code?: number }
  requestReceivedTimestamp: string
}

async function lab(spec: Record<string, unknown>): Promise<LabResult> {
  const res = (await core.invoke('lab:send', {
    group: '',
    version: 'v1',
    namespace: ns,
    ...spec,
  })) as Result<LabResult>
  if (!res.ok) throw new Error(`${res.error.title}: ${res.error.detail}`)
  return res.value
}

function noCanary(what: string, value: unknown): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  expect(text.includes(CANARY), `${what} holds the canary`).toBe(false)
  expect(text.includes(B64), `${what} holds the canary in base64`).toBe(false)
}

beforeAll(async () => {
  ns = createNamespace('request-as')
  kubectl('-n', ns, 'create', 'secret', 'generic', 'probe', `--from-literal=motdepasse=${CANARY}`)
  kubectl('-n', ns, 'create', 'configmap', 'seen', '--from-literal=k=v')
  core = coreFor()
  const res = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  expect(res.ok).toBe(true)
  await waitUntil('the default ServiceAccount', 30_000, () => {
    try {
      return kubectl('-n', ns, 'get', 'serviceaccount', 'default', '-o', 'name')
    } catch {
      return undefined
    }
  })
  ctx = {
    namespace: ns,
    identities: new RequestIdentities(core.currentSession!, core.requestLog),
    vars: {},
    secrets: {},
  }
})

afterAll(() => {
  ctx?.identities.close()
  core?.close()
  kubectl('delete', 'namespace', ns, '--wait=false')
})

describe('the lab and a walkthrough step, as each of the four identities', () => {
  it('the server sees the same request from the same user; the same redacted answer comes back', async () => {
    // The ServiceAccount's token: the lab mints one, a walkthrough step requests one (scenario 02).
    const minted = await core.invoke('lab:mint-token', { namespace: ns })
    expect(minted.ok).toBe(true)
    const tokenStep = await runRequest(
      requestSchema.parse({
        method: 'POST',
        path: '/api/v1/namespaces/{{ns}}/serviceaccounts/default/token',
        body: {
          apiVersion: 'authentication.k8s.io/v1',
          kind: 'TokenRequest',
          spec: { expirationSeconds: 600 },
        },
        save: { saToken: { pointer: '/status/token', secret: true } },
        expect: { status: 201 },
      }),
      ctx,
    )
    expect(tokenStep.ok).toBe(true)
    expect(ctx.secrets.saToken).toBeTruthy()

    const path = `/api/v1/namespaces/${ns}/secrets/probe`
    const expected = {
      kubeconfig: 200,
      anonymous: 403,
      'made-up-token': 401,
      'service-account': 403,
    }
    const logFrom = core.requestLog.snapshot().length
    for (const identity of REQUEST_IDENTITIES) {
      const fromLab = await lab({ identity, verb: 'get', resource: 'secrets', name: 'probe' })
      const fromStep = await runRequest(
        requestSchema.parse({
          method: 'GET',
          path: '/api/v1/namespaces/{{ns}}/secrets/probe',
          identity,
          expect: { status: expected[identity] },
        }),
        ctx,
      )
      expect(fromLab.status, identity).toBe(expected[identity])
      expect(fromStep.status, identity).toBe(fromLab.status)
      expect(fromStep.ok, identity).toBe(true)
      // The same answer, redacted the same way: the walkthrough shows it as pretty JSON text.
      expect(JSON.parse(fromStep.body), identity).toEqual(fromLab.body)
      noCanary(`the lab as ${identity}`, fromLab)
      noCanary(`the step as ${identity}`, fromStep)
      if (identity === 'kubeconfig') {
        expect((fromLab.body as { data: Record<string, string> }).data.motdepasse).toBe(REDACTED)
        expect(fromLab.redacted).toContain('/data/motdepasse')
      } else {
        // A Status naming who the server took the request for (or that it knew nobody).
        expect(fromLab.body).toMatchObject({ kind: 'Status', code: expected[identity] })
      }
      if (identity === 'service-account')
        expect((fromLab.body as { message: string }).message).toContain(
          `system:serviceaccount:${ns}:default`,
        )
    }
    // Apiscope's request log: lab then step, each identity, the same method and URL.
    const logged = core.requestLog
      .snapshot()
      .slice(logFrom)
      .filter((e) => e.url.endsWith(path))
    expect(logged.map((e) => [e.method, e.url.slice(e.url.indexOf('/api/')), e.status])).toEqual(
      REQUEST_IDENTITIES.flatMap((i) => [
        ['GET', path, expected[i]],
        ['GET', path, expected[i]],
      ]),
    )

    // The server's audit log: eight events for the path, in pairs (lab, step) per identity.
    const events = await waitUntil('the audit events of the eight requests', 20_000, () => {
      const found = auditLogLines(cluster().auditLog)
        .filter((l) => l.includes(`"requestURI":"${path}"`))
        .map((l) => JSON.parse(l) as AuditEvent)
        .filter((e) => e.stage === 'ResponseComplete' || e.stage === 'ResponseStarted')
        .filter((e) => e.stage === 'ResponseComplete' || e.responseStatus?.code === 401)
        .sort((a, b) => a.requestReceivedTimestamp.localeCompare(b.requestReceivedTimestamp))
      return found.length >= 8 ? found : undefined
    })
    expect(events).toHaveLength(8)
    REQUEST_IDENTITIES.forEach((identity, i) => {
      const [a, b] = [events[2 * i]!, events[2 * i + 1]!]
      const seen = (e: AuditEvent) => ({
        verb: e.verb,
        requestURI: e.requestURI,
        username: e.user.username,
        groups: e.user.groups,
        userAgent: e.userAgent,
        code: e.responseStatus?.code,
      })
      expect(seen(b), identity).toEqual(seen(a))
      expect(a.responseStatus?.code, identity).toBe(expected[identity])
      // Same credential too, but for the ServiceAccount: the lab's and the step's are two tokens.
      if (identity !== 'service-account') expect(b.user, identity).toEqual(a.user)
    })
    expect(events.map((e) => e.user.username)).toEqual([
      ...Array(2).fill(events[0]!.user.username),
      'system:anonymous',
      'system:anonymous',
      undefined,
      undefined,
      `system:serviceaccount:${ns}:default`,
      `system:serviceaccount:${ns}:default`,
    ])
  })

  it('a watch sampled from both reads the same events', async () => {
    const fromLab = await lab({
      identity: 'kubeconfig',
      verb: 'watch',
      resource: 'configmaps',
      watchSeconds: 1,
    })
    const fromStep = await runRequest(
      requestSchema.parse({
        method: 'GET',
        path: '/api/v1/namespaces/{{ns}}/configmaps',
        query: { watch: 'true' },
        stream: { lines: 25, ms: 1000 },
        expect: { status: 200 },
      }),
      ctx,
    )
    expect(fromLab.status).toBe(200)
    expect(fromStep.status).toBe(200)
    const labEvents = fromLab.watch?.events.map((e) => [e.type, e.name]) ?? []
    // A step shows each line on one line, cut at 400 characters: its type and name come first.
    const stepEvents = (fromStep.lines ?? []).map((l) => [
      /"type": "(\w+)"/.exec(l)?.[1],
      /"metadata": \{ "name": "([^"]+)"/.exec(l)?.[1],
    ])
    expect(labEvents).toContainEqual(['ADDED', 'seen'])
    // A watch without a resourceVersion starts with an ADDED per object in no set order (1.20
    // sends them in either order from one watch to the next): the same events, in any order.
    const byName = (a: (string | undefined)[], b: (string | undefined)[]) =>
      String(a).localeCompare(String(b))
    expect([...stepEvents].sort(byName)).toEqual([...labEvents].sort(byName))
  })
})
