// The canary on every path that shows an API answer or body, against the real API server: a
// Secret made by `kubectl apply` with a canary value, then each request-lab verb and format (get,
// list, each as a Table, a watch sample, create/update/patch of every type and their dry runs,
// delete, deletecollection), a TokenRequest and a TokenReview, a walkthrough step that lists
// Secrets and watches them, the event inspector, an ownership map and a what-if apply of a Secret
// manifest, the request log, and audit events of Secret writes at RequestResponse level (from a
// second API server that audits them so, test/cluster/audited-apiserver.ts). The canary, plain or
// base64, is in no answer the renderer gets, no pushed event, no recording and no export.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LabRequestSpec, LabResult } from '@features/lab/messages'
import type { WhatIfResult } from '@features/ownership/messages'
import type { TrafficEventDetail } from '@features/traffic/messages'
import { REDACTED } from '@common/redaction'
import type { Result } from '@common/result'
import { requestSchema } from '@features/walkthroughs/common/scenario-format'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { runRequest } from '../../src-main/features/walkthroughs/request-step'
import { RequestIdentities } from '../../src-main/core/request-as/identities'
import { startAuditedApiserver, type AuditedApiserver } from '../cluster/audited-apiserver'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { cluster, coreFor, createNamespace, kubectl, waitUntil } from './helpers'

const CANARY = `apiscope-canary-${Math.random().toString(36).slice(2, 10)}`
const B64 = Buffer.from(CANARY).toString('base64')
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/
const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-redaction-'))

/** Everything that crossed towards the renderer or a file, by what it was. */
const seen: [string, unknown][] = []
function noCanary(what: string, value: unknown): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  expect(text.includes(CANARY), `${what} holds the canary`).toBe(false)
  expect(text.includes(B64), `${what} holds the canary in base64`).toBe(false)
}

let core: ApiscopeCore
let ns: string
const pushed: { channel: string; payload: unknown }[] = []
const recording = path.join(dir, 'redaction.ndjson')

function unwrap<T>(what: string, result: Result<unknown>): T {
  seen.push([what, result])
  if (!result.ok) throw new Error(`${what}: ${result.error.title}: ${result.error.detail}`)
  return result.value as T
}

async function lab(what: string, spec: Partial<LabRequestSpec>, target = core): Promise<LabResult> {
  const result = await target.invoke('lab:send', {
    identity: 'kubeconfig',
    group: '',
    version: 'v1',
    resource: 'secrets',
    namespace: ns,
    verb: 'get',
    ...spec,
  })
  const value = unwrap<LabResult>(what, result)
  noCanary(what, value)
  return value
}

/** A Secret as people write one: client-side `kubectl apply`, so last-applied holds it too. */
function applySecret(name: string, namespace: string, kubeconfig?: string): void {
  const manifest = JSON.stringify({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace },
    stringData: { motdepasse: CANARY },
  })
  const file = path.join(dir, `${name}.json`)
  writeFileSync(file, manifest)
  kubectl(...(kubeconfig ? [`--kubeconfig=${kubeconfig}`] : []), 'apply', '-f', file)
}

beforeAll(async () => {
  core = coreFor(undefined, { recordingsDir: dir })
  core.onEvent((channel, payload) => pushed.push({ channel, payload }))
  unwrap('connect', await core.invoke('kube:connect', { context: ADMIN_CONTEXT }))
  ns = createNamespace('redaction')
  applySecret('coffre', ns)
  // The store holds the cluster's object: what the inspector and the recording start from.
  unwrap(
    'watch:start',
    await core.invoke('watch:start', {
      target: { group: '', version: 'v1', resource: 'secrets', namespace: ns },
    }),
  )
  unwrap('recording:start', await core.recording.start({ path: recording }))
}, 60_000)

afterAll(async () => {
  await core?.recording.stop()
  await core?.close()
  kubectl('delete', 'namespace', ns, '--wait=false')
})

