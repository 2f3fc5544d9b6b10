// The lab composer's fields, what they become as a request, and the seed's experiments as presets.
// Pure, so the composer stays a thin view over it.
import type { DiscoveredResource } from '@common/kube-types'
import {
  PATCH_CONTENT_TYPES,
  type FieldValidation,
  type LabRequestSpec,
  type LabVerb,
  type PatchType,
} from '@features/lab/messages'
import { BARE_POD_YAML, REGLAGES_YAML } from '@common/lab-seed-manifests'
import type { RequestIdentity } from '@common/request-identities'
import type { MessageKey } from '@i18n/translate'

export interface LabDraft {
  identity: RequestIdentity
  verb: LabVerb
  /** A resource picked from discovery, or a path typed by hand (as the chapter does with curl). */
  target: 'discovery' | 'path'
  /** The typed path, with its query: /readyz?verbose, /metrics. */
  rawPath: string
  /** group/version/resource, as in discovery. */
  resourceKey: string
  subresource: string
  namespace: string
  name: string
  /** YAML or JSON: which one is read from the text itself (bodyFormatOf), never carried over. */
  body: string
  patchType: PatchType
  wrongContentType: boolean
  contentTypeOverride: string
  dryRun: boolean
  fieldManager: string
  /** '' sends no fieldValidation: the server's default applies (Warn since 1.25). */
  fieldValidation: '' | FieldValidation
  force: boolean
  resourceVersion: string
  labelSelector: string
  asTable: boolean
  watchSeconds: number
}

export const keyOf = (r: Pick<DiscoveredResource, 'group' | 'version' | 'name'>) =>
  `${r.group}/${r.version}/${r.name}`

export const WRITE_VERBS: readonly LabVerb[] = ['create', 'update', 'patch']
export const NAMED_VERBS: readonly LabVerb[] = ['get', 'update', 'patch', 'delete']

export function defaultDraft(namespace: string): LabDraft {
  return {
    identity: 'kubeconfig',
    verb: 'create',
    target: 'discovery',
    rawPath: '/readyz?verbose',
    resourceKey: '/v1/configmaps',
    subresource: '',
    namespace,
    name: 'reglages',
    body: REGLAGES_YAML,
    patchType: 'merge',
    wrongContentType: false,
    contentTypeOverride: 'application/x-www-form-urlencoded',
    dryRun: false,
    fieldManager: '',
    fieldValidation: '',
    force: false,
    resourceVersion: '',
    labelSelector: '',
    asTable: false,
    watchSeconds: 4,
  }
}

/** reglages with labels misspelt: field validation's example (1.25+ warns, Strict refuses). */
export const LABLES_TYPO_YAML = `apiVersion: v1
kind: ConfigMap
metadata:
  name: reglages-faute
  lables:
    equipe: web
data:
  couleur: bleu
`

/** A body to start from for a patch of each type. */
export function patchTemplate(type: PatchType): string {
  switch (type) {
    case 'merge':
      return '{"data": {"taille": "grande"}}'
    case 'json':
      return '[{"op": "replace", "path": "/data/couleur", "value": "rouge"}]'
    case 'strategic':
      return '{"metadata": {"labels": {"equipe": "web"}}}'
    case 'apply':
      return REGLAGES_YAML
  }
}

/**
 * The body's format, read from the text as typed: an object or array opening with { or [ is JSON
 * (sent as typed when it does not parse, to see the server's 400); anything else is YAML, parsed
 * and sent as JSON. A choice kept in the form would outlive the text it was made for.
 */
