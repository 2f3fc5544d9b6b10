// The walkthrough runner's pure parts: templates, reading values, comparing expected with observed,
// the safety rules, the catalog's data files, and what never reaches the renderer.
import { describe, expect, it } from 'vitest'
import {
  bodyNameOf,
  displayBody,
  judge,
  microTimeNow,
  prepareRequest,
} from '../../src-main/features/walkthroughs/request-step'
import { stageOfResponse } from '@common/request-stages'
import { SCENARIOS } from '../../src-main/features/walkthroughs/scenario-catalog'
import {
  evaluateCheck,
  fillDeep,
  fillTemplate,
  forRelease,
  readPointer,
  readValue,
} from '../../src-main/features/walkthroughs/step-checks'
import { isAbandoned } from '../../src-main/features/walkthroughs/lab-namespace'
import { plannedObjects } from '../../src-main/features/walkthroughs/walkthrough-runner'
import {
  labClusterObject,
  labNamespaceName,
  looksLocal,
  writeIsConfined,
} from '../../src-main/features/walkthroughs/walkthrough-safety'
import { requestSchema } from '@features/walkthroughs/common/scenario-format'

describe('templates', () => {
  it('fills known names and leaves unknown ones visible', () => {
    expect(fillTemplate('/api/v1/namespaces/{{ns}}/x/{{missing}}', { ns: 'lab' })).toBe(
      '/api/v1/namespaces/lab/x/{{missing}}',
    )
    expect(fillDeep({ a: ['{{v}}', 1], b: { c: '{{v}}' } }, { v: '7' })).toEqual({
      a: ['7', 1],
      b: { c: '7' },
    })
  })

  it('prepares a preview with the query and a pretty body, before sending', () => {
    const req = requestSchema.parse({
      method: 'GET',
      path: '/api/v1/namespaces/{{ns}}/configmaps',
      query: { limit: '3', continue: '{{c1}}' },
      expect: { status: 200 },
    })
    const prepared = prepareRequest(req, { ns: 'apiscope-lab-abc123', c1: 'tok' })
    expect(prepared.preview.url).toBe(
      '/api/v1/namespaces/apiscope-lab-abc123/configmaps?limit=3&continue=tok',
    )
    expect(prepared.preview.identity).toBe('kubeconfig')
    expect(prepared.preview.writes).toBe(false)
  })

  it('writes Lease renewTime as a MicroTime', () => {
    expect(microTimeNow(new Date('2026-11-30T12:00:00.123Z'))).toBe('2026-11-30T12:00:00.123000Z')
  })
})

describe('reading and comparing', () => {
  const observed = {
    status: 200,
    body: { metadata: { 'a/b': 1, list: [{ name: 'x' }] }, data: { couleur: 'vert' } },
    text: 'apiserver_request_total{code="409",verb="POST"} 5\nreadyz check passed',
    lines: [{ type: 'ERROR', object: { code: 410 } }],
  }

  it('reads JSON Pointers (with escapes), regex captures and watch lines', () => {
    expect(readPointer(observed.body, '/metadata/a~1b')).toBe(1)
    expect(readPointer(observed.body, '/metadata/list/0/name')).toBe('x')
    expect(readValue(observed, { regex: 'code="409",verb="POST"\\} (\\d+)' })).toBe('5')
    expect(readValue(observed, { regex: 'nothing (\\d+)', default: '0' })).toBe('0')
    expect(readValue(observed, { line: 0, pointer: '/object/code' })).toBe(410)
  })

  it('reports every comparison, with what was expected and what came', () => {
    expect(evaluateCheck({ pointer: '/data/couleur', equals: 'vert' }, observed, {})).toMatchObject(
      {
        ok: true,
        expected: 'vert',
        observed: 'vert',
      },
    )
    const differs = evaluateCheck(
      { pointer: '/data/couleur', equals: 'bleu', soft: true },
      observed,
      {},
    )
    expect(differs).toMatchObject({ ok: false, soft: true, observed: 'vert' })
    expect(
      evaluateCheck(
        { regex: 'code="409",verb="POST"\\} (\\d+)', greaterThan: '{{before}}' },
        observed,
        {
          before: '4',
        },
      ).ok,
    ).toBe(true)
    expect(evaluateCheck({ pointer: '/metadata/continue', exists: false }, observed, {}).ok).toBe(
      true,
    )
    expect(evaluateCheck({ pointer: '/metadata/list', minItems: 2 }, observed, {}).ok).toBe(false)
    expect(evaluateCheck({ pointer: '/data', contains: 'ver' }, observed, {}).ok).toBe(true)
  })

  it('a check soft on the releases seen to answer otherwise is hard on every other', () => {
    const check = { pointer: '/data/couleur', equals: 'bleu', softOn: ['1.20'] }
    expect(evaluateCheck(check, observed, {}, { major: 1, minor: 20 }).soft).toBe(true)
    expect(evaluateCheck(check, observed, {}, { major: 1, minor: 37 }).soft).toBe(false)
    expect(evaluateCheck(check, observed, {}, { major: 1, minor: 21 }).soft).toBe(false)
    // Not knowing the server, the check may be on such a release.
    expect(evaluateCheck(check, observed, {}, null).soft).toBe(true)
    expect(
      evaluateCheck({ pointer: '/data/couleur', equals: 'bleu' }, observed, {}, null).soft,
    ).toBe(false)
  })
})