describe('the request lab', () => {
  it('reads: get and list, as JSON and as a Table', async () => {
    const get = await lab('get', { verb: 'get', name: 'coffre' })
    expect(get.status).toBe(200)
    expect(get.redacted).toContain('/data/motdepasse')
    const list = await lab('list', { verb: 'list' })
    expect(list.status).toBe(200)
    expect(list.redacted.some((p) => /^\/items\/\d+\/data\/motdepasse$/.test(p))).toBe(true)
    const table = await lab('list as Table', { verb: 'list', asTable: true })
    expect((table.body as { kind: string }).kind).toBe('Table')
    expect(table.redacted.some((p) => p.startsWith('/rows/'))).toBe(true)
    const oneRow = await lab('get as Table', { verb: 'get', name: 'coffre', asTable: true })
    expect((oneRow.body as { kind: string }).kind).toBe('Table')
    // Every namespace at once: the list path without one.
    await lab('list in every namespace', { verb: 'list', namespace: undefined })
  })

  it('a path typed by hand, as the chapter does with curl', async () => {
    const one = await lab('raw get', {
      verb: 'get',
      rawPath: `/api/v1/namespaces/${ns}/secrets/coffre`,
    })
    expect(one.status).toBe(200)
    expect(one.redacted).toContain('/data/motdepasse')
    const all = await lab('raw list', { verb: 'list', rawPath: `/api/v1/namespaces/${ns}/secrets` })
    expect(all.status).toBe(200)
    expect(all.redacted.some((p) => /^\/items\/\d+\/data\/motdepasse$/.test(p))).toBe(true)
  })

  it('a watch sample while the Secret changes', async () => {
    const watching = lab('watch', { verb: 'watch', watchSeconds: 3 })
    await new Promise((r) => setTimeout(r, 800))
    kubectl(
      '-n',
      ns,
      'patch',
      'secret',
      'coffre',
      '-p',
      JSON.stringify({ stringData: { autre: CANARY } }),
    )
    const watch = await watching
    expect(watch.watch?.events.some((e) => e.type === 'MODIFIED')).toBe(true)
  })

  it('writes and their dry runs: create, update, every patch type, delete', async () => {
    const manifest = (name: string) =>
      `apiVersion: v1\nkind: Secret\nmetadata:\n  name: ${name}\nstringData:\n  cle: ${CANARY}\n`
    for (const dryRun of [true, false]) {
      const name = dryRun ? 'essai' : 'ecrit'
      const create = await lab(`create (dry run ${dryRun})`, {
        verb: 'create',
        body: manifest(name),
        bodyFormat: 'yaml',
        dryRun,
      })
      expect(create.status).toBe(201)
      expect(create.request.body).toContain(REDACTED)
      if (dryRun) expect(create.dryRunDiff?.entries.length).toBeGreaterThan(0)
    }
    const update = JSON.stringify({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'ecrit' },
      data: { cle: B64 },
    })
    for (const dryRun of [true, false]) {
      const put = await lab(`update (dry run ${dryRun})`, {
        verb: 'update',
        name: 'ecrit',
        body: update,
        bodyFormat: 'json',
        dryRun,
      })
      expect(put.status).toBe(200)
      const patches: [LabRequestSpec['patchType'], string, LabRequestSpec['bodyFormat']][] = [
        ['merge', JSON.stringify({ stringData: { autre: CANARY } }), 'json'],
        ['strategic', JSON.stringify({ data: { autre: B64 } }), 'json'],
        ['json', JSON.stringify([{ op: 'replace', path: '/data/cle', value: B64 }]), 'json'],
        ['apply', manifest('ecrit'), 'yaml'],
      ]
      for (const [patchType, body, bodyFormat] of patches) {
        const patch = await lab(`${patchType} patch (dry run ${dryRun})`, {
          verb: 'patch',
          name: 'ecrit',
          patchType,
          body,
          bodyFormat,
          dryRun,
          ...(patchType === 'apply' ? { fieldManager: 'lab', force: true } : {}),
        })
        expect(patch.status, `${patchType} patch`).toBe(200)
      }
    }
    await lab('delete', { verb: 'delete', name: 'ecrit' })
    kubectl('-n', ns, 'create', 'secret', 'generic', 'jetable', `--from-literal=k=${CANARY}`)
    kubectl('-n', ns, 'label', 'secret', 'jetable', 'jetable=oui')
    const gone = await lab('deletecollection', {
      verb: 'deletecollection',
      labelSelector: 'jetable=oui',
    })
    expect(gone.status).toBe(200)
  })

  it('a TokenRequest and a TokenReview, both ways', async () => {
    await waitUntil('the default ServiceAccount', 30_000, () => {
      try {
        return kubectl('-n', ns, 'get', 'serviceaccount', 'default', '-o', 'name')
      } catch {
        return undefined
      }
    })
    const minted = await lab('TokenRequest', {
      verb: 'create',
      resource: 'serviceaccounts',
      subresource: 'token',
      name: 'default',
      body: JSON.stringify({
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'TokenRequest',
        spec: {},
      }),
      bodyFormat: 'json',
    })
    expect(minted.status).toBe(201)
    expect(JSON.stringify(minted)).not.toMatch(JWT)
    const review = await lab('TokenReview', {
      verb: 'create',
      group: 'authentication.k8s.io',
      version: 'v1',
      resource: 'tokenreviews',
      namespace: undefined,
      body: JSON.stringify({
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'TokenReview',
        spec: { token: CANARY },
      }),
      bodyFormat: 'json',
    })
    expect(review.status).toBe(201)
    expect(review.redacted).toContain('/spec/token')
  })
})