export function bodyFormatOf(body: string): 'yaml' | 'json' {
  return /^\s*[[{]/.test(body) ? 'json' : 'yaml'
}

/** The Content-Type the request will carry: only a request with a body has one. */
export function contentTypeOf(d: LabDraft): string | undefined {
  const body = WRITE_VERBS.includes(d.verb) || (d.verb === 'delete' && d.resourceVersion.trim())
  if (!body) return undefined
  if (d.wrongContentType) return d.contentTypeOverride
  if (d.verb === 'patch') return PATCH_CONTENT_TYPES[d.patchType]
  if (d.verb === 'create' || d.verb === 'update') return 'application/json'
  return undefined
}

export function specOf(d: LabDraft): LabRequestSpec {
  const [group = '', version = '', resource = ''] = d.resourceKey.split('/')
  const writes = WRITE_VERBS.includes(d.verb)
  const writeOrDelete = writes || d.verb === 'delete' || d.verb === 'deletecollection'
  const collection = d.verb === 'list' || d.verb === 'watch' || d.verb === 'deletecollection'
  const usesName = NAMED_VERBS.includes(d.verb) || d.verb === 'watch' || d.subresource !== ''
  return {
    identity: d.identity,
    verb: d.verb,
    ...(d.target === 'path' ? { rawPath: d.rawPath.trim() } : {}),
    group,
    version,
    resource,
    ...(d.subresource ? { subresource: d.subresource } : {}),
    ...(d.namespace.trim() ? { namespace: d.namespace.trim() } : {}),
    ...(usesName && d.name.trim() ? { name: d.name.trim() } : {}),
    ...(writes ? { body: d.body, bodyFormat: bodyFormatOf(d.body) } : {}),
    ...(d.verb === 'patch' ? { patchType: d.patchType } : {}),
    ...(writes && d.wrongContentType && d.contentTypeOverride.trim()
      ? { contentTypeOverride: d.contentTypeOverride.trim() }
      : {}),
    ...(writeOrDelete && d.dryRun ? { dryRun: true } : {}),
    ...(writes && d.fieldManager.trim() ? { fieldManager: d.fieldManager.trim() } : {}),
    ...(writes && d.fieldValidation ? { fieldValidation: d.fieldValidation } : {}),
    ...(d.verb === 'patch' && d.patchType === 'apply' && d.force ? { force: true } : {}),
    ...((writes || d.verb === 'delete') && d.resourceVersion.trim()
      ? { resourceVersion: d.resourceVersion.trim() }
      : {}),
    ...(collection && d.labelSelector.trim() ? { labelSelector: d.labelSelector.trim() } : {}),
    ...((d.verb === 'get' || d.verb === 'list') && d.asTable ? { asTable: true } : {}),
    ...(d.verb === 'watch' ? { watchSeconds: d.watchSeconds } : {}),
  }
}

/** The seed's experiments by id; each has its button's words and what to expect in the catalogue. */
type PresetId = MessageKey extends infer K
  ? K extends `lab.preset.${infer Id}`
    ? Id
    : never
  : never

export interface LabPreset {
  id: PresetId
  apply: (d: LabDraft) => LabDraft
}

/** The preset's button, and what the class should expect (its tooltip), as catalogue keys. */
export const presetWords = (id: PresetId) =>
  ({ label: `lab.preset.${id}`, expect: `lab.presetExpect.${id}` }) as const

/** A preset starts from a clean slate: kubeconfig user, no subresource, no dry run, right type. */
const fresh = (d: LabDraft, changes: Partial<LabDraft>): LabDraft => ({
  ...d,
  identity: 'kubeconfig',
  target: 'discovery',
  subresource: '',
  dryRun: false,
  wrongContentType: false,
  resourceVersion: '',
  fieldValidation: '',
  ...changes,
})

/** The seed chapter's experiments, one click each. */
export const PRESETS: LabPreset[] = [
  {
    id: 'anonymous-list',
    apply: (d) => fresh(d, { identity: 'anonymous', verb: 'list', resourceKey: '/v1/configmaps' }),
  },
  {
    id: 'made-up-token',
    apply: (d) =>
      fresh(d, { identity: 'made-up-token', verb: 'list', resourceKey: '/v1/configmaps' }),
  },
  {
    id: 'create-reglages',
    apply: (d) =>
      fresh(d, {
        verb: 'create',
        resourceKey: '/v1/configmaps',
        name: 'reglages',
        body: REGLAGES_YAML,
      }),
  },
  {
    id: 'invalid-name',
    apply: (d) =>
      fresh(d, {
        verb: 'create',
        resourceKey: '/v1/configmaps',
        body: REGLAGES_YAML.replace('name: reglages', 'name: Reglages_1'),
      }),
  },
  {
    id: 'wrong-content-type',
    apply: (d) =>
      fresh(d, {
        verb: 'patch',
        resourceKey: '/v1/configmaps',
        name: 'reglages',
        patchType: 'merge',
        body: '{"data": {"taille": "petite"}}',
        wrongContentType: true,
        contentTypeOverride: 'application/x-www-form-urlencoded',
      }),
  },
  {
    id: 'unknown-field',
    apply: (d) =>
      fresh(d, {
        verb: 'create',
        resourceKey: '/v1/configmaps',
        body: LABLES_TYPO_YAML,
      }),
  },
  {
    id: 'unknown-field-strict',
    apply: (d) =>
      fresh(d, {
        verb: 'create',
        resourceKey: '/v1/configmaps',
        body: LABLES_TYPO_YAML,
        fieldValidation: 'Strict',
      }),
  },
  {
    id: 'readyz',
    apply: (d) => fresh(d, { verb: 'get', target: 'path', rawPath: '/readyz?verbose' }),
  },
  {
    id: 'metrics',
    apply: (d) => fresh(d, { verb: 'get', target: 'path', rawPath: '/metrics' }),
  },
  {
    id: 'made-up-resource',
    apply: (d) =>
      fresh(d, {
        verb: 'get',
        target: 'path',
        rawPath: `/api/v1/namespaces/${d.namespace || 'default'}/licornes`,
      }),
  },
  {
    id: 'bare-pod',
    apply: (d) =>
      fresh(d, {
        verb: 'create',
        resourceKey: '/v1/pods',
        name: 'nu',
        body: BARE_POD_YAML,
        dryRun: true,
      }),
  },
]
