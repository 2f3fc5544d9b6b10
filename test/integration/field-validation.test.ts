// Server-side field validation against the real control plane: an unknown and a duplicate field
// come back as Warning headers (fieldValidation=Warn, the default since 1.25) in the lab's result
// and the request log, Strict turns them into a 400 at decoding, Ignore drops them silently, and a
// what-if apply shows the YAML reader's warning about a repeated key. On 1.20 the server knows no
// fieldValidation: it drops unknown fields silently whatever the lab sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '@common/kube-types'
import type { LabRequestSpec, LabResult } from '@features/lab/messages'
import type { WhatIfResult } from '@features/ownership/messages'
import type { Result } from '@common/result'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { coreFor, createNamespace, kubectl, onOldest } from './helpers'

let core: ApiscopeCore
let ns: string

const TYPO_YAML = (name: string) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}
  lables:
    equipe: web
data:
  couleur: bleu
`
/** JSON as typed: the lab sends it so, and the server sees both keys. */
const DUPLICATE_JSON = (name: string) =>
  `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "${name}"}, "data": {"couleur": "bleu", "couleur": "rouge"}}`

const send = async (spec: Partial<LabRequestSpec>): Promise<LabResult> => {
  const res = (await core.invoke('lab:send', {
    identity: 'kubeconfig',
    group: '',
    version: 'v1',
    resource: 'configmaps',
    namespace: ns,
    verb: 'create',
    ...spec,
  })) as Result<LabResult>
  if (!res.ok) throw new Error(`${res.error.title}: ${res.error.detail}`)
  return res.value
}

const logEntryFor = async (path: string): Promise<RequestLogEntry | undefined> => {
  const log = (await core.invoke('kube:request-log', {})) as Result<RequestLogEntry[]>
  if (!log.ok) throw new Error(log.error.title)
  return log.value.filter((e) => new URL(e.url).pathname + new URL(e.url).search === path).pop()
}

/** A what-if apply (a dry run) of a manifest that sets one key twice. */
const whatIfRepeated = async () => {
  const manifest = `apiVersion: v1
kind: ConfigMap
metadata:
  name: repete
  namespace: ${ns}
data:
  couleur: bleu
  couleur: rouge
`
  const res = (await core.invoke('ownership:what-if', {
    manifest,
    fieldManager: 'equipe-web',
    force: false,
  })) as Result<WhatIfResult>
  if (!res.ok) throw new Error(res.error.title)
  return res
}

/** A what-if apply of a ConfigMap that sets a spec, which ConfigMaps do not have. */
const whatIfUndeclared = async () =>
  (await core.invoke('ownership:what-if', {
    manifest: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: sans-spec\n  namespace: ${ns}\nspec:\n  foo: 1\n`,
    fieldManager: 'equipe-web',
    force: false,
  })) as Result<WhatIfResult>

const expectUndeclaredExplained = (res: Result<WhatIfResult>) => {
  expect(res.ok).toBe(false)
  if (res.ok) return
  expect(res.error.title).toBe(
    'The manifest sets .spec, which the schema of ConfigMap does not declare',
  )
  expect(res.error.detail).toContain('.spec: field not declared in schema (500)')
}

beforeAll(async () => {
  ns = createNamespace('fieldval')
  core = coreFor()
  const res = await core.invoke('kube:connect', { context: ADMIN_CONTEXT })
  expect(res.ok).toBe(true)
})
afterAll(() => {
  core?.close()
  kubectl('delete', 'namespace', ns, '--wait=false')
})