describe('an answer that depends on the server’s state: expect.cases', () => {
  const scenario = SCENARIOS.find((s) => s.id === 'watch-expired')
  const requestOf = (id: string) => {
    const req = scenario?.steps.find((s) => s.id === id)?.requests[0]
    if (!req) throw new Error(`no step ${id}`)
    return req
  }
  const ns = 'apiscope-lab-0a1b2c'
  const v137 = { major: 1, minor: 37 }
  const judged = (id: string, status: number, body: unknown, lines?: unknown[]) => {
    const req = requestOf(id)
    const verdict = stageOfResponse({
      method: 'GET',
      ...(lines ? { verb: 'watch' } : {}),
      resource: 'configmaps',
      status,
      body,
    })
    const observed = { status, body, text: JSON.stringify(body), ...(lines ? { lines } : {}) }
    return judge(req, observed, verdict, { ns }, v137)
  }
  const ok = (r: ReturnType<typeof judged>) => r.checks.every((c) => c.ok || c.soft)

  it('a watch from version 10: 410 Expired, or replayed by a watch cache that still reaches 10', () => {
    const expired = {
      type: 'ERROR',
      object: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'too old resource version: 10 (83935)',
        reason: 'Expired',
        code: 410,
      },
    }
    const r410 = judged('old-watch', 200, expired, [expired])
    expect([ok(r410), r410.caseIndex]).toEqual([true, 0])
    const added = {
      type: 'ADDED',
      object: { kind: 'ConfigMap', metadata: { name: 'kube-root-ca.crt', namespace: ns } },
    }
    const replayed = judged('old-watch', 200, added, [added])
    expect([ok(replayed), replayed.caseIndex]).toEqual([true, 1])
    expect(replayed.checks.filter((c) => c.label === 'first event type')).toHaveLength(1)
    // The scenario's label goes to the page in both languages, for the check table to pick.
    expect(replayed.checks.find((c) => c.label === 'first event type')?.labelText).toEqual({
      en: 'first event type',
      fr: 'type du premier événement',
    })
    // Neither: an event of another namespace, or nothing at all, fails, shown as the 410 case.
    const other = { ...added, object: { ...added.object, metadata: { namespace: 'kube-system' } } }
    for (const lines of [[other], []]) {
      const r = judged('old-watch', 200, lines[0] ?? '', lines)
      expect([ok(r), r.caseIndex]).toEqual([false, undefined])
      expect(r.checks.find((c) => c.label === 'first event type')?.expected).toBe('ERROR')
    }
  })

  it('a list at exactly version 1: 410 Expired once compacted, the empty list at 1 before', () => {
    const gone = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'The resourceVersion for the provided list is too old.',
      reason: 'Expired',
      code: 410,
    }
    const r410 = judged('old-list', 410, gone)
    expect([ok(r410), r410.caseIndex]).toEqual([true, 0])
    // No HTTP status row of its own: each case checks its status.
    expect(r410.checks.filter((c) => c.label === 'HTTP status').map((c) => c.expected)).toEqual([
      '410',
    ])
    const atOne = {
      kind: 'ConfigMapList',
      apiVersion: 'v1',
      metadata: { resourceVersion: '1' },
      items: [],
    }
    const served = judged('old-list', 200, atOne)
    expect([ok(served), served.caseIndex]).toEqual([true, 1])
    const now = { ...atOne, metadata: { resourceVersion: '812' } }
    expect(ok(judged('old-list', 200, now))).toBe(false)
  })

  it('a case needs its own status when the request names none', () => {
    const says = { en: 'it came', fr: 'c’est venu' }
    const base = { method: 'GET', path: '/api/v1/namespaces/{{ns}}/configmaps' }
    const twoCases = (status?: number) => ({
      ...base,
      expect: {
        cases: [
          { id: 'a', says, status: 200 },
          { id: 'b', says, ...(status ? { status } : {}) },
        ],
      },
    })
    expect(requestSchema.safeParse(twoCases(410)).success).toBe(true)
    expect(requestSchema.safeParse(twoCases()).success).toBe(false)
  })
})