describe('a walkthrough step that lists Secrets, and one that watches them', () => {
  it('shows neither the values nor the canary in its checks', async () => {
    const identities = new RequestIdentities(core.currentSession!, core.requestLog)
    const ctx = { namespace: ns, identities, vars: {}, secrets: {} }
    const list = await runRequest(
      requestSchema.parse({
        method: 'GET',
        path: '/api/v1/namespaces/{{ns}}/secrets',
        expect: {
          status: 200,
          fields: [
            {
              pointer: '/items/0/data/motdepasse',
              exists: true,
              label: { en: 'the value', fr: 'la valeur' },
            },
          ],
        },
      }),
      ctx,
    )
    seen.push(['walkthrough list', list])
    expect(list.ok).toBe(true)
    expect(list.checks.find((c) => c.label === 'the value')?.observed).toBe(REDACTED)
    noCanary('walkthrough list', list)
    const watch = await runRequest(
      requestSchema.parse({
        method: 'GET',
        path: '/api/v1/namespaces/{{ns}}/secrets',
        query: { watch: 'true' },
        stream: { lines: 1, ms: 3000 },
        expect: { status: 200, fields: [{ line: 0, pointer: '/object/data', exists: true }] },
      }),
      ctx,
    )
    expect(watch.lines?.length).toBeGreaterThan(0)
    noCanary('walkthrough watch', watch)
    identities.close()
  })
})

describe('the inspector, ownership and the what-if apply', () => {
  it('event details of the watched Secret', async () => {
    const session = core.currentSession!
    await waitUntil('the Secret in the store', 20_000, () =>
      session.watches.store.events().some((e) => e.name === 'coffre'),
    )
    for (let i = 0; i < session.watches.store.size; i++) {
      const detail = await core.invoke('watch:event-detail', { index: i })
      seen.push([`event ${i}`, detail])
      noCanary(`event detail ${i}`, detail)
    }
  })

  it('the ownership map of the Secret, by name', async () => {
    const ref = { group: '', version: 'v1', resource: 'secrets', namespace: ns, name: 'coffre' }
    const map = unwrap('ownership map', await core.invoke('ownership:map', { source: { ref } }))
    noCanary('the ownership map', map)
  })

  it('what-if applies of a Secret: with the value in the manifest, and without', async () => {
    const withValue = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: coffre\n  namespace: ${ns}\nstringData:\n  motdepasse: ${CANARY}\n`
    const labelOnly = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: coffre\n  namespace: ${ns}\n  labels:\n    equipe: web\n`
    for (const [what, manifest] of [
      ['with the value', withValue],
      ['a label only', labelOnly],
    ] as const) {
      const result = await core.invoke('ownership:what-if', {
        manifest,
        fieldManager: 'equipe',
        force: false,
      })
      const value = unwrap<WhatIfResult>(`what-if ${what}`, result)
      noCanary(`what-if ${what}`, value)
      if (value.outcome === 'conflict') {
        const forced = await core.invoke('ownership:what-if', {
          manifest,
          fieldManager: 'equipe',
          force: true,
        })
        noCanary(`what-if ${what}, forced`, unwrap(`what-if ${what}, forced`, forced))
      }
    }
    // The live Secret had the value: a what-if that left it to the server still showed none.
    expect(kubectl('-n', ns, 'get', 'secret', 'coffre', '-o', 'json')).toContain(B64)
  })

  it('the request log', async () => {
    noCanary('the request log', unwrap('request log', await core.invoke('kube:request-log', {})))
  })
})