describe.skipIf(onOldest())('on a server with field validation (1.25+)', () => {
  it('Warn (the default): 201, the unknown field named in a Warning header, dropped from the object', async () => {
    const r = await send({ name: 'faute', body: TYPO_YAML('faute'), bodyFormat: 'yaml' })
    expect(r.status).toBe(201)
    expect(r.request.path).not.toContain('fieldValidation')
    expect(r.warnings).toEqual([{ code: 299, agent: '-', text: 'unknown field "metadata.lables"' }])
    expect(r.headers.warning).toBe('299 - "unknown field \\"metadata.lables\\""')
    expect((r.body as { metadata: Record<string, unknown> }).metadata.lables).toBeUndefined()
    expect(r.kubectl).toContain('--validate=warn')
    // The request log shows the same warning beside the request.
    const entry = await logEntryFor(r.request.path)
    expect(entry?.status).toBe(201)
    expect(entry?.warnings).toEqual(r.warnings)
  })

  it('a duplicate key in JSON sent as typed: its own warning, the last value kept', async () => {
    const r = await send({ name: 'double', body: DUPLICATE_JSON('double'), bodyFormat: 'json' })
    expect(r.status).toBe(201)
    expect(r.warnings?.map((w) => w.text)).toEqual(['duplicate field "data.couleur"'])
    expect((r.body as { data: Record<string, string> }).data.couleur).toBe('rouge')
  })

  it('Strict: 400 BadRequest at decoding, strict decoding error naming the field', async () => {
    const r = await send({
      name: 'stricte',
      body: TYPO_YAML('stricte'),
      bodyFormat: 'yaml',
      fieldValidation: 'Strict',
    })
    expect(r.request.path).toContain('fieldValidation=Strict')
    expect(r.status).toBe(400)
    const status = r.body as { reason: string; message: string }
    expect(status.reason).toBe('BadRequest')
    expect(status.message).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "metadata.lables"',
    )
    expect(r.verdict.stoppedAt).toBe('decoding')
    expect(r.verdict.explanation).toContain(
      'Field validation refused the body (fieldValidation=Strict): unknown field "metadata.lables".',
    )
    expect(r.kubectl).toContain('--validate=strict')
    const json = await send({
      name: 'stricte',
      body: DUPLICATE_JSON('stricte'),
      bodyFormat: 'json',
      fieldValidation: 'Strict',
    })
    expect(json.status).toBe(400)
    expect((json.body as { message: string }).message).toContain(
      'strict decoding error: duplicate field "data.couleur"',
    )
    // An apply's YAML with a repeated key: the YAML reader's line and key.
    const apply = await send({
      verb: 'patch',
      patchType: 'apply',
      name: 'repete',
      fieldManager: 'equipe-web',
      body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: repete\ndata:\n  couleur: bleu\n  couleur: rouge\n',
      bodyFormat: 'yaml',
      fieldValidation: 'Strict',
    })
    expect(apply.status).toBe(400)
    expect(apply.verdict.stoppedAt).toBe('decoding')
    expect(apply.verdict.explanation).toContain('line 7: key "couleur" already set in map')
    expect(kubectl('get', 'configmaps', '-n', ns, '-o', 'name')).not.toContain('stricte')
  })

  it('Ignore: 201 and no warning, the field dropped silently', async () => {
    const r = await send({
      name: 'ignore',
      body: TYPO_YAML('ignore'),
      bodyFormat: 'yaml',
      fieldValidation: 'Ignore',
    })
    expect(r.status).toBe(201)
    expect(r.warnings).toEqual([])
    expect(r.headers.warning).toBeUndefined()
  })

  it('a what-if apply with a repeated key shows the YAML reader’s warning', async () => {
    const res = await whatIfRepeated()
    expect(res.value.outcome).toBe('applied')
    expect(res.value.warnings).toEqual([
      { code: 299, agent: '-', text: 'line 8: key "couleur" already set in map' },
    ])
  })

  it('a what-if apply of an undeclared field: the 500 explained (apply refuses what it does not know)', async () => {
    expectUndeclaredExplained(await whatIfUndeclared())
  })
})

describe.runIf(onOldest())('on 1.20 (no field validation)', () => {
  it('Strict is ignored: 201, no warning, the unknown field dropped silently', async () => {
    const r = await send({
      name: 'faute',
      body: TYPO_YAML('faute'),
      bodyFormat: 'yaml',
      fieldValidation: 'Strict',
    })
    expect(r.request.path).toContain('fieldValidation=Strict')
    expect(r.status).toBe(201)
    expect(r.warnings).toEqual([])
    expect((r.body as { metadata: Record<string, unknown> }).metadata.lables).toBeUndefined()
    // kubectl 1.20's --validate is a client-side yes or no: the equivalent leaves it out.
    expect(r.kubectl).not.toContain('--validate')
    const entry = await logEntryFor(r.request.path)
    expect(entry?.warnings).toBeUndefined()
  })

  it('a duplicate JSON key: 201, the last value kept, no warning', async () => {
    const r = await send({ name: 'double', body: DUPLICATE_JSON('double'), bodyFormat: 'json' })
    expect(r.status).toBe(201)
    expect(r.warnings).toEqual([])
    expect((r.body as { data: Record<string, string> }).data.couleur).toBe('rouge')
  })

  it('a what-if apply with a repeated key: applied, no warning', async () => {
    const res = await whatIfRepeated()
    expect(res.value.outcome).toBe('applied')
    expect(res.value.warnings).toBeUndefined()
  })

  it('a what-if apply of an undeclared field: the same 500, explained', async () => {
    expectUndeclaredExplained(await whatIfUndeclared())
  })
})