describe('requests and checks for some releases only', () => {
  const v = (minor: number) => ({ major: 1, minor })
  it('sinceRelease from that release on, beforeRelease only before it, compared as numbers', () => {
    const since = { sinceRelease: '1.22' }
    const before = { beforeRelease: '1.22' }
    expect([20, 21, 22, 37].map((m) => forRelease(since, v(m)))).toEqual([false, false, true, true])
    expect([20, 21, 22, 37].map((m) => forRelease(before, v(m)))).toEqual([
      true,
      true,
      false,
      false,
    ])
    // 1.3 is older than 1.22: minors are numbers, not text.
    expect(forRelease(since, v(3))).toBe(false)
    expect(forRelease({ sinceRelease: '1.9' }, v(10))).toBe(true)
    expect(forRelease({ sinceRelease: '1.22', beforeRelease: '1.30' }, v(29))).toBe(true)
    expect(forRelease({ sinceRelease: '1.22', beforeRelease: '1.30' }, v(30))).toBe(false)
    expect(forRelease({}, v(20))).toBe(true)
    expect(forRelease({ sinceRelease: '1.22' }, { major: 2, minor: 0 })).toBe(true)
  })
  it('a server of unknown release counts as a recent one', () => {
    expect(forRelease({ sinceRelease: '1.22' }, null)).toBe(true)
    expect(forRelease({ beforeRelease: '1.22' }, null)).toBe(false)
  })
  it('the field-ownership walkthrough scales through /scale from 1.22, patches before', () => {
    const scenario = SCENARIOS.find((s) => s.id === 'field-ownership')
    const step = scenario?.steps.find((s) => s.id === 'other-writer')
    const paths = (minor: number) =>
      step?.requests.filter((r) => forRelease(r, v(minor))).map((r) => `${r.method} ${r.path}`)
    const deployment = '/apis/apps/v1/namespaces/{{ns}}/deployments/vitrine'
    expect(paths(37)).toEqual([`PATCH ${deployment}/scale`, `GET ${deployment}`])
    expect(paths(20)).toEqual([`PATCH ${deployment}`])
  })
})