describe('audit events of Secret writes at RequestResponse level', () => {
  let audited: AuditedApiserver
  let other: ApiscopeCore
  const otherPushed: { channel: string; payload: unknown }[] = []
  beforeAll(async () => {
    audited = await startAuditedApiserver(cluster())
    other = coreFor(audited.kubeconfig)
    other.onEvent((channel, payload) => otherPushed.push({ channel, payload }))
    unwrap('connect (audited)', await other.invoke('kube:connect', { context: ADMIN_CONTEXT }))
  }, 120_000)
  afterAll(async () => {
    await other?.close()
    await audited?.stop()
  })

  it('live-traffic details hold no value, no token', { timeout: 60_000 }, async () => {
    unwrap(
      'audit log tail',
      await other.invoke('traffic:start-log-tail', { path: audited.auditLog, fromStart: true }),
    )
    const otherNs = `redaction-audited-${Date.now().toString(36)}`
    kubectl(`--kubeconfig=${audited.kubeconfig}`, 'create', 'namespace', otherNs)
    kubectl(
      `--kubeconfig=${audited.kubeconfig}`,
      '-n',
      otherNs,
      'create',
      'serviceaccount',
      'robot',
    )
    applySecret('coffre', otherNs, audited.kubeconfig)
    const sent = [
      await lab(
        'audited create',
        {
          verb: 'create',
          namespace: otherNs,
          body: JSON.stringify({ metadata: { name: 'neuf' }, stringData: { k: CANARY } }),
          bodyFormat: 'json',
        },
        other,
      ),
      await lab(
        'audited patch',
        {
          verb: 'patch',
          namespace: otherNs,
          name: 'coffre',
          patchType: 'merge',
          body: JSON.stringify({ stringData: { autre: CANARY } }),
          bodyFormat: 'json',
        },
        other,
      ),
      await lab('audited list', { verb: 'list', namespace: otherNs }, other),
      await lab(
        'audited TokenRequest',
        {
          verb: 'create',
          namespace: otherNs,
          resource: 'serviceaccounts',
          subresource: 'token',
          name: 'robot',
          body: JSON.stringify({
            apiVersion: 'authentication.k8s.io/v1',
            kind: 'TokenRequest',
            spec: {},
          }),
          bodyFormat: 'json',
        },
        other,
      ),
      await lab(
        'audited TokenReview',
        {
          verb: 'create',
          group: 'authentication.k8s.io',
          version: 'v1',
          resource: 'tokenreviews',
          namespace: undefined,
          body: JSON.stringify({ spec: { token: CANARY } }),
          bodyFormat: 'json',
        },
        other,
      ),
    ]
    // The level is real: the audited server's log holds the values the details must not.
    await waitUntil('the audit log', 20_000, () =>
      readFileSync(audited.auditLog, 'utf8').includes(B64),
    )
    for (const result of sent) {
      const auditId = result.headers['audit-id']
      if (!auditId) throw new Error(`no Audit-Id for ${result.request.path}`)
      const detail = await eventually(`the audit events of ${result.request.path}`, async () => {
        const answer = await other.invoke('traffic:event-detail', { auditId })
        const events = answer.ok ? (answer.value as TrafficEventDetail).events : []
        return events.some((e) => (e as { stage?: string }).stage === 'ResponseComplete')
          ? answer
          : undefined
      })
      seen.push([`traffic detail ${result.request.path}`, detail])
      noCanary(`the audit events of ${result.request.method} ${result.request.path}`, detail)
      expect(JSON.stringify(detail)).not.toMatch(JWT)
      const value = (detail as { value: TrafficEventDetail }).value
      expect(value.redacted.length, result.request.path).toBeGreaterThan(0)
    }
    noCanary('the traffic pushed', otherPushed)
    expect(JSON.stringify(otherPushed)).not.toMatch(JWT)
  })
})

describe('what was pushed, recorded and exported', () => {
  it('holds no canary', { timeout: 30_000 }, async () => {
    await core.recording.stop()
    const text = readFileSync(recording, 'utf8')
    expect(text).toContain('coffre')
    noCanary('the recording', text)
    noCanary('pushed events', pushed)
    for (const [what, value] of seen) noCanary(what, value)
    unwrap(
      'recording:open',
      await core.invoke('recording:open', { name: path.basename(recording), source: 'saved' }),
    )
    const exported = unwrap<{ path: string }>(
      'export',
      await core.invoke('recording:export-range', { fromMs: 0, toMs: 1e9 }),
    )
    const exportText = readFileSync(exported.path, 'utf8')
    expect(exportText).toContain('lab:send')
    noCanary('the export', exportText)
    await core.invoke('recording:close', {})
  })
})

/** Polls an async probe every 100 ms. */
async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
