// The lab composer's draft as a request: only what the verb uses is sent (a name for named verbs,
// a body and its format for writes, a label selector for collections), trimmed; the body's format
// read from the text; the Content-Type a request will carry; the seed's presets from a clean slate.
import { describe, expect, it } from 'vitest'
import { PATCH_CONTENT_TYPES } from '@features/lab/messages'
import { REGLAGES_YAML } from '@common/lab-seed-manifests'
import {
  PRESETS,
  bodyFormatOf,
  contentTypeOf,
  defaultDraft,
  patchTemplate,
  specOf,
  type LabDraft,
} from '../../../src-renderer/src/features/lab/lab-draft'

const draft = (changes: Partial<LabDraft>): LabDraft => ({ ...defaultDraft('lab'), ...changes })

describe('specOf', () => {
  it('sends a create with its body as YAML, in the namespace, without the name field', () => {
    const d = draft({})
    expect(specOf(d)).toEqual({
      identity: d.identity,
      verb: 'create',
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: 'lab',
      body: REGLAGES_YAML,
      bodyFormat: 'yaml',
    })
  })

  it('sends a get by name, trimmed, with no body, and asks for a Table only for get and list', () => {
    const d = draft({ verb: 'get', name: '  reglages ', namespace: ' lab ', asTable: true })
    expect(specOf(d)).toEqual({
      identity: d.identity,
      verb: 'get',
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: 'lab',
      name: 'reglages',
      asTable: true,
    })
    expect(specOf({ ...d, verb: 'delete' })).not.toHaveProperty('asTable')
  })

  it('sends a list with its label selector and no name; a watch with its duration', () => {
    const list = specOf(
      draft({ verb: 'list', labelSelector: ' app=web ', resourceKey: 'apps/v1/deployments' }),
    )
    expect(list).toMatchObject({
      group: 'apps',
      version: 'v1',
      resource: 'deployments',
      labelSelector: 'app=web',
    })
    expect(list).not.toHaveProperty('name')
    expect(specOf(draft({ verb: 'watch', watchSeconds: 7 }))).toMatchObject({
      name: 'reglages',
      watchSeconds: 7,
    })
  })

  it('keeps a patch’s type, dry run, field manager, validation, force and resourceVersion', () => {
    const spec = specOf(
      draft({
        verb: 'patch',
        patchType: 'apply',
        body: '{"data": {}}',
        dryRun: true,
        fieldManager: ' moi ',
        fieldValidation: 'Strict',
        force: true,
        resourceVersion: ' 42 ',
      }),
    )
    expect(spec).toMatchObject({
      verb: 'patch',
      name: 'reglages',
      patchType: 'apply',
      bodyFormat: 'json',
      dryRun: true,
      fieldManager: 'moi',
      fieldValidation: 'Strict',
      force: true,
      resourceVersion: '42',
    })
    // force only means something to a server-side apply.
    expect(specOf(draft({ verb: 'patch', patchType: 'merge', force: true }))).not.toHaveProperty(
      'force',
    )
  })

  it('sends a typed path as rawPath, a subresource with the name it needs', () => {
    expect(
      specOf(draft({ verb: 'get', target: 'path', rawPath: ' /readyz?verbose ' })),
    ).toMatchObject({
      rawPath: '/readyz?verbose',
    })
    expect(
      specOf(
        draft({
          verb: 'create',
          subresource: 'token',
          resourceKey: '/v1/serviceaccounts',
          name: 'sa',
        }),
      ),
    ).toMatchObject({
      subresource: 'token',
      name: 'sa',
    })
  })

  it('sends a wrong Content-Type only on a write that asks for one', () => {
    const wrong = draft({
      verb: 'patch',
      wrongContentType: true,
      contentTypeOverride: ' text/plain ',
    })
    expect(specOf(wrong).contentTypeOverride).toBe('text/plain')
    expect(specOf({ ...wrong, verb: 'get' })).not.toHaveProperty('contentTypeOverride')
  })
})

describe('bodies and their Content-Type', () => {
  it('reads JSON from an opening brace or bracket, YAML otherwise', () => {
    expect(bodyFormatOf('  {"a": 1}')).toBe('json')
    expect(bodyFormatOf('\n[{"op": "add"}]')).toBe('json')
    expect(bodyFormatOf('{not json')).toBe('json')
    expect(bodyFormatOf('apiVersion: v1')).toBe('yaml')
  })

  it('gives each verb the Content-Type it carries, none without a body', () => {
    expect(contentTypeOf(draft({ verb: 'create' }))).toBe('application/json')
    expect(contentTypeOf(draft({ verb: 'patch', patchType: 'json' }))).toBe(
      PATCH_CONTENT_TYPES.json,
    )
    expect(contentTypeOf(draft({ verb: 'get' }))).toBeUndefined()
    expect(contentTypeOf(draft({ verb: 'delete' }))).toBeUndefined()
    expect(contentTypeOf(draft({ verb: 'patch', wrongContentType: true }))).toBe(
      'application/x-www-form-urlencoded',
    )
  })

  it('has a template for every patch type', () => {
    for (const type of Object.keys(PATCH_CONTENT_TYPES) as (keyof typeof PATCH_CONTENT_TYPES)[])
      expect(patchTemplate(type).length).toBeGreaterThan(0)
    expect(bodyFormatOf(patchTemplate('json'))).toBe('json')
    expect(patchTemplate('apply')).toBe(REGLAGES_YAML)
  })
})

describe('presets', () => {
  it('start from a clean slate whatever the draft held, keeping the namespace', () => {
    const messy = draft({
      subresource: 'status',
      dryRun: true,
      wrongContentType: true,
      resourceVersion: '7',
      fieldValidation: 'Ignore',
      target: 'path',
      namespace: 'ailleurs',
    })
    const ids = new Set<string>()
    for (const preset of PRESETS) {
      ids.add(preset.id)
      const d = preset.apply(messy)
      expect(d.namespace, preset.id).toBe('ailleurs')
      expect(d.subresource, preset.id).toBe('')
      expect(d.resourceVersion, preset.id).toBe('')
      if (preset.id !== 'wrong-content-type') expect(d.wrongContentType, preset.id).toBe(false)
      if (preset.id !== 'bare-pod') expect(d.dryRun, preset.id).toBe(false)
    }
    expect(ids.size).toBe(PRESETS.length)
  })

  it('addresses a made-up resource in the draft’s namespace, or default', () => {
    const preset = PRESETS.find((p) => p.id === 'made-up-resource')!
    expect(preset.apply(draft({ namespace: 'lab' })).rawPath).toBe(
      '/api/v1/namespaces/lab/licornes',
    )
    expect(preset.apply(draft({ namespace: '' })).rawPath).toBe(
      '/api/v1/namespaces/default/licornes',
    )
  })
})