describe('safety', () => {
  it('knows local clusters by context name or loopback address', () => {
    expect(looksLocal('minikube', 'https://192.168.49.2:8443').local).toBe(true)
    expect(looksLocal('kind-formation', 'https://10.0.0.5:6443').local).toBe(true)
    expect(looksLocal('docker-desktop', 'https://kubernetes.docker.internal:6443').local).toBe(true)
    expect(looksLocal('anything', 'https://127.0.0.1:36135').local).toBe(true)
    expect(looksLocal('anything', 'https://[::1]:6443').local).toBe(true)
    const remote = looksLocal('prod-eu', 'https://api.prod.example.com')
    expect(remote.local).toBe(false)
    expect(remote.reason.text).toContain('api.prod.example.com')
  })

  it('lets writes through only inside the walkthrough’s namespace', () => {
    const ns = 'apiscope-lab-abc123'
    expect(writeIsConfined('POST', `/api/v1/namespaces/${ns}/configmaps`, ns)).toBe(true)
    expect(writeIsConfined('PATCH', `/apis/apps/v1/namespaces/${ns}/deployments/v/scale`, ns)).toBe(
      true,
    )
    expect(writeIsConfined('DELETE', `/api/v1/namespaces/${ns}`, ns)).toBe(false)
    expect(writeIsConfined('POST', '/api/v1/namespaces/default/configmaps', ns)).toBe(false)
    expect(writeIsConfined('POST', '/api/v1/nodes', ns)).toBe(false)
    expect(writeIsConfined('GET', '/api/v1/nodes', ns)).toBe(true)
    // Admission policies are cluster-scoped: only those named after the namespace.
    const vap = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies'
    expect(writeIsConfined('POST', vap, ns, `${ns}-max-replicas`)).toBe(true)
    expect(writeIsConfined('POST', vap, ns, 'max-replicas')).toBe(false)
    expect(writeIsConfined('POST', vap, ns)).toBe(false)
    expect(writeIsConfined('DELETE', `${vap}/${ns}-max-replicas`, ns)).toBe(true)
    expect(writeIsConfined('DELETE', `${vap}/other`, ns)).toBe(false)
    const bindings = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings'
    expect(labClusterObject(bindings, ns, `${ns}-b`)).toBe(`${bindings}/${ns}-b`)
    expect(labClusterObject('/apis/rbac.authorization.k8s.io/v1/clusterroles', ns, `${ns}-r`)).toBe(
      null,
    )
    expect(labNamespaceName(() => 0.5)).toMatch(/^apiscope-lab-[0-9a-f]{6}$/)
  })

  it('calls a namespace abandoned when its process is gone, or when it is old and foreign', () => {
    const now = Date.parse('2026-11-30T12:00:00Z')
    expect(
      isAbandoned(
        {
          name: 'x',
          annotations: {
            'apiscope.io/owner': `elsewhere/1`,
            'apiscope.io/started-at': '2026-11-30T11:59:00Z',
          },
        },
        now,
      ),
    ).toBe(false)
    expect(
      isAbandoned(
        {
          name: 'x',
          annotations: {
            'apiscope.io/owner': `elsewhere/1`,
            'apiscope.io/started-at': '2026-11-30T09:00:00Z',
          },
        },
        now,
      ),
    ).toBe(true)
  })

  it('never shows a token: TokenRequest’s, or any value a step saved as secret', () => {
    const text = displayBody(
      { kind: 'TokenRequest', status: { token: 'eyJhbGciOi.abc.def', expirationTimestamp: 'x' } },
      [],
    )
    expect(text).not.toContain('eyJhbGciOi')
    expect(displayBody('Bearer s3cret and more', ['s3cret'])).toBe('Bearer <redacted> and more')
  })
})

describe('the built-in walkthroughs', () => {
  it('are the seed chapter in order, then seeds 002/004, each narrated in English and French', () => {
    expect(SCENARIOS.map((s) => s.id)).toEqual([
      'addresses-and-discovery',
      'four-identities',
      'eight-verbs',
      'optimistic-concurrency',
      'watch-expired',
      'paging',
      'table-responses',
      'admission-and-validation',
      'subresources',
      'field-ownership',
      'health-and-metrics',
      'kubectl-apply-path',
      'node-heartbeats',
      'extension-points',
    ])
    for (const s of SCENARIOS)
      for (const step of s.steps) {
        expect(step.narration.en.length, `${s.id}/${step.id}`).toBeGreaterThan(10)
        expect(step.narration.fr.length, `${s.id}/${step.id}`).toBeGreaterThan(10)
      }
  })

  it('write only in their own namespace', () => {
    const ns = 'apiscope-lab-000000'
    for (const s of SCENARIOS)
      for (const step of s.steps)
        for (const req of step.requests) {
          const prepared = prepareRequest(req, { ns })
          expect(
            writeIsConfined(req.method, prepared.preview.path, ns, bodyNameOf(prepared)),
            `${s.id}/${step.id}`,
          ).toBe(true)
        }
  })

  it('list what they will create before they start', () => {
    const ownership = SCENARIOS.find((s) => s.id === 'field-ownership')!
    expect(plannedObjects(ownership).map((o) => `${o.kind}/${o.name}`)).toEqual([
      'Deployment/vitrine',
      'Deployment/vitrine-b',
    ])
    const admission = SCENARIOS.find((s) => s.id === 'admission-and-validation')!
    // The dry-run Pod is never created; the invalid name never is either, but it is listed as attempted.
    expect(plannedObjects(admission).map((o) => o.name)).not.toContain('nu')
  })
})
