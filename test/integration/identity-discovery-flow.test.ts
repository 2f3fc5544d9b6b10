// Issue 12's "identity, discovery, Priority and Fairness" against the real API server:
// SelfSubjectReview with its extra fields (an X.509 credential id for the admin; a Pod-bound
// ServiceAccount token's credential id, Pod and Node), the same answer `kubectl auth whoami` gives;
// aggregated discovery as one request each for /api and /apis, revalidated with If-None-Match (304)
// and picking up a CRD installed later (200, new ETag); flow schema names read through
// flowcontrol.apiserver.k8s.io/v1. On 1.20: a derived identity, the classic walk, v1beta1.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApfReport } from '@features/traffic/messages'
import type { LabResult } from '@features/lab/messages'
import type { DiscoveryReport, Identity } from '@common/kube-types'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { cluster, coreFor, createNamespace, kubectl, onOldest, unwrap, waitUntil } from './helpers'

let core: ApiscopeCore
let tmp: string
beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'apiscope-idf-'))
  core = coreFor()
  unwrap(await core.invoke('kube:connect', { context: ADMIN_CONTEXT }))
})
afterAll(() => {
  core.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe('identity', () => {
  it('the admin: SelfSubjectReview with its certificate credential id, as kubectl auth whoami says; derived on 1.20', async () => {
    const id = unwrap<Identity>(await core.invoke('kube:identity', {}))
    if (onOldest()) {
      expect(id.source).toBe('derived')
      expect(id.command).toBeUndefined()
      expect(id.extra).toEqual({})
      expect(id.notes[0]).toContain('does not serve SelfSubjectReview')
      return
    }
    expect(id.source).toBe('server')
    expect(id.method).toBe('SelfSubjectReview authentication.k8s.io/v1')
    expect(id.command).toBe(`kubectl --context ${ADMIN_CONTEXT} auth whoami`)
    const whoami = JSON.parse(kubectl('auth', 'whoami', '-o', 'json')) as {
      status: { userInfo: { username: string; extra?: Record<string, string[]> } }
    }
    expect(id.username).toBe(whoami.status.userInfo.username)
    expect(id.extra).toEqual(whoami.status.userInfo.extra)
    expect(id.extra['authentication.kubernetes.io/credential-id']?.[0]).toMatch(
      /^X509SHA256=[0-9a-f]{64}$/,
    )
  })

  it('a ServiceAccount token bound to a Pod: its JTI, the Pod and the Node, from the server (1.37)', async () => {
    if (onOldest()) return // no SelfSubjectReview on 1.20: covered by the derived case above
    const ns = createNamespace('bound-token')
    const node = `apiscope-bound-${Date.now().toString(36)}`
    try {
      await waitUntil('the default ServiceAccount', 30_000, () => {
        try {
          return kubectl('get', 'serviceaccount', 'default', '-n', ns, '-o', 'name')
        } catch {
          return undefined
        }
      })
      // A Node object only (tainted, nothing schedules there) and a Pod assigned to it.
      kubectl(
        'create',
        '-f',
        writeJson('node.json', {
          apiVersion: 'v1',
          kind: 'Node',
          metadata: { name: node },
          spec: { taints: [{ key: 'apiscope.io/test', effect: 'NoSchedule' }] },
        }),
      )
      kubectl(
        'create',
        '-f',
        writeJson('pod.json', {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'bound', namespace: ns },
          spec: { nodeName: node, containers: [{ name: 'c', image: 'registry.invalid/none' }] },
        }),
      )
      const podUid = kubectl('get', 'pod', 'bound', '-n', ns, '-o', 'jsonpath={.metadata.uid}')
      const nodeUid = kubectl('get', 'node', node, '-o', 'jsonpath={.metadata.uid}')
      const token = kubectl(
        'create',
        'token',
        'default',
        '-n',
        ns,
        '--bound-object-kind',
        'Pod',
        '--bound-object-name',
        'bound',
      ).trim()
      const kubeconfig = path.join(tmp, 'bound.kubeconfig')
      copyFileSync(cluster().kubeconfig, kubeconfig)
      kubectl('--kubeconfig', kubeconfig, 'config', 'set-credentials', 'bound-sa', '--token', token)
      kubectl(
        '--kubeconfig',
        kubeconfig,
        'config',
        'set-context',
        'bound',
        '--cluster',
        'apiscope-test',
        '--user',
        'bound-sa',
      )
      const sa = coreFor(kubeconfig)
      try {
        unwrap(await sa.invoke('kube:connect', { context: 'bound' }))
        const id = unwrap<Identity>(await sa.invoke('kube:identity', {}))
        expect(id.source).toBe('server')
        expect(id.username).toBe(`system:serviceaccount:${ns}:default`)
        expect(id.extra['authentication.kubernetes.io/credential-id']?.[0]).toMatch(/^JTI=/)
        expect(id.extra['authentication.kubernetes.io/pod-name']).toEqual(['bound'])
        expect(id.extra['authentication.kubernetes.io/pod-uid']).toEqual([podUid])
        expect(id.extra['authentication.kubernetes.io/node-name']).toEqual([node])
        expect(id.extra['authentication.kubernetes.io/node-uid']).toEqual([nodeUid])
        expect(id.command).toBe('kubectl --context bound auth whoami')
      } finally {
        sa.close()
      }
    } finally {
      kubectl('delete', 'namespace', ns, '--wait=false')
      kubectl('delete', 'node', node, '--wait=false')
    }
  })
})

function writeJson(name: string, value: unknown): string {
  const file = path.join(tmp, name)
  writeFileSync(file, JSON.stringify(value))
  return file
}

describe('discovery', () => {
  const refresh = async () => {
    const before = core.requestLog.snapshot().length
    const report = unwrap<DiscoveryReport>(await core.invoke('kube:discovery', { refresh: true }))
    return { report, log: core.requestLog.snapshot().slice(before) }
  }
  const pathOf = (url: string) => new URL(url).pathname

  it('one request each for /api and /apis, a 304 when nothing changed, the same report (classic walk on 1.20)', async () => {
    const first = await refresh()
    if (onOldest()) {
      expect(first.report.mode).toBe('legacy')
      expect(first.log.some((e) => pathOf(e.url) === '/apis/apps/v1')).toBe(true)
      return
    }
    expect(first.report.mode).toBe('aggregated')
    const second = await refresh()
    expect(second.log.map((e) => [pathOf(e.url), e.status])).toEqual([
      ['/api', 304],
      ['/apis', 304],
      ['/apis/apiregistration.k8s.io/v1/apiservices', 200],
    ])
    expect(second.report.requestCount).toBe(3)
    expect(second.report.documents).toEqual([
      { path: '/api', status: 304, etag: expect.stringMatching(/^".+"$/) },
      { path: '/apis', status: 304, etag: expect.stringMatching(/^".+"$/) },
    ])
    const names = (r: DiscoveryReport) =>
      r.resources.map((x) => `${x.group}/${x.version}/${x.name}`)
    expect(names(second.report)).toEqual(names(first.report))
  })

  it('a CRD installed later: the next refresh gets 200 and a new ETag for /apis, with the CRD (1.37)', async () => {
    if (onOldest()) return
    const before = await refresh()
    const etag = before.report.documents?.find((d) => d.path === '/apis')?.etag
    const group = `idf${Date.now().toString(36)}.apiscope.test`
    kubectl(
      'create',
      '-f',
      writeJson('crd.json', {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: `gadgets.${group}` },
        spec: {
          group,
          scope: 'Namespaced',
          names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
          versions: [
            {
              name: 'v1',
              served: true,
              storage: true,
              schema: {
                openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              },
            },
          ],
        },
      }),
    )
    try {
      kubectl('wait', '--for=condition=Established', `crd/gadgets.${group}`, '--timeout=30s')
      // The aggregated document is rebuilt shortly after the CRD is established.
      let after: Awaited<ReturnType<typeof refresh>> | undefined
      const deadline = Date.now() + 20_000
      while (Date.now() < deadline) {
        after = await refresh()
        if (after.report.resources.some((r) => r.group === group)) break
        await new Promise((r) => setTimeout(r, 250))
      }
      expect(after?.report.resources.find((r) => r.group === group)).toMatchObject({
        name: 'gadgets',
        version: 'v1',
        kind: 'Gadget',
      })
      const apis = after?.log.find((e) => pathOf(e.url) === '/apis')
      expect(apis?.status).toBe(200)
      const newTag = after?.report.documents?.find((d) => d.path === '/apis')?.etag
      expect(newTag).toBeTruthy()
      expect(newTag).not.toBe(etag)
      // Nothing walked group by group.
      expect(after?.log.filter((e) => pathOf(e.url).startsWith(`/apis/${group}`))).toEqual([])
    } finally {
      kubectl('delete', 'crd', `gadgets.${group}`, '--wait=false')
    }
  }, 60_000)
})

describe('Priority and Fairness', () => {
  const expected = () =>
    onOldest() ? 'flowcontrol.apiserver.k8s.io/v1beta1' : 'flowcontrol.apiserver.k8s.io/v1'

  it('flow schema names in the lab are read through flowcontrol v1 (v1beta1 on 1.20)', async () => {
    const before = core.requestLog.snapshot().length
    const r = unwrap<LabResult>(
      await core.invoke('lab:send', {
        identity: 'kubeconfig',
        group: '',
        version: 'v1',
        resource: 'namespaces',
        verb: 'list',
      }),
    )
    expect(r.flow.flowSchema?.name).toBe('exempt')
    const lists = core.requestLog
      .snapshot()
      .slice(before)
      .map((e) => new URL(e.url).pathname)
      .filter((p) => p.includes('flowcontrol'))
    expect(lists).toContain(`/apis/${expected()}/flowschemas`)
  })

  it('the Priority & Fairness tab reads the same version', async () => {
    const apf = unwrap<ApfReport>(await core.invoke('traffic:apf', {}))
    expect(apf.groupVersion).toBe(expected())
    expect(apf.flowSchemas.some((f) => f.name === 'exempt')).toBe(true)
  })
})
